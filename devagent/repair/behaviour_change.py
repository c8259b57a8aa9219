"""What the tests that passed before the fix do differently with it, which they did not notice.

A right fix changes what the failing tests do; the tests that already passed run the same
code and see the same values as before. Two traced runs of the same test command (the
original file and the fixed one, localize.py's plugin watching the fixed file) show where
a fix reaches further than the failing tests:

- `lost_lines`: code that passing tests ran before and no test runs after (a guard made
  dead, a branch never entered again, a helper no longer called): the suite reached that
  code and did not notice it stopped running;
- `changed_values`: a function of the file that, in a test passing both times, returns
  or yields other values with the fix than before, in as many calls, where the failing
  tests saw no change of its values: the fix reaches behaviour no failing test asked to
  change, and the test that runs it did not check what changed;
- `breaks_other_tests`: when the test command names some tests only, tests of the rest of
  the project's suite that pass without the fix and fail with it (wider_suite.py runs them):
  the named tests pass, and the suite they were taken from does not;
- `failed_again`: a test that passed in the run that chose the fix and fails when the
  tests run again with it (traced, under a fixed hash seed), unless it failed so without
  the fix too and is not the bug's own test: a verdict that changes from run to run, or
  with the hash seed, did not decide the fix.

Each is evidence from the runs, not a rule about the edit's shape, and says that the
tests cannot have decided the fix."""

from __future__ import annotations

import ast
import difflib
from collections.abc import Sequence
from dataclasses import dataclass

from devagent.repair.function_queries import functions_of
from devagent.repair.localize import TestSpectrum, statement_lines
from devagent.repair.rules.edit import split_lines
from devagent.repair.suspect_edits import Finding

KIND = "no_longer_run"
VALUES_KIND = "returns_changed"
BREAKS_KIND = "breaks_other_tests"
FAILED_AGAIN_KIND = "failed_again"
KINDS = frozenset({KIND, VALUES_KIND, BREAKS_KIND, FAILED_AGAIN_KIND})
MAX_BLOCKS = 3  # findings of each kind per fix: the first say enough
_NAMED_BROKEN = 5  # tests named in a breaks_other_tests finding
_NAMED_TESTS = 2  # passing tests named per block


@dataclass(frozen=True)
class LostBlock:
    """Consecutive statement lines of the original file that passing tests ran before the fix
    and no test runs after it."""

    first: int  # 1-based, in the file before the fix
    last: int
    text: str  # the first line, stripped
    function: str  # the enclosing function's qualified name, "" at module level
    tests: tuple[str, ...]  # passing tests that ran it before (the first few)
    test_count: int

    def finding(self) -> Finding:
        where = f"line {self.first}" if self.first == self.last else f"lines {self.first}-{self.last}"
        ran = "1 test" if self.test_count == 1 else f"{self.test_count} tests"
        named = ", ".join(self.tests)
        return Finding(
            KIND,
            self.function,
            f"{where} (`{self.text}`) ran in {ran} that passed before this fix ({named}) and runs "
            "in no test after it: the fix turned that code off, and those tests did not notice",
        )


def line_map(original: str, fixed: str) -> dict[int, int]:
    """1-based line numbers of `original` that the edit left as they were -> their numbers in
    `fixed`. Lines the edit replaced or removed are not in the map."""
    before, after = split_lines(original), split_lines(fixed)
    mapped: dict[int, int] = {}
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for tag, i1, i2, j1, _j2 in matcher.get_opcodes():
        if tag == "equal":
            mapped.update({i + 1: j1 + (i - i1) + 1 for i in range(i1, i2)})
    return mapped


def lost_lines(
    path: str,
    original: str,
    fixed: str,
    before: Sequence[TestSpectrum],
    after: Sequence[TestSpectrum],
) -> list[LostBlock]:
    """The blocks of `path`'s statement lines that tests passing in `before` (the traced run
    of the original) ran, and that no test of `after` (the same command on the fixed file)
    runs. Lines the edit itself replaced do not count: they no longer exist. Nothing is
    claimed when a test fails with the fix (the run that passed a moment ago did not repeat:
    a flaky test, whose path proves nothing) or the file does not parse."""
    statements = statement_lines(original)
    if statements is None or any(s.outcome == "failed" for s in after):
        return []
    ran_before: dict[int, list[str]] = {}
    for spectrum in before:
        if spectrum.outcome == "passed":
            for line in spectrum.lines.get(path, ()):
                ran_before.setdefault(line, []).append(spectrum.nodeid)
    ran_after: set[int] = set()
    for spectrum in after:
        ran_after.update(spectrum.lines.get(path, ()))
    kept = line_map(original, fixed)
    lost = sorted(
        line for line in ran_before if line in statements and line in kept and kept[line] not in ran_after
    )
    return _blocks(lost, original, statements, ran_before)


def _blocks(
    lost: list[int], original: str, statements: set[int], ran_before: dict[int, list[str]]
) -> list[LostBlock]:
    source = split_lines(original)
    names = _function_spans(original)
    groups: list[list[int]] = []
    for line in lost:
        # consecutive statements (blank lines and comments between them do not split a block)
        if groups and not any(n in statements for n in range(groups[-1][-1] + 1, line)):
            groups[-1].append(line)
        else:
            groups.append([line])
    blocks = []
    for group in groups:
        tests = sorted({t for line in group for t in ran_before[line]})
        blocks.append(
            LostBlock(
                group[0],
                group[-1],
                source[group[0] - 1].strip(),
                _innermost(names, group[0]),
                tuple(tests[:_NAMED_TESTS]),
                len(tests),
            )
        )
    return blocks


