"""Messages between agents are typed end to end: every agent receives and answers an
`Envelope` carried in AutoGen's `StructuredMessage`, never text to be parsed again."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence

from autogen_agentchat.agents import BaseChatAgent
from autogen_agentchat.base import ChatAgent, Response
from autogen_agentchat.messages import BaseChatMessage, StructuredMessage
from autogen_core import CancellationToken

from devagent.errors import ProtocolError
from devagent.messages import Envelope

EnvelopeMessage = StructuredMessage[Envelope]


def wrap(envelope: Envelope) -> EnvelopeMessage:
    return EnvelopeMessage(content=envelope, source=envelope.role)


def unwrap(message: BaseChatMessage) -> Envelope:
    content = getattr(message, "content", None)
    if not isinstance(message, StructuredMessage) or not isinstance(content, Envelope):
        raise ProtocolError(f"{message.source} answered with a {type(message).__name__}, not an envelope")
    return content


def last_envelope(messages: Sequence[BaseChatMessage]) -> Envelope:
    if not messages:
        raise ProtocolError("an agent was asked to act on no message")
    return unwrap(messages[-1])


async def send(agent: ChatAgent, trigger: Envelope, cancellation: CancellationToken) -> Envelope:
    """Hand `trigger` to `agent` and return its answer."""
    response = await agent.on_messages([wrap(trigger)], cancellation)
    return unwrap(response.chat_message)


class EnvelopeAgent(BaseChatAgent):
    """An AutoGen agent that acts on the last envelope it receives and answers one."""

    @property
    def produced_message_types(self) -> Sequence[type[BaseChatMessage]]:
        return (EnvelopeMessage,)

    async def on_messages(
        self, messages: Sequence[BaseChatMessage], cancellation_token: CancellationToken
    ) -> Response:
        return Response(chat_message=wrap(await self.answer(last_envelope(messages))))

    @abstractmethod
    async def answer(self, trigger: Envelope) -> Envelope: ...

    async def on_reset(self, cancellation_token: CancellationToken) -> None:
        return None  # no memory: every answer is built from the run state
