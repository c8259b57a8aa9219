"""Plan mode on the real embedded model (SmolLM2-135M in-process, the default config's
`llama-cpp:embedded`) end to end through the CLI: its content is noise, but under the
grammar every reply is schema-valid and follows the orchestrator's rules (plan_id, task
ids T1..Tn, artifacts inside the repository and not tests, edits only to the task's
artifacts, the Tester's verdict equal to the exit code); the tests judge the edits, and
the run ends completed or halted on the failing task, never on a rule (a plan breaking
one is sent back once, as for any model)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from devagent.workflows.plan.replies import Plan, TesterReport
from tests.helpers import checkout_state
from tests.plan_scripted import make_repo

pytestmark = pytest.mark.model


def test_embedded_model_plan_run_is_schema_valid_end_to_end(
    dev_agent: Callable[..., subprocess.CompletedProcess[str]],
    run_log: Callable[[Path], list[dict[str, Any]]],
    tmp_path: Path,
    bare_remote: Path,
) -> None:
    repo = make_repo(tmp_path, bare_remote)
    before = checkout_state(repo)
    runs = tmp_path / "runs"
    goal = "Make add() return the sum of its arguments."
    proc = dev_agent("plan", "--goal", goal, "--runs-dir", runs, cwd=repo, timeout=900)
    # Completed (0) would need the noise to pass the tests; a failed task (1) is the usual end.
    assert proc.returncode in (0, 1), proc.stdout + proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr
    assert checkout_state(repo) == before
    records = run_log(runs)
    calls = [r["data"] for r in records if r["type"] == "model_call"]
    assert calls and all(c["valid"] for c in calls), [c.get("error") for c in calls]
    assert all(c["backend"] == "llama-cpp:embedded" for c in calls)
    assert {c["role"] for c in calls} == {"Planner", "Coder", "Tester"}
    steps = [r["data"] for r in records if r["type"] == "step"]
    # A plan naming a new conftest.py (the grammar's new-file names allow it) is sent back
    # once with the problem: a retry, never a halt on a rule.
    planner = [s["status"] for s in steps if s["step"] == "Planner"]
    assert planner in (["ok"], ["retry", "ok"]), planner
    assert all(s["status"] == "ok" for s in steps if s["step"] != "Planner")
    (plan_data,) = [r["data"] for r in records if r["type"] == "plan"]
    plan = Plan.model_validate(plan_data)
    assert plan.plan_id == "plan_0001"
    assert [t.id for t in plan.tasks] == [f"T{i}" for i in range(1, len(plan.tasks) + 1)]
    for task in plan.tasks:
        assert all(not a.startswith("tests/") and a != "conftest.py" for a in task.artifacts)
    patches = [r["data"] for r in records if r["type"] == "patch"]
    assert patches and all(
        set(p["files"]) <= set(plan.tasks[int(p["task_id"][1:]) - 1].artifacts) for p in patches
    )
    results = [r["data"] for r in records if r["type"] == "test_result"]
    assert results and all(r["passed"] == (r["exit_code"] == 0) for r in results)
    TesterReport.model_validate({k: results[-1][k] for k in ("task_id", "passed", "report")})
    coder = [s for s in steps if s["step"] == "Coder"]
    assert coder and all(s["output"]["metadata"]["event"] == "edits" for s in coder)
    (finished,) = [r["data"] for r in records if r["type"] == "run_finished"]
    assert finished["outcome"] == ("completed" if proc.returncode == 0 else "failed")
