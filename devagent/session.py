"""Everything one fix run works with, handed to the agents that act on it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from devagent.config import Config
from devagent.fix_state import FixState
from devagent.messages import Envelope, MessageType, Metadata, Role
from devagent.runlog import RunLog
from devagent.tools.git_tool import GitTool
from devagent.tools.shell import ShellTool


@dataclass
class FixSession:
    config: Config
    state: FixState
    worktree: Path
    tests: ShellTool  # runs the configured test command
    model_commands: ShellTool  # runs commands a model asks for, under the narrower whitelist
    git: GitTool
    log: RunLog
    is_protected: Callable[[str], bool]

    def envelope(
        self,
        role: Role,
        type_: MessageType,
        content: str,
        event: str,
        *,
        status: int | None = None,
        approved: bool | None = None,
    ) -> Envelope:
        return Envelope(
            role=role,
            type=type_,
            content=content,
            status=status,
            metadata=Metadata(
                iteration=self.state.iteration, test_name=self.state.test_name, approved=approved, event=event
            ),
        )
