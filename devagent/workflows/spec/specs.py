"""The spec workflow's specs: the generic ones, one per event, the Architect's rules (post
specs: a reply that breaks them is sent back once with the problems) and the Reviewer's
pure checks as specs on the state snapshot (devagent/workflows/spec/state.py:
ARDState.snapshot). Every check is a function of the snapshot's plain data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from devagent.workflow.specs import GENERIC, Subject
from devagent.workflows.spec import checks
from devagent.workflows.spec.events import SpecEvent

SPEC_SPECS = GENERIC.extend()
SPEC_SPECS.events(SpecEvent)


def parts_of(context: Mapping[str, Any]) -> list[checks.Part]:
    return [
        checks.Part(str(c.get("name", "")), str(c.get("type", "")), str(c.get("purpose", "")))
        for c in context.get("components") or []
    ]


def last_challenge_ids(context: Mapping[str, Any]) -> list[int]:
    history = context.get("challenge_history") or []
    return [int(c["id"]) for c in history[-1].get("challenges", [])] if history else []


def design_problems(context: Mapping[str, Any]) -> list[str]:
    names = [p.name for p in parts_of(context)]
    rationale = str(context.get("design_rationale") or "")
    return checks.design_problems(names, rationale, last_challenge_ids(context))


@SPEC_SPECS.spec("names_pascal_case", "every component name must be PascalCase")
def _names_pascal_case(s: Subject) -> bool:
    return all(checks.PASCAL_CASE.match(p.name) for p in parts_of(s.context))


@SPEC_SPECS.spec(
    "rationale_addresses_challenges",
    "design_rationale must address each challenge of the last review by its index",
)
def _rationale_addresses_challenges(s: Subject) -> bool:
    rationale = str(s.context.get("design_rationale") or "")
    return all(checks.rationale_references(rationale, i) for i in last_challenge_ids(s.context))


@SPEC_SPECS.spec("design_rejected", "the design follows the Architect's rules")
def _design_rejected(s: Subject) -> bool:
    # Routes the Architect's last attempt: still breaking its rules after the re-prompt.
    return bool(design_problems(s.context))


def _no(category: checks.Category, s: Subject) -> bool:
    idea = str(s.context.get("rough_idea") or "")
    return not [f for f in checks.review(idea, parts_of(s.context)) if f.category == category]


@SPEC_SPECS.spec("draft_complete", "an entity of the rough idea has no component")
def _draft_complete(s: Subject) -> bool:
    return _no("completeness", s)


@SPEC_SPECS.spec("draft_consistent", "a component relies on one that is not defined")
def _draft_consistent(s: Subject) -> bool:
    return _no("consistency", s)


@SPEC_SPECS.spec("draft_unambiguous", "a component is vague, mistyped or named twice")
def _draft_unambiguous(s: Subject) -> bool:
    return _no("ambiguity", s)
