"""The debate workflow as the engine sees it: its agents, panels, events and specs."""

from __future__ import annotations

from devagent.workflow.plugin import WorkflowPlugin
from devagent.workflows.debate.events import AGENT_KINDS, DebateEvent, Panel
from devagent.workflows.debate.specs import DEBATE_SPECS

DEBATE = WorkflowPlugin(
    name="debate",
    agents=AGENT_KINDS,
    events=DebateEvent,
    specs=DEBATE_SPECS,
    panels=frozenset(str(p) for p in Panel),
)
