"""The fix workflow's team: its model roles (AutoGen agents on our backends, each with a
prompt rebuilt from the run state and an envelope built from its validated reply) and
its tools (ShellTool, GitTool, Repair), run on the one workflow loop."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from autogen_agentchat.base import ChatAgent
from pydantic import BaseModel

from devagent.agents import ROLES, ModelAgent, ToolAgent, reply_format_for
from devagent.errors import UsageError
from devagent.interrupt import stop_on_signals
from devagent.messages import ArchitectReply, DevAgentReply, Envelope, ReviewerReply, SupervisorReply
from devagent.models.base import ModelBackend, ReplyFormat
from devagent.prompt_budget import FittedPrompt, prompt_budget
from devagent.repair.branch_review import review_of_branch
from devagent.repair.review import Review
from devagent.traced_log import run_trace
from devagent.workflow import Manifest, Trace, WorkflowResult, run_workflow
from devagent.workflows.fix.events import FixAgent, FixEvent
from devagent.workflows.fix.git_step import GitStep
from devagent.workflows.fix.grounding import (
    dropped_text,
    evidence_of,
    facts_of,
    files_of,
    says_nothing,
    ungrounded,
)
from devagent.workflows.fix.plugin import FIX
from devagent.workflows.fix.prompts import dev_agent_prompt, review_prompt
from devagent.workflows.fix.repair_step import RepairStep
from devagent.workflows.fix.shell_step import ShellStep
from devagent.workflows.fix.state import FixState
from devagent.workflows.fix.tools import FixTools

Printer = Callable[[Envelope], None]


def dev_envelope(state: FixState, reply: BaseModel, diff: str | None) -> Envelope:
    assert isinstance(reply, DevAgentReply)
    if reply.type == "patch":
        return state.message(FixAgent.DEV_AGENT, "patch", reply.content, FixEvent.PATCH, diff=diff)
    envelope = state.message(FixAgent.DEV_AGENT, "instruction", reply.content, FixEvent.INSTRUCTION)
    return envelope.model_copy(update={"commands": reply.commands})


def supervisor_envelope(state: FixState, reply: BaseModel, diff: str | None) -> Envelope:
    assert isinstance(reply, SupervisorReply)
    if not reply.approved:
        state.feedback = f"The Supervisor asks for changes: {reply.content}"
    event = FixEvent.APPROVED if reply.approved else FixEvent.CRITIQUE
    return state.message(FixAgent.SUPERVISOR, "status", reply.content, event, approved=reply.approved)


def design_envelope(state: FixState, reply: BaseModel, diff: str | None) -> Envelope:
    """Architect and Reviewer in a fix workflow: their structured reply is the content;
    a Reviewer's challenges become DevAgent's feedback."""
    if isinstance(reply, ReviewerReply):
        if reply.challenges:
            points = "; ".join(f"{c.id}. [{c.category}] {c.description}" for c in reply.challenges)
            state.feedback = f"The Reviewer raised: {points}"
        event = FixEvent.VERIFIED if reply.status == "verified" else FixEvent.NEEDS_REVISION
        return state.message(FixAgent.REVIEWER, "status", reply.model_dump_json(), event)
    assert isinstance(reply, ArchitectReply)
    return state.message(FixAgent.ARCHITECT, "status", reply.model_dump_json(), FixEvent.DESIGN)


ENVELOPES = {
    FixAgent.DEV_AGENT: dev_envelope,
    FixAgent.SUPERVISOR: supervisor_envelope,
    FixAgent.ARCHITECT: design_envelope,
    FixAgent.REVIEWER: design_envelope,
}


class FixTeam:
    """Builds the agents a fix manifest names, for one run."""

    def __init__(
        self, state: FixState, tools: FixTools, backends: Mapping[str, ModelBackend], trace: Trace
    ) -> None:
        self._state = state
        self._tools = tools
        self._backends = backends
        self._trace = trace
        self._editable: tuple[str, ...] = ()  # files DevAgent's last prompt showed as editable

    def agents(self, manifest: Manifest) -> dict[str, ChatAgent]:
        state, tools = self._state, self._tools
        actions: dict[FixAgent, Callable[[Envelope], Envelope]] = {
            FixAgent.SHELL_TOOL: ShellStep(state, tools).act,
            FixAgent.GIT_TOOL: GitStep(state, tools).act,
            FixAgent.REPAIR: RepairStep(state, tools, self._backends.get("DevAgent"), self.record_call).act,
        }
        for borrowed, factory in tools.borrowed_steps.items():
            actions[FixAgent(borrowed)] = factory(state, tools, self._trace)
        descriptions = {a: step.description for s, step in manifest.steps.items() for a in step.runs(s)}
        agents: dict[str, ChatAgent] = {}
        for name, kind in manifest.agents().items():
            description = descriptions.get(name) or name
            if kind == "tool":  # the manifest loader checked every name against the plug-in
                action = actions.get(FixAgent(name))
                if action is None:
                    raise UsageError(
                        f"workflow {manifest.name}: step agent {name} comes from another "
                        "workflow, which this run was not given"
                    )
                agents[name] = ToolAgent(name, description, action)
                continue
            role = ROLES[name]
            prompt = self._dev_prompt if name == FixAgent.DEV_AGENT else partial(self._review_prompt, name)
            grounded = {
                FixAgent.SUPERVISOR: self._supervisor_envelope,
                FixAgent.DEV_AGENT: self._dev_envelope,
            }
            envelope = grounded.get(FixAgent(name)) or partial(ENVELOPES[FixAgent(name)], state)
            agents[name] = ModelAgent(
                role,
                self._backends[name],
                prompt,
                partial(self._reply_format, name),
                envelope,
                self.record_call,
                description,
            )
        return agents

    def _dev_envelope(self, reply: BaseModel, diff: str | None) -> Envelope:
        """DevAgent's reply; a patch's description that names code found neither in its diff
        nor in the failing tests is replaced by the files the diff changes."""
        envelope = dev_envelope(self._state, reply, diff)
        if envelope.type != "patch" or not envelope.diff:
            return envelope
        failing, failure = self._state.failing_evidence()
        missing = ungrounded(envelope.content, evidence_of(envelope.diff, failing, failure))
        if not missing:
            return envelope
        self._tools.log.write(
            FixAgent.DEV_AGENT, "text_dropped", dropped_text("patch description", envelope.content, missing)
        )
        return envelope.model_copy(
            update={"content": f"Changes {', '.join(files_of(envelope.diff)) or 'files'}."}
        )

    def _supervisor_envelope(self, reply: BaseModel, diff: str | None) -> Envelope:
        """The Supervisor's reply, grounded (devagent/workflows/fix/grounding.py): an approval
        says what the facts say, with the Supervisor's words only when every code symbol
        they name is real; a critique with an invented symbol is dropped."""
        state, tools = self._state, self._tools
        envelope = supervisor_envelope(state, reply, diff)
        branch_diff = tools.git.diff_from(state.base_sha)
        failing, failure = state.failing_evidence()
        text = envelope.content.strip()
        missing = ungrounded(text, evidence_of(branch_diff, failing, failure))
        if missing:
            tools.log.write(FixAgent.SUPERVISOR, "text_dropped", dropped_text("review", text, missing))
            text = ""
        approved = envelope.metadata.approved is True
        if approved and text and says_nothing(text):
            tools.log.write(
                FixAgent.SUPERVISOR, "text_dropped", dropped_text("review that says nothing", text)
            )
            text = ""
        if approved:
            verdict = state.last_test.verdict if state.last_test is not None else None
            fixed = verdict.fixed if verdict is not None else ()
            checks = verdict.checks if verdict is not None else ()
            facts = facts_of(branch_diff, tools.worktree, fixed, checks).summary()
            review = self._review_branch()
            if review is not None and review.needed:
                # The tests do not decide this fix: the verdict says what the evidence says,
                # and no reviewer's words that could read as more (a model's "correct").
                if text:
                    what = "verdict on a fix the tests do not decide"
                    tools.log.write(FixAgent.SUPERVISOR, "text_dropped", dropped_text(what, text))
                text = ""
                facts += "\nNot decided by the tests: " + "; ".join(review.reasons()) + "."
            content = f"{facts}\n\nSupervisor: {text}" if text else facts
        else:
            content = (
                text or "The Supervisor did not approve; its critique named code that is not in the diff."
            )
            state.feedback = f"The Supervisor asks for changes: {content}"
        return envelope.model_copy(update={"content": content})

    def _review_branch(self) -> Review | None:
        """What the evidence says about the branch about to ship (devagent/repair/review.py),
        kept in the state for the route and the PR, and in the log. New work a plan wrote
        is not a fix: its intended changes are not judged as suspect edits."""
        state, tools = self._state, self._tools
        if state.plan_tried:
            return None
        git, base = tools.git, state.base_sha
        changes = {
            path: (git.blob_at(base, path), git.blob_at("HEAD", path)) for path in git.changed_paths(base)
        }
        review = state.fix_review = review_of_branch(
            changes, state.repair_review, lambda name: git.defines_function(base, name)
        )
        tools.log.write(FixAgent.SUPERVISOR, "fix_review", {**review.record(), "reasons": review.reasons()})
        return review

    def record_call(self, call: dict[str, Any]) -> None:
        state = self._state
        state.tokens_used += int(call.get("prompt_tokens") or 0) + int(call.get("completion_tokens") or 0)
        record = {**call, "iteration": state.iteration, "execution": self._trace.execution}
        self._tools.log.write(str(call["role"]), "model_call", record)

    def _budget(self, role: str) -> int:
        model = self._tools.config.model
        system = self._backends[role].count_tokens(ROLES[role].system_prompt())
        return prompt_budget(model.context_size, model.max_tokens, system)

    def _fit(self, role: str, fitted: FittedPrompt) -> str:
        if fitted.cuts:  # never silent: the log says what the model did not see
            self._tools.log.write(
                role,
                "context_budget",
                {
                    "budget_tokens": fitted.budget,
                    "prompt_tokens": fitted.tokens,
                    "cuts": [cut.as_record() for cut in fitted.cuts],
                },
            )
        return fitted.text

    def _dev_prompt(self) -> str:
        state, tools = self._state, self._tools
        state.iteration += 1  # one DevAgent reply is one iteration
        count = self._backends[FixAgent.DEV_AGENT].count_tokens
        prompt = dev_agent_prompt(state, tools.worktree, tools.is_protected, self._budget("DevAgent"), count)
        self._editable = prompt.editable
        return self._fit("DevAgent", prompt.fitted)

    def _review_prompt(self, role: str) -> str:
        diff = self._tools.git.diff_from(self._state.base_sha)
        count = self._backends[role].count_tokens
        return self._fit(role, review_prompt(self._state, diff, self._budget(role), count))

    def _reply_format(self, role: str) -> ReplyFormat:
        if role != FixAgent.DEV_AGENT:
            return reply_format_for(ROLES[role], None)
        # After a fruitless search, a diff must bring news within the stall window.
        reply_format = reply_format_for(ROLES[role], self._editable)
        return dataclasses.replace(reply_format, deadline=self._state.turn_deadline())


def run_team(
    state: FixState,
    tools: FixTools,
    manifest: Manifest,
    backends: Mapping[str, ModelBackend],
    show: Printer | None,
) -> WorkflowResult:
    """Run the fix manifest to its end: the Supervisor hands the phase to the team."""
    trace = run_trace(tools.log, show)
    agents = FixTeam(state, tools, backends, trace).agents(manifest)
    # Each iteration takes at most a handful of turns; the bound only guards against bugs.
    steps = sum(1 + s.retries for s in manifest.steps.values())
    max_turns = (state.max_iterations + 2) * (steps + 2)
    task = state.message(FixAgent.SUPERVISOR, "instruction", state.phase.text, FixEvent.PHASE)
    with stop_on_signals(lambda: None):  # Ctrl-C: the loop ends after the current step
        return run_workflow(manifest, FIX, state, agents, task, trace, max_turns)
