"""A plan run under review: `runs show` prints its tasks with their edits, refusals and
test reports; the dashboard's view model and app show a task table above the iterations
(iteration 0 the plan, then one per task). Scripted replies, real git, real CLI."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from devagent.dashboard.plan_view import plan_table
from devagent.dashboard.view import load_run
from devagent.trace_store import connect, sync
from tests.plan_scripted import GOOD_CALC, TWO_TASKS, USAGE, edits, make_repo, says_tester, write_replies

Runner = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def plan_runs(dev_agent: Runner, tmp_path: Path, bare_remote: Path) -> tuple[Path, str]:
    repo = make_repo(tmp_path, bare_remote)
    model = write_replies(
        tmp_path / "replies.yaml",
        [TWO_TASKS],
        [edits(("README.md", "# no\n")), edits(("calc.py", GOOD_CALC)), edits(("docs/usage.md", USAGE))],
        [says_tester("T1", True), says_tester("T2", True)],
    )
    runs = tmp_path / "runs"
    proc = dev_agent(
        "plan", "--goal", "Make add() add and document it.", "--model", model, "--runs-dir", runs, cwd=repo
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    (log,) = runs.glob("*.log.jsonl")
    return runs, log.name.removesuffix(".log.jsonl")


def test_runs_show_prints_the_plan_tasks_edits_and_reports(
    dev_agent: Runner, plan_runs: tuple[Path, str], tmp_path: Path
) -> None:
    runs, run_id = plan_runs
    shown = dev_agent("runs", "show", run_id, "--runs-dir", runs, cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    out = shown.stdout
    assert "plan plan_0001: 2 task(s)" in out
    assert "T1 passed   Fix add [calc.py]" in out and "T2 passed   Document add [docs/usage.md]" in out
    assert "edits: calc.py" in out and "edits: docs/usage.md" in out
    assert "refused: 'README.md' is not one of the task's artifacts (calc.py)" in out
    assert "test exit code 0; report (last lines):" in out and "1 passed" in out
    assert out.count("      commit ") == 2


def test_dashboard_view_has_a_task_table_and_one_iteration_per_task(plan_runs: tuple[Path, str]) -> None:
    runs, run_id = plan_runs
    with closing(connect(sync(runs))) as db:
        run = load_run(db, run_id)
    assert run is not None and run.workflow == "plan" and run.badge == ("COMPLETED", "green")
    assert plan_table(run) == [
        {
            "task": "T1",
            "title": "Fix add",
            "artifacts": "calc.py",
            "edits": "wrote calc.py",
            "tests": "passed",
        },
        {
            "task": "T2",
            "title": "Document add",
            "artifacts": "docs/usage.md",
            "edits": "wrote docs/usage.md",
            "tests": "passed",
        },
    ]
    plan, first, _ = run.by_iteration()
    assert [s.step for s in plan.authored] == ["Planner"]
    assert [s.step for s in first.authored] == ["Coder", "Coder"]  # the refused edits, then the accepted
    assert [s.step for s in first.checks] == ["Workspace", "Workspace", "ShellTool", "Tester", "GitTool"]
    assert first.checks[0].event == "edits_refused" and "--- calc.py" in first.authored[1].content
    assert "1 passed" in first.checks[3].content
    assert {kind for kind, *_ in run.downloads} >= {"plan", "patch", "pull request"}


def test_dashboard_app_shows_the_plan_run(
    plan_runs: tuple[Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    streamlit_testing: Any = pytest.importorskip("streamlit.testing.v1")
    runs, _ = plan_runs
    monkeypatch.setenv("DEV_AGENT_RUNS_DIR", str(runs))
    app = Path(__file__).resolve().parent.parent / "devagent" / "dashboard" / "app.py"
    at = streamlit_testing.AppTest.from_file(str(app), default_timeout=60)
    at.run()
    assert not at.exception, at.exception
    assert [s.value for s in at.subheader] == ["Tasks", "Iteration 0", "Iteration 1", "Iteration 2"]
    (table,) = at.table
    assert list(table.value["task"]) == ["T1", "T2"] and list(table.value["tests"]) == ["passed", "passed"]
