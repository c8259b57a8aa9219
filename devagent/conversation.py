"""Assemble the AutoGen conversation for a fix run and drive it to the end.

Model roles are AssistantAgents on our protocol client; ShellTool and GitTool are
deterministic agents; the manifest's routes become the GraphFlow's edges."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from autogen_agentchat.base import ChatAgent
from autogen_agentchat.conditions import ExternalTermination
from autogen_agentchat.messages import TextMessage
from pydantic import BaseModel

from devagent.agents.git_agent import GitToolActions
from devagent.agents.model_agents import model_agent
from devagent.agents.roles import ROLES
from devagent.agents.shell_agent import ShellToolActions
from devagent.agents.tool_agents import DeterministicAgent
from devagent.errors import DevAgentError
from devagent.fix_state import FixState
from devagent.interrupt import STOP, stop_on_signals
from devagent.messages import (
    ArchitectReply,
    DevAgentReply,
    Envelope,
    Metadata,
    ReplyError,
    ReviewerReply,
    SupervisorReply,
)
from devagent.models.base import ModelBackend
from devagent.prompt_budget import FittedPrompt, prompt_budget
from devagent.prompt_builder import dev_agent_prompt, review_prompt
from devagent.session import FixSession
from devagent.workflow.graph import END_AGENT, build_graph_flow
from devagent.workflow.manifest import Manifest, Route
from devagent.workflow.router import Router

Printer = Callable[[Envelope], None]


def _dev_envelope(state: FixState, reply: BaseModel, diff: str | None) -> Envelope:
    assert isinstance(reply, DevAgentReply)
    return Envelope(
        role="DevAgent",
        type=reply.type,
        content=reply.content,
        diff=diff if reply.type == "patch" else None,
        commands=reply.commands if reply.type == "instruction" else None,
        metadata=Metadata(iteration=state.iteration, test_name=state.test_name, event=reply.type),
    )


def _supervisor_envelope(state: FixState, reply: BaseModel, diff: str | None) -> Envelope:
    assert isinstance(reply, SupervisorReply)
    if not reply.approved:
        state.feedback = f"The Supervisor asks for changes: {reply.content}"
    event = "approved" if reply.approved else "critique"
    metadata = Metadata(
        iteration=state.iteration, test_name=state.test_name, approved=reply.approved, event=event
    )
    return Envelope(role="Supervisor", type="status", content=reply.content, metadata=metadata)


def _design_envelope(state: FixState, reply: BaseModel, diff: str | None) -> Envelope:
    """Architect and Reviewer in a fix workflow: their structured reply is the content;
    a Reviewer's challenges become DevAgent's feedback."""
    event = "design"
    if isinstance(reply, ReviewerReply):
        event = reply.status
        if reply.challenges:
            points = "; ".join(f"{c.id}. [{c.category}] {c.description}" for c in reply.challenges)
            state.feedback = f"The Reviewer raised: {points}"
    assert isinstance(reply, ReviewerReply | ArchitectReply)
    metadata = Metadata(iteration=state.iteration, test_name=state.test_name, event=event)
    content = reply.model_dump_json()
    if isinstance(reply, ReviewerReply):
        return Envelope(role="Reviewer", type="status", content=content, metadata=metadata)
    return Envelope(role="Architect", type="status", content=content, metadata=metadata)


def _build_agents(
    session: FixSession,
    manifest: Manifest,
    backends: Mapping[str, ModelBackend],
    fatal: list[DevAgentError],
    router: Router,
) -> dict[str, ChatAgent]:
    state = session.state
    model = session.config.model
    editable: list[tuple[str, ...]] = [()]

    def budget(role: str) -> int:
        system = backends[role].count_tokens(ROLES[role].system_prompt())
        return prompt_budget(model.context_size, model.max_tokens, system)

    def record_fit(role: str, fitted: FittedPrompt) -> str:
        if fitted.cuts:  # never silent: the log says what the model did not see
            session.log.write(
                role,
                "context_budget",
                {
                    "budget_tokens": fitted.budget,
                    "prompt_tokens": fitted.tokens,
                    "cuts": [cut.as_record() for cut in fitted.cuts],
                },
            )
        return fitted.text

    def start_dev_turn() -> str:
        state.iteration += 1  # one DevAgent reply is one iteration
        prompt = dev_agent_prompt(
            state,
            session.worktree,
            session.is_protected,
            budget("DevAgent"),
            backends["DevAgent"].count_tokens,
        )
        editable[0] = prompt.editable
        return record_fit("DevAgent", prompt.fitted)

    def review_turn(role: str) -> str:
        diff = session.git.diff_from(state.base_sha)
        return record_fit(role, review_prompt(state, diff, budget(role), backends[role].count_tokens))

    # Every model role can join a fix workflow by configuration: DevAgent writes patches,
    # the others review the branch's diff and test report in their own reply format.
    prompts: dict[str, Callable[[], str]] = {
        "DevAgent": start_dev_turn,
        "Supervisor": partial(review_turn, "Supervisor"),
        "Architect": partial(review_turn, "Architect"),
        "Reviewer": partial(review_turn, "Reviewer"),
    }
    envelopes = {
        "DevAgent": _dev_envelope,
        "Supervisor": _supervisor_envelope,
        "Architect": _design_envelope,
        "Reviewer": _design_envelope,
    }
    tools: dict[str, Callable[[Envelope | None], Envelope]] = {
        "ShellTool": ShellToolActions(session).act,
        "GitTool": GitToolActions(session).act,
    }

    def record_call(call: dict[str, Any]) -> None:
        session.log.write(str(call["role"]), "model_call", {**call, "iteration": state.iteration})

    agents: dict[str, ChatAgent] = {}
    for name, spec in manifest.agents.items():
        if spec.kind == "tool":
            if name not in tools:
                raise DevAgentError(f"workflow: no tool agent named '{name}' (known: {', '.join(tools)})")
            agents[name] = DeterministicAgent(name, spec.description or name, tools[name])
            continue
        if name not in prompts:
            raise DevAgentError(f"workflow: the fix loop has no prompt for role '{name}'")
        make = envelopes[name]

        def make_error(reason: str, event: str, role: str = name) -> Envelope:
            return session.envelope(role, "status", reason, event)  # type: ignore[arg-type]

        agents[name] = model_agent(
            ROLES[name],
            backends[name],
            prompts[name],
            lambda: editable[0],
            partial(make, state),
            make_error,
            record_call,
            fatal.append,
            spec.description,
        )

    def finish(trigger: Envelope | None) -> Envelope:
        # The message that led here explains an error outcome (git error, tool error...).
        reason = trigger.content if trigger is not None and trigger.type == "status" else ""
        session.state.closing_reason = reason
        return session.envelope("Orchestrator", "status", f"run finished: {router.outcome}", "finished")

    agents[END_AGENT] = DeterministicAgent(END_AGENT, "Closes the run.", finish)
    return agents


def run_conversation(
    session: FixSession,
    manifest: Manifest,
    backends: Mapping[str, ModelBackend],
    fatal: list[DevAgentError],
    show: Printer | None,
) -> str:
    """Run the workflow to its end and return the outcome the router reached."""
    log = session.log

    def on_route(source: str, route: Route, message: Envelope | None) -> None:
        log.write(
            "Orchestrator",
            "route",
            {"from": source, "to": route.to, "when": route.when, "outcome": route.outcome},
        )

    router = Router(manifest, session.state.facts, on_route)
    agents = _build_agents(session, manifest, backends, fatal, router)
    # Each iteration takes at most a handful of turns; the bound only guards against bugs.
    max_turns = (session.config.max_iterations + 2) * (len(agents) + 2)
    stop = ExternalTermination()  # set by Ctrl-C: the flow ends after the current turn
    flow = build_graph_flow(manifest, agents, router, max_turns, stop)
    task = session.envelope("Developer", "instruction", session.state.phase.text, "phase")
    _silence_autogen_logging()
    with stop_on_signals(stop.set):
        asyncio.run(_drive(flow, TextMessage(content=task.render(), source="Developer"), session, show))
    if STOP.is_set():
        return "interrupted"
    return router.outcome or "max_iterations"


def _silence_autogen_logging() -> None:
    """AutoGen logs agent exceptions with tracebacks to stderr; ours reach the user as one
    line and the run log keeps the details."""
    for name in ("autogen_core", "autogen_agentchat", "autogen_ext"):
        logger = logging.getLogger(name)
        logger.addHandler(logging.NullHandler())
        logger.propagate = False


async def _drive(flow: Any, task: TextMessage, session: FixSession, show: Printer | None) -> None:
    async for item in flow.run_stream(task=task):
        if not isinstance(item, TextMessage):
            continue
        try:
            envelope = Envelope.parse(item.content)
        except (ReplyError, ValueError) as exc:
            session.log.write(
                item.source, "invalid_message", {"error": str(exc), "text": item.content[:2000]}
            )
            continue
        data = envelope.as_json()
        if envelope.diff:
            data["diff"] = envelope.diff
        session.log.write(envelope.role, envelope.type, data)
        if show is not None:
            show(envelope)
