"""Setting up one plan run, start to finish: check the goal and the repository (exit 3,
before anything is created), open the models (exit 4), a worktree on a new branch, the
run log and the trace store; run the plan manifest on the workflow loop; then remove the
worktree, keep the branch if it has commits, and record the result.

The set-up shared with the fix loop (input checks, sandboxed ShellTool, the records of
the branch's outputs) is devagent/workflows/run_setup.py; the run log, devagent/traced_log.py."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from devagent.config import Config
from devagent.errors import ExitCode, GitError, LogWriteError
from devagent.messages import Envelope
from devagent.models.base import ModelBackend
from devagent.project_env import ProjectEnvironment
from devagent.runlog import RunLog, duration_s
from devagent.tools.git_tool import GitTool, next_branch_name
from devagent.tools.patch_policy import PatchPolicy
from devagent.tools.pull_request import PullRequestResult
from devagent.tools.shell import CommandPolicy
from devagent.traced_log import (
    RunEnd,
    finish_traced_log,
    open_traced_log,
    record_internal_error,
    record_on_the_way_out,
)
from devagent.workflow.manifest import Manifest
from devagent.workflow.outcomes import exit_code_of
from devagent.workflows import run_setup
from devagent.workflows.plan.checks import goal_allows_tests
from devagent.workflows.plan.events import PlanAgent
from devagent.workflows.plan.plugin import PLAN
from devagent.workflows.plan.replies import check_plan_id
from devagent.workflows.plan.state import PlanState
from devagent.workflows.plan.steps import PlanTools
from devagent.workflows.plan.summary import repo_summary, tracked_files

Printer = Callable[[Envelope], None]
PLAN_ID = "plan_0001"
SUMMARY_SHARE = 2  # the repo summary may take half the Planner's prompt budget


@dataclass(frozen=True)
class PlanRequest:
    goal: str
    repo: Path
    config: Config
    runs_dir: Path
    plan_id: str = PLAN_ID
    allow_tests: bool | None = None  # None: the goal decides (it asks for tests)
    repair: bool = False  # a failing task goes to the fix loop's Repair step and DevAgent first


@dataclass(frozen=True)
class PlanResult:
    run_id: str
    outcome: str
    exit_code: ExitCode
    tasks_done: int
    tasks_total: int
    branch: str
    branch_kept: bool
    log_path: Path
    plan_path: Path | None
    pull_request: PullRequestResult | None
    detail: str
    report: str  # the last Tester report (the failing one when a task failed)


@dataclass(frozen=True)
class _Checked:
    manifest: Manifest
    git: GitTool
    base: tuple[str, str]
    backends: dict[str, ModelBackend]
    protected: tuple[str, ...]
    allow_tests: bool
    environment: ProjectEnvironment


def _check_inputs(request: PlanRequest) -> _Checked:
    """Bad input stops here with exit 3 (or 4 for a model), before any branch or log."""
    config = request.config
    check_plan_id(request.plan_id)
    allow_tests = goal_allows_tests(request.goal) if request.allow_tests is None else request.allow_tests
    protected = tuple(config.protected_paths)
    inputs = run_setup.check_run_inputs(
        request.repo,
        config,
        Path(config.plan.workflow),
        PLAN,
        branch_prefix=config.plan.branch_prefix,
        policy=PatchPolicy(
            protected=() if allow_tests else protected, automation=tuple(config.automation_paths)
        ),
        open_backends=lambda manifest: open_backends(manifest, config),
        empty_repo_hint="commit something first",
    )
    return _Checked(
        inputs.manifest, inputs.git, inputs.base, inputs.backends, protected, allow_tests, inputs.environment
    )


def open_backends(manifest: Manifest, config: Config) -> dict[str, ModelBackend]:
    """One backend per model role of the manifest, decoding at plan.temperature."""
    from devagent.models.factory import open_backend

    settings = config.model.model_copy(update={"temperature": config.plan.temperature})
    specs = {
        PlanAgent.PLANNER: ("planner_model", config.plan.planner_model),
        PlanAgent.CODER: ("coder_model", config.plan.coder_model),
        PlanAgent.TESTER: ("tester_model", config.plan.tester_model),
    }
    backends: dict[str, ModelBackend] = {}
    for name, kind in manifest.agents().items():
        if kind != "model":
            continue
        key, spec = specs[PlanAgent(name)]
        if spec is None:
            where = config.key_name("model.dev_agent")
            backends[name] = open_backend(config.model.dev_agent, name, settings, where)
        else:
            backends[name] = open_backend(spec, name, settings, config.key_name(f"plan.{key}"))
    return backends


def title_of(goal: str) -> str:
    first = goal.strip().splitlines()[0].strip()
    return first if len(first) <= 72 else first[:69] + "..."


def run_plan(request: PlanRequest, show: Printer | None = None) -> PlanResult:
    config = request.config
    checked = _check_inputs(request)
    from devagent.workflows.plan.team import ROLES, run_team  # AutoGen loads here, not at --help

    git = checked.git
    log = open_traced_log(request.runs_dir, git)
    base_sha, base_branch = checked.base
    branch = next_branch_name(git.repo, config.plan.branch_prefix, title_of(request.goal))
    state = PlanState(
        goal=request.goal,
        plan_id=request.plan_id,
        max_tasks=config.plan.max_tasks,
        allow_tests=checked.allow_tests,
        protected_paths=checked.protected,
        automation_paths=tuple(config.automation_paths),
        known_files=(),
        repo_summary="",
        branch=branch,
        base_sha=base_sha,
        base_branch=base_branch,
        repair=request.repair,
        budget_tokens=checked.manifest.budgets.tokens or 0,
        budget_wall_time_s=checked.manifest.budgets.wall_time_s or 0.0,
    )
    exit_code: ExitCode | None = None
    detail = ""
    branch_made = False
    plan_dir = request.runs_dir / log.run_id
    try:
        log.write("Orchestrator", "run_started", _start_record(log, request, checked, state, config))
        started = time.perf_counter()
        worktree = git.create_worktree(branch)
        branch_made = True
        log.write(
            "GitTool",
            "worktree",
            {"path": str(worktree), "duration_s": duration_s(started)},
        )
        files = tracked_files(worktree)
        state.known_files = tuple(files)
        planner = checked.backends[PlanAgent.PLANNER]
        from devagent.prompt_budget import prompt_budget

        system = planner.count_tokens(ROLES[PlanAgent.PLANNER].system_prompt())
        budget = prompt_budget(config.model.context_size, config.model.max_tokens, system) // SUMMARY_SHARE
        state.repo_summary = repo_summary(worktree, files, budget, planner.count_tokens)
        log.write("Orchestrator", "repo_summary", {"files": len(files), "summary": state.repo_summary})
        tools = PlanTools(
            config=config,
            worktree=worktree,
            tests=run_setup.sandboxed_shell(
                worktree, CommandPolicy(tuple(config.shell.allowed)), config, checked.environment, git.repo
            ),
            git=git,
            log=log,
            title=title_of(request.goal),
        )
        with run_setup.quiet_asyncio_shutdown():
            result = run_team(state, tools, checked.manifest, checked.backends, plan_dir, show)
        _record_outputs(log, state, tools, plan_dir)
        outcome, exit_code = result.outcome, result.exit_code
        detail = outcome_detail(state, outcome, result.reason)
    except GitError as exc:
        outcome, detail = "git_error", exc.message
    except KeyboardInterrupt:
        outcome, detail = "interrupted", "interrupted by the user"
    except LogWriteError as exc:
        outcome, detail = "io_error", exc.message
    except Exception as exc:  # a bug: the traceback goes to the log, one line to the user
        outcome, detail = "internal_error", record_internal_error(log, exc)
    finally:
        git.remove_worktree()
        record_on_the_way_out(log, "GitTool", "worktree_removed", {})
    end = RunEnd(outcome, exit_code or exit_code_of(outcome), detail)
    return _finish(log, git, state, end, branch_made, plan_dir)


def outcome_detail(state: PlanState, outcome: str, reason: str) -> str:
    """The line the terminal and the run end give after the outcome: why it ended so."""
    if outcome == "completed":
        return ""
    if outcome == "agent_error" and state.error:
        return f"{state.error['role']} answered an error: {state.error['reason']}"
    task = state.task
    if outcome == "failed" and state.results and not state.results[-1]["passed"]:
        return f"task {state.results[-1]['task_id']} failed its tests; halted for inspection"
    if outcome == "model_error" and state.plan_problems:
        return "Planner: the plan broke its rules after one re-prompt: " + "; ".join(state.plan_problems)
    if outcome == "model_error" and state.note:
        where = f"{task.id}: " if task else ""
        return f"{where}{state.note}"
    return reason


def _start_record(
    log: RunLog, request: PlanRequest, checked: _Checked, state: PlanState, config: Config
) -> dict[str, Any]:
    return {
        "run_id": log.run_id,
        "workflow": checked.manifest.name,
        "plugin": "plan",
        "phase_title": title_of(request.goal),
        "goal": request.goal,
        "goal_sha256": hashlib.sha256(request.goal.encode("utf-8", "surrogatepass")).hexdigest(),
        "plan_id": request.plan_id,
        "max_tasks": config.plan.max_tasks,
        "allow_tests": checked.allow_tests,
        "repair": request.repair,
        "cwd": str(Path.cwd()),
        "repo": str(checked.git.repo),
        "branch": state.branch,
        "base": state.base_sha,
        "base_branch": state.base_branch,
        "test_command": config.test_command,
        "models": {role: b.name for role, b in checked.backends.items()},
        "temperature": config.plan.temperature,
        "seed": config.model.seed,
        "protected_paths": list(checked.protected),
        "automation_paths": list(config.automation_paths),
        "sandbox": run_setup.sandbox_record(config),
        "environment": checked.environment.record(),
        "resumed_from": None,
        "settings": config.record(),
    }


def _record_outputs(log: RunLog, state: PlanState, tools: PlanTools, plan_dir: Path) -> None:
    """What the run produced, for the trace store and the dashboard's downloads: the plan,
    then the branch's patch, commits and pull request record."""
    if state.plan is not None and not state.plan_problems:
        path = plan_dir / f"{state.plan.plan_id}.json"
        if path.is_file():
            log.write(
                "Orchestrator",
                "extracted_item",
                {"kind": "plan", "name": path.name, "content": path.read_text(encoding="utf-8")},
            )
    run_setup.record_branch_outputs(log, tools.git, state, pr_url_without_record=False)


def _finish(
    log: RunLog, git: GitTool, state: PlanState, end: RunEnd, branch_made: bool, plan_dir: Path
) -> PlanResult:
    branch_kept = run_setup.keep_branch(git, state, branch_made)
    done = sum(1 for r in state.results if r["passed"])
    total = len(state.plan.tasks) if state.plan else 0
    plan_path = plan_dir / f"{state.plan.plan_id}.json" if state.plan else None
    outcome, exit_code, detail = finish_traced_log(
        log,
        end,
        {
            "iterations": state.iteration,
            "plan_id": state.plan.plan_id if state.plan else None,
            "tasks_done": done,
            "tasks_total": total,
            **run_setup.branch_record(state, branch_kept),
        },
    )
    report = str(state.results[-1]["report"]) if state.results else ""
    return PlanResult(
        run_id=log.run_id,
        outcome=outcome,
        exit_code=exit_code,
        tasks_done=done,
        tasks_total=total,
        branch=state.branch,
        branch_kept=branch_kept,
        log_path=log.path,
        plan_path=plan_path if plan_path and plan_path.is_file() else None,
        pull_request=state.pull_request,
        detail=detail,
        report=report,
    )
