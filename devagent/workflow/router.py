"""The router: picks the next step from the manifest's routes and the spec outcomes.
Agents never choose what runs next."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from devagent.messages import Envelope
from devagent.workflow.engine import Stop
from devagent.workflow.manifest import END, Manifest, Route
from devagent.workflow.specs import SPECS, Subject

PROTOCOL_ERROR = Route(to=END, outcome="protocol_error")
RouteListener = Callable[[str, Route, Envelope | None], None]


class Router:
    def __init__(
        self,
        manifest: Manifest,
        context: Callable[[], Mapping[str, Any]],
        on_route: RouteListener,
        stop: Callable[[], Stop | None] = lambda: None,
    ) -> None:
        self._manifest = manifest
        self._context = context
        self._on_route = on_route
        self._stop = stop
        self._decided: dict[str, Route] = {}
        self.outcome: str | None = None

    def route(self, source: str, message: Envelope | None, message_id: str) -> Route:
        """First route of `source` whose specs all hold; decided once per message (the
        graph asks once per outgoing edge). A stop the engine raised ends the run."""
        if message_id in self._decided:
            return self._decided[message_id]
        stop = self._stop()
        if stop is not None:
            chosen = Route(to=END, outcome=stop.outcome)
        elif message is None:  # not a protocol message: a bug in an agent, never guessed around
            chosen = PROTOCOL_ERROR
        else:
            subject = Subject(message, self._context())
            chosen = next(
                r for r in self._manifest.steps[source].routes if all(SPECS[c].check(subject) for c in r.when)
            )  # the manifest guarantees a final unconditional route
        if chosen.to == END:
            self.outcome = chosen.outcome
        self._decided[message_id] = chosen
        self._on_route(source, chosen, message)
        return chosen
