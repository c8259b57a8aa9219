"""Run a manifest to its end: the step engine, the router and the GraphFlow, wired to a
log writer. Every workflow (the fix loop, and any manifest with its own agents) runs
through `run_workflow`."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from autogen_agentchat.base import ChatAgent
from autogen_agentchat.conditions import ExternalTermination
from autogen_agentchat.messages import TextMessage

from devagent.agents.tool_agents import DeterministicAgent
from devagent.messages import Envelope, Metadata, ReplyError
from devagent.workflow.engine import StepEngine, StepRecord, Stop, WorkflowContext
from devagent.workflow.graph import END_AGENT, build_graph_flow
from devagent.workflow.manifest import Manifest, Route
from devagent.workflow.router import Router

LogWriter = Callable[[str, str, dict[str, Any]], None]  # (role, type, data), e.g. RunLog.write


@dataclass(frozen=True)
class WorkflowResult:
    outcome: str
    stop: Stop | None  # set when the engine stopped the run (loop, invariant, budget)
    steps: int  # step executions, retries included


@dataclass
class WorkflowHooks:
    on_message: Callable[[Envelope], None] | None = None  # every protocol message, as it is sent
    on_step: Callable[[StepRecord], None] | None = None  # the engine's notify
    on_end: Callable[[Envelope | None], None] | None = None  # the message that led to `end`
    stop: ExternalTermination | None = None  # set it to end the flow after the current turn


def run_workflow(
    manifest: Manifest,
    agents: Mapping[str, ChatAgent],
    context: WorkflowContext,
    task: Envelope,
    write: LogWriter,
    iteration: Callable[[], int],
    max_turns: int,
    hooks: WorkflowHooks | None = None,
) -> WorkflowResult:
    hooks = hooks or WorkflowHooks()

    def persist(record: StepRecord) -> None:
        write("Orchestrator", "step", record.as_record())

    engine = StepEngine(manifest, context, persist, hooks.on_step)

    def on_route(source: str, route: Route, message: Envelope | None) -> None:
        write(
            "Orchestrator",
            "route",
            {"from": source, "to": route.to, "when": route.when, "outcome": route.outcome},
        )

    router = Router(manifest, context.snapshot, on_route, lambda: engine.stop)

    def close(trigger: Envelope | None) -> Envelope:
        if hooks.on_end is not None:
            hooks.on_end(trigger)
        return Envelope(
            role=END_AGENT,
            type="status",
            content=f"run finished: {router.outcome}",
            metadata=Metadata(iteration=iteration(), event="finished"),
        )

    closer = DeterministicAgent(END_AGENT, "Closes the run.", close)
    flow = build_graph_flow(manifest, agents, closer, engine, router, iteration, max_turns, hooks.stop)
    _silence_autogen_logging()
    asyncio.run(_drive(flow, task, write, hooks.on_message))
    return WorkflowResult(router.outcome or "max_iterations", engine.stop, engine.execution)


def _silence_autogen_logging() -> None:
    """AutoGen logs agent exceptions with tracebacks to stderr; ours reach the user as one
    line and the run log keeps the details."""
    for name in ("autogen_core", "autogen_agentchat", "autogen_ext"):
        logger = logging.getLogger(name)
        logger.addHandler(logging.NullHandler())
        logger.propagate = False


async def _drive(
    flow: Any, task: Envelope, write: LogWriter, on_message: Callable[[Envelope], None] | None
) -> None:
    async for item in flow.run_stream(task=TextMessage(content=task.render(), source=task.role)):
        if not isinstance(item, TextMessage):
            continue
        try:
            envelope = Envelope.parse(item.content)
        except (ReplyError, ValueError) as exc:
            write(item.source, "invalid_message", {"error": str(exc), "text": item.content[:2000]})
            continue
        data = envelope.as_json()
        if envelope.diff:
            data["diff"] = envelope.diff
        write(envelope.role, envelope.type, data)
        if on_message is not None:
            on_message(envelope)
