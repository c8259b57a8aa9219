"""A plain data context for workflows whose agents share a dict of JSON-like values
(the fix loop has its own, `FixContext`, over its richer state)."""

from __future__ import annotations

import copy
from typing import Any

from devagent.messages import Envelope
from devagent.workflow.specs import SpecResult


class DataContext:
    def __init__(self, data: dict[str, Any] | None = None, volatile: frozenset[str] = frozenset()) -> None:
        self.data: dict[str, Any] = data if data is not None else {}
        self.volatile_keys = frozenset({"iteration", *volatile})

    def snapshot(self) -> dict[str, Any]:
        return copy.deepcopy(self.data)

    def add_failure(self, step: str, failures: list[SpecResult]) -> None:
        # Replaced, not appended: the same failure twice leaves the same context.
        self.data.setdefault("failures", {})[step] = [f"{f.spec}: {f.detail}" for f in failures]

    def record_output(self, step: str, output: Envelope | None) -> None:
        self.data.setdefault("outputs", {})[step] = output.content if output is not None else None
