"""The one loop every workflow runs on.

Start at the manifest's start step with the task message. Run the step through the step
engine (invariants, pre specs, its agent or agents, post specs with retries, loop
fingerprint, trace). Let the router pick the next step from the step's output and the
run state. Stop at `end` with the route's outcome.

Control flow is by exceptions (devagent/errors.py): `StepRefused` inside a step is not
terminating (the engine turns it into the step's output, and its reason into context);
every `DevAgentError` is terminating and carries the outcome and exit code: a route to
`end`, a loop, a broken invariant, a spent budget, an unavailable model, a reply invalid
twice, Ctrl-C. Nothing about any particular workflow is in here."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from autogen_agentchat.base import ChatAgent
from autogen_core import CancellationToken

from devagent.agents.messaging import send
from devagent.errors import DevAgentError, ExitCode, RunStopped, StepRefused
from devagent.interrupt import STOP
from devagent.messages import Envelope, Metadata
from devagent.workflow.engine import StepEngine, status_message
from devagent.workflow.manifest import END, Manifest, Route, Step
from devagent.workflow.outcomes import exit_code_of
from devagent.workflow.plugin import WorkflowPlugin, WorkflowState
from devagent.workflow.router import next_route
from devagent.workflow.specs import EngineEvent
from devagent.workflow.trace import Trace


@dataclass(frozen=True)
class WorkflowResult:
    outcome: str
    exit_code: ExitCode
    reason: str  # why the run ended ("" for a plain success)
    step: str | None  # the step it ended at
    steps: int  # step executions, retries included


def run_workflow(
    manifest: Manifest,
    plugin: WorkflowPlugin,
    state: WorkflowState,
    agents: Mapping[str, ChatAgent],
    task: Envelope,
    trace: Trace,
    max_turns: int,
    panels: Mapping[str, Sequence[str]] | None = None,
) -> WorkflowResult:
    """Run `manifest` from its start step to `end`; `agents` by agent name; `panels`:
    the agent names of each panel its parallel steps may name (set when the run starts)."""
    _silence_autogen_logging()
    engine = StepEngine(manifest, plugin, state, trace)
    teams = {name: _team(name, step, agents, panels or {}) for name, step in manifest.steps.items()}

    def route(step: str, output: Envelope) -> Route:
        return next_route(manifest, plugin.specs, step, output, state.snapshot())

    return asyncio.run(_loop(manifest.start, task, engine, teams, route, trace, max_turns))


async def _loop(
    start: str,
    task: Envelope,
    engine: StepEngine,
    teams: Mapping[str, _Team],
    route: Callable[[str, Envelope], Route],
    trace: Trace,
    max_turns: int,
) -> WorkflowResult:
    step, message = start, task
    trace.message(task)
    routed_to_end = False
    try:
        for _ in range(max_turns):  # each turn is bounded; the bound only guards against bugs
            if STOP.is_set():
                raise RunStopped("interrupted by the user", "interrupted", ExitCode.INTERRUPTED, step)
            team = teams[step]
            ask = functools.partial(_ask, step, team.members, team.parallel, message)
            output = await engine.run_step(step, ask, [a.name for a in team.members])
            trace.message(output)
            chosen = route(step, output)
            trace.route(step, chosen.to, chosen.when, chosen.outcome)
            if chosen.to == END:
                routed_to_end = True
                outcome = chosen.outcome or "failed"
                why = output.content.split("\n", 1)[0] if output.type == "status" else ""
                raise RunStopped(why, outcome, exit_code_of(outcome), step)
            step, message = chosen.to, output
        raise RunStopped(f"no end after {max_turns} turns", "internal_error", ExitCode.INTERNAL, step)
    except DevAgentError as stop:
        if not routed_to_end:  # the engine or an error ended it: the trace says where
            trace.route(step, END, [], stop.outcome)
        return WorkflowResult(stop.outcome, stop.exit_code, stop.message, step, trace.execution)


@dataclass(frozen=True)
class _Team:
    members: Sequence[ChatAgent]
    parallel: bool  # answers combined into one message with a part per agent


def _team(
    name: str, step: Step, agents: Mapping[str, ChatAgent], panels: Mapping[str, Sequence[str]]
) -> _Team:
    if step.panel is None:
        return _Team([agents[a] for a in step.runs(name)], step.kind == "parallel")
    members = panels.get(step.panel)
    if not members:  # the run set-up names every panel its manifest uses
        raise ValueError(f"step {name}: panel '{step.panel}' has no agents")
    return _Team([agents[a] for a in members], True)


async def _ask(step: str, team: Sequence[ChatAgent], parallel: bool, trigger: Envelope) -> Envelope:
    """One agent's answer; or, for a parallel step, every agent's at once, combined (a
    panel of one too, so its output always has the same shape)."""
    cancellation = CancellationToken()
    if not parallel:
        return await send(team[0], trigger, cancellation)
    parts = await asyncio.gather(*(_answer_or_refusal(a, trigger, cancellation) for a in team))
    broken = [p.role for p in parts if p.metadata.event == EngineEvent.FAILED]
    summary = f"{len(parts) - len(broken)} of {len(parts)} agents answered"
    if broken:
        summary += f"; failed: {', '.join(broken)}"
    return Envelope(
        role=step,
        type="status",
        content=summary,
        parts=list(parts),
        metadata=Metadata(iteration=trigger.metadata.iteration, event=EngineEvent.FAILED if broken else None),
    )


async def _answer_or_refusal(
    agent: ChatAgent, trigger: Envelope, cancellation: CancellationToken
) -> Envelope:
    # One agent's refusal fails its part, not its siblings (they have already been started).
    try:
        return await send(agent, trigger, cancellation)
    except StepRefused as refused:
        return status_message(agent.name, EngineEvent.FAILED, refused.reason)


def _silence_autogen_logging() -> None:
    """AutoGen logs agent exceptions with tracebacks to stderr; ours reach the user as one
    line and the run log keeps the details."""
    for name in ("autogen_core", "autogen_agentchat"):
        logger = logging.getLogger(name)
        logger.addHandler(logging.NullHandler())
        logger.propagate = False
