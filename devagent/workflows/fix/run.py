"""Setting up one fix run, start to finish: check the inputs, open a worktree on a new
fix branch (or, resuming a killed run, on its branch: devagent/resume.py), run the team
on the workflow loop until the router reaches `end`, then clean up and record the result.

The flow itself (who speaks after whom) is config/workflows/fix.yaml; the loop is
devagent/workflow/loop.py; this file only sets the stage."""

from __future__ import annotations

import hashlib
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from devagent.config import Config
from devagent.errors import ExitCode, GitError
from devagent.messages import Envelope
from devagent.models.base import ModelBackend
from devagent.phase import PhaseSpec, load_phase
from devagent.project_env import ProjectEnvironment
from devagent.repair.leftovers import remove_stale_copies
from devagent.resume import ResumePoint
from devagent.run_result import FixResult
from devagent.runlog import RunLog, duration_s
from devagent.tools.git_tool import GitTool, next_branch_name
from devagent.tools.patch_policy import PatchPolicy
from devagent.tools.shell import CommandPolicy
from devagent.traced_log import (
    RunEnd,
    finish_traced_log,
    open_traced_log,
    record_internal_error,
    record_on_the_way_out,
)
from devagent.verdict import INTROSPECTION_NOTE
from devagent.workflow.manifest import Manifest
from devagent.workflow.outcomes import exit_code_of
from devagent.workflows import run_setup
from devagent.workflows.fix.events import FixAgent
from devagent.workflows.fix.plugin import FIX
from devagent.workflows.fix.shell_step import log_baseline
from devagent.workflows.fix.state import FixState
from devagent.workflows.fix.tools import FixTools, StepFactory

Printer = Callable[[Envelope], None]


@dataclass(frozen=True)
class FixRequest:
    phase_path: Path
    repo: Path
    config: Config
    runs_dir: Path
    previous_run: str | None = None  # the run of an earlier stage this one continues (`run --idea`)
    # step actions of other workflows a manifest may name (FixTools.borrowed_steps)
    borrowed_steps: Mapping[str, StepFactory] = field(default_factory=dict)


@dataclass(frozen=True)
class _Checked:
    """Everything validated before the run touches anything."""

    phase: PhaseSpec
    manifest: Manifest
    policy: PatchPolicy
    git: GitTool
    base: tuple[str, str]  # (sha, branch) the fix starts from
    backends: dict[str, ModelBackend]
    environment: ProjectEnvironment


def _check_inputs(request: FixRequest) -> _Checked:
    """Bad input stops here with exit 3 (or 4 for a model), before any branch or log."""
    config = request.config
    phase = load_phase(request.phase_path)
    protected = phase.protected_paths if phase.protected_paths is not None else tuple(config.protected_paths)
    automation = (
        phase.automation_paths if phase.automation_paths is not None else tuple(config.automation_paths)
    )
    policy = PatchPolicy(protected=protected, automation=automation)
    inputs = run_setup.check_run_inputs(
        request.repo,
        config,
        Path(config.workflow),
        FIX,
        branch_prefix=config.git.branch_prefix,
        policy=policy,
        open_backends=lambda manifest: run_setup.open_role_backends(manifest, config),
        empty_repo_hint="commit the code to fix first",
    )
    return _Checked(
        phase, inputs.manifest, policy, inputs.git, inputs.base, inputs.backends, inputs.environment
    )


