"""What the fix workflow's step actions work with: the worktree and the tools acting on
it. (The run's state is FixState; this holds no state of its own.)"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from devagent.config import Config
from devagent.runlog import RunLog
from devagent.tools.git_tool import GitTool
from devagent.tools.shell import ShellTool


@dataclass(frozen=True)
class FixTools:
    config: Config
    worktree: Path
    tests: ShellTool  # runs the configured test command
    model_commands: ShellTool  # runs commands a model asks for, under the narrower whitelist
    git: GitTool
    log: RunLog
    is_protected: Callable[[str], bool]
