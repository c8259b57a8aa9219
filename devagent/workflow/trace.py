"""What a workflow run writes as it goes: every message, every step execution and every
routing decision, as typed records through one log writer (the run log, which feeds
the trace store). It also numbers step executions, so a model call made inside a step
is tagged with it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

from devagent.messages import Envelope

StepStatus = Literal["ok", "skipped", "retry", "failed", "halted", "loop_detected"]
LogWriter = Callable[[str, str, dict[str, Any]], None]  # (role, type, data), e.g. RunLog.write


class SpecRecord(TypedDict):
    spec: str
    kind: str
    passed: bool
    detail: str


class StepLogRecord(TypedDict):
    """Log type "step": one step execution, as the trace store keeps it."""

    execution: int
    step: str
    attempt: int
    status: StepStatus
    agents: list[str]
    started_at: str
    duration_ms: float
    agent_ms: float
    specs: list[SpecRecord]
    before: dict[str, Any]
    after: dict[str, Any] | None
    fingerprint: str | None
    output: dict[str, Any] | None


class RouteLogRecord(TypedDict):
    """Log type "route": which route a step's output took."""

    to: str
    when: list[str]
    outcome: str | None


@dataclass
class StepRecord:
    execution: int  # 1, 2, ... over the run, retries included
    step: str
    attempt: int
    agents: list[str]
    started_at: str
    status: StepStatus = "ok"
    duration_ms: float = 0.0
    agent_ms: float = 0.0
    specs: list[SpecRecord] = field(default_factory=list)
    before: dict[str, Any] = field(default_factory=dict)
    after: dict[str, Any] | None = None
    fingerprint: str | None = None
    output: dict[str, Any] | None = None

    @property
    def overhead_ms(self) -> float:
        return self.duration_ms - self.agent_ms

    def as_record(self) -> StepLogRecord:
        return {
            "execution": self.execution,
            "step": self.step,
            "attempt": self.attempt,
            "status": self.status,
            "agents": self.agents,
            "started_at": self.started_at,
            "duration_ms": round(self.duration_ms, 3),
            "agent_ms": round(self.agent_ms, 3),
            "specs": self.specs,
            "before": self.before,
            "after": self.after,
            "fingerprint": self.fingerprint,
            "output": self.output,
        }


def message_record(envelope: Envelope) -> dict[str, Any]:
    """A message as the log keeps it: the envelope's JSON, the diff beside it."""
    data = envelope.as_json()
    if envelope.diff:
        data["diff"] = envelope.diff
    return data


class Trace:
    def __init__(
        self,
        write: LogWriter,
        on_message: Callable[[Envelope], None] | None = None,
        on_step: Callable[[StepRecord], None] | None = None,
    ) -> None:
        self._write = write
        self._on_message = on_message
        self._on_step = on_step
        self.execution = 0  # the step execution running now; model calls carry it

    def next_execution(self) -> int:
        self.execution += 1
        return self.execution

    def message(self, envelope: Envelope) -> None:
        self._write(envelope.role, envelope.type, message_record(envelope))
        if self._on_message is not None:
            self._on_message(envelope)

    def step(self, record: StepRecord) -> None:
        self._write("Orchestrator", "step", dict(record.as_record()))
        if self._on_step is not None:
            self._on_step(record)

    def route(self, source: str, to: str, when: list[str], outcome: str | None) -> None:
        data = {"from": source, **RouteLogRecord(to=to, when=when, outcome=outcome)}
        self._write("Orchestrator", "route", data)
