"""The workflows, one folder each: a plug-in on the engine (devagent/workflow/).

`plugin_named` finds a workflow's plug-in by the name a manifest gives in `workflow:`,
importing only that workflow. Nothing here loads the engine (and AutoGen with it): a
mode's command line checks its input before any of that loads."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from devagent.errors import UsageError

if TYPE_CHECKING:
    from devagent.workflow.plugin import WorkflowPlugin

# name -> (module, attribute): imported on first use, so one workflow loads no other.
PLUGINS: dict[str, tuple[str, str]] = {
    "fix": ("devagent.workflows.fix.plugin", "FIX"),
    "spec": ("devagent.workflows.spec.plugin", "SPEC"),
    "debate": ("devagent.workflows.debate.plugin", "DEBATE"),
    "plan": ("devagent.workflows.plan.plugin", "PLAN"),
}


def plugin_named(name: str) -> WorkflowPlugin:
    if name not in PLUGINS:
        raise UsageError(f"workflow: no workflow named '{name}' (there are: {', '.join(PLUGINS)})")
    from devagent.workflow.plugin import WorkflowPlugin

    module, attribute = PLUGINS[name]
    plugin = getattr(importlib.import_module(module), attribute)
    assert isinstance(plugin, WorkflowPlugin)
    return plugin


__all__ = ["PLUGINS", "plugin_named"]
