"""The spec workflow's team: the Architect and the Reviewer as AutoGen agents on our
backends (`ModelAgent`), each with a prompt rebuilt from ARDState and an envelope built
from its validated reply, run on the one workflow loop.

The Reviewer's verdict is the pure checks' challenges (devagent/workflows/spec/checks.py)
followed by the model's, renumbered from 1 and validated as a ReviewerReply: verified
only when neither found anything."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from autogen_agentchat.base import ChatAgent
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from devagent.agents import ROLES, ModelAgent, reply_format_for, strict_schema
from devagent.agents.model_agent import design_schema
from devagent.errors import ModelProtocolError, ModelUnavailableError
from devagent.interrupt import stop_on_signals
from devagent.messages import (
    ArchitectReply,
    Envelope,
    ReplyError,
    ReviewerReply,
    parse_bare_reply,
)
from devagent.models.base import ChatMessage, ModelBackend, ReplyFormat
from devagent.prompt_budget import prompt_budget
from devagent.runlog import RunLog
from devagent.text import truncate_output
from devagent.traced_log import run_trace
from devagent.workflow import Manifest, Trace, WorkflowResult, run_workflow
from devagent.workflows.spec import checks
from devagent.workflows.spec.events import SpecAgent, SpecEvent
from devagent.workflows.spec.output import draft_markdown, review_markdown
from devagent.workflows.spec.plugin import SPEC
from devagent.workflows.spec.prompts import (
    SUMMARY_CHARS,
    VERBATIM_ROUNDS,
    architect_prompt,
    extractive_summary,
    reviewer_prompt,
)
from devagent.workflows.spec.specs import parts_of
from devagent.workflows.spec.state import ARDState

Printer = Callable[[Envelope], None]
SUMMARIZER = "Summarizer"  # the Architect's model, asked to shorten old review rounds

# Under a grammar the names can only be PascalCase (bounded, so decoding cannot run on)
# and the rationale can only address the last review's challenges by index, in order:
# a small model's reply then passes the Architect's rules by construction.
NAME_PATTERN = "^[A-Z][a-z]{1,11}([A-Z][a-z]{1,11}){0,2}$"
CLAUSE = "[A-Za-z0-9 ,]{4,60}"


class SummaryReply(BaseModel):
    model_config = ConfigDict(extra="forbid")

    summary: str = Field(max_length=SUMMARY_CHARS)


SUMMARY_SYSTEM = (
    "You condense design review notes. Write one paragraph that keeps every distinct problem "
    "raised, with its category, and nothing else."
)


def architect_format(challenge_ids: list[int]) -> ReplyFormat:
    """The bounded design (devagent/agents: design_schema), its names PascalCase and its
    rationale addressing each challenge by index, by construction; the object alone."""
    schema = strict_schema(ArchitectReply)
    bounded = design_schema(schema)
    components = bounded["properties"]["components"]
    item = components["items"]
    named = {
        **item,
        "properties": {**item["properties"], "name": {"type": "string", "pattern": NAME_PATTERN}},
    }
    if challenge_ids:
        clauses = "; ".join(f"{i}: {CLAUSE}" for i in challenge_ids)
        rationale: dict[str, Any] = {"type": "string", "pattern": f"^{clauses}$"}
    else:
        rationale = {"const": ""}
    properties = {
        **bounded["properties"],
        "components": {**components, "items": named},
        "design_rationale": rationale,
    }
    return ReplyFormat(
        json_schema=schema, decoding_schema={**bounded, "properties": properties}, bare_json=True
    )


def reviewer_format() -> ReplyFormat:
    return dataclasses.replace(reply_format_for(ROLES[SpecAgent.REVIEWER], None), bare_json=True)


def verdict(state: ARDState, reply: ReviewerReply) -> ReviewerReply:
    """The checks' challenges, then the model's (a repeat of a check's dropped), every
    one of them (seed 000: no maximum), numbered from 1; validated like any reply."""
    found = [
        {"category": f.category, "description": f.description}
        for f in checks.review(state.rough_idea, parts_of(state.snapshot()))
    ]
    seen = {c["description"].lower() for c in found}
    for c in reply.challenges:
        if c.description.lower() not in seen:
            found.append({"category": c.category, "description": c.description})
            seen.add(c.description.lower())
    numbered = [{"id": i, **c} for i, c in enumerate(found, start=1)]
    data = {"status": "needs_revision" if numbered else "verified", "challenges": numbered}
    try:
        return ReviewerReply.model_validate(data)
    except ValidationError as exc:  # a bug in the checks, not the model: say what it was
        raise ModelProtocolError(f"Reviewer verdict invalid: {exc.errors()[0]['msg']}") from None


class SpecTeam:
    """Builds the Architect and the Reviewer for one run."""

    def __init__(
        self,
        state: ARDState,
        backends: Mapping[str, ModelBackend],
        log: RunLog,
        trace: Trace,
        context_size: int,
        max_tokens: int,
    ) -> None:
        self._state = state
        self._backends = backends
        self._log = log
        self._trace = trace
        self._context_size = context_size
        self._max_tokens = max_tokens

    def agents(self, manifest: Manifest) -> dict[str, ChatAgent]:
        descriptions = {a: step.description for s, step in manifest.steps.items() for a in step.runs(s)}
        architect, reviewer = ROLES[SpecAgent.ARCHITECT], ROLES[SpecAgent.REVIEWER]
        return {
            SpecAgent.ARCHITECT: ModelAgent(
                architect,
                self._backends[SpecAgent.ARCHITECT],
                self._architect_prompt,
                lambda: architect_format([int(c["id"]) for c in self._state.last_challenges()]),
                self._design,
                self.record_call,
                descriptions.get(SpecAgent.ARCHITECT, ""),
            ),
            SpecAgent.REVIEWER: ModelAgent(
                reviewer,
                self._backends[SpecAgent.REVIEWER],
                self._reviewer_prompt,
                reviewer_format,
                self._review,
                self.record_call,
                descriptions.get(SpecAgent.REVIEWER, ""),
            ),
        }

    def record_call(self, call: dict[str, Any]) -> None:
        state = self._state
        state.tokens_used += int(call.get("prompt_tokens") or 0) + int(call.get("completion_tokens") or 0)
        record = {**call, "iteration": state.iteration, "execution": self._trace.execution}
        self._log.write(str(call["role"]), "model_call", record)

    def _budget(self, role: str) -> int:
        system = self._backends[role].count_tokens(ROLES[role].system_prompt())
        return prompt_budget(self._context_size, self._max_tokens, system)

    def _architect_prompt(self) -> str:
        self._state.start_round()
        role = SpecAgent.ARCHITECT
        count = self._backends[role].count_tokens
        prompt = architect_prompt(self._state, self._budget(role), count, self._summarise)
        if prompt.budget_record is not None:  # never silent: the log says what the model did not see
            self._log.write(role, "context_budget", prompt.budget_record)
        return prompt.fitted.text

    def _reviewer_prompt(self) -> str:
        role = SpecAgent.REVIEWER
        fitted = reviewer_prompt(self._state, self._budget(role), self._backends[role].count_tokens)
        if fitted.cuts:
            cuts = [cut.as_record() for cut in fitted.cuts]
            record = {"budget_tokens": fitted.budget, "prompt_tokens": fitted.tokens, "cuts": cuts}
            self._log.write(role, "context_budget", record)
        return fitted.text

    def _design(self, reply: BaseModel, diff: str | None) -> Envelope:
        assert isinstance(reply, ArchitectReply)
        state = self._state
        state.design = reply
        state.current_draft = draft_markdown(reply)
        # The first line sums the draft up (the live view and `runs` show first lines).
        names = ", ".join(c.name for c in reply.components)
        content = f"Round {state.iteration} draft: {names}\n\n{state.current_draft}"
        return state.message(SpecAgent.ARCHITECT, content, SpecEvent.DESIGN)

    def _review(self, reply: BaseModel, diff: str | None) -> Envelope:
        assert isinstance(reply, ReviewerReply)
        state = self._state
        final = verdict(state, reply)
        challenges = [c.model_dump() for c in final.challenges]
        state.challenge_history.append(
            {"round": state.iteration, "status": final.status, "challenges": challenges}
        )
        if final.status == "verified":
            state.status = "verified"
        event = SpecEvent.VERIFIED if final.status == "verified" else SpecEvent.NEEDS_REVISION
        return state.message(SpecAgent.REVIEWER, review_markdown(final.status, challenges), event)

    def _summarise(self, text: str) -> tuple[str, str]:
        """One paragraph for the earlier rounds: the model's, if it is valid, not empty,
        at most SUMMARY_CHARS and shorter than the rounds; else the extractive one."""
        state = self._state
        earlier = state.challenge_history[:-VERBATIM_ROUNDS]
        fallback = (extractive_summary(earlier), "extractive")
        backend = self._backends.get(SUMMARIZER)
        if backend is None:
            return fallback
        chat = [
            ChatMessage("system", SUMMARY_SYSTEM),
            ChatMessage("user", f"{text}\n\nReply with the JSON object alone: one paragraph in `summary`."),
        ]
        call: dict[str, Any] = {"role": SUMMARIZER, "backend": backend.name, "attempt": 1, "prompt": text}
        try:
            completion = backend.complete(chat, ReplyFormat(strict_schema(SummaryReply), bare_json=True))
        except ModelUnavailableError as exc:
            self.record_call({**call, "valid": False, "error": exc.message})
            return fallback
        call |= {
            "prompt_tokens": completion.prompt_tokens,
            "completion_tokens": completion.completion_tokens,
            "cached_prompt_tokens": completion.cached_prompt_tokens,
            "latency_s": round(completion.latency_s, 4),
        }
        try:
            reply, repaired = parse_bare_reply(completion.text, SummaryReply)
            summary = " ".join(reply.summary.split())
            if not summary or backend.count_tokens(summary) >= backend.count_tokens(text):
                raise ReplyError("the summary is empty or not shorter than the rounds")
        except (ReplyError, ValueError) as exc:
            error = str(exc).splitlines()[0]
            self.record_call(
                {**call, "valid": False, "error": error, "raw": truncate_output(completion.text)}
            )
            return fallback
        self.record_call({**call, "valid": True, **({"repaired": repaired} if repaired else {})})
        return summary, "model"


def run_team(
    state: ARDState,
    manifest: Manifest,
    backends: Mapping[str, ModelBackend],
    log: RunLog,
    context_size: int,
    max_tokens: int,
    show: Printer | None,
) -> WorkflowResult:
    """Run the spec manifest to its end: the rough idea is the first message."""
    trace = run_trace(log, show)
    team = SpecTeam(state, backends, log, trace, context_size, max_tokens)
    agents = team.agents(manifest)
    steps = sum(1 + s.retries for s in manifest.steps.values())
    max_turns = (state.max_iterations + 2) * (steps + 2)  # the bound only guards against bugs
    task = state.message("User", state.rough_idea, SpecEvent.IDEA).model_copy(update={"type": "instruction"})
    with stop_on_signals(lambda: None):  # Ctrl-C: the loop ends after the current step
        return run_workflow(manifest, SPEC, state, agents, task, trace, max_turns)
