"""Pure route conditions: (message, run facts) -> bool. No IO, no side effects, so
each is testable with plain values."""

from __future__ import annotations

from collections.abc import Callable

from devagent.fix_state import RunFacts
from devagent.messages import Envelope

Condition = Callable[[Envelope, RunFacts], bool]


def _event(name: str) -> Condition:
    def check(message: Envelope, facts: RunFacts) -> bool:
        return message.metadata.event == name

    check.__name__ = name
    return check


CONDITIONS: dict[str, Condition] = {
    name: _event(name)
    for name in (
        "tests_passed",
        "tests_failed",
        "command_output",
        "command_rejected",
        "tool_error",
        "model_error",
        "patch_committed",
        "patch_refused",
        "pushed",
        "git_error",
        "verified",  # Reviewer
        "needs_revision",  # Reviewer
    )
}
CONDITIONS.update(
    {
        "is_patch": lambda m, f: m.type == "patch",
        "is_instruction": lambda m, f: m.type == "instruction",
        "approved": lambda m, f: m.metadata.approved is True,
        "has_commits": lambda m, f: f.commits > 0,
        "no_commits": lambda m, f: f.commits == 0,
        "budget_left": lambda m, f: f.iteration < f.max_iterations,
        # Approval ships only what is committed and green: a model's "approved" after a
        # rejected command or a red run must not push anything.
        "ready_to_ship": lambda m, f: m.metadata.approved is True and f.tests_green and f.commits > 0,
    }
)
