"""The fix workflow's agents and the events its steps report."""

from __future__ import annotations

from enum import StrEnum

from devagent.workflow.plugin import AgentKind


class FixAgent(StrEnum):
    DEV_AGENT = "DevAgent"
    SUPERVISOR = "Supervisor"
    ARCHITECT = "Architect"
    REVIEWER = "Reviewer"
    SHELL_TOOL = "ShellTool"
    GIT_TOOL = "GitTool"
    REPAIR = "Repair"
    PLAN_MODE = "PlanMode"  # plan mode as a stage, for a green phase that asks for new work


AGENT_KINDS: dict[str, AgentKind] = {
    FixAgent.DEV_AGENT: "model",
    FixAgent.SUPERVISOR: "model",
    FixAgent.ARCHITECT: "model",
    FixAgent.REVIEWER: "model",
    FixAgent.SHELL_TOOL: "tool",
    FixAgent.GIT_TOOL: "tool",
    FixAgent.REPAIR: "tool",
    FixAgent.PLAN_MODE: "tool",
}


class FixEvent(StrEnum):
    PHASE = "phase"  # the Supervisor hands the phase to the team
    TESTS_PASSED = "tests_passed"  # the test command exited 0 within its timeout
    TESTS_FAILED = "tests_failed"
    COMMAND_OUTPUT = "command_output"  # output of commands DevAgent asked for
    COMMAND_REJECTED = "command_rejected"  # a command DevAgent asked for was refused
    TOOL_ERROR = "tool_error"  # the test command itself cannot run
    PATCH = "patch"  # DevAgent's or Repair's diff
    INSTRUCTION = "instruction"  # DevAgent asks ShellTool to run commands
    NO_CANDIDATE = "no_candidate"  # Repair found no fix
    PATCH_COMMITTED = "patch_committed"
    PATCH_REFUSED = "patch_refused"
    PUSHED = "pushed"
    GIT_ERROR = "git_error"
    APPROVED = "approved"  # the Supervisor approves
    CRITIQUE = "critique"  # the Supervisor asks for changes
    DESIGN = "design"  # the Architect's components
    VERIFIED = "verified"  # the Reviewer has no challenge
    NEEDS_REVISION = "needs_revision"
    PLANNED = "planned"  # plan mode committed every task of its plan on the fix branch
    PLAN_HALTED = "plan_halted"  # plan mode stopped (a failing task, an error reply, a rule)
