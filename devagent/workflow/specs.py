"""Specs: pure checks on a step's output and the run state, registered by name.

A manifest names them as a step's `pre`, `post` and `invariants`, and in a route's
`when`. Each is a plain function of a `Subject` (no IO, no side effects), so it is
tested with plain values. A spec says why it failed through its registered text,
which a retry adds to the run state.

Every workflow has its own registry: the engine's generic specs (budgets, skipped and
failed steps) plus its own, among them one spec per event of its `events` enum. A
manifest is checked against that registry when it loads, so a name it does not know is
a one-line config error."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

from devagent.messages import Envelope

SpecKind = Literal["invariant", "pre", "post", "route"]
Check = Callable[["Subject"], bool]


@dataclass(frozen=True)
class Subject:
    """What a spec sees: the step's output (None before the step ran) and a snapshot of
    the run state (JSON-like data)."""

    output: Envelope | None
    context: Mapping[str, Any]

    @property
    def event(self) -> str | None:
        return self.output.metadata.event if self.output is not None else None

    def number(self, key: str, default: float = 0) -> float:
        value = self.context.get(key, default)
        return float(value) if isinstance(value, int | float) else default


@dataclass(frozen=True)
class Spec:
    name: str
    check: Check
    failure: str  # what a failure means, in words a model or a user reads
    halt_outcome: str = "invariant_failed"  # the run's outcome when it fails as an invariant


@dataclass(frozen=True)
class SpecResult:
    spec: str
    kind: SpecKind
    passed: bool
    detail: str = ""

    def as_record(self) -> dict[str, Any]:
        return {"spec": self.spec, "kind": self.kind, "passed": self.passed, "detail": self.detail}


class SpecRegistry:
    """Named specs; `extend` makes a workflow's registry on top of the generic one."""

    def __init__(self, specs: Iterable[Spec] = ()) -> None:
        self._specs: dict[str, Spec] = {}
        for spec in specs:
            self._add(spec)

    def __contains__(self, name: object) -> bool:
        return name in self._specs

    def __getitem__(self, name: str) -> Spec:
        return self._specs[name]

    def names(self) -> list[str]:
        return sorted(self._specs)

    def extend(self) -> SpecRegistry:
        return SpecRegistry(self._specs.values())

    def spec(
        self, name: str, failure: str, halt_outcome: str = "invariant_failed"
    ) -> Callable[[Check], Check]:
        """Decorator: register a check under `name`."""

        def add(check: Check) -> Check:
            self._add(Spec(name, check, failure, halt_outcome))
            return check

        return add

    def events(self, events: type[StrEnum]) -> None:
        """One spec per event: it holds when the step's output reports that event."""
        for event in events:
            value = str(event)
            self._add(Spec(value, _reports(value), f"the step did not report {value}"))

    def _add(self, spec: Spec) -> None:
        if spec.name in self._specs:
            raise ValueError(f"spec '{spec.name}' is registered twice")
        self._specs[spec.name] = spec

    def evaluate(self, names: list[str], kind: SpecKind, subject: Subject) -> list[SpecResult]:
        results = []
        for name in names:
            spec = self._specs[name]  # the manifest loader guarantees every name is registered
            passed = bool(spec.check(subject))
            results.append(SpecResult(name, kind, passed, "" if passed else spec.failure))
        return results

    def holds(self, names: list[str], subject: Subject) -> bool:
        return all(self._specs[name].check(subject) for name in names)


def _reports(event: str) -> Check:
    def check(s: Subject) -> bool:
        return s.event == event

    return check


def failed(results: list[SpecResult]) -> list[SpecResult]:
    return [r for r in results if not r.passed]


class EngineEvent(StrEnum):
    """The events the engine itself reports on a step's output."""

    SKIPPED = "skipped"  # a pre spec failed: the agent did not run
    FAILED = "failed"  # a parallel step whose agent failed, or an action that says so


# --- The generic registry: what every workflow's state offers --------------------------
GENERIC = SpecRegistry()
GENERIC.events(EngineEvent)


@GENERIC.spec("budget_left", "the iteration budget is used up")
def _budget_left(s: Subject) -> bool:
    return s.number("iteration") < s.number("max_iterations")


@GENERIC.spec("within_token_budget", "the workflow's token budget is used up", "budget_exhausted")
def _within_token_budget(s: Subject) -> bool:
    budget = s.number("budget_tokens")
    return budget <= 0 or s.number("tokens_used") <= budget


@GENERIC.spec("within_wall_time", "the workflow's wall-time budget is used up", "budget_exhausted")
def _within_wall_time(s: Subject) -> bool:
    budget = s.number("budget_wall_time_s")
    return budget <= 0 or s.number("elapsed_s") <= budget


@GENERIC.spec("step_ok", "the step reported a failure")
def _step_ok(s: Subject) -> bool:
    return s.event != EngineEvent.FAILED
