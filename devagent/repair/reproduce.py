"""The failure the search works on: seen by the traced run, shown again untraced.

Localisation runs the suite under a trace function (localize.py), and a few tests fail
only there: a test of RecursionError's frames (the tracer's own frames count against the
limit), of `sys.gettrace()`, of timing. Such a test would be taken for the bug: its lines
weigh in the ranking, the later traced runs (synthesis, behaviour_change.py) see it fail
and call the tests unsteady, and with `-x` or `--maxfail` in the project's test command
and a random test order it can end the traced run before the bug's own test runs, so
that the untraced runs never reproduce the failure and the search ends before a candidate
is tried (found on structlog).

So the tests the traced run saw fail run once more untraced, all of them. Those the
report shows passing there are the tracer's doing: localisation runs again with them
deselected (at most MAX_RETRIES times), and every later traced run leaves them out too
(`Reproduced.traced_args`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from devagent.repair.localize import Localization
from devagent.repair.validate import CandidateRunner, TestVerdict

MAX_RETRIES = 2  # each is one more traced run of the suite


@dataclass
class Reproduced:
    localization: Localization
    check: TestVerdict | None  # the unchanged copy's verdict, failing tests first (None: none failed)
    traced_args: list[str]  # the test arguments for a traced run: the tracer-only tests deselected
    tracer_only: list[str] = field(default_factory=list)  # failed traced, passed untraced


def reproduced(
    runner: CandidateRunner,
    test_args: Sequence[str],
    localise: Callable[[Sequence[str]], Localization],
) -> Reproduced:
    """Localise with `localise(args)`; run the failing tests untraced; localise again
    without those that pass there."""
    tracer_only: list[str] = []
    traced_args = list(test_args)
    found = localise(traced_args)
    for retry in range(MAX_RETRIES + 1):
        if not found.failing:
            break
        untraced = runner.run_pytest(found.failing, runner.first_timeout_s)
        passing = [nodeid for nodeid in found.failing if nodeid in untraced.passed]
        if not passing or retry == MAX_RETRIES:
            return Reproduced(found, runner.check(first=found.failing), traced_args, tracer_only)
        tracer_only += passing
        traced_args = [*test_args, *(f"--deselect={nodeid}" for nodeid in tracer_only)]
        found = localise(traced_args)
    return Reproduced(found, None, traced_args, tracer_only)
