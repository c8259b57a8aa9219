"""What passing tests do differently with a fix (devagent/repair/behaviour_change.py and the
search's two traced runs, without and with the fix): lines they ran before and no test
runs after, and values a function returns differently in a test that passes either way.

The real searches run in throwaway git repos with real pytest subprocesses; the candidate
a search tries is scripted (`more=`, templates off) so that the test decides which fix is
chosen: a fix that makes a shortcut dead (the passing test that used the shortcut still
passes through the general path), the right one, which keeps it, and a fix that changes
a value a weak passing test does not check."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from devagent.repair import repair
from devagent.repair.behaviour_change import (
    FAILED_AGAIN_KIND,
    KIND,
    VALUES_KIND,
    changed_values,
    line_map,
    lost_lines,
    unsteady_functions,
)
from devagent.repair.localize import Localization, TestSpectrum
from devagent.repair.review import NEEDS_REVIEW, VERIFIED, review_of
from devagent.repair.rules.edit import Edit, apply
from devagent.repair.search import Candidate, RepairResult
from tests.helpers import git

# The shortcut is meant for the empty prefix only; `<= 1` also takes one-letter prefixes.
BUGGY = (
    "def count_prefix(words, prefix):\n"
    "    if len(prefix) <= 1:\n"
    "        return len(words)\n"
    "    return sum(1 for w in words if w.startswith(prefix))\n"
)
TESTS = (
    "from counting import count_prefix\n\n\n"
    "def test_one_letter():\n    assert count_prefix(['ab', 'cd'], 'a') == 1\n\n\n"
    "def test_empty_prefix_counts_every_word():\n    assert count_prefix(['ab', 'cd'], '') == 2\n"
)
RIGHT = Edit(2, "    if len(prefix) <= 1:", "    if len(prefix) < 1:", "scripted", 1)
DEAD = Edit(2, "    if len(prefix) <= 1:", "    if len(prefix) < 0:", "scripted", 1)


def _repo(root: Path, files: dict[str, str] | None = None) -> Path:
    root.mkdir()
    for name, text in (files or {"counting.py": BUGGY, "test_counting.py": TESTS}).items():
        (root / name).write_text(text)
    git("init", "-q", cwd=root)
    git("add", "-A", cwd=root)
    git("-c", "user.name=t", "-c", "user.email=t@localhost", "commit", "-qm", "buggy", cwd=root)
    return root


def _search_with(
    repo: Path,
    edit: Edit,
    python: str,
    test_args: Sequence[str] = (),
    path: str = "counting.py",
    source: str = BUGGY,
    coverage_check: bool = True,
) -> RepairResult:
    """A real search whose one candidate is `edit` of `path` (holding `source`)."""

    def scripted(copy: Path, found: Localization, deadline: float) -> list[Candidate]:
        return [Candidate(path, edit, apply(source, edit), 0)]

    return repair(
        repo,
        test_args,
        timeout_s=60,
        templates=False,
        synthesis=False,
        more=scripted,
        ambiguity=False,
        coverage_check=coverage_check,
        python=python,
    )


def test_a_fix_that_makes_a_branch_dead_names_the_code_and_the_tests_that_ran_it(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    result = _search_with(_repo(tmp_path / "repo"), DEAD, project_python)
    assert result.fixed is not None and result.fixed.edit == DEAD, result.summary()
    (finding,) = result.behaviour_changes
    assert finding.kind == KIND and finding.function == "count_prefix"
    assert "line 3 (`return len(words)`)" in finding.detail
    assert "test_counting.py::test_empty_prefix_counts_every_word" in finding.detail
    review = review_of("counting.py", BUGGY, result.fixed.content, None, result.behaviour_changes)
    assert review.label == NEEDS_REVIEW
    assert review.reasons() == [
        f"code no longer run: count_prefix(): {finding.detail}",
        "suspect edit: count_prefix(): `len(prefix) < 0` is never true: the code it guards is dead "
        "(a length is never negative)",  # the edit's shape says it too (suspect_edits.py)
    ]
    assert "- code no longer run: count_prefix(): line 3" in review.markdown()


def test_the_right_fix_keeps_the_passing_tests_paths_and_is_verified(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    result = _search_with(_repo(tmp_path / "repo"), RIGHT, project_python)
    assert result.fixed is not None and result.fixed.edit == RIGHT, result.summary()
    assert result.behaviour_changes == ()
    assert (
        review_of("counting.py", BUGGY, result.fixed.content, None, result.behaviour_changes).label
        == VERIFIED
    )


# `unit` is shared: the failing test asks for half()'s change; pair_count() changes too,
# and the one test that runs it only checks the sign.
HALF = (
    "def unit(n):\n    return n // 2 + 1\n\n\n"
    "def half(n):\n    return unit(n)\n\n\n"
    "def pair_count(n):\n    return unit(n)\n"
)
HALF_TESTS = (
    "from halving import half, pair_count\n\n\n"
    "def test_exact():\n    assert half(4) == 2\n\n\n"
    "def test_positive():\n    assert pair_count(10) > 0\n"
)
HALF_FIX = Edit(2, "    return n // 2 + 1", "    return n // 2", "scripted", 1)  # unit()


def test_a_fix_that_changes_a_value_a_passing_test_does_not_check_names_both_values(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    repo = _repo(tmp_path / "repo", {"halving.py": HALF, "test_halving.py": HALF_TESTS})
    result = _search_with(repo, HALF_FIX, project_python, path="halving.py", source=HALF)
    assert result.fixed is not None and result.fixed.edit == HALF_FIX, result.summary()
    # unit() and half() changed in the failing test as it asked: only pair_count() is named
    (finding,) = result.behaviour_changes
    assert (finding.kind, finding.function) == (VALUES_KIND, "pair_count")
    assert (
        "in test_halving.py::test_positive, which passes either way, it returned `6` before" in finding.detail
    )
    assert "returns `5` with it" in finding.detail
    review = review_of("halving.py", HALF, result.fixed.content, None, result.behaviour_changes)
    assert review.label == NEEDS_REVIEW
    assert review.reasons()[0].startswith(
        "value changed unchecked: pair_count(): in test_halving.py::test_positive"
    )


def test_the_default_command_s_maxfail_does_not_hide_the_passing_tests_after_the_failure(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    """`pytest --maxfail=1` (the default test command) stops at the failing test_exact, before
    test_positive; the traced runs are evidence, not the gate, and run every test."""
    repo = _repo(tmp_path / "repo", {"halving.py": HALF, "test_halving.py": HALF_TESTS})
    result = _search_with(repo, HALF_FIX, project_python, ["--maxfail=1"], "halving.py", HALF)
    assert result.fixed is not None and result.fixed.edit == HALF_FIX, result.summary()
    assert [(f.kind, f.function) for f in result.behaviour_changes] == [(VALUES_KIND, "pair_count")]


def test_an_early_stop_in_pytest_s_addopts_does_not_hide_the_tests_after_the_failure(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    """The same stop written where pytest reads it besides the command: its config's addopts."""
    files = {"halving.py": HALF, "test_halving.py": HALF_TESTS, "pytest.ini": "[pytest]\naddopts = -x\n"}
    result = _search_with(
        _repo(tmp_path / "repo", files), HALF_FIX, project_python, path="halving.py", source=HALF
    )
    assert result.fixed is not None and result.fixed.edit == HALF_FIX, result.summary()
    assert [(f.kind, f.function) for f in result.behaviour_changes] == [(VALUES_KIND, "pair_count")]