def run_fix(request: FixRequest, show: Printer | None = None, resume: ResumePoint | None = None) -> FixResult:
    """A new fix branch from HEAD; or, with `resume` (devagent/resume.py), a killed run
    continued on its branch with its iterations and commits. Either way the flow starts
    by running the tests, and the run gets a log of its own."""
    config = request.config
    checked = _check_inputs(request)
    from devagent.workflows.fix.team import run_team  # AutoGen loads here, not at --help

    git, phase = checked.git, checked.phase
    log = open_traced_log(request.runs_dir, git)
    stale = remove_stale_copies()  # what a killed run's Repair left in the temp folder
    state = _initial_state(checked, config, resume)
    branch, base_sha, base_branch = state.branch, state.base_sha, state.base_branch
    dirty = git.has_uncommitted_changes()
    if dirty:  # the agent starts from a commit; uncommitted edits stay, unseen
        start = f"the last commit ({base_sha[:10]})" if resume is None else f"branch {branch}"
        print(
            f"dev-agent: note: uncommitted changes in {git.repo} are not part of the fix; the agent "
            f"works from {start}",
            file=sys.stderr,
        )
    if show is not None:
        print(f"dev-agent: tests run with {checked.environment.describe()}", file=sys.stderr)
    if config.verdict.introspection == "allow":  # said once per run, and in run_started
        print(f"dev-agent: note: {INTROSPECTION_NOTE}", file=sys.stderr)
    detail = ""
    exit_code: ExitCode | None = None
    branch_made = resume is not None and resume.branch_exists
    try:
        log.write(
            "Orchestrator",
            "run_started",
            {
                "run_id": log.run_id,
                "phase_title": phase.title,
                "phase_path": str(phase.path),
                "phase_sha256": hashlib.sha256(phase.path.read_bytes()).hexdigest(),
                "cwd": str(Path.cwd()),
                "repo": str(git.repo),
                "branch": branch,
                "base": base_sha,
                "base_branch": base_branch,
                "uncommitted_changes_ignored": dirty,
                "workflow": checked.manifest.name,
                "plugin": "fix",
                "max_iterations": config.max_iterations,
                "test_command": config.test_command,
                "models": {role: b.name for role, b in checked.backends.items()},
                "protected_paths": list(checked.policy.protected),
                "automation_paths": list(checked.policy.automation),
                "sandbox": run_setup.sandbox_record(config),
                "environment": checked.environment.record(),
                "verdict": {"introspection": config.verdict.introspection},
                **_resume_record(resume),
                "previous_run": request.previous_run,
                "stale_repair_copies_removed": [str(p) for p in stale],
                "settings": config.record(),
            },
        )
        started = time.perf_counter()
        worktree = resume.open_worktree(git) if resume is not None else git.create_worktree(branch)
        branch_made = True
        log.write("GitTool", "worktree", {"path": str(worktree), "duration_s": duration_s(started)})
        tests = run_setup.sandboxed_shell(
            worktree, CommandPolicy(tuple(config.shell.allowed)), config, checked.environment, git.repo
        )
        tools = FixTools(
            config=config,
            worktree=worktree,
            tests=tests,
            model_commands=tests.with_policy(
                CommandPolicy(tuple(config.shell.model_allowed), restrict_arguments=True)
            ),
            git=git,
            log=log,
            is_protected=checked.policy.is_protected,
            borrowed_steps=request.borrowed_steps,
        )
        if resume is not None and state.baseline is not None:  # so that a second resume finds it too
            log_baseline(tools, state.baseline, f"resumed from {resume.run_id}")
        with run_setup.quiet_asyncio_shutdown():
            result = run_team(state, tools, checked.manifest, checked.backends, show)
        # What the run produced: the trace store keeps these records as its outputs.
        run_setup.record_branch_outputs(log, git, state, pr_url_without_record=True)
        outcome, exit_code = result.outcome, result.exit_code
        detail = "" if exit_code == ExitCode.OK else result.reason
        if outcome == "approved_needs_review" and state.fix_review is not None:
            detail = "fix pushed, needs your review: " + "; ".join(state.fix_review.reasons())
        if outcome == "stalled":
            # A route ends it at a tool step; at DevAgent, the model's turn hit the deadline.
            cut = "; the model's turn was cut" if result.step == FixAgent.DEV_AGENT else ""
            detail = (
                f"stopped: no new information for {state.stall_s:g}s ({state.refusals_since_news} "
                f"diff(s) refused or repeated since{cut}); {state.repair_summary}"
            )
    except GitError as exc:
        outcome, detail = "git_error", exc.message
    except KeyboardInterrupt:
        outcome, detail = "interrupted", "interrupted by the user"
    except Exception as exc:  # a bug: the traceback goes to the log, one line to the user
        # (unless the log itself failed: _finish reports that, whatever AutoGen wrapped it in)
        outcome, detail = "internal_error", record_internal_error(log, exc)
    finally:
        started = time.perf_counter()
        git.remove_worktree()
        record_on_the_way_out(log, "GitTool", "worktree_removed", {"duration_s": duration_s(started)})
    end = RunEnd(outcome, exit_code or exit_code_of(outcome), detail)
    return _finish(log, git, state, end, branch_made, checked.environment.describe())


def _initial_state(checked: _Checked, config: Config, resume: ResumePoint | None) -> FixState:
    manifest = checked.manifest
    max_iterations = config.max_iterations
    if manifest.budgets.iterations is not None:  # the manifest's ceiling caps the config's
        max_iterations = min(max_iterations, manifest.budgets.iterations)
    templates, samples = config.repair.sources(config.model.dev_agent)
    if resume is None:
        base_sha, base_branch = checked.base
        branch = next_branch_name(checked.git.repo, config.git.branch_prefix, checked.phase.title)
    else:
        (base_sha, base_branch), branch = resume.base, resume.branch
    state = FixState(
        checked.phase,
        max_iterations,
        base_sha,
        base_branch,
        branch,
        repair_enabled="Repair" in manifest.agents() and (templates or samples > 0),
        interim_critique=config.interim_critique,
        budget_tokens=manifest.budgets.tokens or 0,
        budget_wall_time_s=manifest.budgets.wall_time_s or 0.0,
        stall_s=config.repair.stall_window(config.model.dev_agent),
    )
    if resume is not None:
        state.iteration = resume.iteration
        state.commits = list(resume.commits)
        state.baseline = resume.baseline
    return state


def _resume_record(resume: ResumePoint | None) -> dict[str, Any]:
    if resume is None:
        return {"resumed_from": None}
    return {
        "resumed_from": resume.run_id,
        "resumed_iteration": resume.iteration,
        "resumed_commits": [c.sha for c in resume.commits],
    }


def _finish(
    log: RunLog, git: GitTool, state: FixState, end: RunEnd, branch_made: bool, environment: str
) -> FixResult:
    branch_kept = run_setup.keep_branch(git, state, branch_made)
    outcome, exit_code, detail = finish_traced_log(
        log, end, {"iterations": state.iteration, **run_setup.branch_record(state, branch_kept)}
    )
    return FixResult(
        run_id=log.run_id,
        outcome=outcome,
        exit_code=exit_code,
        iterations=state.iteration,
        branch=state.branch,
        branch_kept=branch_kept,
        log_path=log.path,
        pull_request=state.pull_request,
        detail=detail,
        environment=environment,
    )
