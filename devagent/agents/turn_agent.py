"""Model-backed agents whose turn is more than one question: a debater critiques every
other agent's proposal in one turn (one validated model call each, `ask_validated`), or
asks nothing at all (a proposal carried forward from its last refinement)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from devagent.agents.messaging import EnvelopeAgent
from devagent.messages import Envelope

Turn = Callable[[Envelope], Envelope]


class TurnAgent(EnvelopeAgent):
    def __init__(self, name: str, description: str, turn: Turn) -> None:
        super().__init__(name=name, description=description or name)
        self._turn = turn

    async def answer(self, trigger: Envelope) -> Envelope:
        # Model calls block; a thread keeps the event loop free for the other panel members.
        return await asyncio.to_thread(self._turn, trigger)
