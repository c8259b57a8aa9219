"""What the fix workflow's step actions work with: the worktree and the tools acting on
it. (The run's state is FixState; this holds no state of its own.)"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from devagent.config import Config
from devagent.runlog import RunLog
from devagent.tools.git_tool import GitTool
from devagent.tools.shell import ShellTool

if TYPE_CHECKING:
    from devagent.messages import Envelope

# A step action another workflow provides to a fix manifest (plan mode's PlanMode step):
# built from the run's state, tools and trace. Handed in by the caller, so the fix
# workflow never imports the workflow it borrows from.
StepFactory = Callable[[Any, "FixTools", Any], Callable[["Envelope"], "Envelope"]]


@dataclass(frozen=True)
class FixTools:
    config: Config
    worktree: Path
    tests: ShellTool  # runs the configured test command
    model_commands: ShellTool  # runs commands a model asks for, under the narrower whitelist
    git: GitTool
    log: RunLog
    is_protected: Callable[[str], bool]
    # agent name -> its action's factory, for the steps the fix workflow does not define
    borrowed_steps: Mapping[str, StepFactory] = field(default_factory=dict)
