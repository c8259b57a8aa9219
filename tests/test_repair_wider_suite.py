"""Tests outside a narrowed test command that a fix breaks (devagent/repair/wider_suite.py and
the search's two runs of the wider suite, without and with the fix).

A user (or a benchmark) often names the test files of the bug in the test command; the fix
then passes them while the rest of the project's suite, which it never ran, may break. The
searches run in throwaway git repos with real pytest subprocesses; the fix is scripted
(`more=`, templates off) so that the test decides which fix is chosen."""

from __future__ import annotations

from pathlib import Path

from devagent.repair import repair
from devagent.repair.behaviour_change import BREAKS_KIND
from devagent.repair.localize import Localization
from devagent.repair.review import NEEDS_REVIEW, VERIFIED, review_of
from devagent.repair.rules.edit import Edit, apply
from devagent.repair.search import Candidate, RepairResult
from devagent.repair.validate import CandidateRunner
from devagent.repair.wider_suite import broken_tests, wider_args, without_early_stops
from tests.helpers import git

# clamp() caps at `low` instead of `high` above the range; a point range (low == high) hides it.
BUGGY = (
    "def clamp(x, low, high):\n"
    "    if x < low:\n"
    "        return low\n"
    "    if x > high:\n"
    "        return low\n"
    "    return x\n"
)
NAMED = "from clamping import clamp\n\n\ndef test_caps_at_high():\n    assert clamp(9, 0, 5) == 5\n"
OTHER = (
    "from clamping import clamp\n\n\n"
    "def test_a_point_range_keeps_its_point():\n    assert clamp(12, 7, 7) == 7\n"
)
RIGHT = Edit(5, "        return low", "        return high", "scripted", 1)
# passes the named test (9 - 4 == 5), and breaks the other file's test (12 - 4 != 7)
WRONG = Edit(5, "        return low", "        return x - 4", "scripted", 1)
NARROW = ["tests/test_named.py", "--maxfail=1", "-q"]


def _repo(root: Path, extra: dict[str, str] | None = None) -> Path:
    root.mkdir(exist_ok=True)
    files = {"clamping.py": BUGGY, "tests/test_named.py": NAMED, "tests/test_other.py": OTHER}
    files.update(extra or {})
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    git("init", "-q", cwd=root)
    git("add", "-A", cwd=root)
    git("-c", "user.name=t", "-c", "user.email=t@localhost", "commit", "-qm", "buggy", cwd=root)
    return root


def _search_with(repo: Path, edit: Edit, test_args: list[str] = NARROW) -> RepairResult:
    def scripted(copy: Path, found: Localization, deadline: float) -> list[Candidate]:
        return [Candidate("clamping.py", edit, apply(BUGGY, edit), 0)]

    return repair(
        repo, test_args, timeout_s=60, templates=False, synthesis=False, more=scripted, ambiguity=False
    )


def _breaks(result: RepairResult) -> list[str]:
    return [f.detail for f in result.behaviour_changes if f.kind == BREAKS_KIND]


def test_a_fix_that_passes_the_named_tests_but_breaks_another_file_needs_review(
    tmp_path: Path, git_identity: None
) -> None:
    result = _search_with(_repo(tmp_path), WRONG)
    assert result.fixed is not None and result.fixed.edit == WRONG, result.summary()
    (detail,) = _breaks(result)
    assert "tests/test_other.py::test_a_point_range_keeps_its_point" in detail
    review = review_of("clamping.py", BUGGY, result.fixed.content, None, result.behaviour_changes)
    assert review.label == NEEDS_REVIEW
    assert any(r.startswith("other tests broken: ") for r in review.reasons())
    assert "- other tests broken: " in review.markdown()


def test_a_fix_that_breaks_nothing_outside_the_named_tests_is_verified(
    tmp_path: Path, git_identity: None
) -> None:
    result = _search_with(_repo(tmp_path), RIGHT)
    assert result.fixed is not None and result.fixed.edit == RIGHT, result.summary()
    assert result.behaviour_changes == ()
    assert review_of("clamping.py", BUGGY, result.fixed.content, None, ()).label == VERIFIED


def test_tests_of_the_wider_suite_failing_before_the_fix_are_no_finding(
    tmp_path: Path, git_identity: None
) -> None:
    broken = "def test_was_broken_already():\n    assert False\n"
    result = _search_with(_repo(tmp_path, {"tests/test_broken.py": broken}), RIGHT)
    assert result.fixed is not None and result.fixed.edit == RIGHT, result.summary()
    assert _breaks(result) == []


