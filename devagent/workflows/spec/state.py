"""One spec run's state: the seed's ARDState (rough idea, current draft, challenge
history, iteration, status) plus what the engine and the prompts need between turns.
Step actions update it, prompts read it, and the engine sees it through `snapshot`."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from devagent.messages import ArchitectReply, Envelope, Metadata
from devagent.workflows.spec.events import SpecAgent, SpecEvent
from devagent.workflows.spec.specs import design_problems

Status = Literal["in_progress", "verified", "max_iterations_reached"]


@dataclass
class ARDState:
    idea: str  # read through `rough_idea`: set once, never changed by a step
    max_iterations: int
    current_draft: str = ""  # the latest draft as Markdown (components table, rationale)
    design: ArchitectReply | None = None  # the same draft, structured
    # Every Reviewer verdict in order: {"round", "status", "challenges": [{id, category,
    # description}]}, the pure checks' challenges first, then the model's.
    challenge_history: list[dict[str, Any]] = field(default_factory=list)
    iteration: int = 0  # rounds started; a round is one draft and its review
    status: Status = "in_progress"
    architect_note: str = ""  # why the Architect's last reply was sent back ("" if it was not)
    # Earlier rounds summarised to fit the context, by how many rounds they cover:
    # (paragraph, "model" | "extractive").
    summaries: dict[int, tuple[str, str]] = field(default_factory=dict)
    tokens_used: int = 0
    budget_tokens: int = 0  # 0: no ceiling
    budget_wall_time_s: float = 0.0
    started: float = field(default_factory=time.monotonic)

    volatile_keys: ClassVar[frozenset[str]] = frozenset({"iteration", "tokens_used", "elapsed_s"})

    @property
    def rough_idea(self) -> str:
        return self.idea

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "idea" and "idea" in self.__dict__:  # the seed: immutable after start
            raise AttributeError("rough_idea cannot change once the run has started")
        super().__setattr__(name, value)

    def message(self, role: str, content: str, event: SpecEvent) -> Envelope:
        return Envelope(
            role=role,
            type="status",
            content=content,
            metadata=Metadata(iteration=self.iteration, event=event),
        )

    def start_round(self) -> None:
        """Called as the Architect's prompt is built: a new round unless this is the
        re-prompt of the current one (whose review has not come yet)."""
        if self.iteration == len(self.challenge_history):
            self.iteration += 1
            self.architect_note = ""

    def last_challenges(self) -> list[dict[str, Any]]:
        return list(self.challenge_history[-1]["challenges"]) if self.challenge_history else []

    def snapshot(self) -> dict[str, Any]:
        design = self.design
        return {
            "rough_idea": self.rough_idea,
            "iteration": self.iteration,
            "max_iterations": self.max_iterations,
            "status": self.status,
            "components": [c.model_dump() for c in design.components] if design else [],
            "design_rationale": design.design_rationale if design else "",
            "challenge_history": [dict(r) for r in self.challenge_history],
            "architect_note": self.architect_note,
            "tokens_used": self.tokens_used,
            "budget_tokens": self.budget_tokens,
            "elapsed_s": round(time.monotonic() - self.started, 3),
            "budget_wall_time_s": self.budget_wall_time_s,
        }

    def add_failure(self, step: str, reasons: list[str]) -> None:
        # The Architect's reply broke its rules: the note names each problem, and replaces
        # an earlier note, so the same failure twice leaves the same state.
        if step == SpecAgent.ARCHITECT:
            problems = design_problems(self.snapshot())
            self.architect_note = "; ".join(problems or reasons)

    def record_output(self, step: str, output: Envelope) -> None:
        return None  # the envelope builders already updated the state
