"""AutoGen agents behind our own small interfaces: model-backed roles (`ModelAgent`) and
deterministic tools (`ToolAgent`), both answering typed envelopes. Outside this package
only the workflow loop touches AutoGen, and only through `send`."""

from devagent.agents.messaging import EnvelopeMessage, send, unwrap, wrap
from devagent.agents.model_agent import (
    CallRecorder,
    EnvelopeFactory,
    ModelAgent,
    reply_format_for,
    strict_schema,
)
from devagent.agents.roles import ROLES, RoleSpec
from devagent.agents.tool_agent import Action, ToolAgent

__all__ = [
    "ROLES",
    "Action",
    "CallRecorder",
    "EnvelopeFactory",
    "EnvelopeMessage",
    "ModelAgent",
    "RoleSpec",
    "ToolAgent",
    "reply_format_for",
    "send",
    "strict_schema",
    "unwrap",
    "wrap",
]
