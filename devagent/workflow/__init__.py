"""The workflow engine: manifests as data (YAML), pure specs, the step engine, the router
and the one loop that runs every workflow. A workflow plugs in with a `WorkflowPlugin`
(its agents, events and specs), a state type and its step actions; see
AGENT-ARCHITECTURE.md, "Add a workflow"."""

from devagent.workflow.engine import StepEngine, fingerprint, status_message
from devagent.workflow.loop import WorkflowResult, run_workflow
from devagent.workflow.manifest import END, Manifest, Route, Step, load_manifest
from devagent.workflow.outcomes import OUTCOME_EXIT, ROUTE_OUTCOMES, SUCCESS, exit_code_of
from devagent.workflow.plugin import AgentKind, WorkflowPlugin, WorkflowState
from devagent.workflow.router import next_route
from devagent.workflow.specs import GENERIC, EngineEvent, Spec, SpecRegistry, SpecResult, Subject
from devagent.workflow.trace import StepRecord, Trace, message_record

__all__ = [
    "END",
    "GENERIC",
    "OUTCOME_EXIT",
    "ROUTE_OUTCOMES",
    "SUCCESS",
    "AgentKind",
    "EngineEvent",
    "Manifest",
    "Route",
    "Spec",
    "SpecRegistry",
    "SpecResult",
    "Step",
    "StepEngine",
    "StepRecord",
    "Subject",
    "Trace",
    "WorkflowPlugin",
    "WorkflowResult",
    "WorkflowState",
    "exit_code_of",
    "fingerprint",
    "load_manifest",
    "message_record",
    "next_route",
    "run_workflow",
    "status_message",
]
