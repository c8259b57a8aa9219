"""The fix workflow's specs: the generic ones, one per event, and these pure checks on
the output and the state snapshot (devagent/workflows/fix/state.py: FixState.snapshot)."""

from __future__ import annotations

import hashlib

from devagent.workflow.specs import GENERIC, Subject
from devagent.workflows.fix.events import FixEvent

FIX_SPECS = GENERIC.extend()
FIX_SPECS.events(FixEvent)


def patch_digest(diff: str) -> str:
    """How the state remembers a tried patch (see `patch_is_new`)."""
    return hashlib.sha256(diff.encode("utf-8", "surrogatepass")).hexdigest()[:16]


@FIX_SPECS.spec("is_patch", "the reply is not a patch")
def _is_patch(s: Subject) -> bool:
    return s.output is not None and s.output.type == "patch"


@FIX_SPECS.spec("is_instruction", "the reply is not an instruction")
def _is_instruction(s: Subject) -> bool:
    return s.output is not None and s.output.type == "instruction"


@FIX_SPECS.spec(
    "patch_is_new",
    "this exact patch was already tried in this run; write a different change that addresses the "
    "failure shown",
)
def _patch_is_new(s: Subject) -> bool:
    if s.output is None or s.output.type != "patch" or not s.output.diff:
        return True
    return patch_digest(s.output.diff) not in s.context.get("tried_patches", ())


@FIX_SPECS.spec("has_commits", "the branch has no commits")
def _has_commits(s: Subject) -> bool:
    return s.number("commits") > 0


@FIX_SPECS.spec("no_commits", "the branch has commits")
def _no_commits(s: Subject) -> bool:
    return s.number("commits") == 0


@FIX_SPECS.spec("ready_to_ship", "approval ships only a branch whose commits are green")
def _ready_to_ship(s: Subject) -> bool:
    # A model's "approved" after a rejected command or a red run must not push anything.
    return (
        s.output is not None
        and s.output.metadata.approved is True
        and s.context.get("tests_green") is True
        and s.number("commits") > 0
    )


@FIX_SPECS.spec("repair_available", "the candidate search is off or already ran in this run")
def _repair_available(s: Subject) -> bool:
    return s.context.get("repair_enabled") is True and s.context.get("repair_tried") is not True


@FIX_SPECS.spec("needs_review", "the tests decide the fix (devagent/repair/review.py)")
def _needs_review(s: Subject) -> bool:
    return s.context.get("needs_review") is True


@FIX_SPECS.spec("stalled", "there was new information lately (see FixState.stalled)")
def _stalled(s: Subject) -> bool:
    return s.context.get("stalled") is True


@FIX_SPECS.spec("interim_critique", "red results do not go to the Supervisor (interim_critique: false)")
def _interim_critique(s: Subject) -> bool:
    return s.context.get("interim_critique") is True


@FIX_SPECS.spec("plan_not_tried", "plan mode already ran in this run")
def _plan_not_tried(s: Subject) -> bool:
    return s.context.get("plan_tried") is not True


@FIX_SPECS.spec("suite_green", "the last test run was not green")
def _suite_green(s: Subject) -> bool:
    return s.context.get("tests_green") is True
