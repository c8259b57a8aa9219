"""Deterministic AutoGen agents: no model, no function calling. Each reacts to the
last protocol message it receives and answers with one envelope."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

from autogen_agentchat.agents import BaseChatAgent
from autogen_agentchat.base import Response
from autogen_agentchat.messages import BaseChatMessage, TextMessage
from autogen_core import CancellationToken

from devagent.messages import Envelope, ReplyError

Action = Callable[[Envelope | None], Envelope]


def last_envelope(messages: Sequence[BaseChatMessage]) -> Envelope | None:
    for message in reversed(messages):
        if isinstance(message, TextMessage):
            try:
                return Envelope.parse(message.content)
            except (ReplyError, ValueError):
                continue
    return None


class DeterministicAgent(BaseChatAgent):
    def __init__(self, name: str, description: str, act: Action) -> None:
        super().__init__(name=name, description=description)
        self._act = act

    @property
    def produced_message_types(self) -> Sequence[type[BaseChatMessage]]:
        return (TextMessage,)

    async def on_messages(
        self, messages: Sequence[BaseChatMessage], cancellation_token: CancellationToken
    ) -> Response:
        # Tools block (subprocesses, git); a thread keeps the event loop responsive.
        reply = await asyncio.to_thread(self._act, last_envelope(messages))
        return Response(chat_message=TextMessage(content=reply.render(), source=self.name))

    async def on_reset(self, cancellation_token: CancellationToken) -> None:
        return None
