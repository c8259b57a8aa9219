"""Compile a manifest into an AutoGen GraphFlow whose edges ask the router.

Each edge's condition is "the router chose this target for that message", so exactly
one successor runs; routes to `end` lead to the leaf agent that closes the run."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from autogen_agentchat.base import ChatAgent, TerminationCondition
from autogen_agentchat.messages import BaseChatMessage, TextMessage
from autogen_agentchat.teams import DiGraph, DiGraphEdge, DiGraphNode, GraphFlow

from devagent.messages import Envelope, ReplyError
from devagent.workflow.manifest import END, Manifest
from devagent.workflow.router import Router

END_AGENT = "Orchestrator"


def _as_envelope(message: BaseChatMessage) -> Envelope | None:
    if not isinstance(message, TextMessage):
        return None
    try:
        return Envelope.parse(message.content)
    except (ReplyError, ValueError):
        return None


def _edge_condition(router: Router, source: str, target: str) -> Callable[[BaseChatMessage], bool]:
    def chosen(message: BaseChatMessage) -> bool:
        route = router.route(source, _as_envelope(message), message.id)
        return (END_AGENT if route.to == END else route.to) == target

    return chosen


def build_graph_flow(
    manifest: Manifest,
    participants: Mapping[str, ChatAgent],
    router: Router,
    max_turns: int,
    termination: TerminationCondition | None = None,
) -> GraphFlow:
    nodes: dict[str, DiGraphNode] = {}
    for source, routes in manifest.routes.items():
        targets = list(dict.fromkeys(END_AGENT if r.to == END else r.to for r in routes))
        edges = [
            DiGraphEdge(target=t, condition=_edge_condition(router, source, t), activation_condition="any")
            for t in targets
        ]
        nodes[source] = DiGraphNode(name=source, edges=edges)
    nodes[END_AGENT] = DiGraphNode(name=END_AGENT, edges=[])
    graph = DiGraph(nodes=nodes, default_start_node=manifest.start)
    ordered = [participants[name] for name in nodes]
    return GraphFlow(
        participants=ordered, graph=graph, max_turns=max_turns, termination_condition=termination
    )
