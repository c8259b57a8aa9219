"""Phases that ask for new work (config/workflows/fix_new_work.yaml), through the real
CLI on scripted replies: with an all-green suite the Supervisor judges the phase; not
met, plan mode runs on the same branch and run log (tests first, then code) and the fix
loop carries on to review and PR; met, the run ends "nothing to do". Tests that pass
before their task's code are refused."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from tests.helpers import checkout_state, git
from tests.plan_scripted import CALC, edits, green_repo, plan, plan_task, says_tester
from tests.scripted import APPROVAL, supervisor

Runner = Callable[..., subprocess.CompletedProcess[str]]
Log = Callable[[Path], list[dict[str, Any]]]

CALC_WITH_SUB = CALC + "\n\ndef sub(a, b):\n    return a - b\n"
TEST_SUB = "from calc import sub\n\n\ndef test_sub():\n    assert sub(5, 3) == 2\n"
PHASE = "# Add sub()\n\nAdd sub(a, b) to calc.py, returning a - b, with a test.\n"
NOT_MET = supervisor(False, "The suite is green but calc.py has no sub(): the phase is not met.")


def run_phase(
    dev_agent: Runner, tmp_path: Path, repo: Path, replies: dict[str, list[str]]
) -> subprocess.CompletedProcess[str]:
    (tmp_path / "replies.yaml").write_text(yaml.safe_dump(replies), encoding="utf-8")
    (tmp_path / "config.yaml").write_text("workflow: workflows/fix_new_work.yaml\n", encoding="utf-8")
    (tmp_path / "phase.md").write_text(PHASE, encoding="utf-8")
    model = f"scripted:{tmp_path / 'replies.yaml'}"
    return dev_agent(
        "--phase", tmp_path / "phase.md", "--config", tmp_path / "config.yaml",
        "--model", model, "--runs-dir", tmp_path / "runs", "--quiet", cwd=repo,
    )  # fmt: skip


def records(run_log: Log, tmp_path: Path, kind: str) -> list[dict[str, Any]]:
    return [r["data"] for r in run_log(tmp_path / "runs") if r["type"] == kind]


def test_scripted_green_phase_asking_for_a_feature_gets_tests_and_code_committed(
    dev_agent: Runner, run_log: Log, tmp_path: Path, bare_remote: Path
) -> None:
    repo = green_repo(tmp_path, bare_remote)
    before = checkout_state(repo)
    proc = run_phase(
        dev_agent,
        tmp_path,
        repo,
        {
            "Supervisor": [NOT_MET, APPROVAL],
            "DevAgent": [],
            "Planner": [plan(plan_task(1, "Add sub() with its test", ["tests/test_sub.py", "calc.py"]))],
            "Coder": [edits(("calc.py", CALC_WITH_SUB), ("tests/test_sub.py", TEST_SUB))],
            "Tester": [says_tester("T1", True, "2 passed")],
        },
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "outcome: approved (exit 0)" in proc.stdout and "nothing_to_do" not in proc.stdout
    assert checkout_state(repo) == before
    (finished,) = records(run_log, tmp_path, "run_finished")
    branch = finished["branch"]
    assert finished["outcome"] == "approved" and len(finished["commits"]) == 1
    # New tests and code in one commit on the fix branch, pushed.
    assert git("log", "--format=%s", f"main..{branch}", cwd=repo) == "dev-agent: T1: Add sub() with its test"
    assert git("show", f"{branch}:tests/test_sub.py", cwd=repo) + "\n" == TEST_SUB
    assert git("show", f"{branch}:calc.py", cwd=repo) + "\n" == CALC_WITH_SUB
    assert git("rev-parse", branch, cwd=bare_remote) == git("rev-parse", branch, cwd=repo)
    # One run log: the fix loop's steps, the plan stage's, and the fix loop's again.
    steps = [s["step"] for s in records(run_log, tmp_path, "step")]
    assert steps == [
        "ShellTool", "Supervisor", "Planner", "Coder", "Workspace", "ShellTool", "Tester", "GitTool",
        "PlanMode", "ShellTool", "Supervisor", "GitTool",
    ]  # fmt: skip
    executions = [s["execution"] for s in records(run_log, tmp_path, "step")]
    assert sorted(executions) == list(range(1, len(steps) + 1)) and len(set(executions)) == len(executions)
    (first,) = records(run_log, tmp_path, "tests_first")
    assert first["files"] == ["tests/test_sub.py"] and first["exit_code"] != 0  # red before the code
    (stage,) = records(run_log, tmp_path, "plan_stage_finished")
    assert (stage["outcome"], stage["tasks_done"]) == ("completed", 1)


def test_scripted_green_phase_already_met_is_nothing_to_do(
    dev_agent: Runner, run_log: Log, tmp_path: Path, bare_remote: Path
) -> None:
    repo = green_repo(tmp_path, bare_remote)
    met = supervisor(True, "add() is there and tested: the phase is met.")
    proc = run_phase(dev_agent, tmp_path, repo, {"Supervisor": [met], "DevAgent": []})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    (finished,) = records(run_log, tmp_path, "run_finished")
    assert (finished["outcome"], finished["commits"], finished["branch"]) == ("nothing_to_do", [], None)
    assert [s["step"] for s in records(run_log, tmp_path, "step")] == ["ShellTool", "Supervisor"]


def test_scripted_new_work_tests_that_pass_before_the_code_are_refused(
    dev_agent: Runner, run_log: Log, tmp_path: Path, bare_remote: Path
) -> None:
    repo = green_repo(tmp_path, bare_remote)
    vacuous = "def test_sub():\n    assert True\n"
    same = edits(("calc.py", CALC_WITH_SUB), ("tests/test_sub.py", vacuous))
    proc = run_phase(
        dev_agent,
        tmp_path,
        repo,
        {
            "Supervisor": [NOT_MET],
            "DevAgent": [],
            "Planner": [plan(plan_task(1, "Add sub()", ["tests/test_sub.py", "calc.py"]))],
            "Coder": [same, same],
            "Tester": [],
        },
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    refused = records(run_log, tmp_path, "edits_refused")
    assert [r["reason"] for r in refused] == [
        "the task's tests pass before its code is written: they do not test the new work"
    ] * 2
    (finished,) = records(run_log, tmp_path, "run_finished")
    assert (finished["outcome"], finished["commits"]) == ("failed", [])
    assert (
        "plan mode: 0 of 1 task(s) committed; model_error"
        in records(run_log, tmp_path, "step")[-1]["output"]["content"]
    )


def test_plan_stage_without_a_test_file_first_is_sent_back(
    dev_agent: Runner, run_log: Log, tmp_path: Path, bare_remote: Path
) -> None:
    repo = green_repo(tmp_path, bare_remote)
    code_only = plan(plan_task(1, "Add sub()", ["calc.py"]))
    proc = run_phase(
        dev_agent,
        tmp_path,
        repo,
        {
            "Supervisor": [NOT_MET],
            "DevAgent": [],
            "Planner": [code_only, code_only],
            "Coder": [],
            "Tester": [],
        },
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    planner = [s for s in records(run_log, tmp_path, "step") if s["step"] == "Planner"]
    assert [s["status"] for s in planner] == ["retry", "failed"]
    assert "T1: the first artifact must be a test file (tests first)" in planner[0]["after"]["plan_problems"]
