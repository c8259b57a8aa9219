"""The SQLite trace store beside the run logs: filled live by real (scripted) runs,
rebuilt from the logs by `runs reindex` to the same rows, readable while a run writes,
and never able to stop a run."""

from __future__ import annotations

import json
import sqlite3
import subprocess
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from devagent.runlog import RunLog
from devagent.trace_store import (
    DB_NAME,
    LiveIndexer,
    RunFilter,
    connect,
    query_runs,
    query_steps,
    reindex,
    sync,
    table_names,
)
from tests.scripted import approval_model

Runner = Callable[..., subprocess.CompletedProcess[str]]
LogReader = Callable[[Path], list[dict[str, Any]]]
TABLES = [
    "agent_traces",
    "app_settings",
    "context_snapshots",
    "extracted_items",
    "spec_results",
    "step_executions",
    "workflow_runs",
]


def rows(db_path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every table's rows without surrogate ids, in a stable order."""
    with closing(sqlite3.connect(db_path)) as db:
        out: dict[str, list[tuple[Any, ...]]] = {}
        for table in TABLES:
            columns = [c[1] for c in db.execute(f"PRAGMA table_info({table})") if c[1] not in ("id",)]
            if "step_execution_id" in columns:  # refer to the step by (run, execution) instead
                columns.remove("step_execution_id")
                select = ", ".join(f"t.{c}" for c in columns)
                query = (
                    f"SELECT s.run_id, s.execution, {select} FROM {table} t"
                    " JOIN step_executions s ON s.id = t.step_execution_id"
                )
            else:
                query = f"SELECT {', '.join(columns)} FROM {table}"
            out[table] = sorted(db.execute(query).fetchall(), key=repr)
        return out


@pytest.fixture
def finished_run(
    dev_agent: Runner, run_log: LogReader, calc_example_repo: Path, phase_spec: Path, tmp_path: Path
) -> tuple[Path, list[dict[str, Any]]]:
    proc = dev_agent("--phase", phase_spec, "--model", approval_model(tmp_path), cwd=calc_example_repo)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return calc_example_repo / "runs", run_log(calc_example_repo / "runs")


def test_scripted_run_fills_every_table_live(finished_run: tuple[Path, list[dict[str, Any]]]) -> None:
    runs_dir, records = finished_run
    run_id = records[0]["data"]["run_id"]
    db_path = runs_dir / DB_NAME
    with closing(connect(db_path)) as db:
        assert list(table_names(db)) == TABLES
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        (run,) = query_runs(db)
        assert (run["run_id"], run["workflow"], run["status"], run["outcome"]) == (
            run_id,
            "fix",
            "approved",
            "approved",
        )
        assert run["exit_code"] == 0 and run["iterations"] == 1
        steps = query_steps(db, run_id)
        step_records = [r["data"] for r in records if r["type"] == "step"]
        assert [s["step"] for s in steps] == [r["step"] for r in step_records]
        assert [s["step"] for s in steps] == [
            "ShellTool",
            "DevAgent",
            "GitTool",
            "ShellTool",
            "Supervisor",
            "GitTool",
        ]
        assert [s["route_to"] for s in steps] == [
            "DevAgent",
            "GitTool",
            "ShellTool",
            "Supervisor",
            "GitTool",
            "end",
        ]
        assert steps[-1]["outcome"] == "approved"
        dev = steps[1]
        assert dev["event"] == "patch" and "+    return sum(values) / len(values)" in dev["diff"]
        assert [(s["spec"], s["kind"], s["passed"]) for s in dev["specs"] if s["kind"] != "invariant"] == [
            ("budget_left", "pre", 1),
            ("patch_is_new", "post", 1),
        ]
        snapshots = db.execute("SELECT COUNT(*) FROM context_snapshots").fetchone()[0]
        assert snapshots == 2 * len(steps)
        before = json.loads(
            db.execute(
                "SELECT data FROM context_snapshots WHERE moment = 'before' AND step_execution_id = ?",
                (dev["id"],),
            ).fetchone()[0]
        )
        assert before["test_name"] == "tests/test_calc.py::test_mean" and before["tests_green"] is False
        # Every agent action belongs to its step execution (seed 003's 1:N): the model
        # calls, and the commands run and files committed too.
        traces = db.execute(
            "SELECT t.kind, t.action, s.step, t.valid FROM agent_traces t"
            " JOIN step_executions s ON s.id = t.step_execution_id ORDER BY t.seq"
        ).fetchall()
        assert [tuple(t) for t in traces] == [
            ("tool_call", "tool_call", "ShellTool", 1),
            ("model_call", "model_call", "DevAgent", 1),
            ("file_op", "commit", "GitTool", 1),
            ("tool_call", "tool_call", "ShellTool", 1),
            ("model_call", "model_call", "Supervisor", 1),
            ("tool_call", "pull_request", "GitTool", 1),
        ]
        assert db.execute("SELECT COUNT(*) FROM agent_traces").fetchone()[0] == len(traces)
        executions = {s["id"]: s["execution"] for s in steps}
        calls = db.execute(
            "SELECT execution, step_execution_id FROM agent_traces WHERE kind = 'model_call'"
        ).fetchall()
        assert all(executions[c[1]] == c[0] for c in calls)  # the step the call named
        items = {row["kind"]: row for row in db.execute("SELECT * FROM extracted_items")}
        assert set(items) == {"patch", "commit", "pull_request"}
        assert "+    return sum(values) / len(values)" in items["patch"]["content"]
        assert run["branch"] in items["pull_request"]["content"]


def test_scripted_reindex_rebuilds_the_same_rows_from_the_logs(
    finished_run: tuple[Path, list[dict[str, Any]]], dev_agent: Runner
) -> None:
    runs_dir, _ = finished_run
    live = rows(runs_dir / DB_NAME)
    assert live["step_executions"] and live["agent_traces"]
    proc = dev_agent("runs", "reindex", "--runs-dir", runs_dir, cwd=runs_dir.parent)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"reindexed 1 run(s) into {runs_dir / DB_NAME}"
    assert rows(runs_dir / DB_NAME) == live
    # A lost database comes back the same from the logs alone.
    (runs_dir / DB_NAME).unlink()
    reindex(runs_dir)
    assert rows(runs_dir / DB_NAME) == live


def test_scripted_run_goes_on_when_the_store_cannot_be_written(
    dev_agent: Runner, calc_example_repo: Path, phase_spec: Path, tmp_path: Path
) -> None:
    runs_dir = calc_example_repo / "runs"
    (runs_dir / DB_NAME).mkdir(parents=True)  # not a database: every write fails
    proc = dev_agent("--phase", phase_spec, "--model", approval_model(tmp_path), cwd=calc_example_repo)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr


def test_killed_run_shows_as_failed_and_a_live_one_as_in_progress(tmp_path: Path) -> None:
    runs_dir = tmp_path / "runs"
    killed = RunLog(runs_dir, "20260101-000000-aaaa")
    killed.write(
        "Orchestrator", "run_started", {"run_id": killed.run_id, "workflow": "fix", "phase_title": "x"}
    )
    killed.close()  # the lock is gone, as after SIGKILL, and there is no run_finished
    live = RunLog(runs_dir, "20260102-000000-bbbb")
    indexer = LiveIndexer(runs_dir / DB_NAME, live.run_id, live.path)
    live.listeners.append(indexer)
    live.write("Orchestrator", "run_started", {"run_id": live.run_id, "workflow": "fix", "phase_title": "y"})
    # A reader (the dashboard) sees the live run's rows while the writer holds the database.
    with closing(connect(sync(runs_dir))) as db:
        status = {r["run_id"]: (r["status"], r["outcome"]) for r in query_runs(db)}
    assert status == {killed.run_id: ("failed", "killed"), live.run_id: ("in_progress", None)}
    live.write("Orchestrator", "run_finished", {"outcome": "max_iterations", "exit_code": 1, "iterations": 3})
    with closing(connect(runs_dir / DB_NAME)) as db:
        (row,) = query_runs(db, RunFilter(status="timeout"))
    assert (row["run_id"], row["iterations"], row["exit_code"]) == (live.run_id, 3, 1)
    indexer.close()
    live.close()
