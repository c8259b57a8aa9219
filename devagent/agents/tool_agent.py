"""Deterministic AutoGen agents: no model, no function calling. Each acts on the
envelope it receives and answers with one envelope."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

from autogen_agentchat.agents import BaseChatAgent
from autogen_agentchat.base import Response
from autogen_agentchat.messages import BaseChatMessage
from autogen_core import CancellationToken

from devagent.agents.messaging import EnvelopeMessage, last_envelope, wrap
from devagent.messages import Envelope

Action = Callable[[Envelope], Envelope]


class ToolAgent(BaseChatAgent):
    def __init__(self, name: str, description: str, act: Action) -> None:
        super().__init__(name=name, description=description or name)
        self._act = act

    @property
    def produced_message_types(self) -> Sequence[type[BaseChatMessage]]:
        return (EnvelopeMessage,)

    async def on_messages(
        self, messages: Sequence[BaseChatMessage], cancellation_token: CancellationToken
    ) -> Response:
        # Tools block (subprocesses, git); a thread keeps the event loop responsive.
        reply = await asyncio.to_thread(self._act, last_envelope(messages))
        return Response(chat_message=wrap(reply))

    async def on_reset(self, cancellation_token: CancellationToken) -> None:
        return None
