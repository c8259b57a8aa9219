"""The spec workflow as the engine sees it: its agents, its events and its specs."""

from __future__ import annotations

from devagent.workflow.plugin import WorkflowPlugin
from devagent.workflows.spec.events import AGENT_KINDS, SpecEvent
from devagent.workflows.spec.specs import SPEC_SPECS

SPEC = WorkflowPlugin(name="spec", agents=AGENT_KINDS, events=SpecEvent, specs=SPEC_SPECS)
