"""The model-backed roles as AutoGen AssistantAgents on our protocol client."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from autogen_agentchat.agents import AssistantAgent
from pydantic import BaseModel

from devagent.agents.model_client import EnvelopeFactory, ErrorEnvelopeFactory, ProtocolModelClient
from devagent.agents.prompt_context import StatePromptContext
from devagent.agents.roles import RoleSpec
from devagent.errors import DevAgentError
from devagent.models.base import ModelBackend, ReplyFormat


def strict_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The reply's JSON schema with every property required, so constrained decoding
    always writes the same keys in the same order."""
    schema = model.model_json_schema()
    schema["required"] = list(schema.get("properties", {}))
    return schema


def model_agent(
    role: RoleSpec,
    backend: ModelBackend,
    build_prompt: Callable[[], str],
    diff_paths: Callable[[], tuple[str, ...] | None],
    make_envelope: EnvelopeFactory,
    make_error: ErrorEnvelopeFactory,
    record_call: Callable[[dict[str, Any]], None],
    on_failure: Callable[[DevAgentError], None],
    description: str,
) -> AssistantAgent:
    schema = strict_schema(role.reply_model)

    def reply_format() -> ReplyFormat:
        return ReplyFormat(json_schema=schema, diff_paths=diff_paths() if role.writes_diffs else None)

    client = ProtocolModelClient(
        backend, role, reply_format, make_envelope, make_error, record_call, on_failure
    )
    return AssistantAgent(
        name=role.name,
        model_client=client,
        system_message=role.system_prompt(),
        model_context=StatePromptContext(build_prompt),
        description=description or role.name,
    )
