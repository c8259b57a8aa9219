"""Plan mode end to end through the real CLI (`python dev_agent.py plan ...` as a
subprocess) in a real git repository with a real bare remote, on scripted replies for
deterministic control flow: a two-task plan committed twice, a failing task halting with
the truncated report, edits outside a task's artifacts refused, a Tester contradicting
the exit code rejected, error replies from each role, determinism, bad input."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.helpers import OutsideGuard, checkout_state, git
from tests.plan_scripted import (
    BAD_CALC,
    GOOD_CALC,
    ONE_TASK,
    TWO_TASKS,
    USAGE,
    edits,
    error,
    make_repo,
    plan,
    plan_task,
    says_tester,
    write_replies,
)
from tests.scripted import dev_patch

Runner = Callable[..., subprocess.CompletedProcess[str]]
Log = Callable[[Path], list[dict[str, Any]]]
GOAL = "Make add() add, and document it in docs/usage.md."


@pytest.fixture
def git_repo(tmp_path: Path, bare_remote: Path) -> Path:
    return make_repo(tmp_path, bare_remote)


def plan_run(
    dev_agent: Runner, repo: Path, model: str, *args: str | Path
) -> subprocess.CompletedProcess[str]:
    return dev_agent("plan", *args, "--model", model, "--quiet", "--runs-dir", repo.parent / "runs", cwd=repo)


def records(run_log: Log, repo: Path, kind: str) -> list[dict[str, Any]]:
    return [r["data"] for r in run_log(repo.parent / "runs") if r["type"] == kind]


def branch_of(finished: dict[str, Any]) -> str:
    branch = finished["branch"]
    assert isinstance(branch, str)
    return branch


def test_scripted_plan_two_tasks_pass_and_commit_twice(
    dev_agent: Runner, run_log: Log, git_repo: Path, bare_remote: Path, tmp_path: Path
) -> None:
    before = checkout_state(git_repo)
    guard = OutsideGuard()
    guard.watch_repo(git_repo)
    model = write_replies(
        tmp_path / "replies.yaml",
        [TWO_TASKS],
        [edits(("calc.py", GOOD_CALC)), edits(("docs/usage.md", USAGE))],
        [says_tester("T1", True, "1 passed"), says_tester("T2", True, "1 passed")],
    )
    proc = plan_run(dev_agent, git_repo, model, "--goal", GOAL)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "outcome: completed (exit 0)" in proc.stdout and "tasks: 2 of 2 passed" in proc.stdout
    assert checkout_state(git_repo) == before and guard.changed() == []
    (finished,) = records(run_log, git_repo, "run_finished")
    branch = branch_of(finished)
    assert branch.startswith("dev-agent/plan-make-add-add")
    assert len(finished["commits"]) == 2 and finished["tasks_done"] == 2
    # One commit per task, each touching only its artifacts; pushed to the remote.
    log = git("log", "--format=%s", "main.." + branch, cwd=git_repo).splitlines()
    assert log == ["dev-agent: T2: Document add", "dev-agent: T1: Fix add"]
    assert git("show", f"{branch}:calc.py", cwd=git_repo) + "\n" == GOOD_CALC
    assert git("show", f"{branch}:docs/usage.md", cwd=git_repo) + "\n" == USAGE
    assert git("rev-parse", branch, cwd=bare_remote) == git("rev-parse", branch, cwd=git_repo)
    assert git("diff", "--name-only", f"{branch}~1", branch, cwd=git_repo) == "docs/usage.md"
    # The plan snapshot, the seed's log entries and the PR record.
    (started,) = records(run_log, git_repo, "run_started")
    plan_file = git_repo.parent / "runs" / started["run_id"] / "plan_0001.json"
    saved = json.loads(plan_file.read_text(encoding="utf-8"))
    assert [t["id"] for t in saved["tasks"]] == ["T1", "T2"] and saved["plan_id"] == "plan_0001"
    assert records(run_log, git_repo, "plan") == [saved]
    assert records(run_log, git_repo, "patch") == [
        {"task_id": "T1", "files": ["calc.py"]},
        {"task_id": "T2", "files": ["docs/usage.md"]},
    ]
    results = records(run_log, git_repo, "test_result")
    assert [(r["task_id"], r["passed"], r["exit_code"]) for r in results] == [
        ("T1", True, 0),
        ("T2", True, 0),
    ]
    assert list(results[0]) == ["task_id", "passed", "report", "exit_code"]
    assert "1 passed" in results[0]["report"]
    assert (git_repo.parent / "runs" / f"{started['run_id']}.pr.md").is_file()
    summary = records(run_log, git_repo, "repo_summary")[0]["summary"]
    assert "calc.py: defines add, mul" in summary.splitlines() and "README.md: demo" in summary.splitlines()
    # The run is listed and shown like any other.
    listing = dev_agent("runs", "--workflow", "plan", "--runs-dir", git_repo.parent / "runs", cwd=tmp_path)
    assert listing.returncode == 0 and " plan " in listing.stdout


def test_scripted_plan_failing_task_halts_with_the_truncated_report(
    dev_agent: Runner, run_log: Log, git_repo: Path, tmp_path: Path
) -> None:
    # add() prints 6000 characters and still subtracts: pytest shows them, over 4000.
    noisy = "def add(a, b):\n    print('x' * 3000 + 'y' * 3000)\n    return a - b\n"
    model = write_replies(
        tmp_path / "replies.yaml",
        [TWO_TASKS],
        [edits(("calc.py", noisy))],
        [says_tester("T1", False, "it failed")],
    )
    proc = plan_run(dev_agent, git_repo, model, "--goal", GOAL)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert "plan: failed: task T1 failed its tests; halted for inspection" in proc.stderr
    (result,) = records(run_log, git_repo, "test_result")
    assert (result["task_id"], result["passed"]) == ("T1", False) and result["exit_code"] == 1
    report = result["report"]
    assert len(report) == 2500 + len("\n...\n") + 1000 and report[2500:2505] == "\n...\n"
    assert "report:\n" in proc.stdout and report[-200:] in proc.stdout
    (finished,) = records(run_log, git_repo, "run_finished")
    assert (finished["outcome"], finished["exit_code"], finished["commits"]) == ("failed", 1, [])
    assert finished["branch"] is None  # nothing committed: the empty branch is deleted
    assert git("branch", "--list", "dev-agent/*", cwd=git_repo) == ""
    assert not records(run_log, git_repo, "commit")


@pytest.mark.parametrize(
    ("bad_path", "reason"),
    [
        ("README.md", "'README.md' is not one of the task's artifacts (calc.py)"),
        ("../outside.py", "must not contain '..'"),
        ("tests/test_calc.py", "'tests/test_calc.py' is not one of the task's artifacts"),
        ("/tmp/abs.py", "must be a relative POSIX path"),
    ],
)
def test_scripted_plan_coder_edit_outside_its_artifacts_is_refused(
    dev_agent: Runner, run_log: Log, git_repo: Path, tmp_path: Path, bad_path: str, reason: str
) -> None:
    model = write_replies(
        tmp_path / "replies.yaml",
        [ONE_TASK],
        [edits(("calc.py", GOOD_CALC), (bad_path, "x = 1\n")), edits(("calc.py", GOOD_CALC))],
        [says_tester("T1", True)],
    )
    proc = plan_run(dev_agent, git_repo, model, "--goal", "Make add() add.")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    (refused,) = records(run_log, git_repo, "edits_refused")
    assert refused["task_id"] == "T1" and reason in refused["reason"]
    (finished,) = records(run_log, git_repo, "run_finished")
    branch = branch_of(finished)
    assert git("diff", "--name-only", "main", branch, cwd=git_repo) == "calc.py"
    assert not (tmp_path / "outside.py").exists() and not Path("/tmp/abs.py").exists()
    # The Coder's second prompt said why.
    prompts = [c["prompt"] for c in records(run_log, git_repo, "model_call") if c["role"] == "Coder"]
    assert "Your last reply was not accepted: Your edits were refused: " in prompts[1]


def test_scripted_plan_coder_refused_twice_halts_untouched(
    dev_agent: Runner, run_log: Log, git_repo: Path, tmp_path: Path
) -> None:
    outside = edits(("README.md", "# changed\n"))
    model = write_replies(tmp_path / "replies.yaml", [ONE_TASK], [outside, outside], [])
    proc = plan_run(dev_agent, git_repo, model, "--goal", "Make add() add.")
    assert proc.returncode == 5, proc.stdout + proc.stderr
    assert len(records(run_log, git_repo, "edits_refused")) == 2
    (finished,) = records(run_log, git_repo, "run_finished")
    assert finished["outcome"] == "model_error" and finished["commits"] == []


def test_scripted_plan_test_file_edit_refused_even_when_listed_as_artifact(
    dev_agent: Runner, run_log: Log, git_repo: Path, tmp_path: Path
) -> None:
    # The goal does not ask for tests: a plan naming a test file is sent back, then refused.
    bad = plan(plan_task(1, "Fix add", ["calc.py", "tests/test_calc.py"]))
    model = write_replies(tmp_path / "replies.yaml", [bad, bad], [], [])
    proc = plan_run(dev_agent, git_repo, model, "--goal", "Make add() add.")
    assert proc.returncode == 5, proc.stdout + proc.stderr
    assert (
        "'tests/test_calc.py' is a test or test-config file and the goal does not ask for tests"
        in proc.stderr
    )
    steps = records(run_log, git_repo, "step")
    assert [(s["step"], s["status"]) for s in steps] == [("Planner", "retry"), ("Planner", "failed")]
    assert records(run_log, git_repo, "plan") == []


def test_scripted_plan_tester_contradicting_the_exit_code_is_rejected(
    dev_agent: Runner, run_log: Log, git_repo: Path, tmp_path: Path
) -> None:
    # calc.py still subtracts: pytest exits 1, and the Tester twice claims a pass.
    model = write_replies(
        tmp_path / "replies.yaml",
        [ONE_TASK],
        [edits(("calc.py", BAD_CALC))],
        [says_tester("T1", True, "all good"), says_tester("T1", True, "all good, really")],
    )
    proc = plan_run(dev_agent, git_repo, model, "--goal", "Make add() add.")
    assert proc.returncode == 5, proc.stdout + proc.stderr
    steps = [s for s in records(run_log, git_repo, "step") if s["step"] == "Tester"]
    assert [s["status"] for s in steps] == ["retry", "failed"]
    assert steps[0]["after"]["test_exit_code"] == 1 and steps[0]["after"]["tester_agrees"] is False
    assert records(run_log, git_repo, "test_result") == [] and records(run_log, git_repo, "commit") == []
    prompts = [c["prompt"] for c in records(run_log, git_repo, "model_call") if c["role"] == "Tester"]
    assert "passed must equal (exit code == 0)" in prompts[1]


def test_scripted_plan_tester_corrected_after_one_reprompt_passes(
    dev_agent: Runner, run_log: Log, git_repo: Path, tmp_path: Path
) -> None:
    model = write_replies(
        tmp_path / "replies.yaml",
        [ONE_TASK],
        [edits(("calc.py", GOOD_CALC))],
        [says_tester("T1", False, "failed?"), says_tester("T1", True, "1 passed")],
    )
    proc = plan_run(dev_agent, git_repo, model, "--goal", "Make add() add.")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert [r["passed"] for r in records(run_log, git_repo, "test_result")] == [True]


@pytest.mark.parametrize("role", ["Planner", "Coder", "Tester"])
def test_scripted_plan_error_reply_from_each_role_halts_cleanly(
    dev_agent: Runner, run_log: Log, git_repo: Path, tmp_path: Path, role: str
) -> None:
    replies: dict[str, list[str]] = {
        "Planner": [ONE_TASK],
        "Coder": [edits(("calc.py", GOOD_CALC))],
        "Tester": [says_tester("T1", True)],
    }
    replies[role] = [error("needs config.toml, which is not an artifact")]
    model = write_replies(tmp_path / "replies.yaml", replies["Planner"], replies["Coder"], replies["Tester"])
    before = checkout_state(git_repo)
    proc = plan_run(dev_agent, git_repo, model, "--goal", "Make add() add.")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert (
        f"agent_error: {role} answered an error: needs config.toml, which is not an artifact" in proc.stderr
    )
    (err,) = records(run_log, git_repo, "error")
    assert err == {"status": "error", "reason": "needs config.toml, which is not an artifact"}
    (finished,) = records(run_log, git_repo, "run_finished")
    assert (finished["outcome"], finished["commits"], finished["branch"]) == ("agent_error", [], None)
    assert checkout_state(git_repo) == before


VOLATILE = {
    "ts",
    "hash",
    "run_id",
    "started_at",
    "duration_s",
    "duration_ms",
    "agent_ms",
    "latency_s",
    "elapsed_s",
}


def normalised(value: Any, tmp: str) -> Any:
    """Log data without timestamps, durations and ids (run ids, commit shas, temp paths)."""
    if isinstance(value, dict):
        return {k: normalised(v, tmp) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [normalised(v, tmp) for v in value]
    if isinstance(value, str):
        value = value.replace(tmp, "<tmp>")
        value = re.sub(r"\b[0-9a-f]{40}\b", "<sha>", value)
        value = re.sub(r"\b[0-9a-f]{10}\b", "<sha>", value)
        value = re.sub(r"dev-agent-wt-[\w.-]+", "<wt>", value)
        value = re.sub(r"\d{8}-\d{6}-[0-9a-f]+", "<run>", value)
        return re.sub(r"\d+\.\d+s\b", "<s>", value)
    return value


def test_scripted_plan_is_deterministic_apart_from_timestamps_and_ids(
    dev_agent: Runner, cli_env: dict[str, str], tmp_path: Path, git_identity: None
) -> None:
    runs = []
    for name in ("a", "b"):
        root = tmp_path / name
        root.mkdir()
        remote = root / "remote.git"
        git("init", "-q", "--bare", "-b", "main", str(remote), cwd=root)
        repo = make_repo(root, remote)
        model = write_replies(
            root / "replies.yaml",
            [TWO_TASKS],
            [edits(("calc.py", GOOD_CALC)), edits(("docs/usage.md", USAGE))],
            [says_tester("T1", True), says_tester("T2", True)],
        )
        proc = plan_run(dev_agent, repo, model, "--goal", GOAL)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        (log,) = (root / "runs").glob("*.log.jsonl")
        lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
        (plan_file,) = (root / "runs").glob("*/plan_0001.json")
        runs.append(
            (
                plan_file.read_bytes(),
                [(r["seq"], r["role"], r["type"], normalised(r["data"], str(root))) for r in lines],
            )
        )
    (plan_a, log_a), (plan_b, log_b) = runs
    assert plan_a == plan_b
    assert len(log_a) == len(log_b)
    for left, right in zip(log_a, log_b, strict=True):
        assert left == right


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("--goal", "x", "--goal-file", "goal.md"),
            "plan: give the goal as text (or --goal TEXT) or with --goal-file FILE, exactly one",
        ),
        ((), "plan: give the goal as text (or --goal TEXT) or with --goal-file FILE, exactly one"),
        (("a goal", "--goal", "x"), "plan: give the goal as text (or --goal TEXT) or with --goal-file FILE"),
        (("--goal-file", "missing.md"), "missing.md: goal file not found"),
        (("--goal", "  \n "), "plan: --goal is empty"),
        (("--goal-file", "empty.md"), "empty.md: goal file is empty"),
        (("--goal", "x", "--plan-id", "p1"), "--plan-id: 'p1' must look like plan_0001"),
        (
            ("--goal", "x", "--max-tasks", "0"),
            "dev-agent: --max-tasks: Input should be greater than or equal to 1",
        ),
    ],
)
def test_plan_bad_input_is_one_line_and_exit_3(
    dev_agent: Runner, git_repo: Path, args: tuple[str, ...], message: str
) -> None:
    (git_repo.parent / "empty.md").write_text("\n")
    proc = dev_agent("plan", *args, "--runs-dir", git_repo.parent / "runs", cwd=git_repo.parent)
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert proc.stderr.count("\n") == 1 and message in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr and not (git_repo.parent / "runs").exists()


REPAIR_DIFF = (
    "--- a/calc.py\n+++ b/calc.py\n@@ -1,2 +1,2 @@\n def add(a, b):\n-    return a - b\n+    return a + b\n"
)


def test_scripted_plan_repair_hands_a_failing_task_to_devagent_before_halting(
    dev_agent: Runner, run_log: Log, git_repo: Path, bare_remote: Path, tmp_path: Path
) -> None:
    # The Coder's calc.py still subtracts; with --repair, DevAgent's patch fixes it, the
    # plan's Tester then sees the task pass, and the branch is published.
    model = write_replies(
        tmp_path / "replies.yaml",
        [ONE_TASK],
        [edits(("calc.py", BAD_CALC))],
        [says_tester("T1", False, "1 failed"), says_tester("T1", True, "1 passed")],
    )
    replies = yaml.safe_load((tmp_path / "replies.yaml").read_text(encoding="utf-8"))
    replies["DevAgent"] = [dev_patch(REPAIR_DIFF, "add() must add.")]
    (tmp_path / "replies.yaml").write_text(yaml.safe_dump(replies), encoding="utf-8")
    proc = plan_run(dev_agent, git_repo, model, "--goal", "Make add() add.", "--repair")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    (finished,) = records(run_log, git_repo, "run_finished")
    branch = branch_of(finished)
    assert git("log", "--format=%s", f"main..{branch}", cwd=git_repo).splitlines() == [
        "dev-agent: iteration 1: fix tests/test_calc.py::test_add",
        "dev-agent: T1: Fix add (tests failing; repair follows)",
    ]
    assert "return a + b" in git("show", f"{branch}:calc.py", cwd=git_repo)
    assert git("rev-parse", branch, cwd=bare_remote) == git("rev-parse", branch, cwd=git_repo)
    assert [(r["task_id"], r["passed"]) for r in records(run_log, git_repo, "test_result")] == [
        ("T1", False),
        ("T1", True),
    ]
    (stage,) = records(run_log, git_repo, "repair_stage_finished")
    assert stage["outcome"] == "completed" and len(stage["commits"]) == 1
    steps = [s["step"] for s in records(run_log, git_repo, "step")]
    assert steps == [
        "Planner", "Coder", "Workspace", "ShellTool", "Tester",
        "ShellTool", "DevAgent", "GitTool", "ShellTool",  # the fix loop's stage, inside Repair
        "Repair", "ShellTool", "Tester", "GitTool",
    ]  # fmt: skip
    executions = [s["execution"] for s in records(run_log, git_repo, "step")]
    assert len(set(executions)) == len(executions)
