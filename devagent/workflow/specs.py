"""Specs: pure checks on a step's output and the workflow context, registered by name.

A manifest names them as a step's `pre`, `post` and `invariants`, and in a route's
`when`. Each is a plain function of a `Subject` (no IO, no side effects), so it is
tested with plain values. A spec says why it failed through its registered
description, which a retry adds to the context."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from devagent.messages import Envelope

SpecKind = Literal["invariant", "pre", "post", "route"]


@dataclass(frozen=True)
class Subject:
    """What a spec sees: the step's output (None before the step ran) and a snapshot of
    the context (JSON-like data)."""

    output: Envelope | None
    context: Mapping[str, Any]

    @property
    def event(self) -> str | None:
        return self.output.metadata.event if self.output is not None else None

    def number(self, key: str, default: float = 0) -> float:
        value = self.context.get(key, default)
        return float(value) if isinstance(value, int | float) else default


@dataclass(frozen=True)
class Spec:
    name: str
    check: Callable[[Subject], bool]
    failure: str  # what a failure means, in words a model or a user reads
    halt_outcome: str = "invariant_failed"  # the run's outcome when it fails as an invariant


@dataclass(frozen=True)
class SpecResult:
    spec: str
    kind: SpecKind
    passed: bool
    detail: str = ""

    def as_record(self) -> dict[str, Any]:
        return {"spec": self.spec, "kind": self.kind, "passed": self.passed, "detail": self.detail}


SPECS: dict[str, Spec] = {}


def register(
    name: str, failure: str, halt_outcome: str = "invariant_failed"
) -> Callable[[Callable[[Subject], bool]], Callable[[Subject], bool]]:
    def add(check: Callable[[Subject], bool]) -> Callable[[Subject], bool]:
        if name in SPECS:
            raise ValueError(f"spec '{name}' is registered twice")
        SPECS[name] = Spec(name, check, failure, halt_outcome)
        return check

    return add


def evaluate(names: list[str], kind: SpecKind, subject: Subject) -> list[SpecResult]:
    results = []
    for name in names:
        spec = SPECS[name]  # the manifest loader guarantees every name is registered
        passed = bool(spec.check(subject))
        results.append(SpecResult(name, kind, passed, "" if passed else spec.failure))
    return results


def failed(results: list[SpecResult]) -> list[SpecResult]:
    return [r for r in results if not r.passed]


def _event_spec(name: str, failure: str) -> None:
    register(name, failure)(lambda s: s.event == name)


# --- Events: what a step reports it did (Envelope.metadata.event) -----------------------
for _name, _failure in (
    ("tests_passed", "the tests did not pass"),
    ("tests_failed", "the tests did not fail"),
    ("command_output", "no command output"),
    ("command_rejected", "no command was rejected"),
    ("tool_error", "no tool error"),
    ("model_error", "no model error"),
    ("patch_committed", "the patch was not committed"),
    ("patch_refused", "the patch was not refused"),
    ("pushed", "the branch was not pushed"),
    ("git_error", "no git error"),
    ("verified", "the Reviewer did not verify the draft"),
    ("needs_revision", "the Reviewer did not ask for a revision"),
    ("failed", "the step did not fail"),
    ("skipped", "the step was not skipped"),
    ("invalid_reply", "the reply was valid"),
    ("no_candidate", "a candidate fix was found"),
):
    _event_spec(_name, _failure)


# --- Output shape -----------------------------------------------------------------------
@register("is_patch", "the reply is not a patch")
def _is_patch(s: Subject) -> bool:
    return s.output is not None and s.output.type == "patch"


@register("is_instruction", "the reply is not an instruction")
def _is_instruction(s: Subject) -> bool:
    return s.output is not None and s.output.type == "instruction"


@register("approved", "the reply does not approve")
def _approved(s: Subject) -> bool:
    return s.output is not None and s.output.metadata.approved is True


@register("reply_valid", "the reply did not follow the required schema")
def _reply_valid(s: Subject) -> bool:
    return s.event not in ("invalid_reply", "model_error")


@register("step_ok", "the step reported a failure")
def _step_ok(s: Subject) -> bool:
    return s.event not in ("failed", "tool_error", "model_error", "git_error", "invalid_reply")


@register(
    "patch_is_new",
    "this exact patch was already tried in this run; write a different change that addresses the "
    "failure shown",
)
def _patch_is_new(s: Subject) -> bool:
    if s.output is None or s.output.type != "patch" or not s.output.diff:
        return True
    return _digest(s.output.diff) not in s.context.get("tried_patches", ())


# --- Run facts from the context ---------------------------------------------------------
@register("has_commits", "the branch has no commits")
def _has_commits(s: Subject) -> bool:
    return s.number("commits") > 0


@register("no_commits", "the branch has commits")
def _no_commits(s: Subject) -> bool:
    return s.number("commits") == 0


@register("budget_left", "the iteration budget is used up")
def _budget_left(s: Subject) -> bool:
    return s.number("iteration") < s.number("max_iterations")


@register(
    "ready_to_ship",
    "approval ships only a branch whose commits are green",
)
def _ready_to_ship(s: Subject) -> bool:
    # A model's "approved" after a rejected command or a red run must not push anything.
    return (
        s.output is not None
        and s.output.metadata.approved is True
        and s.context.get("tests_green") is True
        and s.number("commits") > 0
    )


@register("within_token_budget", "the workflow's token budget is used up", "budget_exhausted")
def _within_token_budget(s: Subject) -> bool:
    budget = s.number("budget_tokens")
    return budget <= 0 or s.number("tokens_used") <= budget


@register("within_wall_time", "the workflow's wall-time budget is used up", "budget_exhausted")
def _within_wall_time(s: Subject) -> bool:
    budget = s.number("budget_wall_time_s")
    return budget <= 0 or s.number("elapsed_s") <= budget


@register("repair_available", "the candidate search is off or already ran in this run")
def _repair_available(s: Subject) -> bool:
    return s.context.get("repair_enabled") is True and s.context.get("repair_tried") is not True


@register("rounds_left", "no rounds are left")
def _rounds_left(s: Subject) -> bool:
    return s.number("round") < s.number("max_rounds")


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def patch_digest(diff: str) -> str:
    """How the context remembers a tried patch (see `patch_is_new`)."""
    return _digest(diff)
