"""How a fix run ended, as the CLI reports it. A light module: `runs` and `--help` import
the reporting code without loading the fix workflow."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from devagent.errors import ExitCode
from devagent.tools.pull_request import PullRequestResult


@dataclass(frozen=True)
class FixResult:
    run_id: str
    outcome: str
    exit_code: ExitCode
    iterations: int
    branch: str
    branch_kept: bool
    log_path: Path
    pull_request: PullRequestResult | None
    detail: str
    environment: str = ""  # the tests' Python, as devagent/project_env.py describes it
