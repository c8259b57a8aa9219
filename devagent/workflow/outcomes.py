"""How a workflow run can end, and the exit code of each ending.

A manifest's route to `end` names one of these; the engine's own halts (a loop, a
broken invariant, a spent budget) and the terminating errors (devagent/errors.py) use
them too. One table for every workflow, so an exit code means the same in every mode."""

from __future__ import annotations

from devagent.errors import ExitCode

OUTCOME_EXIT: dict[str, ExitCode] = {
    "approved": ExitCode.OK,  # the fix loop: approved, pushed, PR opened or recorded
    # the fix loop: approved and pushed, but the tests do not decide the fix (Repair's
    # evidence: another passing candidate behaves differently, or a suspect edit); the PR
    # opens with what to review
    "approved_needs_review": ExitCode.NEEDS_REVIEW,
    "nothing_to_do": ExitCode.OK,  # no failing test on the first run
    "verified": ExitCode.OK,  # a reviewer verified the result
    "completed": ExitCode.OK,  # a pipeline ran every step
    "max_iterations": ExitCode.MAX_ITERATIONS,
    "budget_exhausted": ExitCode.MAX_ITERATIONS,  # the manifest's token or wall-time budget
    "failed": ExitCode.MAX_ITERATIONS,  # the workflow ended without success (a pipeline halted)
    "agent_error": ExitCode.MAX_ITERATIONS,  # a role answered {"status": "error"}; halted for inspection
    "git_error": ExitCode.GIT_ERROR,
    "tool_error": ExitCode.USAGE,  # the test command cannot run
    "usage_error": ExitCode.USAGE,
    "environment_error": ExitCode.ENVIRONMENT,  # the baseline's failures are the environment's
    "model_unavailable": ExitCode.MODEL_UNAVAILABLE,
    "model_error": ExitCode.MODEL_PROTOCOL,
    "loop_detected": ExitCode.LOOP_DETECTED,
    # the fix loop: Repair found nothing and the model's diffs brought no news (refused or
    # repeated) for `repair.stall_s`; a loop in time rather than in state
    "stalled": ExitCode.LOOP_DETECTED,
    "invariant_failed": ExitCode.INVARIANT_FAILED,
    "protocol_error": ExitCode.INTERNAL,
    "internal_error": ExitCode.INTERNAL,
    "io_error": ExitCode.IO_ERROR,
    "interrupted": ExitCode.INTERRUPTED,
}

# What a manifest may name as a route's outcome: the endings a workflow decides on.
# The others are the engine's or an error's.
ROUTE_OUTCOMES = (
    "approved",
    "approved_needs_review",
    "nothing_to_do",
    "verified",
    "completed",
    "max_iterations",
    "failed",
    "agent_error",
    "git_error",
    "tool_error",
    "model_error",
    "stalled",
)

SUCCESS = frozenset(o for o, code in OUTCOME_EXIT.items() if code == ExitCode.OK)


def exit_code_of(outcome: str) -> ExitCode:
    return OUTCOME_EXIT.get(outcome, ExitCode.INTERNAL)
