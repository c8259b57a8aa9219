"""The program-repair task set (bench/repair/tasks): every task fails as shipped and passes with its
reference fix, and the checker that says so catches broken tasks."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.repair.check_tasks import (
    KINDS,
    TASKS_DIR,
    PytestWorker,
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


@pytest.fixture(scope="module")
def pytest_worker() -> Iterator[PytestWorker]:
    """One forking pytest worker for all the task checks of this module in one process (xdist
    worker): each run forks from a parent that never imported a task's module. The runs' CPU
    reaches this process when the worker stops, so bench/test_cpu counts it all in the
    module's last test (the file's figure is right, the per-test ones are not)."""
    with PytestWorker() as worker:
        yield worker


@pytest.mark.parametrize("task_dir", TASK_DIRS, ids=[p.name for p in TASK_DIRS])
def test_task_fails_buggy_and_passes_fixed(
    task_dir: Path, tmp_path: Path, pytest_worker: PytestWorker
) -> None:
    task = load_task(task_dir)
    assert check_task(task, tmp_path, pytest_worker) == []


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


def test_check_tasks_cli_checks_the_named_tasks() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bench.repair.check_tasks", "discount_pricing", "account_ledger"],
        cwd=Path(__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "ok account_ledger " in proc.stdout and "ok discount_pricing " in proc.stdout
    assert "2 ok, 0 with problems, 2 tasks checked" in proc.stdout


# ------------------------------------------------------------------------- the shared pytest worker


def tiny_repo(root: Path, name: str, files: dict[str, str]) -> Path:
    """A task-like project: an empty conftest.py plus the given files."""
    repo = root / name
    for relative, text in {"conftest.py": "", **files}.items():
        path = repo / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return repo


def one_test_module(imports: str, statement: str) -> str:
    """A test module: the imports, then one test whose only statement is `statement`."""
    return f"{imports}\n\n\ndef test_it():\n    {statement}\n"


OWN_CALENDAR_TEST = one_test_module("import calendar", "assert getattr(calendar, 'MARK', None) == 'repo'")


def same_named_module_repo(root: Path, name: str, value: str) -> Path:
    """helper.py says `value`; the test passes only if it imports this repo's helper, runs in this
    repo and sees nothing a run of another repo left behind."""
    return tiny_repo(
        root,
        name,
        {
            "helper.py": f"VALUE = {value!r}\n",
            "tests/test_helper.py": (
                "import os\nimport sys\n\nimport helper\n\n\n"
                "def test_own_module_and_directory():\n"
                f"    assert helper.VALUE == {value!r}\n"
                f"    assert os.path.basename(os.getcwd()) == {name!r}\n"
                "    assert 'LEFT_BEHIND' not in os.environ\n"
                "    assert 'left_behind' not in sys.modules\n"
                "    os.environ['LEFT_BEHIND'] = '1'\n"
                "    sys.modules['left_behind'] = sys.modules['helper']\n"
            ),
        },
    )


def test_shared_worker_runs_each_repo_in_its_own_directory_with_its_own_modules(tmp_path: Path) -> None:
    first = same_named_module_repo(tmp_path, "first", "one")
    second = same_named_module_repo(tmp_path, "second", "two")
    with PytestWorker() as worker:
        runs = [worker.run(repo, ["-q"]) for repo in (first, second, first)]
    for run in runs:
        assert run is not None
        assert (run.returncode, run.count("passed")) == (0, 1), run.output


def test_a_failure_in_a_shared_worker_run_is_reported_with_its_source(tmp_path: Path) -> None:
    """pytest finds a failing line's module and source through inspect, whose caches the worker
    fills before forking: a fork must still find the module it imported itself."""
    repo = tiny_repo(
        tmp_path,
        "fails",
        {
            "helper.py": "def double(x):\n    return x + 3\n",
            "tests/test_double.py": one_test_module("from helper import double", "assert double(2) == 4"),
        },
    )
    with PytestWorker() as worker:
        run = worker.run(repo, ["-q"])
    assert run is not None and (run.returncode, run.count("failed")) == (1, 1), run.output
    assert ">       assert double(2) == 4" in run.output
    assert "assert 5 == 4" in run.output
    assert "tests/test_double.py:5: AssertionError" in run.output


def test_shared_worker_outlives_a_task_that_hangs_crashes_or_kills_it(tmp_path: Path) -> None:
    good = same_named_module_repo(tmp_path, "good", "fine")
    hangs = tiny_repo(
        tmp_path, "hangs", {"tests/test_it.py": one_test_module("import time", "time.sleep(600)")}
    )
    crash = "os.kill(os.getpid(), signal.SIGKILL)"
    crashes = tiny_repo(
        tmp_path, "crashes", {"tests/test_it.py": one_test_module("import os, signal", crash)}
    )
    kill = "os.kill(os.getppid(), signal.SIGKILL)"  # the fork's parent: the worker
    kills_worker = tiny_repo(
        tmp_path, "kills_worker", {"tests/test_it.py": one_test_module("import os, signal", kill)}
    )
    with PytestWorker(timeout=3.0) as worker:
        hung = worker.run(hangs, ["-q"])
        assert hung is not None and hung.returncode is None
        after_hang = worker.run(good, ["-q"])
        assert after_hang is not None and after_hang.returncode == 0, after_hang.output
        crashed = worker.run(crashes, ["-q"])
        assert crashed is not None and crashed.returncode == -9
        after_crash = worker.run(good, ["-q"])
        assert after_crash is not None and after_crash.returncode == 0, after_crash.output
        with pytest.raises(RuntimeError, match="stopped answering"):
            worker.run(kills_worker, ["-q"])
        after_kill = worker.run(good, ["-q"])  # a new worker
        assert after_kill is not None and after_kill.returncode == 0, after_kill.output


def test_a_repo_module_named_like_one_the_worker_imported_is_not_run_in_a_fork(tmp_path: Path) -> None:
    """A fresh `python -m pytest` imports the repo's calendar.py (the working directory comes
    first on sys.path), a fork of the worker would get the standard library's: the worker
    refuses, and check_task's runs fall back to a fresh interpreter."""
    files = {"calendar.py": "MARK = 'repo'\n", "tests/test_calendar.py": OWN_CALENDAR_TEST}
    repo = tiny_repo(tmp_path, "shadows", files)
    with PytestWorker() as worker:
        assert worker.run(repo, ["-q"]) is None
        plain = same_named_module_repo(tmp_path, "plain", "x")
        run = worker.run(plain, ["-q"])
        assert run is not None and run.returncode == 0, run.output


def test_check_task_falls_back_to_a_fresh_interpreter_for_a_shadowing_repo(
    task_copy: Path, tmp_path: Path
) -> None:
    (task_copy / "repo" / "calendar.py").write_text("MARK = 'repo'\n")
    (task_copy / "repo" / "tests" / "test_calendar.py").write_text(OWN_CALENDAR_TEST)
    with PytestWorker() as worker:
        assert check_task(load_task(task_copy), tmp_path / "shared", worker) == []
    assert check_task(load_task(task_copy), tmp_path / "own") == []
