"""AutoGen agents behind our own small interfaces: model-backed roles (`ModelAgent`) and
deterministic tools (`ToolAgent`), both answering typed envelopes. Outside this package
only the workflow loop touches AutoGen, and only through `send`."""

from devagent.agents.messaging import EnvelopeMessage, send, unwrap, wrap
from devagent.agents.model_agent import (
    Answer,
    CallRecorder,
    EnvelopeFactory,
    ModelAgent,
    ask_validated,
    reply_format_for,
    strict_schema,
)
from devagent.agents.roles import ROLES, RoleSpec
from devagent.agents.tool_agent import Action, ToolAgent
from devagent.agents.turn_agent import TurnAgent

__all__ = [
    "ROLES",
    "Action",
    "Answer",
    "CallRecorder",
    "EnvelopeFactory",
    "EnvelopeMessage",
    "ModelAgent",
    "RoleSpec",
    "ToolAgent",
    "TurnAgent",
    "ask_validated",
    "reply_format_for",
    "send",
    "strict_schema",
    "unwrap",
    "wrap",
]
