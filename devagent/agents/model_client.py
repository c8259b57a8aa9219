"""Our backends as an AutoGen `ChatCompletionClient`, speaking the message protocol.

AssistantAgent calls `create()`; this client asks the backend for the role's reply,
validates it, re-prompts once with the validation error, and returns the finished
envelope as text. No tools and no function calling: small local models are bad at it,
and AutoGen's own llama.cpp client breaks on tool-call history."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Callable, Mapping, Sequence
from typing import Any, Literal

from autogen_core import CancellationToken
from autogen_core.models import (
    AssistantMessage,
    ChatCompletionClient,
    CreateResult,
    LLMMessage,
    ModelCapabilities,
    ModelInfo,
    RequestUsage,
    SystemMessage,
    UserMessage,
)
from autogen_core.tools import Tool, ToolSchema
from pydantic import BaseModel

from devagent.agents.roles import RoleSpec
from devagent.errors import DevAgentError
from devagent.interrupt import Interrupted
from devagent.messages import Envelope, ReplyError, parse_reply
from devagent.models.base import ChatMessage, ModelBackend, ReplyFormat
from devagent.text import truncate_output

EnvelopeFactory = Callable[[BaseModel, str | None], Envelope]
ErrorEnvelopeFactory = Callable[[str, str], Envelope]  # (reason, event)
CallRecorder = Callable[[dict[str, Any]], None]


class ProtocolModelClient(ChatCompletionClient):
    def __init__(
        self,
        backend: ModelBackend,
        role: RoleSpec,
        reply_format: Callable[[], ReplyFormat],
        make_envelope: EnvelopeFactory,
        make_error: ErrorEnvelopeFactory,
        record_call: CallRecorder,
        on_failure: Callable[[DevAgentError], None],
    ) -> None:
        self._backend = backend
        self._role = role
        self._reply_format = reply_format
        self._make_envelope = make_envelope
        self._make_error = make_error
        self._record_call = record_call
        self._on_failure = on_failure
        self._total = RequestUsage(prompt_tokens=0, completion_tokens=0)
        self._last = RequestUsage(prompt_tokens=0, completion_tokens=0)

    async def create(
        self,
        messages: Sequence[LLMMessage],
        *,
        tools: Sequence[Tool | ToolSchema] = (),
        tool_choice: Tool | Literal["auto", "required", "none"] = "auto",
        json_output: bool | type[BaseModel] | None = None,
        extra_create_args: Mapping[str, Any] = {},
        cancellation_token: CancellationToken | None = None,
    ) -> CreateResult:
        chat = [_to_chat(m) for m in messages]
        reply_format = self._reply_format()
        prompt_tokens = completion_tokens = 0
        envelope: Envelope | None = None
        error = ""
        for attempt in (1, 2):
            try:
                completion = await asyncio.to_thread(self._backend.complete, chat, reply_format)
            except Interrupted:
                envelope = self._make_error("interrupted during the model call", "interrupted")
                break
            except DevAgentError as exc:  # model unavailable: the run ends with that exit code
                self._on_failure(exc)
                self._record_call(
                    {
                        "role": self._role.name,
                        "backend": self._backend.name,
                        "attempt": attempt,
                        "valid": False,
                        "error": exc.message,
                    }
                )
                envelope = self._make_error(exc.message, "model_error")
                break
            prompt_tokens += completion.prompt_tokens
            completion_tokens += completion.completion_tokens
            call: dict[str, Any] = {
                "role": self._role.name,
                "backend": self._backend.name,
                "attempt": attempt,
                "prompt_tokens": completion.prompt_tokens,
                "completion_tokens": completion.completion_tokens,
                "cached_prompt_tokens": completion.cached_prompt_tokens,
                "latency_s": round(completion.latency_s, 4),
            }
            if attempt == 1:  # what the model was shown, for review (system prompts are files)
                call["prompt"] = chat[-1].content if chat else ""
            try:
                reply, diff = parse_reply(completion.text, self._role.reply_model)
                envelope = self._make_envelope(reply, diff)
            except (ReplyError, ValueError) as exc:
                error = str(exc).splitlines()[0]
                self._record_call(
                    {**call, "valid": False, "error": error, "raw": truncate_output(completion.text)}
                )
                chat = [
                    *chat,
                    ChatMessage("assistant", completion.text),
                    ChatMessage(
                        "user",
                        f"Your reply was invalid: {error}. Reply again, exactly in the required format.",
                    ),
                ]
                continue
            self._record_call({**call, "valid": True})
            break
        if envelope is None:
            envelope = self._make_error(
                f"{self._role.name} reply invalid after one re-prompt: {error}", "model_error"
            )
        self._last = RequestUsage(prompt_tokens=prompt_tokens, completion_tokens=completion_tokens)
        self._total = RequestUsage(
            prompt_tokens=self._total.prompt_tokens + prompt_tokens,
            completion_tokens=self._total.completion_tokens + completion_tokens,
        )
        return CreateResult(finish_reason="stop", content=envelope.render(), usage=self._last, cached=False)

    def create_stream(
        self,
        messages: Sequence[LLMMessage],
        *,
        tools: Sequence[Tool | ToolSchema] = (),
        tool_choice: Tool | Literal["auto", "required", "none"] = "auto",
        json_output: bool | type[BaseModel] | None = None,
        extra_create_args: Mapping[str, Any] = {},
        cancellation_token: CancellationToken | None = None,
    ) -> AsyncGenerator[str | CreateResult, None]:
        async def one_chunk() -> AsyncGenerator[str | CreateResult, None]:
            yield await self.create(messages, json_output=json_output, cancellation_token=cancellation_token)

        return one_chunk()

    async def close(self) -> None:
        return None

    def actual_usage(self) -> RequestUsage:
        return self._last

    def total_usage(self) -> RequestUsage:
        return self._total

    def count_tokens(self, messages: Sequence[LLMMessage], *, tools: Sequence[Tool | ToolSchema] = ()) -> int:
        return sum(len(_to_chat(m).content) for m in messages) // 3

    def remaining_tokens(
        self, messages: Sequence[LLMMessage], *, tools: Sequence[Tool | ToolSchema] = ()
    ) -> int:
        return 0

    @property
    def capabilities(self) -> ModelCapabilities:
        return {"vision": False, "function_calling": False, "json_output": True}

    @property
    def model_info(self) -> ModelInfo:
        return {
            "vision": False,
            "function_calling": False,
            "json_output": True,
            "family": "unknown",
            "structured_output": True,
            "multiple_system_messages": False,
        }


def _to_chat(message: LLMMessage) -> ChatMessage:
    if isinstance(message, SystemMessage):
        return ChatMessage("system", message.content)
    if isinstance(message, UserMessage):
        content = message.content if isinstance(message.content, str) else str(message.content)
        return ChatMessage("user", content)
    if isinstance(message, AssistantMessage):
        return ChatMessage("assistant", message.content if isinstance(message.content, str) else "")
    raise TypeError(f"unsupported message for a tool-free model: {type(message).__name__}")
