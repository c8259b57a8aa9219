"""One debate run's state as the engine sees it: the seed's DebateState (saved after every
change), the run's settings, and the counters the specs and budgets read. Panel members
update it from their own threads, so every change happens under one lock and is saved
before the lock is released."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import Any, ClassVar

from devagent.messages import Envelope
from devagent.workflows.debate.config import AgentConfig, DebateSettings, SummarizationConfig
from devagent.workflows.debate.state import (
    AgentClarifications,
    Contribution,
    DebateRound,
    DebateState,
    DebateStore,
    DebateSummary,
    Solution,
)

_PHASE_ORDER = {"proposal": 0, "critique": 1, "refinement": 2}


class DebateRun:
    volatile_keys: ClassVar[frozenset[str]] = frozenset({"iteration", "tokens_used", "elapsed_s"})

    def __init__(
        self,
        store: DebateStore,
        settings: DebateSettings,
        judge: AgentConfig,
        clarify: bool,
        budget_tokens: int = 0,
        budget_wall_time_s: float = 0.0,
        agent_ids: Sequence[str] = (),
    ) -> None:
        self.store = store
        # Panel members finish in any order; the state keeps contributions in the configured
        # agent order, so two runs with the same replies save the same debate.
        self.agent_order = {agent_id: i for i, agent_id in enumerate(agent_ids)}
        self.settings = settings
        self.judge = judge
        self.clarify = clarify
        self.budget_tokens = budget_tokens
        self.budget_wall_time_s = budget_wall_time_s
        self.tokens_used = 0
        self.questions: dict[str, list[str]] = {}  # agent id -> questions, before the answers
        self.failures: dict[str, list[str]] = {}
        self.started = time.monotonic()
        self.round_deadline: float | None = None  # time.monotonic() the round must end by
        self.lock = threading.RLock()

    @property
    def state(self) -> DebateState:
        return self.store.state

    # --- the seed's StateManager operations, each saved at once ----------------------

    def _save(self) -> None:
        self.store.save()

    def begin_round(self) -> DebateRound:
        with self.lock:
            state = self.store.state
            new = DebateRound(round_number=len(state.rounds) + 1)
            state.rounds.append(new)
            state.current_round = new.round_number
            limit_ms = self.settings.timeout_per_round
            self.round_deadline = time.monotonic() + limit_ms / 1000 if limit_ms else None
            self._save()
            return new

    def add_contribution(self, contribution: Contribution) -> None:
        with self.lock:
            state = self.store.state
            if not state.rounds:
                raise RuntimeError("a contribution before any round began")
            contributions = state.rounds[-1].contributions
            contributions.append(contribution)
            contributions.sort(key=self._position)
            self._save()

    def _position(self, c: Contribution) -> tuple[int, int, int]:
        last = len(self.agent_order)
        target = self.agent_order.get(c.target_agent_id, last) if c.target_agent_id else -1
        return (_PHASE_ORDER.get(c.type, len(_PHASE_ORDER)), self.agent_order.get(c.agent_id, last), target)

    def add_summary(self, summary: DebateSummary) -> None:
        with self.lock:
            self.store.state.rounds[-1].summaries[summary.agent_id] = summary
            self._save()

    def set_clarifications(self, clarifications: list[AgentClarifications]) -> None:
        with self.lock:
            self.store.state.clarifications = clarifications
            self._save()

    def add_judge_summary(self, summary: DebateSummary) -> None:
        with self.lock:
            self.store.state.judge_summary = summary
            self._save()

    def complete(self, solution: Solution) -> None:
        with self.lock:
            self.store.state.final_solution = solution
            self.store.state.status = "completed"
            self._save()

    def fail(self) -> None:
        with self.lock:
            if self.store.state.status != "completed":
                self.store.state.status = "failed"
                self._save()

    def end_rounds(self) -> None:
        """The rounds are over: the judge's calls have no round deadline."""
        with self.lock:
            self.round_deadline = None

    def add_tokens(self, tokens: int) -> None:
        with self.lock:
            self.tokens_used += tokens

    # --- what the specs read -----------------------------------------------------------

    def judge_summarization(self) -> SummarizationConfig:
        base = self.settings.summarization
        return self.judge.summarization.over(base) if self.judge.summarization else base

    def final_round_text_chars(self) -> int:
        state = self.store.state
        if not state.rounds:
            return 0
        kinds = ("proposal", "refinement")
        return sum(len(c.content) for c in state.rounds[-1].contributions if c.type in kinds)

    def snapshot(self) -> dict[str, Any]:
        with self.lock:
            state = self.store.state
            summarization = self.judge_summarization()
            return {
                "debate_id": state.id,
                "status": state.status,
                "iteration": state.current_round,  # the dashboard groups steps by it
                "round": state.current_round,
                "rounds": self.settings.rounds,
                "clarify": self.clarify,
                "questions": sum(len(q) for q in self.questions.values()),
                "contributions": [len(r.contributions) for r in state.rounds],
                "summaries": [sorted(r.summaries) for r in state.rounds],
                "judge_summary_needed": summarization.enabled
                and self.final_round_text_chars() >= summarization.threshold,
                "judge_summary": state.judge_summary is not None,
                "solution": state.final_solution is not None,
                "failures": {k: list(v) for k, v in self.failures.items()},
                "tokens_used": self.tokens_used,
                "budget_tokens": self.budget_tokens,
                "elapsed_s": round(time.monotonic() - self.started, 3),
                "budget_wall_time_s": self.budget_wall_time_s,
            }

    def add_failure(self, step: str, reasons: list[str]) -> None:
        with self.lock:
            self.failures[step] = reasons

    def record_output(self, step: str, output: Envelope) -> None:
        return None  # the agents' turns already updated the state
