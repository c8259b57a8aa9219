"""The fix workflow as the engine sees it: its agents, its events and its specs."""

from __future__ import annotations

from devagent.workflow.plugin import WorkflowPlugin
from devagent.workflows.fix.events import AGENT_KINDS, FixEvent
from devagent.workflows.fix.specs import FIX_SPECS

FIX = WorkflowPlugin(name="fix", agents=AGENT_KINDS, events=FixEvent, specs=FIX_SPECS)
