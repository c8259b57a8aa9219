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
from devagent.messages import MAX_ITEMS, ReviewerReply
from devagent.models.base import ModelBackend, ReplyFormat


def strict_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The reply's JSON schema with every property required, so constrained decoding
    always writes the same keys in the same order."""
    schema = model.model_json_schema()
    schema["required"] = list(schema.get("properties", {}))
    return schema


def patch_or_instruction_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """DevAgent's reply as two alternatives, so constrained decoding cannot write a patch
    without its diff or an instruction without a command: a patch (no commands; the
    diff fence must follow) or an instruction (1 to 3 commands; no diff)."""
    properties = schema["properties"]
    commands = properties["commands"]
    patch = {**properties, "type": {"const": "patch"}, "commands": {"const": []}}
    instruction = {**properties, "type": {"const": "instruction"}, "commands": {**commands, "minItems": 1}}
    return {"oneOf": [{**schema, "properties": patch}, {**schema, "properties": instruction}]}


def verdict_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """The Reviewer's rule as alternatives: `verified` with no challenges, or
    `needs_revision` with at least one, numbered 1 to MAX_ITEMS."""
    properties = schema["properties"]
    challenge = schema["$defs"]["Challenge"]
    numbered = {
        **challenge,
        "properties": {**challenge["properties"], "id": {"enum": list(range(1, MAX_ITEMS + 1))}},
        "required": list(challenge["properties"]),
    }
    verified = {**properties, "status": {"const": "verified"}, "challenges": {"const": []}}
    revision = {
        **properties,
        "status": {"const": "needs_revision"},
        "challenges": {"type": "array", "items": numbered, "minItems": 1, "maxItems": MAX_ITEMS},
    }
    return {"oneOf": [{**schema, "properties": verified}, {**schema, "properties": revision}]}


def reply_format_for(role: RoleSpec, diff_paths: tuple[str, ...] | None) -> ReplyFormat:
    """What a role's reply must look like; `diff_paths` are the files a diff may touch.
    Servers get the plain schema; grammars get the stricter decoding schema."""
    schema = strict_schema(role.reply_model)
    if role.reply_model is ReviewerReply:
        return ReplyFormat(json_schema=schema, decoding_schema=verdict_schema(schema))
    if not role.writes_diffs or diff_paths is None:
        return ReplyFormat(json_schema=schema)
    return ReplyFormat(
        schema, diff_paths, decoding_schema=patch_or_instruction_schema(schema), diff_variants=(0,)
    )


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
    def reply_format() -> ReplyFormat:
        return reply_format_for(role, diff_paths())

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
