"""`plan --repair`: before halting on a failing task, hand its tests to the fix loop's
Repair step and DevAgent (config/workflows/fix_task_repair.yaml). The task's edits are
committed first (the failing tests included, so the patches are made against them and
may not change them: the fix loop's protected paths hold), then the fix loop runs on the
same worktree, branch and log with the task as its phase. Green: its commits join the
plan's, and the plan's ShellTool and Tester judge the task again."""

from __future__ import annotations

import copy
from pathlib import Path

from devagent.errors import GitError
from devagent.messages import Envelope
from devagent.phase import PhaseSpec
from devagent.tools.git_tool import CommitInfo
from devagent.tools.patch_policy import PatchPolicy, PatchRefused
from devagent.tools.shell import CommandPolicy
from devagent.traced_log import run_trace
from devagent.workflow import Trace
from devagent.workflow.manifest import load_manifest
from devagent.workflows.plan.events import PlanAgent, PlanEvent
from devagent.workflows.plan.state import PlanState
from devagent.workflows.plan.steps import PlanTools, PlanToolStep
from devagent.workflows.run_setup import open_role_backends

REPAIR_MANIFEST = "fix_task_repair.yaml"


class RepairStage(PlanToolStep):
    def __init__(self, state: PlanState, tools: PlanTools, trace: Trace) -> None:
        super().__init__(state, tools)
        self._trace = trace  # the fix loop's steps join the plan's execution trace

    def act(self, trigger: Envelope) -> Envelope:
        state, tools = self._state, self._tools
        task = state.task
        assert task is not None
        state.repair_tried = True
        message = f"dev-agent: {task.id}: {task.title} (tests failing; repair follows)\n\n{task.acceptance}\n"
        try:
            commit = tools.git.commit_paths(state.edits_by_task.get(task.id, []), message)
        except (GitError, PatchRefused) as exc:
            reason = exc.message if isinstance(exc, GitError) else exc.reason
            return state.message(PlanAgent.REPAIR, "status", f"git error: {reason}", PlanEvent.NOT_REPAIRED)
        if commit is not None:
            state.commits.append(commit)
            tools.log.write(
                PlanAgent.REPAIR,
                "commit",
                {"task_id": task.id, "sha": commit.sha, "files": commit.files, "message": message},
            )
        outcome, commits = self._fix_loop(
            f"{task.title}\n\n{task.rationale}\n\nAcceptance: {task.acceptance}"
        )
        state.commits.extend(commits)
        tools.log.write(
            PlanAgent.REPAIR,
            "repair_stage_finished",
            {"task_id": task.id, "outcome": outcome, "commits": [c.sha for c in commits]},
        )
        if outcome == "completed":
            return state.message(
                PlanAgent.REPAIR, "status", f"{task.id}: repaired by the fix loop", PlanEvent.REPAIRED
            )
        return state.message(
            PlanAgent.REPAIR, "status", f"{task.id}: not repaired ({outcome})", PlanEvent.NOT_REPAIRED
        )

    def _fix_loop(self, phase_text: str) -> tuple[str, list[CommitInfo]]:
        from devagent.workflow import run_workflow
        from devagent.workflows.fix.events import FixAgent, FixEvent
        from devagent.workflows.fix.plugin import FIX
        from devagent.workflows.fix.state import FixState
        from devagent.workflows.fix.team import FixTeam
        from devagent.workflows.fix.tools import FixTools

        state, tools = self._state, self._tools
        config = tools.config
        task = state.task
        assert task is not None
        manifest = load_manifest(repair_manifest(config.workflow), FIX)
        backends = open_role_backends(manifest, config)
        policy = PatchPolicy(protected=tuple(config.protected_paths), automation=tools.git.policy.automation)
        git = copy.copy(tools.git)
        git.policy = policy
        phase = PhaseSpec(
            path=tools.log.path, title=f"{task.id}: {task.title}", text=phase_text, protected_paths=None
        )
        templates, samples = config.repair.sources(config.model.dev_agent)
        fix_state = FixState(
            phase,
            config.max_iterations,
            state.base_sha,
            state.base_branch,
            state.branch,
            repair_enabled="Repair" in manifest.agents() and (templates or samples > 0),
        )
        worktree = tools.worktree
        fix_tools = FixTools(
            config=config,
            worktree=worktree,
            tests=tools.tests,
            model_commands=tools.tests.with_policy(
                CommandPolicy(tuple(config.shell.model_allowed), restrict_arguments=True)
            ),
            git=git,
            log=tools.log,
            is_protected=policy.is_protected,
        )
        inner = run_trace(tools.log)
        inner.execution = self._trace.execution
        agents = FixTeam(fix_state, fix_tools, backends, inner).agents(manifest)
        steps = sum(1 + s.retries for s in manifest.steps.values())
        task_message = fix_state.message(FixAgent.SUPERVISOR, "instruction", phase_text, FixEvent.PHASE)
        try:
            result = run_workflow(
                manifest,
                FIX,
                fix_state,
                agents,
                task_message,
                inner,
                (config.max_iterations + 2) * (steps + 2),
            )
        finally:
            self._trace.execution = inner.execution
        return result.outcome, list(fix_state.commits)


def repair_manifest(fix_workflow: str) -> Path:
    """fix_task_repair.yaml next to the configured fix workflow, else the bundled one."""
    from devagent.resources import resource_dir

    local = Path(fix_workflow).parent / REPAIR_MANIFEST
    return local if local.is_file() else resource_dir("config") / "workflows" / REPAIR_MANIFEST
