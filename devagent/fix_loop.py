"""One fix run, start to finish: check the inputs, open a worktree on a new fix branch,
let the workflow's agents talk until the router reaches `end`, then clean up.

The flow itself (who speaks after whom) is config/workflows/fix.yaml; this file only
sets the stage and maps the outcome to an exit code."""

from __future__ import annotations

import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from devagent.config import Config
from devagent.errors import DevAgentError, ExitCode, GitError, UsageError
from devagent.fix_state import FixState
from devagent.messages import Envelope
from devagent.phase import load_phase
from devagent.runlog import RunLog, new_run_id
from devagent.session import FixSession
from devagent.tools.git_tool import GitSettings, GitTool, find_repo_root, next_branch_name
from devagent.tools.patch_policy import PatchPolicy
from devagent.tools.pull_request import PullRequestResult
from devagent.tools.shell import CommandPolicy, CommandRejected, ShellTool
from devagent.workflow.manifest import Manifest, load_manifest

OUTCOME_EXIT: dict[str, ExitCode] = {
    "approved": ExitCode.OK,
    "nothing_to_do": ExitCode.OK,
    "max_iterations": ExitCode.MAX_ITERATIONS,
    "git_error": ExitCode.GIT_ERROR,
    "model_error": ExitCode.MODEL_PROTOCOL,
    "tool_error": ExitCode.USAGE,
    "interrupted": ExitCode.INTERRUPTED,
    "protocol_error": ExitCode.INTERNAL,
    "internal_error": ExitCode.INTERNAL,
}

Printer = Callable[[Envelope], None]


@dataclass(frozen=True)
class FixRequest:
    phase_path: Path
    repo: Path
    config: Config
    runs_dir: Path


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


def _git_one_line(repo: Path, *args: str) -> str:
    import subprocess

    proc = subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, check=False)
    return proc.stdout.strip() if proc.returncode == 0 else ""


def _exclude_runs_dir(repo: Path, runs_dir: Path) -> None:
    """Keep the run logs out of `git status` when they are written inside the repo."""
    try:
        rel = runs_dir.resolve().relative_to(repo.resolve())
    except ValueError:
        return
    common = Path(_git_one_line(repo, "rev-parse", "--git-common-dir") or ".git")
    exclude = (common if common.is_absolute() else repo / common) / "info" / "exclude"
    pattern = f"/{rel.as_posix()}/"
    existing = exclude.read_text(encoding="utf-8").splitlines() if exclude.is_file() else []
    if pattern not in existing:
        exclude.parent.mkdir(parents=True, exist_ok=True)
        with exclude.open("a", encoding="utf-8") as handle:
            handle.write(("\n" if existing and existing[-1] else "") + f"{pattern}\n")


def _check_test_command(config: Config) -> None:
    try:
        CommandPolicy(tuple(config.shell.allowed)).parse(config.test_command)
    except CommandRejected as exc:
        raise UsageError(f"test_command: {exc.reason}") from None


