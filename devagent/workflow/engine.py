"""The step engine: what happens around every agent turn, whatever the workflow.

For each step: invariants (fail: halt), pre-specs (fail: skip the agent), snapshot
before, the agent, snapshot after, post-specs (fail: retry with the failure added to
the context), invariants again (fail: halt), the failure fingerprint, persist, notify.
Routing is the router's (router.py); agents never choose what runs next.

No identical retries: a failed step's fingerprint is its name, the context it left
(keys and values, minus counters and clocks) and the ids of the specs that failed. The
same fingerprint twice on one step means a retry would only repeat itself, so the run
stops with `loop_detected`."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal, Protocol

from devagent.messages import Envelope
from devagent.workflow.manifest import Manifest
from devagent.workflow.specs import SPECS, SpecResult, Subject, evaluate, failed

StepStatus = Literal["ok", "skipped", "retry", "failed", "halted", "loop_detected"]


class WorkflowContext(Protocol):
    """The shared state of one run, as the engine sees it."""

    volatile_keys: frozenset[str]  # left out of fingerprints: counters and clocks change every turn

    def snapshot(self) -> dict[str, Any]:
        """JSON-like data the specs read; must not change the context."""
        ...

    def add_failure(self, step: str, failures: list[SpecResult]) -> None:
        """Enrich the context before a retry, so the agent sees why its output failed."""
        ...

    def record_output(self, step: str, output: Envelope | None) -> None:
        """Remember what a step produced (after its post-specs ran)."""
        ...


@dataclass(frozen=True)
class Stop:
    outcome: str  # "loop_detected", "invariant_failed", "budget_exhausted"
    step: str
    reason: str


@dataclass
class StepRecord:
    """One step execution: what the trace store keeps (log type "step")."""

    execution: int  # 1, 2, ... over the run, retries included
    step: str
    attempt: int
    status: StepStatus
    agents: list[str]
    started_at: str
    duration_ms: float
    agent_ms: float
    specs: list[SpecResult] = field(default_factory=list)
    before: dict[str, Any] = field(default_factory=dict)
    after: dict[str, Any] | None = None
    fingerprint: str | None = None
    output: dict[str, Any] | None = None

    @property
    def overhead_ms(self) -> float:
        return self.duration_ms - self.agent_ms

    def as_record(self) -> dict[str, Any]:
        return {
            "execution": self.execution,
            "step": self.step,
            "attempt": self.attempt,
            "status": self.status,
            "agents": self.agents,
            "started_at": self.started_at,
            "duration_ms": round(self.duration_ms, 3),
            "agent_ms": round(self.agent_ms, 3),
            "specs": [r.as_record() for r in self.specs],
            "before": self.before,
            "after": self.after,
            "fingerprint": self.fingerprint,
            "output": self.output,
        }


Persist = Callable[[StepRecord], None]
RunAgents = Callable[[], Awaitable[Envelope | None]]


def fingerprint(step: str, snapshot: Mapping[str, Any], volatile: frozenset[str], failures: list[str]) -> str:
    """Hash of the step, the context it left (minus volatile keys) and the failed spec ids."""
    data = {
        k: hashlib.sha256(json.dumps(v, sort_keys=True, default=str).encode()).hexdigest()
        for k, v in snapshot.items()
        if k not in volatile
    }
    body = json.dumps([step, sorted(data.items()), sorted(failures)], separators=(",", ":"))
    return hashlib.sha256(body.encode()).hexdigest()[:16]


def output_record(output: Envelope | None) -> dict[str, Any] | None:
    if output is None:
        return None
    data = output.as_json()
    if output.diff:
        data["diff"] = output.diff
    return data


class StepEngine:
    def __init__(
        self,
        manifest: Manifest,
        context: WorkflowContext,
        persist: Persist,
        notify: Callable[[StepRecord], None] | None = None,
    ) -> None:
        self._manifest = manifest
        self._context = context
        self._persist = persist
        self._notify = notify
        self._seen: dict[str, set[str]] = {}
        self.execution = 0  # the step execution running now (model calls are tagged with it)
        self.stop: Stop | None = None

    async def run_step(
        self, name: str, run_agents: RunAgents, skipped: Callable[[str], Envelope]
    ) -> Envelope | None:
        """Run step `name` to a result the router can route: its output, a skip
        message built by `skipped(reason)`, or whatever stopped the run (see `stop`)."""
        step = self._manifest.steps[name]
        invariants = [*self._manifest.invariants, *step.invariants]
        attempt = 0
        while True:
            attempt += 1
            self.execution += 1
            started = time.perf_counter()
            record = StepRecord(self.execution, name, attempt, "ok", step.runs(name), _now(), 0.0, 0.0)
            record.before = self._context.snapshot()
            before = Subject(None, record.before)
            checks = evaluate(invariants, "invariant", before)
            if failed(checks):
                return self._halt(record, checks, started, None)
            pre = evaluate(step.pre, "pre", before)
            checks += pre
            if failed(pre):
                reason = "; ".join(r.detail for r in failed(pre))
                record.status = "skipped"
                return self._finish(record, checks, started, skipped(f"step {name} skipped: {reason}"))
            agent_started = time.perf_counter()
            output = await run_agents()
            record.agent_ms = (time.perf_counter() - agent_started) * 1000
            record.after = self._context.snapshot()
            after = Subject(output, record.after)
            post = evaluate(step.post, "post", after)
            checks += post
            closing = evaluate(invariants, "invariant", after)
            if failed(closing):
                self._context.record_output(name, output)
                return self._halt(record, checks + closing, started, output)
            checks += closing
            post_failed = failed(post)
            if post_failed:
                record.fingerprint = fingerprint(
                    name, record.after, self._context.volatile_keys, [r.spec for r in post_failed]
                )
                seen = self._seen.setdefault(name, set())
                if record.fingerprint in seen:
                    record.status = "loop_detected"
                    reasons = "; ".join(r.spec for r in post_failed)
                    self.stop = Stop(
                        "loop_detected",
                        name,
                        f"step {name} failed {reasons} again in the same situation; a retry would repeat it",
                    )
                else:
                    seen.add(record.fingerprint)
                    record.status = "retry" if attempt <= step.retries and self._may_retry(name) else "failed"
            self._context.record_output(name, output)
            self._finish(record, checks, started, output)
            if record.status != "retry":
                return output
            self._context.add_failure(name, post_failed)

    def _may_retry(self, name: str) -> bool:
        """A retry is a new turn: it must still pass the step's pre-specs (its budget)."""
        pre = self._manifest.steps[name].pre
        return not failed(evaluate(pre, "pre", Subject(None, self._context.snapshot())))

    def _halt(
        self, record: StepRecord, checks: list[SpecResult], started: float, output: Envelope | None
    ) -> Envelope | None:
        broken = failed([r for r in checks if r.kind == "invariant"])
        outcomes = {SPECS[r.spec].halt_outcome for r in broken}
        outcome = "budget_exhausted" if outcomes == {"budget_exhausted"} else "invariant_failed"
        reason = "; ".join(f"{r.spec}: {r.detail}" for r in broken)
        self.stop = Stop(outcome, record.step, reason)
        record.status = "halted"
        return self._finish(record, checks, started, output)

    def _finish(
        self, record: StepRecord, checks: list[SpecResult], started: float, output: Envelope | None
    ) -> Envelope | None:
        record.specs = checks
        record.output = output_record(output)
        record.duration_ms = (time.perf_counter() - started) * 1000
        self._persist(record)
        if self._notify is not None:
            self._notify(record)
        return output


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
