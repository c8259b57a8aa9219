"""The project's wider suite, for a test command narrowed to some files: what a fix breaks there.

A test command often names the tests of the bug (`pytest tests/test_split.py`): the search
then only demands that those pass, and the traced runs (behaviour_change.py) only watch
them, so a fix that breaks a test in another file passes as verified. On real historical
bugs (bench/repair/history, the independent set) two of four wrong fixes presented as
verified broke a test elsewhere in the project's own suite. `wider_args` is the same pytest
invocation without the narrowing paths (pytest's own discovery, the options kept, the early
stops dropped so that a test failing before the fix hides none after it); `broken_tests`
runs it without and with the fix in the search's copy: a test that did not fail before and
fails with the fix, and again when run alone with it, is evidence the tests the command
names did not see."""

from __future__ import annotations

import re
from collections.abc import Sequence

from devagent.repair.validate import CandidateRunner

# pytest options whose value is the next word (`-k expr`, `--deselect path::test`): the
# value is never a narrowing path, even when it names one
_VALUE_OPTIONS = frozenset(
    {
        "-k", "-m", "-p", "-c", "-o", "-W", "-r", "-n", "--deselect", "--ignore", "--ignore-glob",
        "--rootdir", "--confcutdir", "--basetemp", "--tb", "--junitxml", "--junit-xml", "--durations",
        "--durations-min", "--import-mode", "--log-level", "--log-file", "--log-cli-level", "--capture",
        "--override-ini", "--config-file", "--cov", "--cov-report", "--numprocesses", "--dist",
        "--timeout", "--doctest-glob", "--color", "--show-capture", "--assert", "--maxfail",
        "--pythonwarnings", "--verbosity", "--report-log",
    }
)  # fmt: skip
_STOPS = frozenset({"-x", "--exitfirst", "--maxfail"})
_NO_STOP = "--maxfail=0"  # pytest: no limit; the last word wins over addopts' -x or --maxfail
_SHORT_FLAGS = re.compile(r"-[A-Za-z]+")  # -xq: short flags given together
_SHORT_VALUE_LETTERS = frozenset("kmpcoWrn")  # -rxs: -r's value is `xs`, no -x in it
# a module of the wider suite that fails to import would otherwise stop the whole run
_KEEP_GOING = "--continue-on-collection-errors"
_COLLECTION_ERROR = " (collection error)"  # the results plugin's mark on a module that failed to import


def without_early_stops(test_args: Sequence[str]) -> list[str]:
    """`test_args` without -x, --exitfirst and --maxfail (also inside a group of short flags,
    `-xq`), and `--maxfail=0` last: a run that is evidence, not the gate, runs every test the
    command names, whatever pytest's `addopts` (a config file, PYTEST_ADDOPTS) add before it."""
    kept: list[str] = []
    words = iter(test_args)
    for word in words:
        if word == "--maxfail":
            next(words, None)
        elif word in _STOPS or word.startswith("--maxfail="):
            continue
        elif _SHORT_FLAGS.fullmatch(word) and word[1] not in _SHORT_VALUE_LETTERS and "x" in word:
            rest = word.replace("x", "")
            if rest != "-":
                kept.append(rest)
        else:
            kept.append(word)
            if word in _VALUE_OPTIONS:
                value = next(words, None)
                if value is not None:
                    kept.append(value)
    return [*kept, _NO_STOP]


def wider_args(test_args: Sequence[str]) -> list[str] | None:
    """`test_args` (the words after `pytest`) without their positional words (files,
    directories, node ids: pytest reads every positional word as one) and without -x and
    --maxfail; None when no word narrows the command (it is the whole suite already)."""
    kept, narrowed = _options(test_args)
    return kept if narrowed else None


def scoped_args(test_args: Sequence[str], paths: Sequence[str]) -> list[str]:
    """`test_args` with `paths` in place of their positional words, without -x and --maxfail."""
    return [*_options(test_args)[0], *paths]


def _options(test_args: Sequence[str]) -> tuple[list[str], bool]:
    """The options of `test_args` (early stops dropped), and whether a positional word was there."""
    kept: list[str] = []
    narrowed = False
    words = iter(without_early_stops(test_args))
    for word in words:
        if word.startswith("-"):
            kept.append(word)
            if word in _VALUE_OPTIONS:
                value = next(words, None)
                if value is not None:
                    kept.append(value)
            continue
        narrowed = True
    return kept, narrowed


def broken_tests(
    runner: CandidateRunner, args: Sequence[str], path: str, content: str, timeout_s: float
) -> list[str] | None:
    """The tests of the run with `args` in the runner's copy that fail with `path` holding
    `content` and did not fail without it, in the run's order; None (nothing claimed) when
    either run timed out or ended otherwise than with its tests run (pytest's exit codes 0
    and 1): a suite that cannot run says nothing about the fix. Those tests run once more
    with the fix, alone: one that passes then is flaky (or failed only after other tests),
    and the claim is left to the tests that fail twice."""
    argv = [*args, _KEEP_GOING]
    before = runner.run_pytest(argv, timeout_s)
    if before.timed_out or before.exit_code not in (0, 1):
        return None
    with runner.holding(path, content):
        after = runner.run_pytest(argv, timeout_s)
        if after.timed_out or after.exit_code not in (0, 1):
            return None
        failed_before = set(before.failed)
        broken = [test for test in after.failed if test not in failed_before]
        tests = [test for test in broken if not test.endswith(_COLLECTION_ERROR)]
        if not tests:
            return broken  # a module that no longer imports fails the same way every time
        again = runner.run_pytest([*args, *tests], timeout_s)
    if again.timed_out or again.exit_code not in (0, 1):
        return None
    return [test for test in broken if test.endswith(_COLLECTION_ERROR) or test in again.failed]
