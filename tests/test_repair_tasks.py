"""The program-repair task set (bench/repair/tasks): every task fails as shipped and passes with its
reference fix, and the checker that says so catches broken tasks."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from bench.repair.check_tasks import (
    KINDS,
    TASKS_DIR,
    TaskError,
    check_task,
    diff_problems,
    diff_stats,
    load_task,
    load_tasks,
    materialize,
)

TASK_DIRS = sorted(p for p in TASKS_DIR.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))


def test_task_set_size_and_kinds() -> None:
    tasks = load_tasks()
    assert len(tasks) >= 25
    assert [task.id for task in tasks] == sorted(task.id for task in tasks)
    counts = Counter[str](task.kind for task in tasks)
    assert {kind: counts[kind] for kind in KINDS if counts[kind] < 2} == {}


@pytest.mark.parametrize("task_dir", TASK_DIRS, ids=[p.name for p in TASK_DIRS])
def test_task_fails_buggy_and_passes_fixed(task_dir: Path, tmp_path: Path) -> None:
    task = load_task(task_dir)
    assert check_task(task, tmp_path) == []


# ------------------------------------------------------------------------------- the checker itself


@pytest.fixture
def task_copy(tmp_path: Path) -> Path:
    """A private copy of one real task that a test may break."""
    return Path(shutil.copytree(TASKS_DIR / "discount_pricing", tmp_path / "tasks" / "discount_pricing"))


def test_bad_task_yaml_names_the_file(task_copy: Path) -> None:
    yaml_path = task_copy / "task.yaml"
    good = yaml_path.read_text()

    yaml_path.write_text(good.replace("kind: wrong_operator", "kind: typo"))
    with pytest.raises(TaskError, match=r"task\.yaml: kind"):
        load_task(task_copy)

    yaml_path.write_text(good + "extra: 1\n")
    with pytest.raises(TaskError, match="unknown key"):
        load_task(task_copy)

    yaml_path.write_text("id: [unclosed\n")
    with pytest.raises(TaskError) as excinfo:
        load_tasks(task_copy.parent)
    assert str(yaml_path) in str(excinfo.value)


def test_materialize_commits_the_buggy_repo(task_copy: Path, tmp_path: Path) -> None:
    repo = materialize(load_task(task_copy), tmp_path / "work")
    assert (repo / ".git").is_dir()
    assert (repo / "pricing.py").read_text() == (task_copy / "repo" / "pricing.py").read_text()
    with pytest.raises(FileExistsError):
        materialize(load_task(task_copy), repo)


def test_diff_rules() -> None:
    fix = (TASKS_DIR / "discount_pricing" / "fix.diff").read_text()
    stats = diff_stats(fix)
    assert (stats.paths, stats.removed, stats.added, stats.hunks) == (("pricing.py",), 1, 1, 1)
    assert diff_problems(fix) == []

    on_tests = fix.replace("pricing.py", "tests/test_pricing.py")
    assert any("touches test files" in problem for problem in diff_problems(on_tests))

    # A removed line whose text starts with "--" still counts as removed.
    three = fix.replace("@@ -14,7 +14,7 @@", "@@ -14,9 +14,9 @@").replace(
        "+    factor = 1 - Decimal", "+    factor = 1 - Decimal\n---x\n-y\n+++x\n+y"
    )
    assert diff_stats(three).removed == 3
    assert any("changes too much" in problem for problem in diff_problems(three))


def test_checker_reports_a_broken_task(task_copy: Path, tmp_path: Path) -> None:
    """A failing_test that already passes and a 'fix' that fixes nothing are both reported."""
    yaml_path = task_copy / "task.yaml"
    yaml_path.write_text(
        yaml_path.read_text().replace("test_discount_reduces_price", "test_zero_discount_keeps_price")
    )
    diff_path = task_copy / "fix.diff"
    diff_path.write_text(
        diff_path.read_text().replace(
            "+    factor = 1 - Decimal(str(percent)) / 100",
            "+    factor = 1 + Decimal(str(percent)) / 100  # sure?",
        )
    )
    problems = check_task(load_task(task_copy), tmp_path)
    assert any("test_zero_discount_keeps_price does not fail" in problem for problem in problems)
    assert any(problem.startswith("fixed: the test command does not pass") for problem in problems)
