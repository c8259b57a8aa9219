"""The router: picks the next agent from the manifest's routes and the spec outcomes.
Agents never choose what runs next."""

from __future__ import annotations

from collections.abc import Callable

from devagent.fix_state import RunFacts
from devagent.messages import Envelope
from devagent.workflow.conditions import CONDITIONS
from devagent.workflow.manifest import END, Manifest, Route

PROTOCOL_ERROR = Route(to=END, outcome="protocol_error")
RouteListener = Callable[[str, Route, Envelope | None], None]


class Router:
    def __init__(self, manifest: Manifest, facts: Callable[[], RunFacts], on_route: RouteListener) -> None:
        self._manifest = manifest
        self._facts = facts
        self._on_route = on_route
        self._decided: dict[str, Route] = {}
        self.outcome: str | None = None

    def route(self, source: str, message: Envelope | None, message_id: str) -> Route:
        """First route of `source` whose conditions all hold; decided once per message
        (the graph asks once per outgoing edge)."""
        if message_id in self._decided:
            return self._decided[message_id]
        facts = self._facts()
        if message is None:  # not a protocol message: a bug in an agent, never guessed around
            chosen = PROTOCOL_ERROR
        else:
            chosen = next(
                r for r in self._manifest.routes[source] if all(CONDITIONS[c](message, facts) for c in r.when)
            )  # the manifest guarantees a final unconditional route
        if chosen.to == END:
            self.outcome = chosen.outcome
        self._decided[message_id] = chosen
        self._on_route(source, chosen, message)
        return chosen
