"""A run's status in its workflow's own words, as `runs` lists it, `runs --status`
filters on it, `runs show` prints it and the dashboard's badge shows it: one table for
every workflow, so a new outcome is one line here.

The words are the seeds' where they have them: spec mode's ARDState status (verified,
max_iterations_reached, with the seed dashboard's TIMEOUT badge), debate mode's
DebateState status (completed, failed), plan mode's (completed, failed, agent_error).
Kept apart from the trace store so the command line can name them without loading it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Tone = Literal["running", "success", "review", "timeout", "failure"]


@dataclass(frozen=True)
class Status:
    word: str  # what `runs` lists and `runs --status` filters on
    tone: Tone  # the badge's colour
    badge: str = ""  # the badge's label; "" is the word in capitals

    @property
    def label(self) -> str:
        return self.badge or self.word.replace("_", " ").upper()


IN_PROGRESS = Status("in_progress", "running")
FAILED = Status("failed", "failure")

# workflow (its plug-in: fix, spec, debate, plan) -> outcome -> status. An outcome not
# listed is `failed`; a workflow not listed uses GENERIC.
RUN_STATUSES: dict[str, dict[str, Status]] = {
    "fix": {
        "approved": Status("approved", "success"),
        # pushed, but the tests do not decide the fix: the PR asks for the user's review
        "approved_needs_review": Status("needs_review", "review"),
        "nothing_to_do": Status("approved", "success"),
        "max_iterations": Status("timeout", "timeout"),
        "budget_exhausted": Status("timeout", "timeout"),
    },
    "spec": {
        "verified": Status("verified", "success"),
        "max_iterations": Status("max_iterations_reached", "timeout", "TIMEOUT"),
        "budget_exhausted": Status("budget_exhausted", "timeout", "TIMEOUT"),
    },
    "debate": {
        "completed": Status("completed", "success"),
    },
    "plan": {
        "completed": Status("completed", "success"),
        "agent_error": Status("agent_error", "failure"),
    },
}
# A workflow of the user's own: the success words of the outcome table, else failed.
GENERIC: dict[str, Status] = {
    **RUN_STATUSES["fix"],
    "verified": Status("verified", "success"),
    "completed": Status("completed", "success"),
}

STATUSES: tuple[str, ...] = tuple(
    dict.fromkeys(
        [
            IN_PROGRESS.word,
            *(s.word for table in (*RUN_STATUSES.values(), GENERIC) for s in table.values()),
            FAILED.word,
        ]
    )
)


def status_of(outcome: str | None, workflow: str | None = None) -> Status:
    """in_progress until the run has an outcome; then its workflow's word for it."""
    if outcome is None:
        return IN_PROGRESS
    table = RUN_STATUSES.get(workflow or "", GENERIC)
    return table.get(outcome, FAILED)