def test_a_whole_suite_command_runs_no_wider_suite(tmp_path: Path, git_identity: None) -> None:
    # the command already is the whole suite: the fix must pass it all, nothing is wider
    result = _search_with(_repo(tmp_path), RIGHT, ["-q"])
    assert result.fixed is not None and _breaks(result) == []


def test_a_wider_run_that_times_out_claims_nothing(tmp_path: Path, git_identity: None) -> None:
    slow = "import time\n\n\ndef test_slow():\n    time.sleep(30)\n"
    repo = _repo(tmp_path, {"tests/test_slow.py": slow})
    with CandidateRunner(repo, NARROW, 60) as runner:
        found = broken_tests(runner, ["-q"], "clamping.py", apply(BUGGY, WRONG), 3.0)
    assert found is None


def test_the_wider_runs_name_the_tests_the_fix_breaks(tmp_path: Path, git_identity: None) -> None:
    with CandidateRunner(_repo(tmp_path), NARROW, 60) as runner:
        assert broken_tests(runner, ["-q"], "clamping.py", apply(BUGGY, WRONG), 30.0) == [
            "tests/test_other.py::test_a_point_range_keeps_its_point"
        ]
        assert broken_tests(runner, ["-q"], "clamping.py", apply(BUGGY, RIGHT), 30.0) == []


def test_a_test_that_fails_once_with_the_fix_and_passes_when_run_again_is_no_finding(
    tmp_path: Path, git_identity: None
) -> None:
    # fails on its second run only: the run with the fix; the confirming run passes
    counter = tmp_path / "runs.txt"
    flaky = (
        "from pathlib import Path\n\n\n"
        "def test_flaky():\n"
        f"    counter = Path({str(counter)!r})\n"
        "    runs = int(counter.read_text()) + 1 if counter.exists() else 1\n"
        "    counter.write_text(str(runs))\n"
        "    assert runs != 2\n"
    )
    repo = _repo(tmp_path / "repo", {"tests/test_flaky.py": flaky})
    with CandidateRunner(repo, NARROW, 60) as runner:
        assert broken_tests(runner, ["-q"], "clamping.py", apply(BUGGY, RIGHT), 30.0) == []
    assert counter.read_text() == "3"


def test_the_wider_command_drops_the_paths_and_the_early_stops_and_keeps_the_options() -> None:
    assert wider_args(["tests/test_a.py", "--maxfail=1", "-q", "-p", "no:randomly"]) == [
        "-q",
        "-p",
        "no:randomly",
        "--maxfail=0",
    ]
    assert wider_args(["-x", "tests/test_a.py::test_one", "tests/unit", "--maxfail", "2"]) == ["--maxfail=0"]
    # an option's value is not a path, even when it names one
    assert wider_args(["tests/a.py", "--deselect", "tests/b.py::t", "-k", "not slow"]) == [
        "--deselect",
        "tests/b.py::t",
        "-k",
        "not slow",
        "--maxfail=0",
    ]
    # nothing narrows the command: it is the whole suite already
    assert wider_args(["-q", "--maxfail=1"]) is None
    assert wider_args([]) is None


def test_the_branch_review_at_approval_keeps_the_broken_tests_finding() -> None:
    from devagent.repair.behaviour_change import broken_finding
    from devagent.repair.branch_review import review_of_branch

    fixed = apply(BUGGY, WRONG)
    finding = broken_finding(["tests/test_other.py::test_a_point_range_keeps_its_point"])
    repair_review = review_of("clamping.py", BUGGY, fixed, None, (finding,))
    branch = review_of_branch({"clamping.py": (BUGGY.encode(), fixed.encode())}, repair_review)
    assert finding in branch.findings and branch.label == NEEDS_REVIEW
    assert finding.detail.startswith("1 test of the project's suite outside the test command passed before")


def test_the_early_stops_are_dropped_wherever_they_are_written() -> None:
    # --maxfail=0 comes last: it wins over an -x or --maxfail that pytest's addopts add first
    assert without_early_stops(["--maxfail=1", "-q"]) == ["-q", "--maxfail=0"]
    assert without_early_stops(["--maxfail", "2", "tests/a.py", "--exitfirst"]) == [
        "tests/a.py",
        "--maxfail=0",
    ]
    # -x inside a group of short flags; -r's value `xs` is not a flag
    assert without_early_stops(["-xq", "-rxs", "-x"]) == ["-q", "-rxs", "--maxfail=0"]
    # an option's value is kept as it is, even when it looks like a stop
    assert without_early_stops(["-k", "-x", "--deselect", "t.py::x"]) == [
        "-k",
        "-x",
        "--deselect",
        "t.py::x",
        "--maxfail=0",
    ]
    assert wider_args(["-xq", "tests/a.py"]) == ["-q", "--maxfail=0"]
