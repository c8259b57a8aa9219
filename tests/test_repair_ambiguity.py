"""Ambiguity from evidence (devagent/repair/ambiguity.py, review.py, search.py's window):
real searches in throwaway git repos, real pytest and probe subprocesses. A test that
cannot tell two fixes apart gives an ambiguous fix, with the input that tells them apart;
the suggested test, pasted into the repository, pins the fix's behaviour and fails for
the other edit; tests that decide give a fix verified by them."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

import devagent.repair.search as search
from devagent.repair import repair
from devagent.repair.ambiguity import Alternative, disagree, distinguish
from devagent.repair.review import NEEDS_REVIEW, VERIFIED, outcome_words, review_of, suggested_test
from tests.helpers import git

BUGGY = '"""Distances on a line."""\n\n\ndef gap(a, b):\n    return a - b\n'
WEAK = "from gap import gap\n\n\ndef test_gap():\n    assert gap(1, 3) == 2\n"
DECIDING = (
    "from gap import gap\n\n\n"
    "def test_gap():\n    assert gap(1, 3) == 2\n\n\n"
    "def test_gap_the_other_way():\n    assert gap(3, 1) == 2\n\n\n"
    "def test_no_gap():\n    assert gap(4, 4) == 0\n"
)


def _repo(root: Path, tests: str) -> Path:
    root.mkdir()
    (root / "gap.py").write_text(BUGGY)
    (root / "tests").mkdir()
    (root / "tests" / "test_gap.py").write_text(tests)
    (root / "conftest.py").write_text("")
    git("init", "-q", cwd=root)
    git("add", "-A", cwd=root)
    git("-c", "user.name=t", "-c", "user.email=t@localhost", "commit", "-qm", "buggy", cwd=root)
    return root


def _pytest(repo: Path, python: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [python, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_test_that_cannot_tell_two_fixes_apart_makes_the_fix_ambiguous(
    tmp_path: Path, project_python: str
) -> None:
    repo = _repo(tmp_path / "weak", WEAK)
    result = repair(repo, ["-q"], timeout_s=60, python=project_python)
    assert result.fixed is not None, result.summary()
    assert result.alternatives, "another candidate passes gap(1, 3) == 2 as well"
    found = result.ambiguity
    assert found is not None
    assert found.function == "gap" and found.call.startswith("gap(")
    assert disagree(found.chosen, found.other)
    # the evidence is real: the two programs do behave so on that call
    namespace: dict[str, object] = {}
    exec(compile(result.fixed.content, "fixed", "exec"), namespace)
    other: dict[str, object] = {}
    exec(compile(found.other_edit.content, "other", "exec"), other)
    call = f"{found.call}"
    assert repr(eval(call, namespace)) == found.chosen[1:]
    assert repr(eval(call, other)) == found.other[1:]
    review = review_of(result.fixed.path, BUGGY, result.fixed.content, found)
    assert review.label == NEEDS_REVIEW
    assert any("the tests do not decide the fix" in line for line in review.reasons())
    assert result.window_s <= search.WINDOW_S + search.PROBE_S + 5.0


def test_the_suggested_test_pins_the_fix_and_fails_for_the_other_edit(
    tmp_path: Path, project_python: str
) -> None:
    repo = _repo(tmp_path / "weak", WEAK)
    result = repair(repo, ["-q"], timeout_s=60, python=project_python)
    assert result.fixed is not None and result.ambiguity is not None
    pinned = suggested_test("gap.py", result.ambiguity)
    (repo / "tests" / "test_pinned.py").write_text(pinned + "\n")
    (repo / "gap.py").write_text(result.fixed.content)
    with_fix = _pytest(repo, project_python)
    assert with_fix.returncode == 0, pinned + with_fix.stdout
    (repo / "gap.py").write_text(result.ambiguity.other_edit.content)
    with_other = _pytest(repo, project_python)
    assert with_other.returncode == 1, pinned + with_other.stdout
    assert (
        "test_pinned.py" in with_other.stdout
        and "test_gap.py" not in with_other.stdout.split("FAILED", 1)[-1]
    )


def test_tests_that_decide_give_a_fix_verified_by_them(tmp_path: Path, project_python: str) -> None:
    repo = _repo(tmp_path / "deciding", DECIDING)
    result = repair(repo, ["-q"], timeout_s=60, python=project_python)
    assert result.fixed is not None, result.summary()
    assert "abs(a - b)" in result.fixed.content
    assert result.ambiguity is None
    review = review_of(result.fixed.path, BUGGY, result.fixed.content, result.ambiguity)
    assert review.label == VERIFIED and review.markdown() == "" and review.reasons() == []


def test_without_ambiguity_the_search_stops_at_the_fix(tmp_path: Path, project_python: str) -> None:
    repo = _repo(tmp_path / "weak", WEAK)
    result = repair(repo, ["-q"], timeout_s=60, python=project_python, ambiguity=False)
    assert result.fixed is not None
    assert result.fixed_at == result.tried and result.alternatives == [] and result.ambiguity is None


def test_the_window_after_the_fix_is_bounded_in_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, project_python: str
) -> None:
    """No time for the window: one more batch at most is weighed; no time for the
    probes: the other candidates found are not probed."""
    monkeypatch.setattr(search, "WINDOW_S", 0.0)
    repo = _repo(tmp_path / "weak", WEAK)
    result = repair(repo, ["-q"], timeout_s=60, python=project_python, workers=1)
    assert result.fixed is not None
    assert result.tried <= result.fixed_at + 1
    monkeypatch.setattr(search, "WINDOW_S", 8.0)
    monkeypatch.setattr(search, "PROBE_S", 0.0)
    started = time.monotonic()
    unprobed = repair(repo, ["-q"], timeout_s=60, python=project_python)
    assert unprobed.fixed is not None and unprobed.alternatives and unprobed.ambiguity is None
    assert unprobed.window_s < 8.0 + 5.0 and time.monotonic() - started < 90


def test_what_tells_two_outcomes_apart() -> None:
    assert disagree("=1", "=2")
    assert disagree("!IndexError", "=0")  # only the fix crashes
    assert not disagree("=0", "!IndexError")  # only the other edit crashes: no evidence on the fix
    assert not disagree("=1", "=1")
    assert not disagree("=0", "=0.0") and not disagree("=[16]", "=[16.0]")  # a test's == agrees
    assert not disagree("=0", "=False") and disagree("=False", "=None")
    assert not disagree("=0.30000000000000004", "=0.3") and disagree("=0.3", "=0.31")
    assert not disagree("!timeout", "=1") and not disagree("=1", "!timeout")
    assert outcome_words("=[1, 2]") == "returns [1, 2]"
    assert outcome_words("!KeyError") == "raises KeyError"
    assert outcome_words("=None with the arguments left as [[3, 1]] {}") == (
        "returns None (and leaves its arguments as [[3, 1]] {})"
    )


def test_a_suspect_edit_alone_is_listed_and_a_raise_is_pinned_with_pytest_raises() -> None:
    from devagent.repair.ambiguity import Alternative, Ambiguity
    from devagent.repair.review import Review
    from devagent.repair.suspect_edits import Finding

    finding = Finding(
        "recursive_call_removed", "reachable", "a recursive call of reachable() was removed (1 -> 0)"
    )
    alone = Review("src/graph/search.py", None, (finding,))
    assert alone.label == NEEDS_REVIEW
    text = alone.markdown()
    assert text.startswith("## Needs your review\n")
    assert "- suspect edit: reachable(): a recursive call of reachable() was removed (1 -> 0)" in text
    assert "```python" not in text  # no input to pin without a second behaviour

    other = Alternative("src/graph/search.py", 3, "x", "    return []", "def first(xs):\n    return []\n")
    raising = Ambiguity("first", "first([])", ([],), (), "!IndexError", "=[]", other, 1)
    pinned = suggested_test("src/graph/search.py", raising)
    compile(pinned, "pinned", "exec")
    assert "from graph.search import first" in pinned
    assert "    with pytest.raises(IndexError):\n        first([])" in pinned
    assert "    # assert first([]) == []" in pinned and pinned.startswith("import pytest")


# pick() draws at random: two runs of the same program disagree on it, so a disagreement
# there says nothing about two fixes (gap's two forms behave the same).
RANDOM_SOURCE = (
    "import random\n\n\n"
    "def gap(a, b):\n    return a - b\n\n\n"
    "def pick(xs):\n    return xs[0] + random.random()\n"
)
RANDOM_TESTS = (
    "from gap import gap, pick\n\n\n"
    "def test_gap():\n    assert gap(3, 1) == 2\n\n\n"
    "def test_pick():\n    assert 1 <= pick([1, 2, 3]) < 2\n"
)


def test_a_function_that_disagrees_with_itself_is_no_evidence_of_ambiguity(
    tmp_path: Path, project_python: str
) -> None:
    root = tmp_path / "copy"
    (root / "tests").mkdir(parents=True)
    (root / "gap.py").write_text(RANDOM_SOURCE)
    (root / "tests" / "test_gap.py").write_text(RANDOM_TESTS)
    other = RANDOM_SOURCE.replace("    return a - b", "    return -(b - a)")
    alternative = Alternative("gap.py", 5, "    return a - b", "    return -(b - a)", other)
    found = distinguish(
        root,
        tmp_path / "scratch",
        "gap.py",
        RANDOM_SOURCE,
        [alternative],
        {},
        failing=["tests/test_gap.py::test_gap", "tests/test_gap.py::test_pick"],
        python=project_python,
    )
    assert found is None
