"""The debate's team: every configured agent as AutoGen agents on our backends (one
`TurnAgent` per agent and phase, forming the manifest's panels), the judge, the
Moderator that begins rounds and the User step that asks the clarifying questions on
the terminal; run on the one workflow loop.

Each turn builds its prompt from the debate state (the agents are stateless), asks its
model for a bounded JSON reply (a grammar under llama.cpp; re-prompted once when
invalid), renders it with a fixed Markdown template and saves the contribution at once."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from autogen_agentchat.base import ChatAgent
from pydantic import BaseModel

from devagent.agents import Answer, ToolAgent, TurnAgent, ask_validated, strict_schema
from devagent.errors import ModelProtocolError, TurnDeadlinePassed
from devagent.interrupt import stop_on_signals
from devagent.messages import Envelope, Metadata
from devagent.models.base import ChatMessage, ModelBackend, ReplyFormat
from devagent.prompt_budget import FittedPrompt, prompt_budget
from devagent.runlog import RunLog
from devagent.secret_values import redact
from devagent.workflow import Manifest, Trace, WorkflowResult, run_workflow
from devagent.workflows.debate.checks import checklist_text, missing_concerns
from devagent.workflows.debate.config import AgentConfig, SummarizationConfig, slug
from devagent.workflows.debate.events import DebateAgent, DebateEvent, Panel
from devagent.workflows.debate.plugin import DEBATE
from devagent.workflows.debate.progress import Progress
from devagent.workflows.debate.prompts import (
    PromptSet,
    build_prompt,
    clarifications_text,
    contribution_text,
    history_text,
    perspective,
    rounds_text,
    synthesis_prompt,
)
from devagent.workflows.debate.replies import (
    CritiqueReply,
    ProposalReply,
    QuestionsReply,
    RefinementReply,
    SummaryReply,
    SynthesisReply,
    critique_text,
    proposal_text,
)
from devagent.workflows.debate.run_state import DebateRun
from devagent.workflows.debate.state import (
    AgentClarifications,
    ClarificationItem,
    Contribution,
    ContributionMetadata,
    ContributionType,
    DebateSummary,
    Solution,
    SummaryMetadata,
    now,
)

ReplyT = TypeVar("ReplyT", bound=BaseModel)
AskUser = Callable[[str], str]  # shows a prompt, returns the user's line ("" on end of input)
NA = "NA"


@dataclass(frozen=True)
class Member:
    """A configured agent (or the judge): its config, model and prompts."""

    config: AgentConfig
    backend: ModelBackend
    prompts: PromptSet
    summarization: SummarizationConfig

    @property
    def label(self) -> str:
        return f"{self.config.name} ({self.config.role})"


class DebateTeam:
    def __init__(
        self,
        run: DebateRun,
        members: Sequence[Member],
        judge: Member,
        log: RunLog,
        trace: Trace,
        context_size: int,
        max_tokens: int,
        progress: Progress,
        ask_user: AskUser,
    ) -> None:
        self._run = run
        self._members = list(members)
        self._judge = judge
        self._log = log
        self._trace = trace
        self._context_size = context_size
        self._max_tokens = max_tokens
        self._progress = progress
        self._ask_user = ask_user
        self._names = {m.config.id: m.config.name for m in [*members, judge]}

    # --- the AutoGen agents and panels ------------------------------------------------

    def agents(self) -> tuple[dict[str, ChatAgent], dict[str, list[str]]]:
        turns: dict[Panel, Callable[[Member, Envelope], Envelope]] = {
            Panel.QUESTIONERS: self._questions,
            Panel.SUMMARISERS: self._summarise,
            Panel.PROPOSERS: self._propose,
            Panel.CRITICS: self._critique,
            Panel.REFINERS: self._refine,
        }
        agents: dict[str, ChatAgent] = {}
        panels: dict[str, list[str]] = {}
        for panel, turn in turns.items():
            names = []
            for member in self._members:
                name = f"{slug(member.config.id)}_{panel.value}"
                agents[name] = TurnAgent(name, f"{member.label}: {panel.value}", _bind(turn, member))
                names.append(name)
            panels[panel.value] = names
        agents[DebateAgent.MODERATOR] = ToolAgent(DebateAgent.MODERATOR, "Begins rounds", self._begin_round)
        agents[DebateAgent.USER] = ToolAgent(DebateAgent.USER, "Answers the questions", self._answers)
        agents[DebateAgent.JUDGE_SUMMARIZER] = TurnAgent(
            DebateAgent.JUDGE_SUMMARIZER, "The judge condenses the last round", self._judge_summary
        )
        agents[DebateAgent.JUDGE] = TurnAgent(DebateAgent.JUDGE, "The judge synthesises", self._synthesise)
        return agents, panels

    # --- model calls --------------------------------------------------------------------

    def record_call(self, call: dict[str, Any]) -> None:
        self._run.add_tokens(int(call.get("prompt_tokens") or 0) + int(call.get("completion_tokens") or 0))
        record = {**call, "iteration": self._run.state.current_round, "execution": self._trace.execution}
        self._log.write(str(call["role"]), "model_call", record)

    def _budget(self, member: Member) -> int:
        return prompt_budget(
            self._context_size, self._max_tokens, member.backend.count_tokens(member.prompts.system)
        )

    def _prompt(self, member: Member, kind: str, values: dict[str, str], context: str) -> str:
        fitted = build_prompt(
            member.prompts.templates[kind], values, context, self._budget(member), member.backend.count_tokens
        )
        self._record_cuts(member, fitted)
        return fitted.text

    def _record_cuts(self, member: Member, fitted: FittedPrompt) -> None:
        if fitted.cuts:  # never silent: the log says what the model did not see
            record = {
                "budget_tokens": fitted.budget,
                "prompt_tokens": fitted.tokens,
                "cuts": [c.as_record() for c in fitted.cuts],
            }
            self._log.write(member.config.id, "context_budget", record)

    def _ask(
        self, member: Member, prompt: str, reply_model: type[ReplyT], in_round: bool = False
    ) -> tuple[ReplyT, Answer]:
        """One validated reply. `in_round`: the call belongs to the round, and is cut
        (TurnDeadlinePassed) when the round is past timeoutPerRound."""
        deadline = self._run.round_deadline if in_round else None
        if deadline is not None and time.monotonic() >= deadline:
            raise TurnDeadlinePassed(f"{member.config.id}: not asked, the round is past timeoutPerRound")
        # The problem and the debate go out to a model server: no secret goes with them.
        chat = [ChatMessage("system", member.prompts.system), ChatMessage("user", redact(prompt))]
        answer = ask_validated(
            member.config.id,
            member.backend,
            chat,
            reply_model,
            ReplyFormat(strict_schema(reply_model), deadline=deadline),
            self.record_call,
        )
        assert isinstance(answer.reply, reply_model)
        return answer.reply, answer

    def _context(self, member: Member, round_number: int) -> str:
        parts = [
            clarifications_text(self._run.state.clarifications),
            history_text(
                self._run.state,
                member.config.id,
                round_number,
                self._run.settings.include_full_history,
                self._names,
            ),
        ]
        return "\n\n".join(p for p in parts if p)

    def _message(self, member: Member | None, event: DebateEvent, content: str) -> Envelope:
        role = member.config.id if member else DebateAgent.MODERATOR
        meta = Metadata(iteration=self._run.state.current_round, event=event)
        return Envelope(role=role, type="status", content=content, metadata=meta)

    def _contribution(
        self,
        member: Member,
        kind: ContributionType,
        content: str,
        answer: Answer | None,
        target: str | None = None,
    ) -> Contribution:
        meta = ContributionMetadata(
            tokens_used=answer.tokens if answer else 0,
            latency_ms=round(answer.latency_s * 1000) if answer else 0,
            model=member.backend.name,
        )
        contribution = Contribution(
            agent_id=member.config.id,
            agent_role=member.config.role,
            type=kind,
            content=content,
            target_agent_id=target,
            metadata=meta,
        )
        self._run.add_contribution(contribution)
        return contribution

    # --- clarifications -------------------------------------------------------------------

    def _questions(self, member: Member, trigger: Envelope) -> Envelope:
        cap = self._run.settings.clarifications_max_per_agent
        values = {"problem": self._run.state.problem, "max_questions": str(cap)}
        prompt = self._prompt(member, "clarification", values, "")
        self._progress.agent(member.config.name, "asking clarifying questions")
        try:
            reply, _ = self._ask(member, prompt, QuestionsReply)
            questions = [" ".join(q.split()) for q in reply.questions if q.strip()]
        except ModelProtocolError as exc:  # the seed: a malformed reply means no questions
            self._progress.warn(
                f"agent {member.config.id}: clarifying questions unusable ({exc.message}); none asked"
            )
            questions = []
        if len(questions) > cap:
            self._progress.warn(
                f"agent {member.config.id} asked {len(questions)} questions; keeping the first {cap}"
            )
            questions = questions[:cap]
        with self._run.lock:
            self._run.questions[member.config.id] = questions
        text = "\n".join(f"- {q}" for q in questions) or "(no questions)"
        return self._message(member, DebateEvent.QUESTIONS, f"{len(questions)} question(s)\n\n{text}")

    def _answers(self, trigger: Envelope) -> Envelope:
        groups = []
        with self._run.lock:
            asked = dict(self._run.questions)
        for member in self._members:
            questions = asked.get(member.config.id) or []
            if not questions:
                continue
            self._progress.info(f"\n{member.config.name} ({member.config.role})")
            items = []
            for i, question in enumerate(questions, start=1):
                qid = f"q{i}"
                self._progress.info(f"Q ({qid}): {question}")
                answer = self._ask_user("> ").strip()
                items.append(ClarificationItem(id=qid, question=question, answer=answer or NA))
            groups.append(
                AgentClarifications(
                    agent_id=member.config.id,
                    agent_name=member.config.name,
                    role=member.config.role,
                    items=items,
                )
            )
        self._run.set_clarifications(groups)
        answered = sum(1 for g in groups for i in g.items if i.answer != NA)
        total = sum(len(g.items) for g in groups)
        return self._message(
            None, DebateEvent.ANSWERS, f"{answered} of {total} question(s) answered"
        ).model_copy(update={"role": DebateAgent.USER})

    # --- rounds -----------------------------------------------------------------------------

    def _begin_round(self, trigger: Envelope) -> Envelope:
        new = self._run.begin_round()
        self._progress.round_start(new.round_number, self._run.settings.rounds)
        return self._message(
            None, DebateEvent.ROUND_STARTED, f"Round {new.round_number}/{self._run.settings.rounds}"
        )

    def _summarise(self, member: Member, trigger: Envelope) -> Envelope:
        state = self._run.state
        round_number = state.current_round
        config = member.summarization
        history = rounds_text(perspective(state, member.config.id, round_number), self._names)
        if not config.enabled or len(history) < config.threshold or not history:
            why = "off" if not config.enabled else f"{len(history)} chars, threshold {config.threshold}"
            return self._message(member, DebateEvent.SUMMARY, f"no summary needed ({why})")
        summary = self._condense(member, history, config, round_number, in_round=True)
        if summary is None:
            return self._message(member, DebateEvent.SUMMARY, "summary failed; the full history is used")
        self._run.add_summary(summary)
        meta = summary.metadata
        self._progress.summarised(member.config.name, meta.before_chars, meta.after_chars)
        return self._message(
            member,
            DebateEvent.SUMMARY,
            f"summarised {meta.before_chars} -> {meta.after_chars} chars\n\n{summary.summary}",
        )

    def _condense(
        self,
        member: Member,
        history: str,
        config: SummarizationConfig,
        round_number: int,
        in_round: bool = False,
    ) -> DebateSummary | None:
        """The member's model condenses `history` to at most config.max_length characters;
        None (with a warning) when its reply stays unusable: the seed's fallback is the
        full history."""
        values = {"problem": self._run.state.problem, "max_length": str(config.max_length)}
        fitted = build_prompt(
            member.prompts.templates["summary"],
            {**values, "history": "{context}"},
            history,
            self._budget(member),
            member.backend.count_tokens,
        )
        self._record_cuts(member, fitted)
        self._progress.agent(member.config.name, f"summarising ({len(history)} chars)")
        try:
            reply, answer = self._ask(member, fitted.text, SummaryReply, in_round)
        except (ModelProtocolError, TurnDeadlinePassed) as exc:
            self._progress.warn(
                f"agent {member.config.id}: summary failed ({exc.message}); using the full history"
            )
            return None
        text = reply.summary.strip()[: config.max_length]
        if not text:
            self._progress.warn(
                f"agent {member.config.id}: the summary came back empty; using the full history"
            )
            return None
        meta = SummaryMetadata(
            before_chars=len(history),
            after_chars=len(text),
            method=config.method,
            timestamp=now(),
            latency_ms=round(answer.latency_s * 1000),
            tokens_used=answer.tokens,
        )
        return DebateSummary(
            agent_id=member.config.id, agent_role=member.config.role, summary=text, metadata=meta
        )

    def _propose(self, member: Member, trigger: Envelope) -> Envelope:
        state = self._run.state
        round_number = state.current_round
        n = len(self._members)
        self._progress.phase(round_number, "Proposals", n)
        if round_number > 1:
            previous = [
                c
                for c in state.contributions(round_number - 1, "refinement")
                if c.agent_id == member.config.id
            ]
            if previous:  # the seed: no model call, the refinement becomes the proposal
                self._contribution(member, "proposal", previous[-1].content, None)
                return self._message(
                    member, DebateEvent.PROPOSAL, f"(carried forward)\n\n{previous[-1].content}"
                )
            self._progress.warn(
                f"agent {member.config.id}: missing previous refinement; falling back to a model proposal"
            )
        started = time.monotonic()
        self._progress.agent(member.config.name, "proposing")
        values = {"problem": state.problem}
        prompt = self._prompt(member, "proposal", values, self._context(member, round_number))
        try:
            reply, answer = self._ask(member, prompt, ProposalReply, in_round=True)
        except TurnDeadlinePassed:
            return self._cut(member, "proposal", DebateEvent.PROPOSAL)
        content = proposal_text(reply)
        self._contribution(member, "proposal", content, answer)
        self._progress.agent_done(member.config.name, "proposing", time.monotonic() - started)
        return self._message(member, DebateEvent.PROPOSAL, content)

    def _critique(self, member: Member, trigger: Envelope) -> Envelope:
        state = self._run.state
        round_number = state.current_round
        targets = [c for c in state.contributions(round_number, "proposal") if c.agent_id != member.config.id]
        n = len(self._members)
        self._progress.phase(round_number, "Critiques", n * (n - 1))
        written = []
        for proposal in targets:
            target_role = proposal.agent_role
            started = time.monotonic()
            self._progress.agent(member.config.name, f"critiquing {target_role}")
            values = {"problem": state.problem, "proposal": proposal.content, "target_role": target_role}
            prompt = self._prompt(member, "critique", values, self._context(member, round_number))
            try:
                reply, answer = self._ask(member, prompt, CritiqueReply, in_round=True)
            except TurnDeadlinePassed:
                self._cut(member, f"critique of {target_role}", DebateEvent.CRITIQUE)
                break
            checklist = checklist_text(member.config.role, proposal.content)
            content = "\n\n".join(t for t in (checklist, critique_text(reply)) if t)
            self._contribution(member, "critique", content, answer, proposal.agent_id)
            written.append(f"## On {self._names.get(proposal.agent_id, proposal.agent_id)}\n\n{content}")
            self._progress.agent_done(
                member.config.name, f"critiquing {target_role}", time.monotonic() - started
            )
        body = "\n\n".join(written) or "(no other proposal to critique)"
        return self._message(member, DebateEvent.CRITIQUE, f"{len(written)} critique(s)\n\n{body}")

    def _refine(self, member: Member, trigger: Envelope) -> Envelope:
        state = self._run.state
        round_number = state.current_round
        mine = [c for c in state.contributions(round_number, "proposal") if c.agent_id == member.config.id]
        received = [
            c for c in state.contributions(round_number, "critique") if c.target_agent_id == member.config.id
        ]
        critiques = "\n\n".join(
            f"### From {self._names.get(c.agent_id, c.agent_id)} ({c.agent_role})\n\n{c.content}"
            for c in received
        )
        started = time.monotonic()
        self._progress.phase(round_number, "Refinements", len(self._members))
        self._progress.agent(member.config.name, "refining")
        values = {
            "problem": state.problem,
            "proposal": mine[-1].content if mine else "(none)",
            "critiques": critiques or "(no critiques were received)",
        }
        prompt = self._prompt(member, "refinement", values, self._context(member, round_number))
        try:
            reply, answer = self._ask(member, prompt, RefinementReply, in_round=True)
        except TurnDeadlinePassed:
            return self._cut(member, "refinement", DebateEvent.REFINEMENT)
        content = proposal_text(reply)
        self._contribution(member, "refinement", content, answer)
        self._progress.agent_done(member.config.name, "refining", time.monotonic() - started)
        return self._message(member, DebateEvent.REFINEMENT, content)

    def _cut(self, member: Member, what: str, event: DebateEvent) -> Envelope:
        """A contribution the round's timeoutPerRound left out: the debate goes on with
        what it has (the next round proposes afresh for an agent with no refinement)."""
        state = self._run.state
        limit = self._run.settings.timeout_per_round
        self._progress.warn(
            f"round {state.current_round} passed timeoutPerRound ({limit} ms): "
            f"agent {member.config.id}'s {what} left out"
        )
        return self._message(member, event, f"({what} left out: the round passed timeoutPerRound)")

    # --- the judge --------------------------------------------------------------------------

    def _final_round_text(self) -> str:
        state = self._run.state
        last = state.rounds[-1] if state.rounds else None
        if last is None:
            return ""
        kept = [c for c in last.contributions if c.type in ("proposal", "refinement")]
        return "\n\n".join(contribution_text(c, self._names) for c in kept)

    def _judge_summary(self, trigger: Envelope) -> Envelope:
        self._run.end_rounds()
        judge = self._judge
        config = self._run.judge_summarization()
        summary = self._condense(judge, self._final_round_text(), config, self._run.state.current_round)
        if summary is None:
            return self._message(
                judge, DebateEvent.JUDGE_SUMMARY, "summary failed; the last round is used as it is"
            )
        self._run.add_judge_summary(summary)
        meta = summary.metadata
        self._progress.summarised(judge.config.name, meta.before_chars, meta.after_chars)
        return self._message(judge, DebateEvent.JUDGE_SUMMARY, summary.summary)

    def _recommendations(self, from_judge: list[str]) -> list[str]:
        """The judge's, then (no model) each participating role's concerns that no final
        refinement mentions: evidence from the debate a small judge cannot leave out."""
        state = self._run.state
        final = "\n".join(c.content for c in state.contributions(state.current_round, "refinement"))
        roles = dict.fromkeys(m.config.role for m in self._members)
        gaps = [
            f"Decide {concern} (no final proposal covers it)."
            for r in roles
            for concern in missing_concerns(r, final)
        ]
        return _unique([*from_judge, *gaps])[:MAX_RECOMMENDATIONS]

    def _synthesise(self, trigger: Envelope) -> Envelope:
        self._run.end_rounds()
        judge, state = self._judge, self._run.state
        if state.judge_summary is not None:  # the seed: with a summary, the final round's gist only
            debate = f"## Summary of the final round\n\n{state.judge_summary.summary}"
        else:
            debate = rounds_text(state.rounds, self._names)
        started = time.monotonic()
        self._progress.agent(judge.config.name, "synthesising")
        clarifications = clarifications_text(state.clarifications)
        fitted = synthesis_prompt(
            judge.prompts.templates["synthesis"],
            state.problem,
            clarifications,
            debate,
            self._budget(judge),
            judge.backend.count_tokens,
        )
        self._record_cuts(judge, fitted)
        reply, _ = self._ask(judge, fitted.text, SynthesisReply)
        description = reply.description.strip()
        if not description:  # a small model's empty answer: say so, and what it had to weigh
            titles = [
                c.content.splitlines()[0].lstrip("# ")
                for c in state.contributions(state.current_round, "refinement")
            ]
            description = "The judge gave no description. The final proposals were: " + "; ".join(titles)
        solution = Solution(
            description=description,
            implementation=reply.implementation.strip() or None,
            tradeoffs=list(reply.tradeoffs),
            recommendations=self._recommendations(list(reply.recommendations)),
            confidence=reply.confidence,
            synthesized_by=judge.config.id,
        )
        self._run.complete(solution)
        self._progress.agent_done(judge.config.name, "synthesising", time.monotonic() - started)
        return self._message(judge, DebateEvent.SOLUTION, solution.description)


MAX_RECOMMENDATIONS = 8


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(" ".join(i.split()) for i in items if i.strip()))


def _bind(turn: Callable[[Member, Envelope], Envelope], member: Member) -> Callable[[Envelope], Envelope]:
    def act(trigger: Envelope) -> Envelope:
        return turn(member, trigger)

    return act


def run_team(team: DebateTeam, run: DebateRun, manifest: Manifest, trace: Trace) -> WorkflowResult:
    """Run the debate manifest to its end: the problem is the first message."""
    agents, panels = team.agents()
    steps = len(manifest.steps) + sum(s.retries for s in manifest.steps.values())
    max_turns = (run.settings.rounds + 2) * (steps + 2)  # the bound only guards against bugs
    task = Envelope(
        role="User",
        type="instruction",
        content=run.state.problem,
        metadata=Metadata(iteration=0, event=DebateEvent.PROBLEM),
    )
    with stop_on_signals(lambda: None):  # Ctrl-C: the loop ends after the current step
        return run_workflow(manifest, DEBATE, run, agents, task, trace, max_turns, panels)
