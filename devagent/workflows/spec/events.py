"""The spec workflow's agents and the events its steps report."""

from __future__ import annotations

from enum import StrEnum

from devagent.workflow.plugin import AgentKind


class SpecAgent(StrEnum):
    ARCHITECT = "Architect"
    REVIEWER = "Reviewer"


AGENT_KINDS: dict[str, AgentKind] = {SpecAgent.ARCHITECT: "model", SpecAgent.REVIEWER: "model"}


class SpecEvent(StrEnum):
    IDEA = "idea"  # the user's rough idea, the run's first message
    DESIGN = "design"  # the Architect's components and rationale
    VERIFIED = "verified"  # the Reviewer (model and checks) has no challenge left
    NEEDS_REVISION = "needs_revision"  # at least one challenge, from the checks or the model
