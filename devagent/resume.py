"""`dev-agent --resume RUN_ID`: continue a run that was killed (SIGKILL, power loss: its
log has no `run_finished` record) from its last completed step.

A killed run leaves its log up to the last whole line (perhaps a torn line after it),
its fix branch with every commit it made, and a stale worktree in a temp folder.
`resume_point` checks all of that before anything runs:

- the old log's hash chain verifies up to its last whole line (a torn last line is what
  SIGKILL leaves, not tampering), it has no `run_finished`, no live process holds its
  lock (the run itself, or another resume), and no other log was resumed from it;
- the repository is still where the log says, the phase spec is there and unchanged,
  the branch still exists, descends from the run's base and holds every logged commit,
  and is not checked out anywhere but in the run's own stale worktree.

Then it removes that stale worktree and returns a ResumePoint: the run's inputs from
`run_started` (phase, repository, branch, base, max_iterations, test command, models,
protected paths), its iteration count (the highest in its logged messages) and its
commits (read from the branch, which is the truth: a commit made just before the kill
may not be logged). `run_fix` then writes a NEW log whose `run_started` names
`resumed_from`, opens a worktree on the same branch and, like every run, starts by
running the tests. The old log is never written to.

Refusals are one line: exit 6 when the old log is broken, 7 for everything else."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from devagent.errors import CannotResumeError, GitError, LogInvalidError
from devagent.runlog import LOG_SUFFIX, find_run, lock_log, verify_log
from devagent.tools.git.command import run_git
from devagent.tools.git_tool import WORKTREE_PREFIX, CommitInfo, GitTool, find_repo_root
from devagent.verdict import Baseline

MESSAGE_TYPES = ("instruction", "patch", "output", "status")

Refuse = Callable[[str], CannotResumeError]


@dataclass
class ResumePoint:
    """Where a killed run stopped, and what run_fix needs to go on from there."""

    run_id: str  # the killed run
    log_path: Path
    phase_path: Path
    repo: Path
    branch: str
    base: tuple[str, str]  # (sha, branch) the run started from
    iteration: int  # DevAgent replies already made
    commits: list[CommitInfo]
    branch_exists: bool  # False: never made (killed before), or deleted with no commits on it
    # Config values the run used, as dotted keys; flags given to --resume win over them.
    config_overrides: dict[str, Any] = field(default_factory=dict)
    # The killed run's first test run (devagent/verdict.py): what "fixed" is measured against,
    # so a cheat committed before the kill cannot become the resumed run's starting point.
    baseline: Baseline | None = None

    def open_worktree(self, git: GitTool) -> Path:
        if self.branch_exists:
            return git.attach_worktree(self.branch)
        return git.create_worktree(self.branch, self.base[0])


@contextmanager
def resume_point(runs_dir: Path, run_id: str, branch_prefix: str) -> Iterator[ResumePoint]:
    """The checked ResumePoint of run `run_id` (a unique prefix is enough), with the
    stale worktree removed. The old log stays locked while the context is open, so a
    second resume of the same run is refused. Only a branch under `branch_prefix`
    (git.branch_prefix) is ever resumed: the log names it, and the agent never works on
    the user's own branches."""
    path = find_run(runs_dir, run_id)
    if path is None:
        raise CannotResumeError(f"cannot resume '{run_id}': no single run matches it in {runs_dir}")
    run_id = path.name.removesuffix(LOG_SUFFIX)
    lock = lock_log(path)
    if lock is None:
        raise CannotResumeError(f"cannot resume {run_id}: it is still running (a live process holds its log)")
    try:
        yield _prepare(path, run_id, runs_dir, branch_prefix)
    finally:
        os.close(lock)


