"""Git operations for the fix loop, confined to the agent's own worktree.

The user's checkout, index and current branch are never written: the agent works in a
`git worktree` on a fresh fix branch, applies model-written diffs only after the patch
policy (patch_policy.py) and `git apply --check`, and rolls back with
`git reset --hard` on any failure.
The target repository's hooks stay disabled unless explicitly enabled, and no other
program its config names (fsmonitor, clean/smudge filters, external diff, textconv)
runs on the agent's behalf."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from devagent.errors import GitError
from devagent.process import host_environment
from devagent.text import slugify
from devagent.tools.git.command import HOOKS_OFF, error_line, filters_off, run_git, run_git_bytes
from devagent.tools.git.diff_headers import parse_numstat
from devagent.tools.git.generated_modules import copy_generated_modules
from devagent.tools.git.push import PUSH_SAFETY, check_remote_url, push_branch, remote_push_urls
from devagent.tools.patch_apply import apply_patch
from devagent.tools.patch_policy import PatchPolicy, PatchRefused
from devagent.tools.sandbox import SandboxSetting, choose_sandbox
from devagent.worktree_files import OutsideWorktree, write_text_inside

__all__ = [
    "WORKTREE_PREFIX",
    "CommitInfo",
    "GitSettings",
    "GitTool",
    "find_repo_root",
    "next_branch_name",
    "run_git",  # lives in git_command.py; still importable from here
]

_PUSH_TIMEOUT_S = 300.0
WORKTREE_PREFIX = "dev-agent-wt-"  # each worktree lives in a temp folder named like this


# --------------------------------------------------------------------------- repository helpers


@dataclass(frozen=True)
class GitSettings:
    remote: str = "origin"
    branch_prefix: str = "dev-agent/fix"
    run_hooks: bool = False
    author_name: str = "Dev Agent"
    author_email: str = "dev-agent@localhost"
    # The sandbox a local remote's receive-pack runs in (shell.bwrap, shell.sandbox).
    sandbox_program: str = "bwrap"
    sandbox: SandboxSetting = "auto"


@dataclass
class CommitInfo:
    sha: str
    message: str
    files: list[str] = field(default_factory=list)
    apply_stage: str = "strict"  # how the patch applier landed the diff (tools/patch_apply/)


def find_repo_root(path: Path) -> Path:
    """Top level of the work tree containing `path`."""
    start = path if path.is_dir() else path.parent
    if not start.is_dir():
        raise GitError(f"not a git repository: {path}")
    proc = run_git("rev-parse", "--show-toplevel", cwd=start, check=False)
    if proc.returncode != 0 or not proc.stdout.strip():
        raise GitError(f"not a git repository: {path}")
    return Path(proc.stdout.strip())


def next_branch_name(repo: Path, prefix: str, phase_title: str) -> str:
    """`<prefix>-<slug>-<N>` with the smallest N >= 1 unused locally and on every remote."""
    base = f"{prefix}-{slugify(phase_title)}"
    refs = run_git("for-each-ref", "--format=%(refname)", "refs/heads", "refs/remotes", cwd=repo).stdout
    local: set[str] = set()
    remote: list[str] = []
    for ref in refs.splitlines():
        if ref.startswith("refs/heads/"):
            local.add(ref[len("refs/heads/") :])
        elif ref.startswith("refs/remotes/"):
            remote.append(ref[len("refs/remotes/") :])
    n = 1
    while True:
        name = f"{base}-{n}"
        # Remote names may contain '/', so match "<remote>/<name>" by suffix.
        if name not in local and not any(r.endswith("/" + name) for r in remote):
            return name
        n += 1


class GitTool:
    """All writes happen in the agent's own worktree; the user's checkout is never touched."""

    def __init__(self, repo: Path, settings: GitSettings, policy: PatchPolicy) -> None:
        self.repo = find_repo_root(repo)
        self.settings = settings
        self.policy = policy
        self.worktree: Path | None = None
        self._worktree_parent: Path | None = None
        self.filters_off = filters_off(self.repo)

    # -- worktree lifecycle

    def _hook_config(self) -> list[str]:
        # An empty hooks path disables every hook (post-checkout, pre-commit, pre-push, ...).
        return [] if self.settings.run_hooks else list(HOOKS_OFF)

    def neutral_config(self) -> list[str]:
        """`-c` options for git calls that check out, stage, commit or update refs: the
        repository's hooks (unless git.run_hooks) and filter drivers stay off."""
        return [*self._hook_config(), *self.filters_off]

    def create_worktree(self, branch: str, base: str = "HEAD") -> Path:
        """Add a worktree on a new `branch` at `base` in a fresh temp dir and return its path."""
        if run_git("rev-parse", "--verify", "-q", "HEAD^{commit}", cwd=self.repo, check=False).returncode:
            raise GitError(f"repository has no commits: {self.repo}")
        if run_git(
            "rev-parse", "--verify", "-q", f"{base}^{{commit}}", cwd=self.repo, check=False
        ).returncode:
            raise GitError(f"unknown base revision: {base}")
        if run_git("check-ref-format", "--branch", branch, cwd=self.repo, check=False).returncode:
            raise GitError(f"invalid branch name: {branch}")
        return self._add_worktree(branch, ["-b", branch], base)

    def attach_worktree(self, branch: str) -> Path:
        """Add a worktree on the existing `branch` (a resumed run's) and return its path."""
        return self._add_worktree(branch, [], branch)

    def _add_worktree(self, branch: str, options: list[str], commit: str) -> Path:
        if self.worktree is not None:
            raise GitError(f"a worktree is already open: {self.worktree}")
        parent = Path(tempfile.mkdtemp(prefix=WORKTREE_PREFIX))
        path = parent / (slugify(branch, max_len=60) or "worktree")
        # Hooks and filter drivers stay off, as for every git call that checks files out.
        proc = run_git(
            *self.neutral_config(),
            "worktree",
            "add",
            "-q",
            *options,
            str(path),
            commit,
            cwd=self.repo,
            check=False,
        )
        if proc.returncode != 0:
            shutil.rmtree(parent, ignore_errors=True)
            raise GitError(f"git worktree add failed: {error_line(proc.stderr)}")
        self.worktree = path
        self._worktree_parent = parent
        copy_generated_modules(self.repo, path)
        return path

    def remove_worktree(self) -> None:
        """Remove the worktree (idempotent); the fix branch stays."""
        if self.worktree is None:
            return
        path, parent = self.worktree, self._worktree_parent
        # Double --force also removes a locked worktree.
        run_git("worktree", "remove", "--force", "--force", str(path), cwd=self.repo, check=False)
        if parent is not None:
            shutil.rmtree(parent, ignore_errors=True)
        elif path.exists():
            shutil.rmtree(path, ignore_errors=True)
        run_git("worktree", "prune", cwd=self.repo, check=False)
        self.worktree = None
        self._worktree_parent = None

    def _wt(self) -> Path:
        if self.worktree is None:
            raise GitError("no worktree: call create_worktree first")
        return self.worktree

    def head(self) -> str:
        return run_git("rev-parse", "HEAD", cwd=self._wt()).stdout.strip()

    # -- patches

    def apply_and_commit(
        self, diff_text: str, message: str, screen: Callable[[str], None] | None = None
    ) -> CommitInfo:
        """Land one model-written diff as a commit in the worktree, or refuse it with the
        reason; roll back on any failure.

        The patch applier (tools/patch_apply/) first turns the text into the strict diff
        it means (recounted headers, relocated hunks, SEARCH/REPLACE blocks), refusing
        anything ambiguous; only that strict diff goes on, through the policy, `screen`
        (raising PatchRefused: tools/harness_screen.py for DevAgent's patches), `git
        apply --check` and the commit, so every commit passed the strict gate."""
        wt = self._wt()
        # The safety rules hold for the text as written (a symlink or an executable mode
        # must not slip through because a tolerant reading drops its header line); only
        # a malformed text is left for the applier to read.
        try:
            self.policy.check(diff_text)
        except PatchRefused as exc:
            if not exc.malformed:
                raise
        landed = apply_patch(wt, diff_text, check_only=True)
        if not landed.ok:
            raise PatchRefused(landed.reason)
        diff_text = landed.diff
        self.policy.check(diff_text)
        if screen is not None:
            screen(diff_text)
        if not diff_text.endswith("\n"):
            diff_text += "\n"  # git apply calls a missing final newline a corrupt patch

        # The patch file lives outside the worktree so it can never be committed.
        fd, patch_name = tempfile.mkstemp(prefix="dev-agent-", suffix=".patch")
        patch_file = Path(patch_name)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape", newline="") as fh:
                fh.write(diff_text)
            check = run_git(
                *self.neutral_config(),
                "apply",
                "--check",
                "--whitespace=nowarn",
                str(patch_file),
                cwd=wt,
                check=False,
            )
            if check.returncode != 0:
                lines = [ln.strip() for ln in check.stderr.splitlines() if ln.strip()][:3]
                raise PatchRefused("git apply --check failed: " + ("; ".join(lines) or "no output"))
            # Defense in depth: re-check the paths as git itself will resolve them, and
            # against the worktree (symlinks, submodules).
            self.policy.check_paths(self._numstat_paths(patch_file, wt), wt, self._submodules(wt))
            commit = self._apply_commit(patch_file, message, wt)
            return dataclasses.replace(commit, apply_stage=landed.stage or "strict")
        finally:
            patch_file.unlink(missing_ok=True)

    def _numstat_paths(self, patch_file: Path, wt: Path) -> list[str]:
        return parse_numstat(run_git("apply", "--numstat", "-z", str(patch_file), cwd=wt).stdout)

    def _submodules(self, wt: Path) -> set[str]:
        """Paths of the submodules (gitlinks) in the worktree's index."""
        out = run_git("ls-files", "--stage", "-z", cwd=wt).stdout
        return {entry.split("\t", 1)[1] for entry in out.split("\0") if entry.startswith("160000 ")}

    def _apply_commit(self, patch_file: Path, message: str, wt: Path) -> CommitInfo:
        safe = self.neutral_config()
        try:
            run_git(*safe, "apply", "--index", "--whitespace=nowarn", str(patch_file), cwd=wt)
            if run_git(*safe, "diff", "--cached", "--quiet", cwd=wt, check=False).returncode == 0:
                raise PatchRefused("patch changes nothing")
            self._commit_index(message, wt)
        except BaseException:
            # Also on Ctrl-C: leave the worktree at its last commit. Untracked files
            # (test caches etc.) are kept on purpose, so no `git clean`.
            run_git(*safe, "reset", "-q", "--hard", "HEAD", cwd=wt, check=False)
            raise
        return self._head_commit(message, wt)

    def commit_paths(self, paths: Sequence[str], message: str) -> CommitInfo | None:
        """Commit `paths` as they are in the worktree (full files an orchestrator wrote);
        None when they change nothing. The same path rules as a patch's hold first."""
        wt = self._wt()
        self.policy.check_paths(paths, wt, self._submodules(wt))
        safe = self.neutral_config()
        try:
            run_git(*safe, "--literal-pathspecs", "add", "--", *paths, cwd=wt)
            if run_git(*safe, "diff", "--cached", "--quiet", cwd=wt, check=False).returncode == 0:
                return None
            self._commit_index(message, wt)
        except BaseException:
            run_git(*safe, "reset", "-q", "--hard", "HEAD", cwd=wt, check=False)
            raise
        return self._head_commit(message, wt)

    def _commit_index(self, message: str, wt: Path) -> None:
        safe = self.neutral_config()
        s = self.settings
        identity = {
            # Environment identity beats config, so set both.
            "GIT_AUTHOR_NAME": s.author_name,
            "GIT_AUTHOR_EMAIL": s.author_email,
            "GIT_COMMITTER_NAME": s.author_name,
            "GIT_COMMITTER_EMAIL": s.author_email,
        }
        verify = [] if s.run_hooks else ["--no-verify"]
        run_git(
            *safe,
            "-c",
            "commit.gpgsign=false",
            "-c",
            f"user.name={s.author_name}",
            "-c",
            f"user.email={s.author_email}",
            "commit",
            "-q",
            *verify,
            "-m",
            message,
            cwd=wt,
            env=identity,
        )

    def _head_commit(self, message: str, wt: Path) -> CommitInfo:
        sha = self.head()
        files = run_git("diff-tree", "--no-commit-id", "--name-only", "-r", "-z", sha, cwd=wt).stdout
        return CommitInfo(sha=sha, message=message, files=[f for f in files.split("\0") if f])

    # -- reporting and publishing

    def diff_from(self, base: str) -> str:
        return run_git(
            "diff", "--no-color", "--no-ext-diff", "--no-textconv", f"{base}..HEAD", cwd=self._wt()
        ).stdout

    def changed_paths(self, base: str) -> list[str]:
        """The files the branch changed since `base` (renames by their new name)."""
        out = run_git("diff", "--name-only", "-z", "--no-renames", f"{base}..HEAD", cwd=self._wt()).stdout
        return [path for path in out.split("\0") if path]

    def blob_at(self, commit: str, path: str) -> bytes | None:
        """`path`'s bytes at `commit` (no filter or textconv runs), or None where it was not
        a file there."""
        proc = run_git_bytes("cat-file", "blob", f"{commit}:{path}", cwd=self._wt())
        return proc.stdout if proc.returncode == 0 else None

    def defines_function(self, commit: str, name: str) -> bool:
        """Whether a Python file at `commit` has a `def name(` line (`name` an identifier)."""
        if not name.isidentifier():
            return False
        pattern = rf"^[[:space:]]*(async[[:space:]]+)?def[[:space:]]+{name}[[:space:]]*[(\[]"
        proc = run_git("grep", "-q", "-E", "-e", pattern, commit, "--", "*.py", cwd=self._wt(), check=False)
        return proc.returncode == 0

    def diffstat_from(self, base: str) -> str:
        return run_git(
            "diff", "--no-color", "--no-ext-diff", "--no-textconv", "--stat", f"{base}..HEAD", cwd=self._wt()
        ).stdout

    def push(self, branch: str) -> None:
        """Push `branch` to the configured remote. By default through push.py's proxy: no
        program the repository's config names runs, and a remote on this machine is
        pushed to by a receive-pack in the sandbox (GitSettings.sandbox). With
        git.run_hooks the user trusts the repository: the push runs in it, pre-push hook
        included, with only the transports that run commands turned off."""
        remote = self.settings.remote
        if not self.settings.run_hooks:
            sandbox = choose_sandbox(self.settings.sandbox_program, self.settings.sandbox)
            push_branch(self.repo, remote, branch, timeout=_PUSH_TIMEOUT_S, sandbox=sandbox)
            return
        for url in remote_push_urls(self.repo, remote):
            check_remote_url(url, self.repo)
        # Pushing only reads the branch and updates remote-tracking refs, so it runs from
        # the repository itself: a relative remote URL resolves as the user expects.
        cwd = self.repo
        proc = run_git(
            *PUSH_SAFETY,
            *self.neutral_config(),
            "push",
            "-q",
            remote,
            f"refs/heads/{branch}:refs/heads/{branch}",
            cwd=cwd,
            check=False,
            timeout=_PUSH_TIMEOUT_S,
            base_env=host_environment(),
        )
        if proc.returncode != 0:
            raise GitError(f"push to {remote} failed: {error_line(proc.stderr)}")

    # -- read-only queries on the user's repository (and the one file we may add to)

    def repo_head(self) -> tuple[str, str]:
        """(sha of HEAD, current branch name or the sha when detached)."""
        sha = run_git("rev-parse", "HEAD", cwd=self.repo).stdout.strip()
        branch = run_git("symbolic-ref", "--short", "-q", "HEAD", cwd=self.repo, check=False).stdout.strip()
        return sha, branch or sha

    def has_uncommitted_changes(self) -> bool:
        # No optional locks: status would otherwise rewrite the user's index to refresh it.
        status = run_git(
            *self.neutral_config(),
            "status",
            "--porcelain",
            "--untracked-files=no",
            cwd=self.repo,
            env={"GIT_OPTIONAL_LOCKS": "0"},
        )
        return bool(status.stdout.strip())

    def exclude_from_status(self, path: Path) -> None:
        """Add a folder inside the repository to .git/info/exclude (local, never committed),
        so the agent's own files never show in the user's `git status`."""
        try:
            rel = path.resolve().relative_to(self.repo.resolve())
        except ValueError:
            return  # outside the repository: nothing to hide
        common = Path(run_git("rev-parse", "--git-common-dir", cwd=self.repo).stdout.strip())
        git_dir = (common if common.is_absolute() else self.repo / common).resolve()
        exclude = git_dir / "info" / "exclude"
        pattern = f"/{rel.as_posix()}/"
        if exclude.is_symlink():
            return  # a repository's link to some other file: never written through
        text = exclude.read_text(encoding="utf-8") if exclude.is_file() else ""
        if pattern not in text.splitlines():
            separator = "\n" if text and not text.endswith("\n") else ""
            with contextlib.suppress(OutsideWorktree):  # a symlinked info folder: left alone
                write_text_inside(git_dir, "info/exclude", f"{text}{separator}{pattern}\n")

    def delete_branch(self, branch: str) -> bool:
        """Delete a fix branch that ended without commits; True when it is gone."""
        return (
            run_git(*self.neutral_config(), "branch", "-D", branch, cwd=self.repo, check=False).returncode
            == 0
        )

    def remote_url(self) -> str | None:
        proc = run_git("remote", "get-url", self.settings.remote, cwd=self.repo, check=False)
        url = proc.stdout.strip()
        return url if proc.returncode == 0 and url else None
