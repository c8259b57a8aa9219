"""The router: picks the next step from the manifest's routes and the spec outcomes.
Agents never choose what runs next."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from devagent.messages import Envelope
from devagent.workflow.manifest import Manifest, Route
from devagent.workflow.specs import SpecRegistry, Subject


def next_route(
    manifest: Manifest, specs: SpecRegistry, step: str, output: Envelope, state: Mapping[str, Any]
) -> Route:
    """The first route of `step` whose specs all hold (the manifest guarantees that its
    last route has none, so one always does)."""
    subject = Subject(output, state)
    return next(r for r in manifest.steps[step].routes if specs.holds(r.when, subject))
