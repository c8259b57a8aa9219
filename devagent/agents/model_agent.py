"""The model-backed roles as typed AutoGen agents on our backends, and the reply
formats (JSON schemas, decoding schemas) they ask the backends for."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from devagent.agents.messaging import EnvelopeAgent
from devagent.agents.roles import RoleSpec
from devagent.errors import ModelProtocolError, ModelUnavailableError, TurnDeadlinePassed
from devagent.messages import (
    DECODE_DESCRIPTION_CHARS,
    DECODE_NAME_CHARS,
    DECODE_PURPOSE_CHARS,
    DECODE_RATIONALE_CHARS,
    MAX_ITEMS,
    ArchitectReply,
    Envelope,
    ReplyError,
    ReviewerReply,
    parse_bare_reply,
    parse_reply,
)
from devagent.models.base import ChatMessage, ModelBackend, ReplyFormat
from devagent.secret_values import redact
from devagent.text import truncate_output

EnvelopeFactory = Callable[[BaseModel, "str | None"], Envelope]  # (validated reply, diff)
CallRecorder = Callable[[dict[str, Any]], None]  # one record per model call


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


def design_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """The Architect's reply with the grammar's bounds (validation has none): at most
    MAX_ITEMS components, each string bounded, every key written."""
    properties = schema["properties"]
    component = schema["$defs"]["Component"]
    fields = component["properties"]
    bounded = {
        **component,
        "properties": {
            **fields,
            "name": {**fields["name"], "maxLength": DECODE_NAME_CHARS},
            "purpose": {**fields["purpose"], "maxLength": DECODE_PURPOSE_CHARS},
        },
        "required": list(fields),
    }
    return {
        **schema,
        "properties": {
            **properties,
            "components": {"type": "array", "items": bounded, "minItems": 1, "maxItems": MAX_ITEMS},
            "design_rationale": {**properties["design_rationale"], "maxLength": DECODE_RATIONALE_CHARS},
        },
    }


def verdict_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """The Reviewer's rule as alternatives: `verified` with no challenges, or
    `needs_revision` with at least one, numbered 1 to MAX_ITEMS (the grammar's bounds:
    validation has none)."""
    properties = schema["properties"]
    challenge = schema["$defs"]["Challenge"]
    described = {**challenge["properties"]["description"], "maxLength": DECODE_DESCRIPTION_CHARS}
    numbered = {
        **challenge,
        "properties": {
            **challenge["properties"],
            "id": {"enum": list(range(1, MAX_ITEMS + 1))},
            "description": described,
        },
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
    if role.reply_model is ArchitectReply:
        return ReplyFormat(json_schema=schema, decoding_schema=design_schema(schema))
    if not role.writes_diffs or diff_paths is None:
        return ReplyFormat(json_schema=schema)
    return ReplyFormat(
        schema, diff_paths, decoding_schema=patch_or_instruction_schema(schema), diff_variants=(0,)
    )


class ModelAgent(EnvelopeAgent):
    """A model-backed role: builds its prompt from the run state (not the transcript, so
    every turn fits the context window and keeps its stable part first), asks the
    backend, validates the reply against the role's model and re-prompts once with the
    validation error; answers with the envelope `make_envelope` builds from the reply.

    No tools and no function calling: small local models are bad at it, and AutoGen's own
    llama.cpp client breaks on tool-call history. Terminating errors propagate: a model
    that is unavailable (exit 4), a reply still invalid after the re-prompt (exit 5)."""

    def __init__(
        self,
        role: RoleSpec,
        backend: ModelBackend,
        build_prompt: Callable[[], str],
        reply_format: Callable[[], ReplyFormat],
        make_envelope: EnvelopeFactory,
        record_call: CallRecorder,
        description: str = "",
    ) -> None:
        super().__init__(name=role.name, description=description or role.name)
        self._role = role
        self._backend = backend
        self._build_prompt = build_prompt
        self._reply_format = reply_format
        self._make_envelope = make_envelope
        self._record_call = record_call

    async def answer(self, trigger: Envelope) -> Envelope:
        # Test output and source go into the prompt: no secret goes to a model (or a server).
        prompt = redact(self._build_prompt())
        chat = [ChatMessage("system", self._role.system_prompt()), ChatMessage("user", prompt)]
        reply, diff = await asyncio.to_thread(self._ask, chat, self._reply_format())
        return self._make_envelope(reply, diff)

    def _ask(self, chat: list[ChatMessage], reply_format: ReplyFormat) -> tuple[BaseModel, str | None]:
        answer = ask_validated(
            self._role.name, self._backend, chat, self._role.reply_model, reply_format, self._record_call
        )
        return answer.reply, answer.diff


@dataclass(frozen=True)
class Answer:
    """A validated reply and what it cost, the re-prompt included."""

    reply: BaseModel
    diff: str | None
    tokens: int  # prompt + completion tokens over the attempts
    latency_s: float


def ask_validated(
    role: str,
    backend: ModelBackend,
    chat: list[ChatMessage],
    reply_model: type[BaseModel],
    reply_format: ReplyFormat,
    record_call: CallRecorder,
) -> Answer:
    """One question to a model: validate the reply against `reply_model` and re-prompt
    once with the validation error; one `model_call` record per attempt. Raises
    ModelUnavailableError (exit 4) and, after the re-prompt, ModelProtocolError (exit 5)."""
    error = ""
    tokens, latency = 0, 0.0
    for attempt in (1, 2):
        call: dict[str, Any] = {"role": role, "backend": backend.name, "attempt": attempt}
        try:
            completion = backend.complete(chat, reply_format)
        except (ModelUnavailableError, TurnDeadlinePassed) as exc:
            record_call({**call, "valid": False, "error": exc.message})
            raise
        tokens += completion.prompt_tokens + completion.completion_tokens
        latency += completion.latency_s
        call |= {
            "prompt_tokens": completion.prompt_tokens,
            "completion_tokens": completion.completion_tokens,
            "cached_prompt_tokens": completion.cached_prompt_tokens,
            "latency_s": round(completion.latency_s, 4),
        }
        if attempt == 1:  # what the model was shown, for review (system prompts are files)
            call["prompt"] = chat[-1].content
        repaired = None
        try:
            if reply_format.bare_json:
                reply, repaired = parse_bare_reply(completion.text, reply_model)
                diff = None
            else:
                reply, diff = parse_reply(completion.text, reply_model)
        except (ReplyError, ValueError) as exc:  # not terminating: back to the model once
            error = str(exc).splitlines()[0]
            record_call({**call, "valid": False, "error": error, "raw": truncate_output(completion.text)})
            correction = f"Your reply was invalid: {error}. Reply again, exactly in the required format."
            chat = [*chat, ChatMessage("assistant", completion.text), ChatMessage("user", correction)]
            continue
        if repaired is not None:  # a tolerated slip, never silent
            call["repaired"] = repaired
        record_call({**call, "valid": True})
        return Answer(reply, diff, tokens, latency)
    raise ModelProtocolError(f"{role} reply invalid after one re-prompt: {error}")
