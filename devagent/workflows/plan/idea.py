"""`dev-agent run --idea "..."`: from a rough idea to one pull request. Spec mode turns
the idea into a verified (or best-effort) spec.md; the fix loop with
config/workflows/fix_new_work.yaml takes it as its phase: the Supervisor judges the
green suite against it, plan mode builds the new work on the fix branch (tests first,
then code), the fix loop repairs what is red, and the Supervisor's approval pushes the
branch and opens the one PR. Two run logs, linked: the fix run's `run_started` names the
spec run as `previous_run`, and `runs show` prints the link both ways."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from devagent.config import Config
from devagent.errors import ExitCode
from devagent.messages import Envelope
from devagent.resources import resource_dir
from devagent.tools.pull_request import PullRequestResult

Printer = Callable[[Envelope], None]
NEW_WORK_MANIFEST = "fix_new_work.yaml"


@dataclass(frozen=True)
class Stage:
    name: str  # spec | fix
    run_id: str
    outcome: str
    exit_code: ExitCode
    log_path: Path
    detail: str


@dataclass(frozen=True)
class IdeaResult:
    stages: list[Stage]
    spec_path: Path | None
    branch: str | None
    pull_request: PullRequestResult | None

    @property
    def exit_code(self) -> ExitCode:
        return self.stages[-1].exit_code

    @property
    def outcome(self) -> str:
        return self.stages[-1].outcome


def new_work_manifest(config: Config) -> str:
    """fix_new_work.yaml next to the configured fix workflow, else the bundled one."""
    local = Path(config.workflow).parent / NEW_WORK_MANIFEST
    return str(local if local.is_file() else resource_dir("config") / "workflows" / NEW_WORK_MANIFEST)


def run_idea(idea: str, repo: Path, config: Config, runs_dir: Path, show: Printer | None) -> IdeaResult:
    from devagent.workflows.fix.run import FixRequest, run_fix
    from devagent.workflows.plan.fix_step import BORROWED_STEPS
    from devagent.workflows.spec.run import SpecRequest, run_spec

    digest = hashlib.sha256(idea.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    spec_path = runs_dir / f"idea-{digest}.spec.md"  # never in the user's checkout
    spec = run_spec(SpecRequest(idea, config, runs_dir, spec_path), show)
    stages = [Stage("spec", spec.run_id, spec.outcome, spec.exit_code, spec.log_path, spec.detail)]
    if spec.output is None:  # no draft to build from: the chain stops here
        return IdeaResult(stages, None, None, None)
    fix_config = config.model_copy(update={"workflow": new_work_manifest(config)})
    fix = run_fix(
        FixRequest(
            spec.output, repo, fix_config, runs_dir, previous_run=spec.run_id, borrowed_steps=BORROWED_STEPS
        ),
        show,
    )
    stages.append(Stage("fix", fix.run_id, fix.outcome, fix.exit_code, fix.log_path, fix.detail))
    return IdeaResult(stages, spec.output, fix.branch if fix.branch_kept else None, fix.pull_request)