def _prepare(path: Path, run_id: str, runs_dir: Path, branch_prefix: str) -> ResumePoint:
    check = verify_log(path)
    if not check.intact and not check.torn:
        raise LogInvalidError(f"cannot resume {run_id}: its log is {check.describe()}")
    records = check.records
    if not records or records[0]["type"] != "run_started":
        raise CannotResumeError(f"cannot resume {run_id}: its log has no run_started record")
    if check.finished:
        end = records[-1]["data"]
        raise CannotResumeError(
            f"cannot resume {run_id}: it already finished ({end.get('outcome')}, exit {end.get('exit_code')})"
        )
    successor = _resumed_as(runs_dir, run_id)
    if successor is not None:
        raise CannotResumeError(
            f"cannot resume {run_id}: it was already resumed as {successor}; resume that run instead"
        )

    def refuse(reason: str) -> CannotResumeError:
        return CannotResumeError(f"cannot resume {run_id}: {reason}")

    started: dict[str, Any] = records[0]["data"]
    missing = [k for k in ("phase_path", "repo", "branch", "base", "base_branch") if k not in started]
    if missing:
        raise refuse(f"its run_started record lacks {', '.join(missing)}")
    repo = Path(started["repo"])
    if not _is_repo_root(repo):
        raise refuse(f"the repository {repo} is gone or moved")
    phase_path = _phase_path(started, refuse)
    branch, base = str(started["branch"]), str(started["base"])
    if not branch.startswith(f"{branch_prefix}-") or _invalid_branch(repo, branch):
        raise refuse(f"its branch {branch!r} is not a dev-agent branch (git.branch_prefix: {branch_prefix})")
    if not re.fullmatch(r"[0-9a-f]{40}(?:[0-9a-f]{24})?", base):
        raise refuse(f"its base {base!r} is not a commit id")
    worktree_logged = next((r["data"].get("path") for r in records if r["type"] == "worktree"), None)
    logged_commits = [str(r["data"].get("sha")) for r in records if r["type"] == "commit"]
    branch_exists = _ref_exists(repo, f"refs/heads/{branch}")
    # A branch without commits is deleted when a run ends (also on a full disk, when the log
    # cannot say so): it is made again from the base. A branch with commits must be there.
    if not branch_exists and logged_commits:
        raise refuse(f"its branch {branch} is gone (it had {len(logged_commits)} commit(s))")
    if not _ref_exists(repo, f"{base}^{{commit}}"):
        raise refuse(f"its base commit {base[:10]} is not in {repo}")
    commits: list[CommitInfo] = []
    if branch_exists:
        commits = _branch_commits(repo, branch, base, refuse)
        on_branch = {c.sha for c in commits}
        for sha in logged_commits:
            if sha not in on_branch:
                raise refuse(f"branch {branch} no longer has commit {sha[:10]}")
    _remove_stale_worktrees(repo, branch, Path(worktree_logged) if worktree_logged else None, refuse)
    return ResumePoint(
        run_id=run_id,
        log_path=path,
        phase_path=phase_path,
        repo=repo,
        branch=branch,
        base=(base, str(started["base_branch"])),
        iteration=_last_iteration(records),
        commits=commits,
        branch_exists=branch_exists,
        config_overrides=_config_overrides(started),
        baseline=logged_baseline(records),
    )


def logged_baseline(records: list[dict[str, Any]]) -> Baseline | None:
    """The baseline a run logged (its first `baseline` record), or None."""
    data = next((r["data"] for r in records if r["type"] == "baseline"), None)
    if not isinstance(data, dict):
        return None

    def names(key: str) -> frozenset[str]:
        value = data.get(key)
        return frozenset(str(v) for v in value) if isinstance(value, list) else frozenset()

    return Baseline(names("failing"), names("passing"), names("broken_files"))


