"""Plan mode as a stage inside a fix run ("phases that ask for new work"): when the
phase's tests are all green and the Supervisor says the phase is not met yet, the fix
loop's PlanMode step runs the plan manifest on the same worktree, branch and run log.
Test files may be artifacts here (the phase asks for new tests), and every task must
list a test file first: the tests come first, then the code. Nothing is pushed: the fix
loop re-runs the tests, repairs what is red, and the Supervisor reviews the branch."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path

from devagent.config import Config
from devagent.runlog import RunLog
from devagent.tools.git_tool import CommitInfo, GitTool
from devagent.tools.patch_policy import PatchPolicy
from devagent.tools.shell import ShellTool
from devagent.traced_log import run_trace
from devagent.workflow import Trace, WorkflowResult
from devagent.workflow.manifest import load_manifest
from devagent.workflows.plan.events import PlanAgent
from devagent.workflows.plan.plugin import PLAN
from devagent.workflows.plan.state import PlanState
from devagent.workflows.plan.steps import PlanTools
from devagent.workflows.plan.summary import repo_summary, tracked_files


@dataclass(frozen=True)
class StageResult:
    result: WorkflowResult
    commits: list[CommitInfo]
    tasks_done: int
    tasks_total: int
    detail: str


def plan_stage(
    goal: str,
    config: Config,
    git: GitTool,
    tests: ShellTool,
    log: RunLog,
    trace: Trace,
    branch: str,
    base: tuple[str, str],
) -> StageResult:
    """Run plan mode in `git`'s worktree on `branch`, its records in `log` (step
    executions numbered on from `trace`)."""
    from devagent.prompt_budget import prompt_budget
    from devagent.workflows.plan.run import SUMMARY_SHARE, open_backends, outcome_detail, title_of
    from devagent.workflows.plan.team import ROLES, run_in

    worktree = git.worktree
    assert worktree is not None
    manifest = load_manifest(Path(config.plan.workflow), PLAN)
    backends = open_backends(manifest, config)
    files = tracked_files(worktree)
    planner = backends[PlanAgent.PLANNER]
    system = planner.count_tokens(ROLES[PlanAgent.PLANNER].system_prompt())
    budget = prompt_budget(config.model.context_size, config.model.max_tokens, system) // SUMMARY_SHARE
    state = PlanState(
        goal=goal,
        plan_id="plan_0001",
        max_tasks=config.plan.max_tasks,
        allow_tests=True,
        protected_paths=tuple(config.protected_paths),
        automation_paths=git.policy.automation,  # the fix loop's: the phase or the config
        known_files=tuple(files),
        repo_summary=repo_summary(worktree, files, budget, planner.count_tokens),
        branch=branch,
        base_sha=base[0],
        base_branch=base[1],
        publish=False,
        tests_first=True,
    )
    # The same worktree; commits may add tests here (the fix loop's own patches may not).
    plan_git = copy.copy(git)
    plan_git.policy = PatchPolicy(protected=(), automation=git.policy.automation)
    tools = PlanTools(
        config=config, worktree=worktree, tests=tests, git=plan_git, log=log, title=title_of(goal)
    )
    log.write("Orchestrator", "plan_stage", {"goal": goal, "branch": branch, "files": len(files)})
    inner = run_trace(log)
    inner.execution = trace.execution  # one numbering of step executions per log
    try:
        result = run_in(state, tools, manifest, backends, log.path.parent / log.run_id, inner)
    finally:
        trace.execution = inner.execution
    done = sum(1 for r in state.results if r["passed"])
    total = len(state.plan.tasks) if state.plan else 0
    detail = outcome_detail(state, result.outcome, result.reason)
    log.write(
        "Orchestrator",
        "plan_stage_finished",
        {"outcome": result.outcome, "tasks_done": done, "tasks_total": total, "detail": detail,
         "commits": [c.sha for c in state.commits]},
    )  # fmt: skip
    return StageResult(result, list(state.commits), done, total, detail)
