"""A debate's state as the seed defines it (DebateState, DebateRound, Contribution,
Solution, summaries, clarifications), as pydantic models whose JSON keys are the seed's
(camelCase), and the store that saves it atomically to debates/<id>.json after every
change: a debate killed at any point leaves the last complete state on disk."""

from __future__ import annotations

import os
import secrets
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from devagent.errors import UsageError

ContributionType = Literal["proposal", "critique", "refinement"]
DebateStatus = Literal["pending", "running", "completed", "failed"]


class _Seed(BaseModel):
    """The seed's JSON keys (camelCase) on snake_case attributes."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="forbid")


def now() -> datetime:
    return datetime.now(UTC)


class ContributionMetadata(_Seed):
    tokens_used: int | None = None
    latency_ms: int | None = None
    model: str | None = None


class Contribution(_Seed):
    agent_id: str
    agent_role: str
    type: ContributionType
    content: str
    target_agent_id: str | None = None  # critiques only
    metadata: ContributionMetadata = Field(default_factory=ContributionMetadata)


class SummaryMetadata(_Seed):
    before_chars: int
    after_chars: int
    method: str
    timestamp: datetime
    latency_ms: int | None = None
    tokens_used: int | None = None


class DebateSummary(_Seed):
    agent_id: str
    agent_role: str
    summary: str
    metadata: SummaryMetadata


class DebateRound(_Seed):
    round_number: int
    contributions: list[Contribution] = Field(default_factory=list)
    timestamp: datetime = Field(default_factory=now)
    summaries: dict[str, DebateSummary] = Field(default_factory=dict)  # by agent id


class ClarificationItem(_Seed):
    id: str  # "q1", "q2", ...
    question: str
    answer: str = "NA"  # "NA" when skipped


class AgentClarifications(_Seed):
    agent_id: str
    agent_name: str
    role: str
    items: list[ClarificationItem] = Field(default_factory=list)


class Solution(_Seed):
    description: str
    implementation: str | None = None
    tradeoffs: list[str] = Field(default_factory=list)
    recommendations: list[str] = Field(default_factory=list)
    confidence: int = Field(default=75, ge=0, le=100)
    synthesized_by: str


class PromptSource(_Seed):
    agent_id: str
    role: str
    source: str  # "built-in" or the absolute path of the file used


class PromptSources(_Seed):
    agents: list[PromptSource] = Field(default_factory=list)
    judge: PromptSource | None = None


class DebateState(_Seed):
    id: str
    problem: str
    context: str | None = None
    status: DebateStatus = "running"
    current_round: int = 0  # 0 before the first round, then 1-indexed
    rounds: list[DebateRound] = Field(default_factory=list)
    clarifications: list[AgentClarifications] | None = None
    final_solution: Solution | None = None
    judge_summary: DebateSummary | None = None
    prompt_sources: PromptSources | None = None
    created_at: datetime = Field(default_factory=now)
    updated_at: datetime = Field(default_factory=now)

    def round(self, number: int) -> DebateRound | None:
        return self.rounds[number - 1] if 0 < number <= len(self.rounds) else None

    def contributions(self, number: int, kind: ContributionType) -> list[Contribution]:
        found = self.round(number)
        return [c for c in found.contributions if c.type == kind] if found else []

    def to_json(self) -> str:
        return self.model_dump_json(by_alias=True, indent=2) + "\n"


def new_debate_id(when: datetime | None = None) -> str:
    """deb-YYYYMMDD-HHMMSS-RAND (the seed's pattern), in UTC."""
    stamp = (when or now()).strftime("%Y%m%d-%H%M%S")
    return f"deb-{stamp}-{secrets.token_hex(2)}"


def load_debate(path: Path) -> DebateState:
    """A saved debate; a one-line UsageError naming the file otherwise."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"{path}: debate file not found") from None
    except IsADirectoryError:
        raise UsageError(f"{path}: is a directory, expected a debate JSON file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: cannot read debate file: {exc}") from None
    try:
        return DebateState.model_validate_json(text)
    except ValueError as exc:
        first = str(exc).splitlines()
        detail = first[1].strip() + ": " + first[2].strip() if len(first) > 2 else str(exc)
        raise UsageError(f"{path}: not a debate state: {detail}") from None


def write_atomically(path: Path, text: str) -> None:
    """Write a temp file beside `path`, flush it to disk, then rename it over `path`:
    a reader (or a debate killed mid-write) sees the old file or the new one, never a
    torn one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


class DebateStore:
    """The seed's StateManager for one debate: each change is saved at once."""

    def __init__(self, directory: Path, state: DebateState) -> None:
        self.path = directory / f"{state.id}.json"
        self.state = state
        self.saves = 0

    def save(self) -> None:
        self.state.updated_at = now()
        write_atomically(self.path, self.state.to_json())
        self.saves += 1
