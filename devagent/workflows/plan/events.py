"""The plan workflow's agents and the events its steps report."""

from __future__ import annotations

from enum import StrEnum

from devagent.workflow.plugin import AgentKind


class PlanAgent(StrEnum):
    PLANNER = "Planner"
    CODER = "Coder"
    TESTER = "Tester"
    WORKSPACE = "Workspace"  # the orchestrator applying the Coder's edits
    SHELL_TOOL = "ShellTool"
    GIT_TOOL = "GitTool"
    REPAIR = "Repair"  # --repair: the fix loop's Repair step and DevAgent on a failing task


AGENT_KINDS: dict[str, AgentKind] = {
    PlanAgent.PLANNER: "model",
    PlanAgent.CODER: "model",
    PlanAgent.TESTER: "model",
    PlanAgent.WORKSPACE: "tool",
    PlanAgent.SHELL_TOOL: "tool",
    PlanAgent.GIT_TOOL: "tool",
    PlanAgent.REPAIR: "tool",
}


class PlanEvent(StrEnum):
    GOAL = "goal"  # the user's goal, the run's first message
    PLAN = "plan"  # the Planner's tasks
    EDITS = "edits"  # the Coder's full-file edits for the current task
    AGENT_ERROR = "agent_error"  # a role answered {"status": "error", "reason": ...}
    EDITS_APPLIED = "edits_applied"
    EDITS_REFUSED = "edits_refused"  # a path outside the task's artifacts, a test file, outside the worktree
    TESTS_RAN = "tests_ran"  # the test command ran (whatever its exit code)
    TOOL_ERROR = "tool_error"  # the test command cannot run
    TASK_PASSED = "task_passed"  # the Tester's verdict, checked against the exit code
    TASK_FAILED = "task_failed"
    REPAIRED = "repaired"  # the fix loop made the failing task's tests pass
    NOT_REPAIRED = "not_repaired"
    TASK_COMMITTED = "task_committed"
    PUSHED = "pushed"
    GIT_ERROR = "git_error"
