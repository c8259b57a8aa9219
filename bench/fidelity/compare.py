"""Pure logic of the suites comparison: outcomes folded into pass/fail/skip, the differences
between the run outside any sandbox and a sandboxed run, and a first guess at each
difference's cause from the failure text (the benchmark's closing note confirms them)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

# dev-agent's report plugin outcomes (devagent/pytest_plugin) folded into the three sets.
CATEGORY = {
    "passed": "pass",
    "xpassed": "pass",
    "not_run": "pass",
    "failed": "fail",
    "error": "fail",
    "skipped": "skip",
    "xfailed": "skip",
    "deselected": "skip",
}
ABSENT = "absent"

# (cause, pattern over the failure text), first match wins: the most specific first.
CAUSES: tuple[tuple[str, re.Pattern[str]], ...] = (
    # A test that waits on a queue for a server it started in a child process (waitress).
    ("a server in a child process never answered (its socket refused)", re.compile(r"_queue\.Empty")),
    ("timeout", re.compile(r"Timeout|timed out", re.IGNORECASE)),
    (
        "socket refused by the sandbox",
        re.compile(
            r"socket|Errno 97\]|Address family not supported|Errno 99\]|Cannot assign requested address"
            r"|Errno 101\]|Network is unreachable|ConnectionRefused|Errno 111\]|bind|connect",
            re.IGNORECASE,
        ),
    ),
    ("read-only file system", re.compile(r"Read-only file system|Errno 30\]")),
    (
        "permission denied on a path",
        re.compile(r"Errno 13\]|Errno 1\]|PermissionError|Operation not permitted"),
    ),
    ("import error", re.compile(r"ModuleNotFoundError|ImportError|No module named")),
    ("file not found", re.compile(r"FileNotFoundError|No such file or directory")),
)


@dataclass(frozen=True)
class Difference:
    test: str
    outside: str  # pass, fail, skip or absent
    inside: str
    cause: str
    message: str  # the failing (or skipping) side's text (tail), "" when none was recorded


def names_test(wanted: str, nodeid: str) -> bool:
    """Whether pytest's `nodeid` is the `wanted` test: the same id, or one parametrized case
    of a test function named without its parameters (`test_f` covers `test_f[1]`)."""
    return nodeid == wanted or ("[" not in wanted and nodeid.split("[")[0] == wanted)


def baseline_names(wanted: str, baseline_failing: list[str], failing_outside: list[str]) -> bool:
    """Whether a fix run's baseline named the injected test: one of the node ids the bug makes
    fail outside any sandbox (`failing_outside`, those `wanted` covers) is among the baseline's
    failures. Another case of the same test function failing for another reason (the tests
    importing another copy of the library, say) does not count. Without an outside check,
    any node id `wanted` covers counts."""
    expected = [n for n in failing_outside if names_test(wanted, n)]
    if not expected:
        return any(names_test(wanted, n) for n in baseline_failing)
    return bool(set(expected) & set(baseline_failing))


def categories(
    outcomes: Mapping[str, str], collection_errors: list[str] | tuple[str, ...] = ()
) -> dict[str, str]:
    """node id -> pass/fail/skip; a file that failed to collect counts as one failed entry."""
    folded = {node: CATEGORY.get(outcome, "fail") for node, outcome in outcomes.items()}
    for error in collection_errors:
        folded[f"{error} (collection error)"] = "fail"
    return folded


def sets_of(folded: Mapping[str, str]) -> dict[str, list[str]]:
    """{"pass": [...], "fail": [...], "skip": [...]}, sorted."""
    return {kind: sorted(n for n, c in folded.items() if c == kind) for kind in ("pass", "fail", "skip")}


def counts(folded: Mapping[str, str]) -> dict[str, int]:
    return {kind: len(names) for kind, names in sets_of(folded).items()}


def differences(
    outside: Mapping[str, str],
    inside: Mapping[str, str],
    outside_failures: Mapping[str, str],
    inside_failures: Mapping[str, str],
    inside_skips: Mapping[str, str] | None = None,
) -> list[Difference]:
    """Every test whose category differs between the two runs (absent on one side counts),
    with the cause guessed from the failing side's text (or the sandboxed run's skip reason)."""
    found: list[Difference] = []
    for test in sorted(set(outside) | set(inside)):
        before, after = outside.get(test, ABSENT), inside.get(test, ABSENT)
        if before == after:
            continue
        if after == "fail":
            message = inside_failures.get(test, "")
        elif after == "skip" and before == "pass":
            message = (inside_skips or {}).get(test, "")
        else:
            message = outside_failures.get(test, "")
        found.append(Difference(test, before, after, guess_cause(before, after, message), message))
    return found


def guess_cause(outside: str, inside: str, message: str) -> str:
    if ABSENT in (outside, inside):
        return "not collected in one run (the run stopped early, or the test id is not stable)"
    if outside == "fail" and inside != "fail":
        return "fails outside the sandbox only (flaky, or depends on the host)"
    if inside == "skip" and outside == "pass":
        reason = message.strip().splitlines()[-1] if message.strip() else "reason not recorded"
        return f"skipped in the sandbox only: {reason.removeprefix('Skipped: ')[:120]}"
    for cause, pattern in CAUSES:
        if pattern.search(message):
            return cause
    return "other (see message)"


def identical(diffs: list[Difference]) -> bool:
    return not diffs