def _function_spans(source: str) -> list[tuple[int, int, str]]:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    return [(node.lineno, node.end_lineno or node.lineno, name) for name, node in functions_of(tree).items()]


def _innermost(spans: list[tuple[int, int, str]], line: int) -> str:
    inside = [(start, name) for start, end, name in spans if start <= line <= end]
    return max(inside)[1] if inside else ""


@dataclass(frozen=True)
class ChangedValue:
    """A function whose values differ, in a test that passed both times, at its `call`-th
    return (1-based) among its calls in that test."""

    test: str
    function: str
    call: int
    before: str
    after: str

    def finding(self) -> Finding:
        nth = "" if self.call == 1 else f" (call {self.call})"
        return Finding(
            VALUES_KIND,
            self.function,
            f"in {self.test}, which passes either way, it returned `{self.before}` before this fix "
            f"and returns `{self.after}` with it{nth}: that test did not check the value",
        )


def changed_values(before: Sequence[TestSpectrum], after: Sequence[TestSpectrum]) -> list[ChangedValue]:
    """Per test that passed in both runs, and per function of the watched file called as many
    times in both, the first call whose value differs (one per function, the first test
    first), unless the failing tests saw that function's values change too. A function
    called more or fewer times took another path: `lost_lines` says what stopped running."""
    later = {s.nodeid: s for s in after if s.outcome == "passed"}
    asked = _asked_to_change(before, later)
    found: dict[str, ChangedValue] = {}
    for spectrum in before:
        twin = later.get(spectrum.nodeid)
        if spectrum.outcome != "passed" or twin is None:
            continue
        was, now = _by_function(spectrum.values), _by_function(twin.values)
        for function, values in was.items():
            new = now.get(function, [])
            if function in found or function in asked or len(new) != len(values):
                continue
            for call, (old_text, new_text) in enumerate(zip(values, new, strict=True), start=1):
                if old_text != new_text:
                    found[function] = ChangedValue(spectrum.nodeid, function, call, old_text, new_text)
                    break
    return list(found.values())


def _asked_to_change(before: Sequence[TestSpectrum], later: dict[str, TestSpectrum]) -> set[str]:
    """Functions whose values differ in a test that failed before the fix and passes with
    it: the change the failing tests asked for. The same function returning other values
    in a passing test is that change seen elsewhere, not a new one."""
    return _differing_functions(before, later, "failed")


def unsteady_functions(run: Sequence[TestSpectrum], again: Sequence[TestSpectrum]) -> set[str]:
    """Functions whose values differ between two runs of the same code, in any call of any
    test passing in both: a value drawn at random differs somewhere among all its calls,
    even when the first differing one happens to repeat."""
    return _differing_functions(run, {s.nodeid: s for s in again if s.outcome == "passed"}, "passed")


def _differing_functions(
    run: Sequence[TestSpectrum], later: dict[str, TestSpectrum], outcome: str
) -> set[str]:
    """Functions whose values differ between a test of `run` with `outcome` and its twin in `later`."""
    differing: set[str] = set()
    for spectrum in run:
        twin = later.get(spectrum.nodeid)
        if spectrum.outcome == outcome and twin is not None:
            was, now = _by_function(spectrum.values), _by_function(twin.values)
            differing.update(f for f in set(was) | set(now) if was.get(f) != now.get(f))
    return differing


def _by_function(values: Sequence[tuple[str, str]]) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {}
    for function, text in values:
        grouped.setdefault(function, []).append(text)
    return grouped


def findings(blocks: Sequence[LostBlock], changed: Sequence[ChangedValue] = ()) -> tuple[Finding, ...]:
    return tuple(b.finding() for b in blocks[:MAX_BLOCKS]) + tuple(c.finding() for c in changed[:MAX_BLOCKS])


def broken_finding(tests: Sequence[str]) -> Finding:
    """The finding for the tests outside the test command that pass without the fix and
    fail with it (the first few named)."""
    count, fail = ("1 test", "fails") if len(tests) == 1 else (f"{len(tests)} tests", "fail")
    named = ", ".join(tests[:_NAMED_BROKEN]) + (", ..." if len(tests) > _NAMED_BROKEN else "")
    return Finding(
        BREAKS_KIND,
        "",
        f"{count} of the project's suite outside the test command passed before this fix and "
        f"{fail} with it ({named}): the tests the command names do not run there",
    )


def failed_again(
    after: Sequence[TestSpectrum], before: Sequence[TestSpectrum], failing: Sequence[str]
) -> Finding | None:
    """The finding for the tests that failed in the traced run with the fix: every test had
    passed in the run that chose it. A test that failed the same way without the fix and
    is none of the bug's `failing` tests is left out: it fails under the tracer or the
    seed whatever the fix (reproduce.py), which says nothing about the fix."""
    failed_before = {s.nodeid for s in before if s.outcome == "failed"} - set(failing)
    failed = [s.nodeid for s in after if s.outcome == "failed" and s.nodeid not in failed_before]
    if not failed:
        return None
    named = ", ".join(failed[:_NAMED_BROKEN]) + (", ..." if len(failed) > _NAMED_BROKEN else "")
    return Finding(
        FAILED_AGAIN_KIND,
        "",
        f"{named} passed in the run that chose this fix and failed when the tests ran again with "
        "it (traced, under a fixed hash seed): a verdict that changes from run to run did not decide it",
    )
