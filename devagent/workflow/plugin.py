"""What a workflow brings to the engine: the agents its manifests may run, the events its
steps report, its specs, and the shape of its run state.

A workflow is a folder-level plug-in (devagent/workflows/<name>/): a manifest YAML under
config/workflows/, a state type, step actions, specs and prompts. The engine knows
nothing else about it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal, Protocol

from devagent.messages import Envelope
from devagent.workflow.specs import EngineEvent, SpecRegistry

AgentKind = Literal["model", "tool"]


class WorkflowState(Protocol):
    """One run's state, as the engine sees it."""

    @property
    def volatile_keys(self) -> frozenset[str]:
        """Left out of fingerprints: counters and clocks change every turn."""
        ...

    def snapshot(self) -> dict[str, Any]:
        """JSON-like data the specs read; must not change the state."""
        ...

    def add_failure(self, step: str, reasons: list[str]) -> None:
        """Before a step runs again (or the next one runs): why its last output failed,
        so the agent sees it. Replaces the step's earlier note: the same failure twice
        must leave the same state, which is what loop detection compares."""
        ...

    def record_output(self, step: str, output: Envelope) -> None:
        """Remember what a step produced (after its post specs ran)."""
        ...


@dataclass(frozen=True)
class WorkflowPlugin:
    name: str
    agents: Mapping[str, AgentKind]  # every agent a manifest of this workflow may run
    events: type[StrEnum]  # what its steps report (Envelope.metadata.event)
    specs: SpecRegistry  # the generic specs plus its own, one per event among them
    # Panels a parallel step may name instead of `agents`: model agents the run names
    # when it starts (run_workflow's `panels`), e.g. the agents a user configured.
    panels: frozenset[str] = frozenset()

    known_events: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        missing = [str(e) for e in self.events if str(e) not in self.specs]
        if missing:  # a programming error in the plug-in, caught at import
            raise ValueError(f"workflow {self.name}: events without a spec: {', '.join(missing)}")
        object.__setattr__(self, "known_events", frozenset(str(e) for e in (*self.events, *EngineEvent)))

    def knows_event(self, event: str | None) -> bool:
        """An output's event must be one of the workflow's or the engine's (or none)."""
        return event is None or event in self.known_events
