"""The step engine: what happens around every agent turn, whatever the workflow.

For each step: invariants (fail: halt), pre specs (fail: skip the agent), snapshot
before, the agent, snapshot after, post specs (fail: retry with the failure added to
the run state), invariants again (fail: halt), the failure fingerprint, the trace.
Routing is the router's (router.py); agents never choose what runs next.

Control flow is by exceptions: an agent's `StepRefused` is not terminating (it becomes
the step's output and goes back as context); the engine's halts are `RunStopped`
(terminating, with the outcome and exit code).

No identical retries: a failed step's fingerprint is its name, the state it left (keys
and values, minus counters and clocks) and the ids of the specs that failed. The same
fingerprint twice on one step means a retry would only repeat itself, so the run stops
with `loop_detected`."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from devagent.errors import ProtocolError, RunStopped, StepRefused
from devagent.messages import Envelope, Metadata
from devagent.workflow.manifest import Manifest
from devagent.workflow.outcomes import exit_code_of
from devagent.workflow.plugin import WorkflowPlugin, WorkflowState
from devagent.workflow.specs import EngineEvent, SpecResult, Subject, failed
from devagent.workflow.trace import SpecRecord, StepRecord, StepStatus, Trace, message_record

RunAgents = Callable[[], Awaitable[Envelope]]


def fingerprint(step: str, snapshot: Mapping[str, Any], volatile: frozenset[str], failures: list[str]) -> str:
    """Hash of the step, the state it left (minus volatile keys) and the failed spec ids."""
    data = {
        k: hashlib.sha256(json.dumps(v, sort_keys=True, default=str).encode()).hexdigest()
        for k, v in snapshot.items()
        if k not in volatile
    }
    body = json.dumps([step, sorted(data.items()), sorted(failures)], separators=(",", ":"))
    return hashlib.sha256(body.encode()).hexdigest()[:16]


def status_message(role: str, event: str, content: str, iteration: int = 0) -> Envelope:
    return Envelope(
        role=role, type="status", content=content, metadata=Metadata(iteration=iteration, event=event)
    )


class StepEngine:
    def __init__(
        self, manifest: Manifest, plugin: WorkflowPlugin, state: WorkflowState, trace: Trace
    ) -> None:
        self._manifest = manifest
        self._specs = plugin.specs
        self._plugin = plugin
        self._state = state
        self._trace = trace
        self._seen: dict[str, set[str]] = {}

    async def run_step(self, name: str, run_agents: RunAgents, agents: list[str] | None = None) -> Envelope:
        """Run step `name` to an output the router can route (its agent's output, or a
        skip or refusal report); raise RunStopped when the run must halt here. `agents`:
        who runs it, when the run named them (a panel); else the manifest's."""
        step = self._manifest.steps[name]
        invariants = [*self._manifest.invariants, *step.invariants]
        attempt = 0
        while True:
            attempt += 1
            started = time.perf_counter()
            who = list(agents) if agents is not None else step.runs(name)
            record = StepRecord(self._trace.next_execution(), name, attempt, who, _now())
            record.before = self._state.snapshot()
            before = Subject(None, record.before)
            checks = self._specs.evaluate(invariants, "invariant", before)
            if failed(checks):
                self._halt(record, checks, started, None)
            pre = self._specs.evaluate(step.pre, "pre", before)
            checks += pre
            if failed(pre):
                reason = "; ".join(r.detail for r in failed(pre))
                record.status = "skipped"
                output = status_message(name, EngineEvent.SKIPPED, f"step {name} skipped: {reason}")
                self._finish(record, checks, started, output)
                return output
            agent_started = time.perf_counter()
            output = await self._run_agents(name, run_agents)
            record.agent_ms = (time.perf_counter() - agent_started) * 1000
            record.after = self._state.snapshot()
            after = Subject(output, record.after)
            post = self._specs.evaluate(step.post, "post", after)
            checks += post
            closing = self._specs.evaluate(invariants, "invariant", after)
            if failed(closing):
                self._state.record_output(name, output)
                self._halt(record, checks + closing, started, output)
            checks += closing
            post_failed = failed(post)
            if post_failed:
                record.status = self._judge_failure(name, record, post_failed, attempt)
            self._state.record_output(name, output)
            self._finish(record, checks, started, output)
            if record.status == "loop_detected":
                reasons = "; ".join(r.spec for r in post_failed)
                message = f"step {name} failed {reasons} again in the same situation; a retry would repeat it"
                raise RunStopped(message, "loop_detected", exit_code_of("loop_detected"), name)
            if record.status != "retry":
                return output
            self._state.add_failure(name, [r.detail for r in post_failed])

    async def _run_agents(self, name: str, run_agents: RunAgents) -> Envelope:
        try:
            output = await run_agents()
        except StepRefused as refused:  # not terminating: reported, and context for the next agent
            self._state.add_failure(name, [refused.context])
            iteration = self._state.snapshot().get("iteration")
            turn = iteration if isinstance(iteration, int) else 0
            return status_message(name, refused.event, refused.reason, turn)
        if not self._plugin.knows_event(output.metadata.event):
            raise ProtocolError(
                f"step {name}: {output.role} reported an unknown event '{output.metadata.event}'"
            )
        return output

    def _judge_failure(
        self, name: str, record: StepRecord, post_failed: list[SpecResult], attempt: int
    ) -> StepStatus:
        assert record.after is not None
        record.fingerprint = fingerprint(
            name, record.after, self._state.volatile_keys, [r.spec for r in post_failed]
        )
        seen = self._seen.setdefault(name, set())
        if record.fingerprint in seen:
            return "loop_detected"
        seen.add(record.fingerprint)
        retries = self._manifest.steps[name].retries
        return "retry" if attempt <= retries and self._may_retry(name) else "failed"

    def _may_retry(self, name: str) -> bool:
        """A retry is a new turn: it must still pass the step's pre specs (its budget)."""
        subject = Subject(None, self._state.snapshot())
        return self._specs.holds(self._manifest.steps[name].pre, subject)

    def _halt(
        self, record: StepRecord, checks: list[SpecResult], started: float, output: Envelope | None
    ) -> None:
        broken = failed([r for r in checks if r.kind == "invariant"])
        outcomes = {self._specs[r.spec].halt_outcome for r in broken}
        outcome = "budget_exhausted" if outcomes == {"budget_exhausted"} else "invariant_failed"
        record.status = "halted"
        self._finish(record, checks, started, output)
        reason = "; ".join(f"{r.spec}: {r.detail}" for r in broken)
        raise RunStopped(reason, outcome, exit_code_of(outcome), record.step)

    def _finish(
        self, record: StepRecord, checks: list[SpecResult], started: float, output: Envelope | None
    ) -> None:
        record.specs = [
            SpecRecord(spec=r.spec, kind=r.kind, passed=r.passed, detail=r.detail) for r in checks
        ]
        record.output = message_record(output) if output is not None else None
        record.duration_ms = (time.perf_counter() - started) * 1000
        self._trace.step(record)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
