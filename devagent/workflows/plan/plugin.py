"""The plan workflow as the engine sees it: its agents, its events and its specs."""

from __future__ import annotations

from devagent.workflow.plugin import WorkflowPlugin
from devagent.workflows.plan.events import AGENT_KINDS, PlanEvent
from devagent.workflows.plan.specs import PLAN_SPECS

PLAN = WorkflowPlugin(name="plan", agents=AGENT_KINDS, events=PlanEvent, specs=PLAN_SPECS)
