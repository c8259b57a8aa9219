"""Setting up one fix run, start to finish: check the inputs, open a worktree on a new
fix branch (or, resuming a killed run, on its branch: devagent/resume.py), run the team
on the workflow loop until the router reaches `end`, then clean up and record the result.

The flow itself (who speaks after whom) is config/workflows/fix.yaml; the loop is
devagent/workflow/loop.py; this file only sets the stage."""

from __future__ import annotations

import contextlib
import hashlib
import logging
import sys
import time
import traceback
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from devagent.config import Config
from devagent.errors import ExitCode, GitError, UsageError
from devagent.messages import Envelope
from devagent.models.base import ModelBackend
from devagent.phase import PhaseSpec, load_phase
from devagent.repair.leftovers import remove_stale_copies
from devagent.resume import ResumePoint
from devagent.run_result import FixResult
from devagent.runlog import RunLog
from devagent.tools.git_tool import GitSettings, GitTool, find_repo_root, next_branch_name
from devagent.tools.patch_policy import PatchPolicy
from devagent.tools.pull_request import PullRequestResult
from devagent.tools.sandbox import choose_sandbox, git_common_dir
from devagent.tools.shell import CommandPolicy, CommandRejected, ShellTool
from devagent.traced_log import finish_traced_log, open_traced_log, record_on_the_way_out
from devagent.verdict import PLUGIN_DIR
from devagent.workflow.manifest import Manifest, load_manifest
from devagent.workflow.outcomes import exit_code_of
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


def _check_inputs(request: FixRequest) -> _Checked:
    """Bad input stops here with exit 3 (or 4 for a model), before any branch or log."""
    config = request.config
    phase = load_phase(request.phase_path)
    if not request.repo.is_dir():  # a file would silently stand for the repository around it
        raise UsageError(f"{request.repo}: not a directory; --repo names the repository's folder")
    try:
        repo = find_repo_root(request.repo)
    except GitError as exc:
        raise UsageError(exc.message) from None
    manifest = load_manifest(Path(config.workflow), FIX)
    try:
        CommandPolicy(tuple(config.shell.allowed)).parse(config.test_command)
    except CommandRejected as exc:
        raise UsageError(f"test_command: {exc.reason}") from None
    unsandboxed = choose_sandbox(config.shell.bwrap, config.shell.sandbox).problem
    if unsandboxed is not None and not config.shell.allow_unsandboxed:
        raise UsageError(
            f"sandbox: {unsandboxed}, or set shell.allow_unsandboxed: true to run commands without a sandbox"
        )
    protected = phase.protected_paths if phase.protected_paths is not None else tuple(config.protected_paths)
    policy = PatchPolicy(protected=protected)
    git_settings = GitSettings(
        remote=config.git.remote,
        branch_prefix=config.git.branch_prefix,
        run_hooks=config.git.run_hooks,
        author_name=config.git.author_name,
        author_email=config.git.author_email,
    )
    git = GitTool(repo, git_settings, policy)
    if git.remote_url() is None:
        raise UsageError(f"git.remote: the repository has no remote named '{config.git.remote}'")
    try:
        base = git.repo_head()
    except GitError:
        raise UsageError(f"{repo}: the repository has no commits yet; commit the code to fix first") from None
    backends = _open_backends(manifest, config)
    if unsandboxed is not None:  # every run without a sandbox says so (and run_started records it)
        print(
            "dev-agent: warning: commands run WITHOUT a sandbox (shell.allow_unsandboxed: true): "
            + unsandboxed,
            file=sys.stderr,
        )
    return _Checked(phase, manifest, policy, git, base, backends)


def _open_log(git: GitTool, runs_dir: Path) -> RunLog:
    try:  # inside the target repository the runs folder never shows in `git status`
        runs_dir.mkdir(parents=True, exist_ok=True)
        git.exclude_from_status(runs_dir)
    except OSError as exc:
        raise UsageError(f"runs_dir: cannot write run logs to {runs_dir}: {exc.strerror or exc}") from None
    return open_traced_log(runs_dir)


def run_fix(request: FixRequest, show: Printer | None = None, resume: ResumePoint | None = None) -> FixResult:
    """A new fix branch from HEAD; or, with `resume` (devagent/resume.py), a killed run
    continued on its branch with its iterations and commits. Either way the flow starts
    by running the tests, and the run gets a log of its own."""
    config = request.config
    checked = _check_inputs(request)
    from devagent.workflows.fix.team import run_team  # AutoGen loads here, not at --help

    git, phase = checked.git, checked.phase
    log = _open_log(git, request.runs_dir)
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
                "max_iterations": config.max_iterations,
                "test_command": config.test_command,
                "models": {role: b.name for role, b in checked.backends.items()},
                "protected_paths": list(checked.policy.protected),
                "sandbox": _sandbox_record(config),
                **_resume_record(resume),
                "previous_run": request.previous_run,
                "stale_repair_copies_removed": [str(p) for p in stale],
            },
        )
        started = time.perf_counter()
        worktree = resume.open_worktree(git) if resume is not None else git.create_worktree(branch)
        branch_made = True
        log.write("GitTool", "worktree", {"path": str(worktree), "duration_s": _since(started)})
        tools = FixTools(
            config=config,
            worktree=worktree,
            tests=_shell(worktree, CommandPolicy(tuple(config.shell.allowed)), config),
            model_commands=_shell(
                worktree, CommandPolicy(tuple(config.shell.model_allowed), restrict_arguments=True), config
            ),
            git=git,
            log=log,
            is_protected=checked.policy.is_protected,
            borrowed_steps=request.borrowed_steps,
        )
        if resume is not None and state.baseline is not None:  # so that a second resume finds it too
            log_baseline(tools, state.baseline, f"resumed from {resume.run_id}")
        with _quiet_asyncio_shutdown():
            result = run_team(state, tools, checked.manifest, checked.backends, show)
        _record_outputs(log, state, tools)
        outcome, exit_code = result.outcome, result.exit_code
        detail = "" if exit_code == ExitCode.OK else result.reason
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
        record_on_the_way_out(log, "Orchestrator", "internal_error", {"traceback": traceback.format_exc()})
        first = str(exc).strip().split("\n", 1)[0]
        outcome, detail = "internal_error", f"internal error: {type(exc).__name__}: {first}"
    finally:
        started = time.perf_counter()
        git.remove_worktree()
        record_on_the_way_out(log, "GitTool", "worktree_removed", {"duration_s": _since(started)})
    return _finish(log, git, state, outcome, exit_code or exit_code_of(outcome), detail, branch_made)


