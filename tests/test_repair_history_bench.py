"""The history benchmark's own logic (bench/repair/history/): the task data, the split and
its refusal of holdout ids, reading run logs, the figures in repair.json, and mining and
judging on a tiny project made here as a real git repository (real pytest runs with this
interpreter). No network, no fetched code, no model."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

import pytest

import bench.fidelity.projects as fidelity_projects
import bench.repair.history.projects as history_projects
from bench.fidelity.projects import Project
from bench.repair.history import cli, gitdata, human_review, judge, mine, results, run, runlog
from bench.repair.history.projects import (
    EXCLUDED,
    PROJECT_SETS,
    HistoryProject,
    ProjectSet,
    load_history_projects,
    load_independent_projects,
)
from bench.repair.history.tasks import (
    TASKS_FILE,
    HistoryTask,
    TaskDataError,
    load_tasks,
    select,
    split_listing,
    task_id,
)
from bench.repair.split import half_of
from tests.helpers import git

ROOT = Path(__file__).resolve().parents[1]
SHA_A = "a" * 40
SHA_B = "b" * 40


def task_data(**overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": task_id("demo", SHA_A),
        "project": "demo",
        "commit": SHA_A,
        "parent": SHA_B,
        "test_files": ["tests/test_calc.py"],
        "test_changes": [{"status": "M", "path": "tests/test_calc.py"}],
        "failing": ["tests/test_calc.py::test_clamp"],
        "passing_at_fix": 3,
        "source_files": ["calc.py"],
        "diff": {"files": 1, "hunks": 1, "added": 1, "removed": 1},
        "size": "one-line",
    }
    data.update(overrides)
    return data


def write_tasks(tmp_path: Path, tasks: list[dict[str, Any]]) -> Path:
    import yaml

    path = tmp_path / "tasks.yaml"
    path.write_text(yaml.safe_dump({"tasks": tasks}), encoding="utf-8")
    return path


def ids_of_half(half: str, count: int) -> list[str]:
    """Task ids (demo-<10 hex>) that hash into `half`."""
    found = []
    for n in range(1000):
        commit = f"{n:010x}" + "0" * 30
        if half_of(task_id("demo", commit)) == half:
            found.append(commit)
        if len(found) == count:
            return found
    raise AssertionError("no ids")


# -------------------------------------------------------------------------------- task data


def test_the_committed_tasks_are_60_or_more_from_10_projects_or_more_none_reserved() -> None:
    tasks = load_tasks()
    assert len(tasks) >= 60
    assert len({t.project for t in tasks}) >= 10
    names = {p.name for p in load_history_projects()}
    assert {t.project for t in tasks} <= names
    assert not [t for t in tasks if t.project.lower() in EXCLUDED]
    assert {t.half for t in tasks} == {"development", "holdout"}
    # data only: the file holds no source text (no line of code, no diff)
    text = TASKS_FILE.read_text(encoding="utf-8")
    assert "def " not in text and "@@ " not in text and "import " not in text


def test_a_valid_task_file_loads(tmp_path: Path) -> None:
    [task] = load_tasks(write_tasks(tmp_path, [task_data()]))
    assert task.one_line and task.half == half_of(task.id)
    assert task.failing == ("tests/test_calc.py::test_clamp",)


@pytest.mark.parametrize(
    ("overrides", "words"),
    [
        ({"commit": "abc"}, "commit"),
        ({"failing": []}, "failing"),
        ({"size": "tiny"}, "size"),
        ({"source": "def f(): pass"}, "source"),  # no other key, no source text
        ({"id": task_id("demo", SHA_B)}, "the id must be"),
    ],
)
def test_a_bad_task_is_one_line_naming_the_file_task_and_key(
    tmp_path: Path, overrides: dict[str, Any], words: str
) -> None:
    path = write_tasks(tmp_path, [task_data(**overrides)])
    with pytest.raises(TaskDataError) as caught:
        load_tasks(path)
    message = str(caught.value)
    assert str(path) in message and "tasks[0]" in message and words in message
    assert "\n" not in message


def test_an_id_twice_and_a_file_that_is_not_a_task_list_are_refused(tmp_path: Path) -> None:
    with pytest.raises(TaskDataError, match="used twice"):
        load_tasks(write_tasks(tmp_path, [task_data(), task_data()]))
    (tmp_path / "tasks.yaml").write_text("- 1\n", encoding="utf-8")
    with pytest.raises(TaskDataError, match="a `tasks` list"):
        load_tasks(tmp_path / "tasks.yaml")
    with pytest.raises(TaskDataError, match="cannot be read"):
        load_tasks(tmp_path / "missing.yaml")


# ------------------------------------------------------------------------------------ split


def make_tasks(half: str, count: int) -> list[HistoryTask]:
    return [
        HistoryTask.model_validate(task_data(id=task_id("demo", c), commit=c))
        for c in ids_of_half(half, count)
    ]


def test_the_split_is_the_repair_benchmarks_hash_of_the_id() -> None:
    tasks = make_tasks("development", 3) + make_tasks("holdout", 2)
    assert [t.half for t in tasks] == ["development"] * 3 + ["holdout"] * 2
    assert select(tasks, "development") == tasks[:3]
    assert select(tasks, "holdout", holdout=True) == tasks[3:]
    listing = split_listing(tasks)
    assert "development 3" in listing and "holdout 2" in listing
    assert tasks[3].id not in listing  # the listing names development ids only


def test_holdout_tasks_are_refused_unless_the_holdout_run_is_asked_for() -> None:
    tasks = make_tasks("development", 2) + make_tasks("holdout", 2)
    with pytest.raises(TaskDataError, match="--holdout"):
        select(tasks, "holdout")
    with pytest.raises(TaskDataError, match="holdout task"):
        select(tasks, "development", [tasks[0].id, tasks[2].id])
    with pytest.raises(TaskDataError, match="not in the holdout half"):
        select(tasks, "holdout", [tasks[0].id], holdout=True)
    with pytest.raises(TaskDataError, match="unknown"):
        select(tasks, "development", ["demo-ffffffffff"])
    assert select(tasks, "holdout", [tasks[3].id], holdout=True) == [tasks[3]]


def test_the_command_refuses_a_holdout_id_with_exit_2_and_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    held = next(t for t in load_tasks() if t.half == "holdout")
    assert cli.main(["run", "--mode", "search", held.id]) == 2
    err = capsys.readouterr().err.strip()
    assert held.id in err and "holdout" in err and len(err.splitlines()) == 1
    assert cli.main(["run", "--mode", "search", "nosuch-0123456789"]) == 2


# ------------------------------------------------------------------------------------- git


def test_paths_diff_sizes_and_changed_functions() -> None:
    assert gitdata.is_test_path("tests/data/x.txt") and gitdata.is_test_path("pkg/tests/test_a.py")
    assert gitdata.is_test_path("test_functools.py") and gitdata.is_test_path("conftest.py")
    assert not gitdata.is_test_module("tests/conftest.py") and gitdata.is_test_module("tests/test_a.py")
    assert gitdata.is_source_path("src/pkg/mod.py") and not gitdata.is_source_path("docs/conf.py")
    assert not gitdata.is_source_path("setup.py") and not gitdata.is_source_path("README.rst")
    one = gitdata.count_hunks("diff --git a/m.py b/m.py\n@@ -3 +3 @@ def f():\n-  a\n+  b\n")
    assert (one.files, one.hunks, one.added, one.removed, one.size) == (1, 1, 1, 1, "one-line")
    hunk = gitdata.count_hunks("diff --git a/m.py b/m.py\n@@ -3,2 +3,4 @@\n")
    assert hunk.size == "one-hunk" and (hunk.added, hunk.removed) == (4, 2)
    added = gitdata.count_hunks("diff --git a/m.py b/m.py\n@@ -3,0 +4 @@\n@@ -9 +10,0 @@\n")
    assert added.size == "multi-hunk" and (added.added, added.removed) == (1, 1)
    before = "def f():\n    return 1\n\nclass C:\n    def m(self):\n        return 2\n"
    after = "def f():\n    return 1\n\nclass C:\n    def m(self):\n        return 3\n\ndef g():\n    pass\n"
    assert gitdata.changed_functions(before, after) == ["C.m", "g"]
    assert gitdata.changed_functions(before, "not python (") == []


def test_the_lines_a_fix_touches_on_its_parent_and_where_localisation_ranked_them() -> None:
    diff = (
        "diff --git a/pkg/m.py b/pkg/m.py\n--- a/pkg/m.py\n+++ b/pkg/m.py\n"
        "@@ -3 +3 @@ def f():\n-a\n+b\n@@ -10,0 +11,2 @@\n+c\n+d\n"
        "diff --git a/new.py b/new.py\n--- /dev/null\n+++ b/new.py\n@@ -0,0 +1 @@\n+x\n"
    )
    ranges = gitdata.hunk_ranges(diff)
    assert ranges == {"pkg/m.py": [(3, 3), (10, 11)]}
    assert gitdata.fault_rank([("pkg/m.py", 7), ("pkg/m.py", 11)], ranges) == 2
    assert gitdata.fault_rank([("pkg/other.py", 3)], ranges) is None


# --------------------------------------------------------------------------------- run logs


def test_reading_a_run_log_labels_repair_figures_and_the_baseline() -> None:
    records: list[dict[str, Any]] = [
        {"type": "run_started", "ts": "2026-01-01T00:00:00+00:00", "data": {"run_id": "r1"}},
        {"type": "baseline", "data": {"failing": ["tests/test_calc.py::test_clamp"]}},
        {"type": "repair", "data": {"tried": 12, "planned": 40, "fixed": {"path": "calc.py", "line": 3}}},
        {"type": "repair_review", "data": {"label": "needs_review", "findings": [{"rule": "constant"}]}},
        {
            "type": "run_finished",
            "ts": "2026-01-01T00:01:00+00:00",
            "data": {"outcome": "approved_needs_review", "exit_code": 11, "branch": "b", "commits": ["c"]},
        },
    ]
    facts = runlog.read_run(records)
    assert facts.fixed and facts.label == "needs_review" and facts.findings == [{"rule": "constant"}]
    assert facts.repair is not None and facts.repair["tried"] == 12
    assert facts.summary.baseline_failing == ["tests/test_calc.py::test_clamp"]
    assert facts.summary.log_seconds == 60.0


def test_a_log_without_labels_gives_none_and_the_outcome_alone_can_say_needs_review() -> None:
    finished = {"type": "run_finished", "data": {"outcome": "approved", "exit_code": 0, "commits": ["c"]}}
    assert runlog.read_run([finished]).label is None
    assert runlog.read_run([finished]).fixed
    labelled = {"type": "run_finished", "data": {"outcome": "approved_needs_review", "commits": ["c"]}}
    assert runlog.read_run([labelled]).label == "needs_review"
    in_repair = {"type": "repair", "data": {"review": {"label": "verified", "findings": []}}}
    assert runlog.read_run([in_repair, finished]).label == "verified"
    ended = {"type": "run_finished", "data": {"outcome": "environment_error", "exit_code": 10}}
    facts = runlog.read_run([{"type": "triage", "data": {"line": "module 'x' is not installed"}}, ended])
    assert not facts.fixed and facts.summary.environment_error and facts.triage is not None


def test_baseline_named_needs_every_failing_test_of_the_task() -> None:
    task = HistoryTask.model_validate(task_data(failing=["t.py::test_a", "t.py::test_b[1]"]))
    assert run.baseline_named(task, ["t.py::test_a", "t.py::test_b[1]", "t.py::test_c"])
    assert not run.baseline_named(task, ["t.py::test_a"])


# ---------------------------------------------------------------------------------- figures


def record(
    task: str, *, fixed: bool, right: bool | None, label: str | None, wall: float, **more: Any
) -> dict[str, Any]:
    return {
        "task": task, "project": "demo", "half": "development", "size": "one-line", "mode": "loop",
        "fixed": fixed, "right": right, "label": label, "wall_s": wall, "error": None, **more,
    }  # fmt: skip


def test_figures_merge_into_repair_json_without_touching_other_sections(tmp_path: Path) -> None:
    out = tmp_path / "repair.json"
    other = {"development": {"ours": {"fixed": 1}}, "labels": {"development": {"verified": 7}}}
    out.write_text(json.dumps(other), encoding="utf-8")
    first = [
        record("demo-1", fixed=True, right=True, label="verified", wall=10.0),
        record("demo-2", fixed=True, right=False, label="needs_review", wall=30.0),
        record("demo-3", fixed=False, right=None, label=None, wall=100.0),
    ]
    results.write_results(out, "loop", "development", first, "python -m bench.repair.history run")
    again = [record("demo-3", fixed=True, right=False, label="verified", wall=20.0)]
    results.write_results(out, "loop", "development", again, "python -m bench.repair.history run demo-3")
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["development"] == other["development"]
    assert data["labels"]["development"] == {"verified": 7}
    dev = data["history"]["development"]
    assert (dev["tasks"], dev["fixed"], dev["right"], dev["wrong"]) == (3, 3, 1, 2)
    assert dev["wall_s_median_fixed"] == 20.0 and dev["give_up_s_median"] is None
    assert dev["by_size"]["one-line"]["fixed"] == 3
    assert data["labels"]["history_development"] == {
        "verified": 2, "verified_wrong": 1, "wrong": 2, "wrong_labelled": 1, "right": 1,
        "right_labelled": 0, "unlabelled_fixed": 0, "mode": "loop", "tasks": 3,
    }  # fmt: skip
    # The first command measured demo-1 and demo-2: a re-run of demo-3 does not hide it.
    assert data["history"]["commands"]["loop_development"] == [
        "python -m bench.repair.history run",
        "python -m bench.repair.history run demo-3",
    ]
    results.write_results(out, "search", "development", again, "search")
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["history"]["search_only"]["development"]["tasks"] == 1
    assert data["history"]["development"]["tasks"] == 3


# ------------------------------------------------------------ mining and judging a tiny project

CALC_PARENT = "def clamp(value, low, high):\n    if value < low:\n        return low\n    return value\n"
CALC_FIX = (
    "def clamp(value, low, high):\n    if value < low:\n        return low\n"
    "    if value > high:\n        return high\n    return value\n"
)
TEST_PARENT = "from calc import clamp\n\n\ndef test_low():\n    assert clamp(-5, 0, 10) == 0\n"
TEST_FIX = (
    TEST_PARENT + "\n\ndef test_high():\n    assert clamp(50, 0, 10) == 10\n    assert clamp(5, 0, 10) == 5\n"
)
# Passes C's tests, but only for the tests' own input.
CALC_OVERFIT = (
    "def clamp(value, low, high):\n    if value < low:\n        return low\n"
    "    if value == 50:\n        return 10\n    return value\n"
)


def make_project(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    venv: Path,
    parent: tuple[str, str],
    fix: tuple[str, str],
    others: dict[str, str] | None = None,
    fix_others: dict[str, str] | None = None,
) -> tuple[HistoryProject, str]:
    """A project `demo/calc` with two commits, each (calc.py, tests/test_calc.py): `parent`
    and `fix` on top of it, the parent with the `others` files too and the fix with
    `fix_others` changed; its mirror a bare clone, its venv `venv` (the `project_venv`
    fixture: this Python with pytest); (project, the fix's sha)."""
    work = tmp_path / "work"
    (work / "tests").mkdir(parents=True)
    for name, text in (others or {}).items():
        (work / name).write_text(text, encoding="utf-8")
    for files, message in ((parent, "clamp: the low end"), (fix, "Fix clamp above the high end")):
        (work / "calc.py").write_text(files[0], encoding="utf-8")
        (work / "tests" / "test_calc.py").write_text(files[1], encoding="utf-8")
        if message == "clamp: the low end":
            git("init", "-q", "-b", "main", cwd=work)
        else:
            for name, text in (fix_others or {}).items():
                (work / name).write_text(text, encoding="utf-8")
        git("add", "-A", cwd=work)
        git("commit", "-q", "-m", message, cwd=work)
    sha = git("rev-parse", "HEAD", cwd=work)
    mirrors, home = tmp_path / "mirrors", tmp_path / "home"
    git("clone", "-q", "--bare", str(work), str(mirrors / "demo+calc" / "repo"), cwd=tmp_path)
    (home / "calc").mkdir(parents=True)
    (home / "calc" / "venv").symlink_to(venv)
    git("clone", "-q", str(work), str(home / "calc" / "repo"), cwd=tmp_path)
    monkeypatch.setattr(history_projects, "MIRRORS", mirrors)
    monkeypatch.setattr(fidelity_projects, "HOME", home)
    monkeypatch.setattr(mine, "WORK", tmp_path / "history")
    fidelity = Project(
        name="calc", repo="demo/calc", commit=sha, layout="flat", features=("flat-layout",),
        test_command="python -m pytest",
    )  # fmt: skip
    return HistoryProject(fidelity=fidelity), sha


def mined_task(project: HistoryProject) -> HistoryTask:
    [(candidate, _small)] = mine.candidates(project, 10)
    verdict = mine.judge_candidate(project, candidate)
    assert verdict.status == "kept", verdict.reason
    return HistoryTask.model_validate(verdict.task)


@pytest.fixture
def tiny(
    tmp_path: Path, git_identity: None, monkeypatch: pytest.MonkeyPatch, project_venv: Path
) -> tuple[HistoryProject, str]:
    """The fix adds clamp's high end and its test."""
    return make_project(tmp_path, monkeypatch, project_venv, (CALC_PARENT, TEST_PARENT), (CALC_FIX, TEST_FIX))


def test_mining_keeps_a_fix_whose_tests_fail_on_its_parent_and_pass_at_it(
    tiny: tuple[HistoryProject, str],
) -> None:
    project, fix = tiny
    [(candidate, small)] = mine.candidates(project, 10)
    assert small and candidate.modules == ["tests/test_calc.py"] and candidate.sources == ["calc.py"]
    verdict = mine.judge_candidate(project, candidate)
    assert verdict.status == "kept", verdict.reason
    task = HistoryTask.model_validate(verdict.task)
    assert task.commit == fix and task.failing == ("tests/test_calc.py::test_high",)
    assert task.size == "one-hunk" and (task.diff.added, task.diff.removed) == (2, 0)
    assert [f.name for f in task.functions] == ["clamp"] and task.passing_at_fix == 2
    mine.save(project, verdict)
    assert mine.cached(project, fix) == verdict


def test_a_fix_is_right_when_the_tests_pass_and_it_agrees_with_c_and_wrong_otherwise(
    tiny: tuple[HistoryProject, str], tmp_path: Path
) -> None:
    project, _fix = tiny
    task = mined_task(project)
    workdir = tmp_path / "runs" / task.id
    repo, base = run.lay_task(project, task, workdir)
    assert git("rev-list", "--count", "HEAD", cwd=repo) == "1"  # no history: the fix is not reachable
    assert (repo / "calc.py").read_text(encoding="utf-8") == CALC_PARENT
    assert (repo / "tests" / "test_calc.py").read_text(encoding="utf-8") == TEST_FIX
    assert git("ls-remote", str(workdir / "remote.git"), "main", cwd=tmp_path).startswith(base)

    def judged(content: str, branch: str) -> run.HistoryRecord:
        git("checkout", "-q", "-b", branch, base, cwd=repo)
        (repo / "calc.py").write_text(content, encoding="utf-8")
        (repo / "tests" / "test_calc.py").write_text("def test_nothing():\n    pass\n", encoding="utf-8")
        git("commit", "-q", "-a", "-m", branch, cwd=repo)
        record = run.HistoryRecord(task.id, task.project, task.half, task.size, "loop")
        run.judge_into(record, project, task, repo, "HEAD", workdir)
        git("checkout", "-q", "main", cwd=repo)
        return record

    right = judged(CALC_FIX.replace("return high", "return  high"), "right")
    assert right.right is True and right.judgement is not None
    assert right.judgement["differential"]["available"] and right.judgement["differential"]["agreed"]
    assert right.fix is not None and right.fix["test_files_changed"] == ["tests/test_calc.py"]
    overfit = judged(CALC_OVERFIT, "overfit")
    assert overfit.right is False and overfit.judgement is not None
    assert overfit.judgement["tests_pass"] and not overfit.judgement["differential"]["agreed"]
    failing = judged(CALC_PARENT, "unchanged")
    assert failing.right is False and failing.judgement is not None
    assert failing.judgement["failing"] == ["tests/test_calc.py::test_high"]


def test_a_collection_error_on_a_third_party_module_is_a_venv_that_does_not_fit(tmp_path: Path) -> None:
    (tmp_path / "src" / "pkg").mkdir(parents=True)
    assert mine.not_installed("ModuleNotFoundError: No module named 'sh'", tmp_path)
    assert not mine.not_installed("ModuleNotFoundError: No module named 'pkg.cli'", tmp_path)
    assert not mine.not_installed("ImportError: cannot import name 'x' from 'pkg'", tmp_path)


def test_why_a_run_missed_first_cause_first_and_the_report_recomputes_from_records(tmp_path: Path) -> None:
    ranked = {"fault_rank": 2, "error": "time budget of 85s spent", "fixed": None}
    assert results.miss_reason({"environment_error": True, "baseline_named": False}) == "environment error"
    assert results.miss_reason({"baseline_named": False}).startswith("baseline did not name")
    assert results.miss_reason({"baseline_named": True}) == "no search ran"
    assert (
        results.miss_reason({"repair": {**ranked, "fault_rank": None}})
        == "C's lines not among the ranked lines"
    )
    assert "budget spent" in results.miss_reason({"repair": ranked})
    # A search that ran is judged by its own causes: the baseline's naming comes after them
    # (a test command with --maxfail=1 names one failing test, and the search still runs).
    assert "budget spent" in results.miss_reason({"baseline_named": False, "repair": ranked})
    assert results.miss_reason({"baseline_named": False, "repair": {**ranked, "fault_rank": None}}) == (
        "C's lines not among the ranked lines"
    )
    assert (
        results.miss_reason({"repair": {**ranked, "error": None}}) == "C's lines ranked, no candidate passed"
    )
    out = tmp_path / "repair.json"
    missed = record(
        "demo-1", fixed=False, right=None, label=None, wall=90.0, repair=ranked, baseline_named=True
    )
    fixed = record(
        "demo-2", fixed=True, right=True, label="verified", wall=12.0, repair={**ranked, "fault_rank": 1}
    )
    out.write_text(json.dumps({"history": {"development": {"per_task": [missed, fixed]}}}), encoding="utf-8")
    history = results.refresh(out)
    dev = history["development"]
    assert dev["misses"] == {"C's lines ranked, time budget spent before a candidate passed": 1}
    assert dev["fault_ranked"] == {"searches": 2, "top_1": 1, "top_10": 2, "ranked": 2}
    assert json.loads(out.read_text(encoding="utf-8"))["labels"]["history_development"]["verified"] == 1
    text = results.table(history)
    assert "loop development: 1/2 fixed (1 right, 0 wrong)" in text and "one-line" in text


def test_mining_drops_a_commit_whose_new_tests_already_pass_on_its_parent(
    tmp_path: Path, git_identity: None, monkeypatch: pytest.MonkeyPatch, project_venv: Path
) -> None:
    more_tests = TEST_PARENT + "\n\ndef test_inside():\n    assert clamp(5, 0, 10) == 5\n"
    refactor = CALC_PARENT.replace("return value", "result = value\n    return result")
    project, _sha = make_project(
        tmp_path, monkeypatch, project_venv, (CALC_PARENT, TEST_PARENT), (refactor, more_tests)
    )
    [(candidate, _small)] = mine.candidates(project, 10)
    verdict = mine.judge_candidate(project, candidate)
    assert verdict.status == "parent_passes" and verdict.task is None


# The parent returns the low end above the high end; C returns the high end (one line).
CALC_SLIP = CALC_FIX.replace("        return high", "        return low")


def test_the_search_mode_fixes_a_one_line_slip_in_the_projects_interpreter_labels_and_judges_it(
    tmp_path: Path, git_identity: None, monkeypatch: pytest.MonkeyPatch, project_venv: Path
) -> None:
    project, _sha = make_project(
        tmp_path, monkeypatch, project_venv, (CALC_SLIP, TEST_PARENT), (CALC_FIX, TEST_FIX)
    )
    task = mined_task(project)
    assert task.size == "one-line" and task.failing == ("tests/test_calc.py::test_high",)
    monkeypatch.setattr(run, "WORK", tmp_path)
    record = run.run_search(project, task, tmp_path / "runs" / "search" / task.id, budget_s=60)
    assert record.fixed and record.repair is not None and record.repair["fixed"]["path"] == "calc.py"
    assert record.repair["budget_s"] is not None and record.repair["budget_s"] <= 60
    assert record.label in runlog.LABELS and isinstance(record.findings, list)
    assert record.right is True and record.judgement is not None and record.judgement["tests_pass"]
    assert record.judgement["suite"]["available"] and record.judgement["suite"]["regressions"] == []
    assert record.baseline_named is True and record.repair["fault_rank"] in (1, 2)  # the if, its return
    # `judge` judges the kept fix again from the task's repository and replaces the record.
    out = tmp_path / "repair.json"
    stale = {**record.as_dict(), "right": False, "judgement": None}
    results.write_results(out, "search", task.half, [stale], "run")
    # this task and project, not the data files
    monkeypatch.setattr(run, "load_tasks", lambda *_: [task])
    monkeypatch.setattr(ProjectSet, "projects", lambda self: [project])
    args = argparse.Namespace(ids=[], mode="search", holdout=task.half == "holdout", out=out)
    assert run.judge_command(args) == 0
    [again] = results.section_records(out, "search", task.half)
    assert again["right"] is True and again["judgement"]["suite"]["ran"] == 2
    history = json.loads(out.read_text(encoding="utf-8"))["history"]
    assert history["commands"]["search_" + task.half] == ["run"]
    (judged_by,) = history["commands"]["judge_search_" + task.half]
    assert judged_by.startswith("python -m bench.repair.history judge")


# Passes C's test files, but breaks a test of C's suite that C passes (negative ranges).
CALC_REGRESS = CALC_FIX.replace("    return value\n", "    return max(value, 0)\n")
TEST_OTHER = (
    "from calc import clamp\n\n\ndef test_negative_range():\n    assert clamp(-1, -5, 5) == -1\n\n\n"
    "def test_fails_at_c_too():\n    assert clamp(1, 0, 2) == 2\n"
)


def test_a_fix_that_breaks_a_test_of_cs_suite_that_c_passes_is_wrong(
    tmp_path: Path, git_identity: None, monkeypatch: pytest.MonkeyPatch, project_venv: Path
) -> None:
    others = {"tests/test_other.py": TEST_OTHER}
    project, _sha = make_project(
        tmp_path, monkeypatch, project_venv, (CALC_PARENT, TEST_PARENT), (CALC_FIX, TEST_FIX), others
    )
    task = mined_task(project)
    workdir = tmp_path / "runs" / task.id
    repo, base = run.lay_task(project, task, workdir)
    verdicts = {}
    records: list[dict[str, Any]] = []
    elsewhere = CALC_PARENT.replace("\n", "\n    if value > high:\n        return high\n", 1)
    variants = [("regress", CALC_REGRESS), ("right", CALC_FIX), ("elsewhere", elsewhere)]
    for name, content in variants:
        git("checkout", "-q", "-b", name, base, cwd=repo)
        (repo / "calc.py").write_text(content, encoding="utf-8")
        git("commit", "-q", "-a", "-m", name, cwd=repo)
        record = run.HistoryRecord(task.id, task.project, task.half, task.size, "search")
        run.judge_into(record, project, task, repo, name, workdir)
        assert record.judgement is not None and record.judgement["tests_pass"]  # C's test files pass
        assert record.fix is not None
        verdicts[name] = (record.right, record.judgement["suite"], record.fix["at_c_lines"])
        records.append(record.as_dict())
    right, suite, at_c = verdicts["right"]
    assert right is True and suite["regressions"] == [] and suite["failing_at_c"] == 1 and at_c
    wrong, suite, at_c = verdicts["regress"]
    assert wrong is False and suite["regressions"] == ["tests/test_other.py::test_negative_range"]
    # The same behaviour, its guard above the low end's instead of below: right, elsewhere.
    right, suite, at_c = verdicts["elsewhere"]
    assert right is True and suite["regressions"] == [] and at_c is False
    summary = results.summarize([{**r, "fixed": True, "error": None} for r in records])
    assert (summary["right"], summary["wrong"], summary["right_elsewhere"]) == (2, 1, 1)


def test_the_review_of_the_human_fixes_names_a_data_file_and_not_a_changelog_entry(
    tmp_path: Path, git_identity: None, monkeypatch: pytest.MonkeyPatch, project_venv: Path
) -> None:
    """`review`: the branch review on C's own change, over what a run may change (not C's
    tests). A changelog entry is prose; the data file beside the code is named."""
    others = {"CHANGELOG.md": "# Changes\n", "limits.json": '{"high": 5}\n'}
    fix_others = {
        "CHANGELOG.md": "# Changes\n\n- clamp() clamps the high end.\n",
        "limits.json": '{"high": 6}\n',
    }
    project, _sha = make_project(
        tmp_path,
        monkeypatch,
        project_venv,
        (CALC_PARENT, TEST_PARENT),
        (CALC_FIX, TEST_FIX),
        others,
        fix_others,
    )
    task = mined_task(project)
    assert sorted(task.other_files) == ["CHANGELOG.md", "limits.json"]
    review = human_review.review_fix(project, task)
    assert [f.text() for f in review.findings] == [
        "limits.json changed; it is not Python, and the review read nothing in it"
    ]
    summary = human_review.summarize([(task, review)])
    assert (summary["fixes"], summary["labelled"], summary["findings"]) == (1, 1, {"not_reviewed": 1})
    assert summary["projects"] == {"calc": {"fixes": 1, "labelled": 1}}
    out = tmp_path / "repair.json"
    out.write_text(json.dumps({"history": {"development": {"kept": 1}}, "tasks": 2}))
    human_review.write_summary(out, summary)
    data = json.loads(out.read_text())
    assert data["tasks"] == 2 and data["history"]["development"] == {"kept": 1}
    assert data["history"]["human_fixes_review"]["labels"] == {task.id: [review.findings[0].text()]}


def test_a_suite_that_runs_far_longer_on_the_fixed_tree_than_on_cs_is_a_hang(
    tiny: tuple[HistoryProject, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project, _fix = tiny
    trees = {}
    for name, body in (("reference", "pass"), ("fixed", "time.sleep(60)")):
        tree = tmp_path / name
        (tree / "tests").mkdir(parents=True)
        (tree / "tests" / "test_wait.py").write_text(f"import time\n\n\ndef test_wait():\n    {body}\n")
        trees[name] = tree
    monkeypatch.setattr(judge, "HANG_MIN_S", 5.0)
    suite = judge.suite_check(project, trees["fixed"], trees["reference"])
    # The limit is five times C's run, at least HANG_MIN_S: under load C's run can take
    # over a second, so the limit named is 5 s or a little more, never the 60 s sleep.
    assert suite["available"] and len(suite["regressions"]) == 1
    limit = re.fullmatch(r"<the suite did not end in (\d+)s>", suite["regressions"][0])
    assert limit is not None and 5 <= int(limit.group(1)) < 60
    assert judge.suite_check(project, trees["reference"], trees["reference"])["regressions"] == []


def test_fixes_judged_right_that_no_differential_check_and_none_of_cs_lines_back_are_named(
    tmp_path: Path,
) -> None:
    def judged(task: str, *, at_c: bool, differential: bool, suite: bool = True) -> dict[str, Any]:
        judgement = {"differential": {"available": differential}, "suite": {"available": suite}}
        return record(
            task, fixed=True, right=True, label="verified", wall=5.0,
            fix={"at_c_lines": at_c}, judgement=judgement,
        )  # fmt: skip

    records = [
        judged("demo-1", at_c=False, differential=False),  # only the tests vouch for it
        judged("demo-2", at_c=False, differential=True),
        judged("demo-3", at_c=True, differential=False, suite=False),
        {**judged("demo-4", at_c=False, differential=False), "right": False},
        record("demo-5", fixed=False, right=None, label=None, wall=30.0),
    ]
    summary = results.summarize(records)
    assert summary["right_elsewhere"] == 2 and summary["right_unchecked"] == ["demo-1"]
    assert summary["judged_without_suite"] == 1
    out = tmp_path / "repair.json"
    results.write_results(out, "search", "independent", records, "run --set independent")
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["history"]["search_only"]["independent"]["right_unchecked"] == ["demo-1"]
    assert data["labels"]["history_independent"]["verified"] == 4


def test_label_counts_come_from_the_mode_that_ran_more_of_the_half(tmp_path: Path) -> None:
    out = tmp_path / "repair.json"
    searched = [
        {**record("demo-1", fixed=True, right=False, label="needs_review", wall=5.0), "mode": "search"},
        {**record("demo-2", fixed=True, right=True, label="verified", wall=6.0), "mode": "search"},
        {**record("demo-3", fixed=False, right=None, label=None, wall=30.0), "mode": "search"},
    ]
    results.write_results(out, "search", "holdout", searched, "search all")
    looped = [record("demo-2", fixed=True, right=False, label="verified", wall=60.0)]
    results.write_results(out, "loop", "holdout", looped, "loop sample")
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["labels"]["history_holdout"] == {
        "verified": 1, "verified_wrong": 0, "wrong": 1, "wrong_labelled": 1, "right": 1,
        "right_labelled": 0, "unlabelled_fixed": 0, "mode": "search", "tasks": 3,
    }  # fmt: skip
    assert data["history"]["search_only"]["holdout"]["fix_rate"] == round(2 / 3, 3)
    assert data["history"]["holdout"]["fixed"] == 1
    results.write_results(out, "loop", "holdout", searched, "loop all")
    labels = json.loads(out.read_text(encoding="utf-8"))["labels"]["history_holdout"]
    assert labels["mode"] == "loop" and labels["tasks"] == 3


# --------------------------------------------------------------------- the independent set

INDEPENDENT_ENTRY = (
    "  - name: {name}\n    repo: {repo}\n    commit: {commit}\n    layout: flat\n"
    "    features: [flat-layout]\n    test_command: python -m pytest\n{more}"
)


def independent_file(tmp_path: Path, *entries: dict[str, str]) -> Path:
    path = tmp_path / "independent.yaml"
    text = "".join(
        INDEPENDENT_ENTRY.format(**{"repo": "demo/calc", "commit": SHA_A, "more": "", **e}) for e in entries
    )
    path.write_text("projects:\n" + text, encoding="utf-8")
    return path


def test_the_committed_independent_set_is_the_kept_projects_and_none_of_the_benchmarks() -> None:
    independent = PROJECT_SETS["independent"].projects()
    names = {p.name for p in independent}
    assert names == {"more-itertools", "boltons", "tomli", "toolz", "pluggy"}
    assert not names & {p.name for p in load_history_projects()}
    assert all(p.venv == history_projects.INDEPENDENT_HOME / p.name / "venv" for p in independent)
    assert PROJECT_SETS["independent"].tasks_file != TASKS_FILE and not PROJECT_SETS["independent"].split
    tasks = load_tasks(PROJECT_SETS["independent"].tasks_file)
    assert len(tasks) >= 25 and {t.project for t in tasks} == names
    text = PROJECT_SETS["independent"].tasks_file.read_text(encoding="utf-8")
    assert "def " not in text and "@@ " not in text and "import " not in text  # data only


def test_an_independent_project_has_its_own_home_and_a_benchmark_project_is_refused(tmp_path: Path) -> None:
    path = independent_file(tmp_path, {"name": "toolz", "more": "    pytest_options: [-p, no:randomly]\n"})
    [project] = load_independent_projects(path, tmp_path / "home")
    assert project.python == tmp_path / "home" / "toolz" / "venv" / "bin" / "python"
    assert project.checkout == tmp_path / "home" / "toolz" / "repo"
    assert (project.start, project.repo, project.pytest_options) == (
        SHA_A,
        "demo/calc",
        ("-p", "no:randomly"),
    )
    with pytest.raises(fidelity_projects.ProjectsError, match=r"independent\.yaml: attrs is not one of"):
        load_independent_projects(independent_file(tmp_path, {"name": "attrs"}), tmp_path)
    with pytest.raises(fidelity_projects.ProjectsError, match="toolz is named twice"):
        load_independent_projects(independent_file(tmp_path, {"name": "toolz"}, {"name": "toolz"}), tmp_path)
    with pytest.raises(fidelity_projects.ProjectsError, match=r"projects\.0\.commit"):
        load_independent_projects(independent_file(tmp_path, {"name": "toolz", "commit": "abc"}), tmp_path)


def test_the_committed_second_independent_set_uses_projects_found_nowhere_else() -> None:
    second = PROJECT_SETS["independent2"]
    projects = second.projects()
    names = {p.name for p in projects}
    assert names == {"cachetools", "tabulate", "sortedcontainers", "inflection", "schema"}
    elsewhere = [*load_history_projects(), *PROJECT_SETS["independent"].projects()]
    assert not names & ({p.name for p in elsewhere} | {p.name for p in fidelity_projects.load_projects()})
    assert not {p.repo for p in projects} & {p.repo for p in fidelity_projects.load_projects()}
    assert all(p.venv == history_projects.INDEPENDENT2_HOME / p.name / "venv" for p in projects)
    files = {s.tasks_file for s in PROJECT_SETS.values()} | {s.mining_file for s in PROJECT_SETS.values()}
    assert len(files) == 2 * len(PROJECT_SETS) and not second.split and second.half == "independent2"
    assert "independent2" in results.HALVES
    tasks = load_tasks(second.tasks_file)
    assert len(tasks) >= 25 and {t.project for t in tasks} == names
    text = second.tasks_file.read_text(encoding="utf-8")
    assert "def " not in text and "@@ " not in text and "import " not in text  # data only


def test_a_later_independent_set_refuses_a_project_used_elsewhere(tmp_path: Path) -> None:
    [project] = load_independent_projects(independent_file(tmp_path, {"name": "calc"}), tmp_path, first=False)
    assert project.checkout == tmp_path / "calc" / "repo"
    refused = [
        {"name": "toolz"},  # kept for the first set
        {"name": "attrs"},  # a benchmark (and fidelity) project
        {"name": "cattrs", "repo": "python-attrs/cattrs"},  # fetched for other work
        {"name": "dateutil2", "repo": "dateutil/dateutil"},  # a fidelity repository under another name
        {"name": "tools", "repo": "pytoolz/toolz"},  # a first-set repository under another name
    ]
    for entry in refused:
        with pytest.raises(fidelity_projects.ProjectsError, match=r"independent\.yaml: .* is used elsewhere"):
            load_independent_projects(independent_file(tmp_path, entry), tmp_path, first=False)
    # The first set still takes only its kept projects.
    with pytest.raises(fidelity_projects.ProjectsError, match="calc is not one of"):
        load_independent_projects(independent_file(tmp_path, {"name": "calc"}), tmp_path)


def test_mining_tries_no_candidate_once_its_wall_limit_is_spent(tiny: tuple[HistoryProject, str]) -> None:
    project, _fix = tiny
    said: list[str] = []
    spent = mine.mine_project(project, commits=10, wall_s=0.0, say=said.append)
    assert spent.tried == 0 and spent.statuses == {"wall": 1} and not spent.tasks
    assert any("no more candidates tried" in line for line in said)
    mined = mine.mine_project(project, commits=10, wall_s=600.0, say=said.append)
    assert mined.tried == 1 and len(mined.tasks) == 1 and "wall" not in mined.statuses


@pytest.mark.parametrize(
    ("set_name", "name", "first"), [("independent", "toolz", True), ("independent2", "calc", False)]
)
def test_an_independent_set_is_mined_into_its_own_file_and_run_whole_under_its_own_key(
    tmp_path: Path,
    git_identity: None,
    monkeypatch: pytest.MonkeyPatch,
    project_venv: Path,
    capsys: pytest.CaptureFixture[str],
    set_name: str,
    name: str,
    first: bool,
) -> None:
    calc, sha = make_project(
        tmp_path, monkeypatch, project_venv, (CALC_SLIP, TEST_PARENT), (CALC_FIX, TEST_FIX)
    )
    home = tmp_path / set_name
    home.mkdir()
    (home / name).symlink_to(calc.venv.parent)  # the tiny project, as the set's `name`
    independent = ProjectSet(
        set_name,
        independent_file(tmp_path, {"name": name, "commit": sha}),
        home,
        tmp_path / f"{set_name}_tasks.yaml",
        tmp_path / f"{set_name}_mining.json",
        split=False,
        first=first,
    )
    monkeypatch.setitem(PROJECT_SETS, set_name, independent)
    monkeypatch.setattr(run, "WORK", tmp_path / "history")
    benchmark_tasks = TASKS_FILE.read_text(encoding="utf-8")
    assert cli.main(["mine", "--set", set_name, "--commits", "10", "--wall", "600"]) == 0
    [task] = load_tasks(independent.tasks_file)
    assert task.project == name and task.commit == sha
    assert json.loads(independent.mining_file.read_text(encoding="utf-8"))[name]["tasks"] == 1
    assert TASKS_FILE.read_text(encoding="utf-8") == benchmark_tasks  # the benchmark's data unchanged
    assert f"mine --set {set_name}" in independent.tasks_file.read_text(encoding="utf-8")  # its header
    out = tmp_path / "repair.json"
    assert cli.main(["run", "--set", set_name, "--holdout", "--out", str(out)]) == cli.EXIT_USAGE
    assert "has no halves" in capsys.readouterr().err
    # Whichever half the id hashes into, the set runs it, under its own key and no other.
    argv = ["run", "--set", set_name, "--mode", "search", "--budget", "60", "--out", str(out)]
    assert cli.main(argv) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    [done] = data["history"]["search_only"][set_name]["per_task"]
    assert done["half"] == set_name and done["fixed"] and done["right"] is True
    assert data["labels"][f"history_{set_name}"]["right"] == 1
    assert data["labels"][f"history_{set_name}"]["mode"] == "search"
    assert data["history"]["commands"][f"search_{set_name}"] == [
        f"python -m bench.repair.history run --mode=search --set={set_name} --budget=60"
    ]
    assert set(data["history"]["search_only"]) == {set_name} and set(data["labels"]) == {
        f"history_{set_name}"
    }
    # judge finds the set's kept fix again, under the same key.
    assert cli.main(["judge", "--set", set_name, "--mode", "search", "--out", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["history"]["search_only"][set_name]["right"] == 1 and set(data["history"]["search_only"]) == {
        set_name
    }