def run_fix(request: FixRequest, show: Printer | None = None) -> FixResult:
    config = request.config
    phase = load_phase(request.phase_path)
    try:
        repo = find_repo_root(request.repo)
    except GitError as exc:
        raise UsageError(exc.message) from None
    manifest = load_manifest(Path(config.workflow))
    _check_test_command(config)
    protected = phase.protected_paths if phase.protected_paths is not None else tuple(config.protected_paths)
    policy = PatchPolicy(protected=protected)
    git = GitTool(
        repo,
        GitSettings(
            remote=config.git.remote,
            branch_prefix=config.git.branch_prefix,
            run_hooks=config.git.run_hooks,
            author_name=config.git.author_name,
            author_email=config.git.author_email,
        ),
        policy,
    )
    if git.remote_url() is None:
        raise UsageError(f"git.remote: the repository has no remote named '{config.git.remote}'")
    backends = _open_backends(manifest, config)  # fails fast, before any git change
    from devagent.conversation import run_conversation  # AutoGen loads here, not at --help

    runs_dir = request.runs_dir
    try:
        runs_dir.mkdir(parents=True, exist_ok=True)
        _exclude_runs_dir(repo, runs_dir)
        log = RunLog(runs_dir, new_run_id())
    except OSError as exc:
        raise UsageError(f"runs_dir: cannot write run logs to {runs_dir}: {exc.strerror or exc}") from None

    branch = next_branch_name(repo, config.git.branch_prefix, phase.title)
    base_sha = _git_one_line(repo, "rev-parse", "HEAD")
    base_branch = _git_one_line(repo, "symbolic-ref", "--short", "-q", "HEAD") or base_sha
    # The agent starts from the last commit; uncommitted edits stay where they are, unseen.
    dirty = bool(_git_one_line(repo, "status", "--porcelain", "--untracked-files=no"))
    if dirty:
        print(
            f"dev-agent: note: uncommitted changes in {repo} are not part of the fix; the agent "
            f"works from the last commit ({base_sha[:10]})",
            file=sys.stderr,
        )
    state = FixState(
        phase=phase,
        max_iterations=config.max_iterations,
        base_sha=base_sha,
        base_branch=base_branch,
        branch=branch,
    )
    log.write(
        "Orchestrator",
        "run_started",
        {
            "run_id": log.run_id,
            "phase_title": phase.title,
            "phase_path": str(phase.path),
            "repo": str(repo),
            "branch": branch,
            "base": base_sha,
            "base_branch": base_branch,
            "uncommitted_changes_ignored": dirty,
            "workflow": manifest.name,
            "max_iterations": config.max_iterations,
            "test_command": config.test_command,
            "models": {role: b.name for role, b in backends.items()},
            "protected_paths": list(protected),
        },
    )
    outcome = "git_error"
    detail = ""
    fatal: list[DevAgentError] = []
    try:
        started = time.perf_counter()
        worktree = git.create_worktree(branch)
        log.write(
            "GitTool",
            "worktree",
            {"path": str(worktree), "duration_s": round(time.perf_counter() - started, 4)},
        )
        session = FixSession(
            config=config,
            state=state,
            worktree=worktree,
            tests=_shell(worktree, config.shell.allowed, config),
            model_commands=_shell(worktree, config.shell.model_allowed, config),
            git=git,
            log=log,
            is_protected=policy.is_protected,
        )
        outcome = run_conversation(session, manifest, backends, fatal, show)
        detail = fatal[0].message if fatal else ""
        if not detail and outcome not in ("approved", "nothing_to_do"):
            detail = state.closing_reason.splitlines()[0] if state.closing_reason else ""
    except GitError as exc:
        outcome, detail = "git_error", exc.message
    except KeyboardInterrupt:
        outcome, detail = "interrupted", "interrupted by the user"
    except Exception as exc:  # a bug: keep the traceback in the log, one line for the user
        log.write("Orchestrator", "internal_error", {"traceback": traceback.format_exc()})
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        outcome, detail = "internal_error", f"internal error: {type(exc).__name__}: {first}"
    finally:
        started = time.perf_counter()
        git.remove_worktree()
        log.write("GitTool", "worktree_removed", {"duration_s": round(time.perf_counter() - started, 4)})
    branch_kept = bool(state.commits) or not _delete_empty_branch(repo, branch)
    if outcome in ("interrupted", "internal_error") or not fatal:
        exit_code = OUTCOME_EXIT.get(outcome, ExitCode.INTERNAL)
    else:
        exit_code = fatal[0].exit_code  # e.g. model unavailable mid-run
    log.write(
        "Orchestrator",
        "run_finished",
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
    log.close()
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


def _pr_data(result: PullRequestResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"url": result.url, "record": str(result.record_path) if result.record_path else None}


def _shell(worktree: Path, allowed: list[str], config: Config) -> ShellTool:
    # The tests run with the interpreter environment dev-agent itself runs in.
    return ShellTool(
        worktree, CommandPolicy(tuple(allowed)), config.shell.timeout_s, [Path(sys.executable).parent]
    )


def _delete_empty_branch(repo: Path, branch: str) -> bool:
    """A branch without commits helps nobody; returns True when it was deleted."""
    import subprocess

    proc = subprocess.run(["git", "branch", "-D", branch], cwd=repo, capture_output=True, check=False)
    return proc.returncode == 0


def _open_backends(manifest: Manifest, config: Config) -> dict[str, Any]:
    from devagent.agents.roles import ROLES
    from devagent.models.factory import open_backend

    backends: dict[str, Any] = {}
    for name, spec in manifest.agents.items():
        if spec.kind != "model":
            continue
        if name not in ROLES:
            raise UsageError(f"workflow: model agent '{name}' is not a known role ({', '.join(ROLES)})")
        key = ROLES[name].config_key
        backends[name] = open_backend(config.model.for_role(key), name, config.model, f"model.{key}")
    return backends
