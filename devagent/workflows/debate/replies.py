"""What each debate call asks the model to write, as bounded pydantic models (under a
grammar a small model cannot ramble past the bounds or break the shape), and how a
validated reply becomes a contribution's Markdown text (a fixed template, so even the
embedded 135M model's contributions read as structured documents)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

# Strings carry no minLength: llama.cpp's grammar for "at least one, at most N characters"
# nests N optional rules (it fails past a few hundred); "at most N" becomes char{0,N}.
Point = Annotated[str, Field(max_length=120)]


class _Reply(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ProposalReply(_Reply):
    title: str = Field(max_length=80, description="the idea in a few words")
    approach: str = Field(max_length=500, description="how the design works")
    key_points: list[Point] = Field(min_length=1, max_length=4)
    risks: list[Point] = Field(default_factory=list, max_length=2)


class CritiqueReply(_Reply):
    strengths: list[Point] = Field(default_factory=list, max_length=2)
    weaknesses: list[Point] = Field(min_length=1, max_length=3)
    suggestions: list[Point] = Field(min_length=1, max_length=3)


class RefinementReply(_Reply):
    changes: list[Point] = Field(min_length=1, max_length=3, description="what changed after the critiques")
    title: str = Field(max_length=80)
    approach: str = Field(max_length=500)
    key_points: list[Point] = Field(min_length=1, max_length=4)
    risks: list[Point] = Field(default_factory=list, max_length=2)


class QuestionsReply(_Reply):
    # Bounded generously: the per-agent cap is applied afterwards, with a warning.
    questions: list[Annotated[str, Field(max_length=160)]] = Field(max_length=8)


class SummaryReply(_Reply):
    summary: str = Field(max_length=2500)  # the configured maxLength cuts it further


class SynthesisReply(_Reply):
    description: str = Field(max_length=1000)
    implementation: str = Field(default="", max_length=500)
    tradeoffs: list[Point] = Field(default_factory=list, max_length=5)
    recommendations: list[Point] = Field(default_factory=list, max_length=5)
    confidence: int = Field(ge=0, le=100)


class ScoreReply(_Reply):
    """An evaluator's verdict on a finished debate (`debate eval`)."""

    functional_completeness: int = Field(ge=1, le=10)
    performance_scalability: int = Field(ge=1, le=10)
    security: int = Field(ge=1, le=10)
    maintainability_evolvability: int = Field(ge=1, le=10)
    testability: int = Field(ge=1, le=10)
    requirements_fulfillment: int = Field(ge=1, le=10)
    summary: str = Field(max_length=600)


def _bullets(title: str, items: list[str]) -> list[str]:
    kept = [" ".join(i.split()) for i in items if i.strip()]
    return [f"**{title}**", *(f"- {i}" for i in kept), ""] if kept else []


def proposal_text(reply: ProposalReply | RefinementReply) -> str:
    title = " ".join(reply.title.split()) or "(untitled)"
    lines = [f"**{title}**", "", reply.approach.strip() or "(no approach given)", ""]
    if isinstance(reply, RefinementReply):
        lines = [*_bullets("Changes after the critiques", reply.changes), *lines]
    lines += _bullets("Key points", reply.key_points) + _bullets("Risks", reply.risks)
    return "\n".join(lines).strip()


def critique_text(reply: CritiqueReply) -> str:
    lines = _bullets("Strengths", reply.strengths)
    lines += _bullets("Weaknesses", reply.weaknesses) + _bullets("Suggestions", reply.suggestions)
    return "\n".join(lines).strip()
