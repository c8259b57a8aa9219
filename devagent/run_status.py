"""A run's status, as `runs --status` filters it and the dashboard's badge shows it.
Kept apart from the trace store so the command line can name them without loading it."""

from __future__ import annotations

STATUSES = ("in_progress", "approved", "verified", "timeout", "failed")
_STATUS_OF = {
    "approved": "approved",
    "nothing_to_do": "approved",
    "verified": "verified",
    "completed": "verified",
    "max_iterations": "timeout",
    "budget_exhausted": "timeout",
}


def status_of(outcome: str | None) -> str:
    """in_progress until the run has an outcome; every outcome not listed is a failure."""
    if outcome is None:
        return "in_progress"
    return _STATUS_OF.get(outcome, "failed")