# token() draws a new value on every call: the passing test that checks its range sees another value
# on every run, with or without any fix.
NOISY = "import random\n\n\ndef token():\n    return random.random()\n\n\ndef double(n):\n    return n * 3\n"
NOISY_TESTS = (
    "from noisy import double, token\n\n\n"
    "def test_double():\n    assert double(2) == 4\n\n\n"
    "def test_token():\n    assert 0 <= token() < 1\n"
)


def test_values_that_change_from_run_to_run_without_the_fix_are_no_finding(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    repo = _repo(tmp_path / "repo", {"noisy.py": NOISY, "test_noisy.py": NOISY_TESTS})
    edit = Edit(9, "    return n * 3", "    return n * 2", "scripted", 1)
    result = _search_with(repo, edit, project_python, path="noisy.py", source=NOISY)
    assert result.fixed is not None and result.fixed.edit == edit, result.summary()
    assert result.behaviour_changes == ()


# test_seeded passes under a random hash seed (the gate's run) and fails under the fixed seed
# of the traced runs: a test whose verdict is not the same every run.
# Passes without the fix under any seed, and with it only under a random one: a verdict
# the fix changes, and the seed too.
UNSTEADY_TESTS = HALF_TESTS + (
    "\n\ndef test_seeded():\n    import os\n"
    "    assert half(4) != 2 or os.environ.get('PYTHONHASHSEED') != '0'\n"
)


def test_a_test_that_fails_when_the_tests_run_again_with_the_fix_labels_it(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    repo = _repo(tmp_path / "repo", {"halving.py": HALF, "test_halving.py": UNSTEADY_TESTS})
    right = Edit(6, "    return unit(n)", "    return n // 2", "scripted", 1)  # half() alone
    result = _search_with(repo, right, project_python, path="halving.py", source=HALF)
    assert result.fixed is not None and result.fixed.edit == right, result.summary()
    (finding,) = result.behaviour_changes
    assert finding.kind == FAILED_AGAIN_KIND
    assert "test_halving.py::test_seeded passed in the run that chose this fix" in finding.detail
    review = review_of("halving.py", HALF, result.fixed.content, None, result.behaviour_changes)
    assert review.label == NEEDS_REVIEW
    assert review.reasons() == [f"tests not steady: {finding.detail}"]


def test_a_function_whose_values_differ_between_two_runs_without_the_fix_is_unsteady() -> None:
    # a coin's first call happens to repeat (1, 1); its second differs: unsteady all the same
    run = [_spectrum("t::coin", "passed", set(), [("coin", "1"), ("coin", "0"), ("f", "2")])]
    again = [_spectrum("t::coin", "passed", set(), [("coin", "1"), ("coin", "1"), ("f", "2")])]
    assert unsteady_functions(run, again) == {"coin"}
    # only tests passing in both runs count
    failed = [_spectrum("t::coin", "failed", set(), [("coin", "0")])]
    assert unsteady_functions(run, failed) == set()


def test_values_are_compared_per_test_and_function_in_call_order_only_where_both_runs_passed() -> None:
    before = [
        _spectrum("t::a", "passed", set(), [("f", "1"), ("g", "'x'"), ("f", "2")]),
        _spectrum("t::b", "passed", set(), [("f", "7")]),
        _spectrum("t::failing", "failed", set(), [("k", "0")]),
        _spectrum("t::path", "passed", set(), [("h", "1")]),
        _spectrum("t::also", "passed", set(), [("k", "4")]),
    ]
    after = [
        _spectrum("t::a", "passed", set(), [("f", "1"), ("g", "'x'"), ("f", "3")]),
        _spectrum("t::b", "passed", set(), [("f", "8")]),  # f already found in t::a
        _spectrum("t::failing", "passed", set(), [("k", "5")]),  # the change the failing test asked for
        _spectrum("t::path", "passed", set(), [("h", "1"), ("h", "2")]),  # another path, not a value
        _spectrum("t::also", "passed", set(), [("k", "6")]),  # k's asked-for change, seen elsewhere
    ]
    (changed,) = changed_values(before, after)
    assert (changed.test, changed.function, changed.call, changed.before, changed.after) == (
        "t::a",
        "f",
        2,
        "2",
        "3",
    )
    assert "(call 2)" in changed.finding().detail


def test_the_plugin_keeps_short_values_with_object_addresses_blanked(
    tmp_path: Path, project_python: str
) -> None:
    from devagent.repair.localize import run_traced

    (tmp_path / "thing.py").write_text(
        "class Thing:\n    pass\n\n\ndef make():\n    return Thing()\n\n\n"
        "def many():\n    return list(range(1000))\n\n\n"
        "def gen():\n    yield 1\n    yield 2\n"
    )
    (tmp_path / "test_thing.py").write_text(
        "from thing import make, many, gen\n\n\ndef test_all():\n    make()\n    many()\n    list(gen())\n"
    )
    spectra, output, error = run_traced(tmp_path, [], 60, watch="thing.py", python=project_python)
    assert error is None, output
    (spectrum,) = spectra
    assert spectrum.values[0] == ("make", "<thing.Thing object at 0x>")
    assert spectrum.values[1][0] == "many" and spectrum.values[1][1].endswith("...]")
    assert spectrum.values[2:] == [("gen", "1"), ("gen", "2"), ("gen", "None")]


def test_the_check_can_be_turned_off_and_then_claims_nothing(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    result = _search_with(_repo(tmp_path / "repo"), DEAD, project_python, coverage_check=False)
    assert result.fixed is not None and result.behaviour_changes == ()


def _spectrum(
    nodeid: str, outcome: str, lines: set[int], values: list[tuple[str, str]] | None = None
) -> TestSpectrum:
    return TestSpectrum(nodeid, outcome, {"m.py": lines}, [], False, {}, values or [])


SOURCE = (
    "def f(x):\n"  # 1
    "    if x > 0:\n"  # 2
    "        y = x\n"  # 3
    "        # a comment inside the branch\n"  # 4
    "        return y\n"  # 5
    "    z = -x\n"  # 6
    "    return z\n"  # 7
)


def test_lines_only_failing_tests_ran_are_the_failure_path_and_do_not_count() -> None:
    fixed = SOURCE.replace("x > 0", "x > 1")
    before = [_spectrum("t::failing", "failed", {2, 3, 5})]
    after = [_spectrum("t::failing", "passed", {2, 6, 7})]
    assert lost_lines("m.py", SOURCE, fixed, before, after) == []


def test_a_block_spans_comments_and_the_edited_line_itself_never_counts() -> None:
    fixed = SOURCE.replace("x > 0", "x > 99")
    before = [_spectrum("t::a", "passed", {2, 3, 5}), _spectrum("t::b", "passed", {2, 3, 5})]
    after = [_spectrum("t::a", "passed", {2, 6, 7}), _spectrum("t::b", "passed", {2, 6, 7})]
    (block,) = lost_lines("m.py", SOURCE, fixed, before, after)
    assert (block.first, block.last, block.text, block.function) == (3, 5, "y = x", "f")
    assert block.tests == ("t::a", "t::b") and block.test_count == 2
    assert (
        "lines 3-5 (`y = x`) ran in 2 tests that passed before this fix (t::a, t::b)"
        in block.finding().detail
    )


def test_lines_moved_by_an_inserted_line_are_matched_by_their_text() -> None:
    fixed = SOURCE.replace("    if x > 0:\n", "    if x is None:\n        return 0\n    if x > 0:\n")
    assert line_map(SOURCE, fixed)[3] == 5
    before = [_spectrum("t::a", "passed", {2, 3, 5})]
    still = [_spectrum("t::a", "passed", {2, 4, 5, 7})]  # the same lines, two further down
    assert lost_lines("m.py", SOURCE, fixed, before, still) == []
    gone = [_spectrum("t::a", "passed", {2, 3})]  # the early return taken instead
    assert [(b.first, b.last) for b in lost_lines("m.py", SOURCE, fixed, before, gone)] == [(2, 5)]


def test_a_line_still_run_by_any_test_after_the_fix_is_not_lost() -> None:
    fixed = SOURCE.replace("x > 0", "x > 5")
    before = [_spectrum("t::small", "passed", {2, 3, 5}), _spectrum("t::big", "passed", {2, 3, 5})]
    after = [_spectrum("t::small", "passed", {2, 6, 7}), _spectrum("t::big", "passed", {2, 3, 5})]
    assert lost_lines("m.py", SOURCE, fixed, before, after) == []


def test_a_test_failing_in_the_run_with_the_fix_makes_the_comparison_claim_nothing() -> None:
    fixed = SOURCE.replace("x > 0", "x > 99")
    before = [_spectrum("t::a", "passed", {2, 3, 5}), _spectrum("t::b", "passed", {2, 6, 7})]
    flaky = [_spectrum("t::a", "failed", {2}), _spectrum("t::b", "passed", {2, 6, 7})]
    assert lost_lines("m.py", SOURCE, fixed, before, flaky) == []