def _resumed_as(runs_dir: Path, run_id: str) -> str | None:
    """The run that already resumed `run_id`, if any (its first line says so)."""
    for other in sorted(runs_dir.glob(f"*{LOG_SUFFIX}")):
        try:
            with other.open("rb") as handle:
                first = json.loads(handle.readline().decode("utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            continue
        if isinstance(first, dict) and (first.get("data") or {}).get("resumed_from") == run_id:
            return other.name.removesuffix(LOG_SUFFIX)
    return None


def _is_repo_root(repo: Path) -> bool:
    try:
        return repo.is_dir() and find_repo_root(repo).resolve() == repo.resolve()
    except GitError:
        return False


def _phase_path(started: dict[str, Any], refuse: Refuse) -> Path:
    """The phase spec the run used: relative paths are taken from the run's directory."""
    path = Path(started["phase_path"])
    if not path.is_absolute() and started.get("cwd"):
        path = Path(started["cwd"]) / path
    if not path.is_file():
        raise refuse(f"its phase spec {path} is gone")
    digest = started.get("phase_sha256")
    if digest and hashlib.sha256(path.read_bytes()).hexdigest() != digest:
        raise refuse(f"its phase spec {path} changed since the run started")
    return path


def _invalid_branch(repo: Path, branch: str) -> bool:
    return run_git("check-ref-format", "--branch", branch, cwd=repo, check=False).returncode != 0


def _ref_exists(repo: Path, rev: str) -> bool:
    return run_git("rev-parse", "--verify", "-q", rev, cwd=repo, check=False).returncode == 0


def _branch_commits(repo: Path, branch: str, base: str, refuse: Refuse) -> list[CommitInfo]:
    if run_git("merge-base", "--is-ancestor", base, branch, cwd=repo, check=False).returncode != 0:
        raise refuse(f"branch {branch} no longer descends from the run's base {base[:10]}")
    shas = run_git("rev-list", "--reverse", f"{base}..{branch}", cwd=repo).stdout.split()
    commits = []
    for sha in shas:
        message = run_git("log", "-1", "--format=%B", sha, cwd=repo).stdout
        files = run_git("diff-tree", "--no-commit-id", "--name-only", "-r", "-z", sha, cwd=repo).stdout
        commits.append(CommitInfo(sha=sha, message=message, files=[f for f in files.split("\0") if f]))
    return commits


def _last_iteration(records: list[dict[str, Any]]) -> int:
    """DevAgent replies already made: the iteration of the last logged message (a model
    call whose reply was never logged as a message did not complete)."""
    messages = [r["data"] for r in records if r["type"] in MESSAGE_TYPES]
    return max((int(m.get("metadata", {}).get("iteration") or 0) for m in messages), default=0)


def _config_overrides(started: dict[str, Any]) -> dict[str, Any]:
    from devagent.agents.roles import ROLES

    overrides: dict[str, Any] = {}
    for key in ("max_iterations", "test_command", "protected_paths", "automation_paths"):
        if key in started:
            overrides[key] = started[key]
    for role, spec in (started.get("models") or {}).items():
        if role in ROLES:
            overrides[f"model.{ROLES[role].config_key}"] = spec
    environment = started.get("environment")
    if isinstance(environment, dict) and environment.get("source") not in (None, "dev-agent"):
        # The tests go on in the Python they started with, wherever the user is now.
        overrides["shell.python"] = environment.get("python")
    return overrides


# --------------------------------------------------------------------------- worktrees


def _agent_temp_folder(path: Path) -> Path | None:
    """The dev-agent temp folder holding worktree `path`, if it is one."""
    temp = Path(tempfile.gettempdir()).resolve()
    for folder in (path, path.parent):
        if folder.name.startswith(WORKTREE_PREFIX) and folder.parent.resolve() == temp:
            return folder
    return None


def _worktrees(repo: Path) -> list[tuple[Path, str]]:
    """(path, checked-out ref) of every worktree of `repo`."""
    listing = run_git("worktree", "list", "--porcelain", cwd=repo).stdout
    found: list[tuple[Path, str]] = []
    for block in listing.split("\n\n"):
        fields = {}
        for line in block.splitlines():
            key, _, value = line.partition(" ")
            fields[key] = value
        if "worktree" in fields:
            found.append((Path(fields["worktree"]), fields.get("branch", "")))
    return found


def _remove_stale_worktrees(repo: Path, branch: str, logged: Path | None, refuse: Refuse) -> None:
    """Remove the killed run's worktree: the one the log names, or any dev-agent temp
    worktree still on the branch (killed before the log named it). The branch checked
    out anywhere else is the user's, and stops the resume."""
    on_branch = [path for path, ref in _worktrees(repo) if ref == f"refs/heads/{branch}"]
    for path in on_branch:  # check them all before removing any
        if path != logged and _agent_temp_folder(path) is None:
            raise refuse(f"its branch {branch} is checked out in {path}")
    for path in on_branch:
        run_git("worktree", "remove", "--force", "--force", str(path), cwd=repo, check=False)
        folder = _agent_temp_folder(path)
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
    if logged is not None:  # already unregistered, but its files may still be there
        folder = _agent_temp_folder(logged)
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
    run_git("worktree", "prune", cwd=repo, check=False)