def _record_outputs(log: RunLog, state: FixState, tools: FixTools) -> None:
    """What the run produced, as records the trace store keeps as its output: the
    branch's patch, its commits, and the pull request record."""
    if state.commits:
        patch = tools.git.diff_from(state.base_sha)
        log.write(
            "Orchestrator",
            "extracted_item",
            {"kind": "patch", "name": f"{state.branch}.diff", "content": patch},
        )
        for commit in state.commits:
            log.write(
                "Orchestrator",
                "extracted_item",
                {"kind": "commit", "name": commit.sha, "content": commit.message},
            )
    pr = state.pull_request
    if pr is not None and pr.record_path is not None and pr.record_path.is_file():
        content = pr.record_path.read_text(encoding="utf-8", errors="replace")
        log.write(
            "Orchestrator",
            "extracted_item",
            {"kind": "pull_request", "name": pr.record_path.name, "content": content},
        )
    elif pr is not None and pr.url:
        log.write(
            "Orchestrator", "extracted_item", {"kind": "pull_request", "name": "url", "content": pr.url}
        )


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
    log: RunLog,
    git: GitTool,
    state: FixState,
    outcome: str,
    exit_code: ExitCode,
    detail: str,
    branch_made: bool,
) -> FixResult:
    branch = state.branch
    # An empty branch helps nobody; a branch never made is not reported as kept.
    branch_kept = bool(state.commits) or (branch_made and not git.delete_branch(branch))
    finish_traced_log(
        log,
        {
            "outcome": outcome,
            "exit_code": int(exit_code),
            "detail": detail,
            "iterations": state.iteration,
            "branch": branch if branch_kept else None,
            "commits": [c.sha for c in state.commits],
            "pull_request": _pr_data(state.pull_request),
        },
    )
    if log.error is not None:  # disk full: the run stopped at the first record it could not write
        outcome, exit_code, detail = "io_error", ExitCode.IO_ERROR, log.error.message
    return FixResult(
        run_id=log.run_id,
        outcome=outcome,
        exit_code=exit_code,
        iterations=state.iteration,
        branch=branch,
        branch_kept=branch_kept,
        log_path=log.path,
        pull_request=state.pull_request,
        detail=detail,
    )


@contextlib.contextmanager
def _quiet_asyncio_shutdown() -> Iterator[None]:
    """An error that ends the conversation from inside (a log write on a full disk) leaves
    AutoGen's runtime tasks failing once more at asyncio.run()'s shutdown, and asyncio
    would print their tracebacks; the run's one-line error already says what happened."""
    logger = logging.getLogger("asyncio")
    handler = logging.NullHandler()
    propagate = logger.propagate
    logger.addHandler(handler)
    logger.propagate = False
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.propagate = propagate


def _since(started: float) -> float:
    return round(time.perf_counter() - started, 4)


def _pr_data(result: PullRequestResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"url": result.url, "record": str(result.record_path) if result.record_path else None}


def _shell(worktree: Path, policy: CommandPolicy, config: Config) -> ShellTool:
    # The tests run with the interpreter environment dev-agent itself runs in.
    # git inside reads the repository's shared .git; the tests import this environment.
    # The verdict's pytest plugin is imported inside the sandbox, wherever this tool lives.
    # None: no sandbox works and _check_inputs allowed running without one.
    shown = (git_common_dir(worktree), Path(sys.prefix), Path(sys.base_prefix), PLUGIN_DIR)
    sandbox = choose_sandbox(config.shell.bwrap, config.shell.sandbox).showing(shown)
    return ShellTool(worktree, policy, config.shell.timeout_s, [Path(sys.executable).parent], sandbox)


def _sandbox_record(config: Config) -> dict[str, Any]:
    return choose_sandbox(config.shell.bwrap, config.shell.sandbox).record()


def _open_backends(manifest: Manifest, config: Config) -> dict[str, ModelBackend]:
    from devagent.agents.roles import ROLES
    from devagent.models.factory import open_backend

    backends: dict[str, ModelBackend] = {}
    for name, kind in manifest.agents().items():  # the manifest loader checked them against FIX
        if kind != "model":
            continue
        key = ROLES[name].config_key
        backends[name] = open_backend(config.model.for_role(key), name, config.model, f"model.{key}")
    return backends
