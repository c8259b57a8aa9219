"""The fix workflow (seed 004): run the tests; Repair and DevAgent patch until green; the
Supervisor approves; GitTool pushes and opens a PR. Its graph is
config/workflows/fix.yaml; this package holds its plug-in (agents, events, specs), its
run state, its step actions, its prompts and its run set-up (`run_fix`)."""

from devagent.workflows.fix.events import AGENT_KINDS, FixAgent, FixEvent
from devagent.workflows.fix.plugin import FIX
from devagent.workflows.fix.specs import FIX_SPECS, patch_digest
from devagent.workflows.fix.state import FixState, TestRun

__all__ = [
    "AGENT_KINDS",
    "FIX",
    "FIX_SPECS",
    "FixAgent",
    "FixEvent",
    "FixState",
    "TestRun",
    "patch_digest",
]
