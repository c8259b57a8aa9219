"""Debate mode (the seed's `dialectic`): role agents propose, critique and refine designs
for a problem over rounds, a judge synthesises the solution. Its graph is
config/workflows/debate.yaml; this package holds its plug-in (agents, panels, events,
specs), its typed state (the seed's DebateState), configuration, prompts, team, run
set-up, report and evaluation."""

from devagent.workflows.debate.events import AGENT_KINDS, DebateAgent, DebateEvent, Panel
from devagent.workflows.debate.plugin import DEBATE
from devagent.workflows.debate.state import Contribution, DebateRound, DebateState, Solution

__all__ = [
    "AGENT_KINDS",
    "DEBATE",
    "Contribution",
    "DebateAgent",
    "DebateEvent",
    "DebateRound",
    "DebateState",
    "Panel",
    "Solution",
]
