"""Compile a manifest into an AutoGen GraphFlow: one node per step, each edge asking the
router whether it chose that target, so exactly one successor runs. Every node is a
`StepAgent` that runs its agents inside the step engine; routes to `end` lead to the
leaf agent that closes the run."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Mapping, Sequence

from autogen_agentchat.agents import BaseChatAgent
from autogen_agentchat.base import ChatAgent, Response, TerminationCondition
from autogen_agentchat.messages import BaseChatMessage, TextMessage
from autogen_agentchat.teams import DiGraph, DiGraphEdge, DiGraphNode, GraphFlow
from autogen_core import CancellationToken

from devagent.messages import Envelope, Metadata, ReplyError
from devagent.workflow.engine import StepEngine
from devagent.workflow.manifest import END, Manifest
from devagent.workflow.router import Router

END_AGENT = "Orchestrator"


def as_envelope(message: BaseChatMessage) -> Envelope | None:
    if not isinstance(message, TextMessage):
        return None
    try:
        return Envelope.parse(message.content)
    except (ReplyError, ValueError):
        return None


class StepAgent(BaseChatAgent):
    """A GraphFlow node for one manifest step: runs the step's agent (or its parallel
    agents at once) through the engine, and answers with the step's result."""

    def __init__(
        self,
        name: str,
        description: str,
        engine: StepEngine,
        agents: Sequence[ChatAgent],
        iteration: Callable[[], int],
    ) -> None:
        super().__init__(name=name, description=description or name)
        self._engine = engine
        self._agents = list(agents)
        self._iteration = iteration

    @property
    def produced_message_types(self) -> Sequence[type[BaseChatMessage]]:
        return (TextMessage,)

    async def on_messages(
        self, messages: Sequence[BaseChatMessage], cancellation_token: CancellationToken
    ) -> Response:
        raw: list[str] = []

        async def ask(agent: ChatAgent) -> Envelope | None:
            response = await agent.on_messages(messages, cancellation_token)
            raw.append(response.chat_message.to_text())
            return as_envelope(response.chat_message)

        async def run() -> Envelope | None:
            if len(self._agents) == 1:
                return await ask(self._agents[0])
            outputs = await asyncio.gather(*(ask(a) for a in self._agents))
            return self._combine(outputs)

        output = await self._engine.run_step(self.name, run, self._skipped)
        # An unparseable reply goes on as it was: the router ends the run with protocol_error.
        text = output.render() if output is not None else (raw[-1] if raw else "")
        return Response(chat_message=TextMessage(content=text, source=self.name))

    def _combine(self, outputs: Sequence[Envelope | None]) -> Envelope:
        """A parallel phase's result: every agent's output, keyed by agent; `failed` if any
        agent's output is missing or reports a failure."""
        parts = {
            a.name: (o.as_json() if o is not None else None)
            for a, o in zip(self._agents, outputs, strict=True)
        }
        broken = any(
            o is None or o.metadata.event in ("failed", "model_error", "invalid_reply") for o in outputs
        )
        return Envelope(
            role=self.name,
            type="status",
            content=json.dumps(parts, ensure_ascii=False),
            metadata=Metadata(iteration=self._iteration(), event="failed" if broken else "phase_done"),
        )

    def _skipped(self, reason: str) -> Envelope:
        return Envelope(
            role=self.name,
            type="status",
            content=reason,
            metadata=Metadata(iteration=self._iteration(), event="skipped"),
        )

    async def on_reset(self, cancellation_token: CancellationToken) -> None:
        for agent in self._agents:
            await agent.on_reset(cancellation_token)


def _edge_condition(router: Router, source: str, target: str) -> Callable[[BaseChatMessage], bool]:
    def chosen(message: BaseChatMessage) -> bool:
        route = router.route(source, as_envelope(message), message.id)
        return (END_AGENT if route.to == END else route.to) == target

    return chosen


def build_graph_flow(
    manifest: Manifest,
    agents: Mapping[str, ChatAgent],
    closer: ChatAgent,
    engine: StepEngine,
    router: Router,
    iteration: Callable[[], int],
    max_turns: int,
    termination: TerminationCondition | None = None,
) -> GraphFlow:
    """`agents` by agent name (see Manifest.agents); `closer` is the leaf that ends the run."""
    nodes: dict[str, DiGraphNode] = {}
    participants: list[ChatAgent] = []
    for name, step in manifest.steps.items():
        targets = list(dict.fromkeys(END_AGENT if r.to == END else r.to for r in step.routes))
        edges = [
            DiGraphEdge(target=t, condition=_edge_condition(router, name, t), activation_condition="any")
            for t in targets
        ]
        nodes[name] = DiGraphNode(name=name, edges=edges)
        inner = [agents[a] for a in step.runs(name)]
        participants.append(StepAgent(name, step.description, engine, inner, iteration))
    nodes[END_AGENT] = DiGraphNode(name=END_AGENT, edges=[])
    participants.append(closer)
    graph = DiGraph(nodes=nodes, default_start_node=manifest.start)
    return GraphFlow(
        participants=participants, graph=graph, max_turns=max_turns, termination_condition=termination
    )
