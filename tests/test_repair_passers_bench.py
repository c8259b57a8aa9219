"""bench.repair.passers: every test-passing candidate of a search, judged against the
reference (real searches in throwaway git repos, real subprocesses, the real embedded
model for naturalness)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.repair.check_tasks import load_tasks
from bench.repair.passers import EXIT_USAGE, Naturalness, Passer, first, main, natural, passers_of
from bench.repair.probe import probe_repo
from bench.repair.split import half_of
from devagent.repair import repair

BUGGY = "def gap(a, b):\n    return a - b\n"
FIXED = "def gap(a, b):\n    return abs(a - b)\n"
TESTS = "from mod import gap\n\n\ndef test_gap():\n    assert gap(1, 3) == 2\n"


def probe(tmp_path: Path) -> Path:
    folder = tmp_path / "gap"
    folder.mkdir()
    (folder / "mod.py").write_text(BUGGY)
    (folder / "test_mod.py").write_text(TESTS)
    (folder / "fixed.py").write_text(FIXED)
    return folder


def test_every_passing_candidate_is_judged_and_the_first_rule_is_repairs_own(
    tmp_path: Path, project_python: str
) -> None:
    folder = probe(tmp_path)
    with Naturalness() as scorer:
        name, rows = passers_of(str(folder), window=40, scorer=scorer)
    assert name == "gap"
    by_text = {row.new: row for row in rows}
    assert by_text["return abs(a - b)"].right
    # gap(1, 3) == 2 is all the test asks: the operands swapped pass it, and are wrong
    # whenever a > b
    assert not by_text["return b - a"].right
    assert all(isinstance(row.naturalness, float) for row in rows)

    repo = tmp_path / "repo"
    repo.mkdir()
    probe_repo(folder, repo)
    result = repair(repo, ["-q"], timeout_s=60, python=project_python)
    chosen = first(rows)
    assert result.fixed is not None and chosen is not None
    assert result.fixed.edit.new_text.strip() == chosen.new


def row(new: str, suspicion: int, right: bool, naturalness: float, template: str = "binop") -> Passer:
    return Passer("mod.py", template, 2, new, suspicion, right, naturalness)


def test_the_rules_take_the_least_suspect_then_the_first_or_the_most_natural() -> None:
    rows = [
        row("a", 2, True, 9.0),
        row("b", 0, False, -3.0),
        row("c", 0, True, -1.0),
        row("d", 1, True, 5.0, template="synthesized"),  # a suspect clean-only pass never wins
    ]
    assert first(rows) == rows[1]
    assert natural(rows) == rows[2]
    assert first(rows[3:]) is None and natural([]) is None


def test_a_holdout_task_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    holdout = next(task.id for task in load_tasks() if half_of(task.id) == "holdout")
    assert main([holdout]) == EXIT_USAGE
    assert "a holdout task" in capsys.readouterr().err


def test_an_unknown_case_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "nowhere")]) == EXIT_USAGE
    assert "neither a task of bench/repair/tasks nor a probe folder" in capsys.readouterr().err
