"""Spec mode (the seed's Architect-Reviewer Debate): a rough idea becomes a verified
spec.md. Its graph is config/workflows/spec.yaml; this package holds its plug-in (agents,
events, specs), the Reviewer's pure checks, its run state (ARDState), its prompts, its
team and its run set-up (`run_spec`)."""

from devagent.workflows.spec.events import AGENT_KINDS, SpecAgent, SpecEvent
from devagent.workflows.spec.plugin import SPEC
from devagent.workflows.spec.specs import SPEC_SPECS
from devagent.workflows.spec.state import ARDState

__all__ = ["AGENT_KINDS", "SPEC", "SPEC_SPECS", "ARDState", "SpecAgent", "SpecEvent"]
