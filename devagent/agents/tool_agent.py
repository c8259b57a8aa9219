"""Deterministic AutoGen agents: no model, no function calling. Each acts on the
envelope it receives and answers with one envelope."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from devagent.agents.messaging import EnvelopeAgent
from devagent.messages import Envelope

Action = Callable[[Envelope], Envelope]


class ToolAgent(EnvelopeAgent):
    def __init__(self, name: str, description: str, act: Action) -> None:
        super().__init__(name=name, description=description or name)
        self._act = act

    async def answer(self, trigger: Envelope) -> Envelope:
        # Tools block (subprocesses, git); a thread keeps the event loop responsive.
        return await asyncio.to_thread(self._act, trigger)
