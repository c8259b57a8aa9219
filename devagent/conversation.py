"""Assemble the AutoGen conversation for a fix run and drive it to the end.

Model roles are AssistantAgents on our protocol client; ShellTool and GitTool are
deterministic agents; the manifest's routes become the GraphFlow's edges."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from autogen_agentchat.base import ChatAgent
from autogen_agentchat.conditions import ExternalTermination
from pydantic import BaseModel

from devagent.agents.git_agent import GitToolActions
from devagent.agents.model_agents import model_agent
from devagent.agents.repair_agent import RepairActions
from devagent.agents.roles import ROLES
from devagent.agents.shell_agent import ShellToolActions
from devagent.agents.tool_agents import DeterministicAgent
from devagent.errors import DevAgentError
from devagent.fix_state import FixContext, FixState
from devagent.interrupt import STOP, stop_on_signals
from devagent.messages import (
    ArchitectReply,
    DevAgentReply,
    Envelope,
    Metadata,
    ReviewerReply,
    SupervisorReply,
)
from devagent.models.base import ModelBackend
from devagent.prompt_budget import FittedPrompt, prompt_budget
from devagent.prompt_builder import dev_agent_prompt, review_prompt
from devagent.session import FixSession
from devagent.workflow.engine import StepRecord
from devagent.workflow.manifest import Manifest
from devagent.workflow.runner import WorkflowHooks, WorkflowResult, run_workflow

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
    execution: Callable[[], int],
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

    def record_call(call: dict[str, Any]) -> None:
        state.tokens_used += int(call.get("prompt_tokens") or 0) + int(call.get("completion_tokens") or 0)
        record = {**call, "iteration": state.iteration, "execution": execution()}
        session.log.write(str(call["role"]), "model_call", record)

    tools: dict[str, Callable[[Envelope | None], Envelope]] = {
        "ShellTool": ShellToolActions(session).act,
        "GitTool": GitToolActions(session).act,
        "Repair": RepairActions(session, backends.get("DevAgent"), record_call).act,
    }

    agents: dict[str, ChatAgent] = {}
    descriptions = {a: step.description for s, step in manifest.steps.items() for a in step.runs(s)}
    for name, kind in manifest.agents().items():
        description = descriptions.get(name) or name
        if kind == "tool":
            if name not in tools:
                raise DevAgentError(f"workflow: no tool agent named '{name}' (known: {', '.join(tools)})")
            agents[name] = DeterministicAgent(name, description, tools[name])
            continue
        if name not in prompts:
            raise DevAgentError(f"workflow: the fix loop has no prompt for role '{name}'")
        make = envelopes[name]

        def make_error(reason: str, event: str, role: str = name) -> Envelope:
            return session.envelope(role, "status", reason, event)

        agents[name] = model_agent(
            ROLES[name],
            backends[name],
            prompts[name],
            lambda: editable[0],
            partial(make, state),
            make_error,
            record_call,
            fatal.append,
            description,
        )
    return agents


def run_conversation(
    session: FixSession,
    manifest: Manifest,
    backends: Mapping[str, ModelBackend],
    fatal: list[DevAgentError],
    show: Printer | None,
) -> WorkflowResult:
    """Run the workflow to its end; the result carries the outcome the router reached."""
    state = session.state
    if manifest.budgets.iterations is not None:  # the manifest's ceiling caps the config's
        state.max_iterations = min(state.max_iterations, manifest.budgets.iterations)
    templates, samples = session.config.repair.sources(session.config.model.dev_agent)
    repair_on = "Repair" in manifest.agents() and (templates or samples > 0)
    context = FixContext(state, manifest.budgets.tokens, manifest.budgets.wall_time_s, repair_on)
    executions = [0]
    agents = _build_agents(session, manifest, backends, fatal, lambda: executions[0])

    def on_step(record: StepRecord) -> None:
        executions[0] = record.execution + 1  # model calls of the next step carry its number

    def on_end(trigger: Envelope | None) -> None:
        # The message that led here explains an error outcome (git error, tool error...).
        state.closing_reason = trigger.content if trigger is not None and trigger.type == "status" else ""

    # Each iteration takes at most a handful of turns; the bound only guards against bugs.
    steps = sum(1 + s.retries for s in manifest.steps.values())
    max_turns = (state.max_iterations + 2) * (steps + 2)
    stop = ExternalTermination()  # set by Ctrl-C: the flow ends after the current turn
    executions[0] = 1
    task = session.envelope("Developer", "instruction", state.phase.text, "phase")
    hooks = WorkflowHooks(on_message=show, on_step=on_step, on_end=on_end, stop=stop)
    with stop_on_signals(stop.set):
        result = run_workflow(
            manifest, agents, context, task, session.log.write, lambda: state.iteration, max_turns, hooks
        )
    if STOP.is_set():
        return WorkflowResult("interrupted", result.stop, result.steps)
    return result
