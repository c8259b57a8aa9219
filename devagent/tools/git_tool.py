"""Git operations for the fix loop, confined to the agent's own worktree.

The user's checkout, index and current branch are never written: the agent works in a
`git worktree` on a fresh fix branch, applies model-written diffs only after a policy
check and `git apply --check`, and rolls back with `git reset --hard` on any failure.
The target repository's hooks stay disabled unless explicitly enabled."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path

from devagent.errors import GitError
from devagent.text import slugify

# Variables that would redirect git away from the repository we name with cwd (for
# example GIT_INDEX_FILE set by a hook that launched us would make `apply --index`
# write into the user's index).
_REDIRECTING_ENV = (
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
    "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_COMMON_DIR",
    "GIT_NAMESPACE",
    "GIT_PREFIX",
)

_NULL_PATH = "/dev/null"
_SYMLINK_MODE = "120000"
_EXECUTABLE_MODE = "100755"
_SUBMODULE_MODE = "160000"
_HUNK_RE = re.compile(r"^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@")
_PUSH_TIMEOUT_S = 300.0


class PatchRefused(Exception):
    """A model-written diff that will not be applied; `reason` is one precise line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _git_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in _REDIRECTING_ENV}
    # Never block on a credential prompt; C locale keeps messages parseable.
    env["GIT_TERMINAL_PROMPT"] = "0"
    env["LC_ALL"] = "C"
    if extra:
        env.update(extra)
    return env


def _first_line(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return "(no output)"


def _error_line(text: str) -> str:
    """The most telling line of git's stderr: the first fatal/error line, else the first line."""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(("fatal:", "error:", "! [")):
            return stripped
    return _first_line(text)


def _subcommand(args: tuple[str, ...]) -> str:
    """The git subcommand for messages, skipping leading `-c key=value` pairs."""
    i = 0
    while i < len(args) and args[i] == "-c":
        i += 2
    if i >= len(args):
        return "(none)"
    if i + 1 < len(args) and not args[i + 1].startswith("-") and args[i] in ("worktree", "remote"):
        return f"{args[i]} {args[i + 1]}"
    return args[i]


def _git(
    *args: str,
    cwd: Path,
    check: bool = True,
    env: Mapping[str, str] | None = None,
    timeout: float | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run one git command; raise GitError on a nonzero exit unless check=False."""
    name = _subcommand(args)
    try:
        proc = subprocess.run(
            ["git", *args],
            cwd=cwd,
            capture_output=True,
            text=True,
            env=_git_env(env),
            timeout=timeout,
            check=False,
        )
    except FileNotFoundError as exc:
        raise GitError(f"git not found on PATH (or missing directory {cwd})") from exc
    except subprocess.TimeoutExpired as exc:
        raise GitError(f"git {name} timed out after {timeout:.0f}s") from exc
    if check and proc.returncode != 0:
        raise GitError(f"git {name} failed: {_error_line(proc.stderr)}")
    return proc


# --------------------------------------------------------------------------- patch policy


def _glob_matches(path: str, pattern: str) -> bool:
    """fnmatch on a POSIX relative path, with '**/' also matching at the top level and at any depth.

    fnmatch's '*' crosses '/', so this errs towards protecting too much, never too little."""
    if fnmatchcase(path, pattern):
        return True
    if pattern.startswith("**/"):
        rest = pattern[3:]
        parts = path.split("/")
        return any(fnmatchcase("/".join(parts[i:]), rest) for i in range(len(parts)))
    # A bare directory name ("tests" or "tests/") protects everything below it.
    if not any(ch in pattern for ch in "*?["):
        prefix = pattern.rstrip("/")
        return bool(prefix) and (path == prefix or path.startswith(prefix + "/"))
    return False


def _strip_p1(raw: str) -> str:
    """Mirror `git apply`'s default -p1: drop the first component (the a/ or b/ prefix)."""
    return raw.split("/", 1)[1] if "/" in raw else raw


def _header_path(raw: str) -> str:
    # GNU diff appends "\t<timestamp>" to ---/+++ lines.
    return raw.split("\t", 1)[0].rstrip()


@dataclass
class _HunkState:
    old_left: int = 0
    new_left: int = 0

    @property
    def active(self) -> bool:
        return self.old_left > 0 or self.new_left > 0

    def consume(self, line: str) -> None:
        tag = line[:1]
        if tag == "-":
            self.old_left -= 1
        elif tag == "+":
            self.new_left -= 1
        elif tag in (" ", ""):  # an empty line is a context line whose space was stripped
            self.old_left -= 1
            self.new_left -= 1
        # "\ No newline at end of file" counts for neither side.


@dataclass(frozen=True)
class PatchPolicy:
    """What a model-written diff may touch. `protected` holds glob patterns on POSIX
    relative paths, e.g. ("tests/**", "**/test_*.py", "**/*_test.py")."""

    protected: tuple[str, ...] = ()
    max_bytes: int = 1_000_000

    def check(self, diff_text: str) -> list[str]:
        """Return the relative paths the diff touches, or raise PatchRefused."""
        size = len(diff_text.encode("utf-8", errors="surrogateescape"))
        if size > self.max_bytes:
            raise PatchRefused(f"patch is {size} bytes, over the {self.max_bytes}-byte limit")

        touched: list[str] = []
        saw_header = False
        hunk = _HunkState()

        # split("\n"), not splitlines(): git ends lines only at LF, and a form feed or
        # U+2028 inside a hunk must not shift the hunk line counts.
        for lineno, raw_line in enumerate(diff_text.split("\n"), start=1):
            line = raw_line.rstrip("\r")
            if hunk.active:
                hunk.consume(line)
                continue
            if line.startswith("diff --git "):
                saw_header = True
                for raw in _split_git_header(line[len("diff --git ") :], lineno):
                    self._add(touched, raw, strip=True)
            elif line.startswith(("--- ", "+++ ")):
                saw_header = True
                raw = _header_path(line[4:])
                if raw != _NULL_PATH:
                    self._add(touched, raw, strip=True)
            elif line.startswith(("rename from ", "rename to ", "copy from ", "copy to ")):
                saw_header = True
                # git takes these names verbatim, without -p stripping.
                self._add(touched, line.split(" ", 2)[2].rstrip(), strip=False)
            elif line.startswith("GIT binary patch") or (
                line.startswith("Binary files ") and line.endswith(" differ")
            ):
                raise PatchRefused(f"binary patches are not allowed (line {lineno})")
            elif line.startswith(("old mode ", "new mode ", "new file mode ", "deleted file mode ")):
                _check_mode_line(line, lineno)
            elif line.startswith("index "):
                # "index a..b <mode>" on an unchanged mode: editing a symlink or submodule.
                mode = line.rsplit(" ", 1)[-1]
                if mode in (_SYMLINK_MODE, _SUBMODULE_MODE):
                    raise PatchRefused(f"changes to a {_mode_name(mode)} are not allowed (line {lineno})")
            elif line.startswith("@@"):
                match = _HUNK_RE.match(line)
                if match is None:
                    raise PatchRefused(f"malformed hunk header at line {lineno}: {line[:80]}")
                hunk.old_left = int(match.group(1) or "1")
                hunk.new_left = int(match.group(2) or "1")

        if not saw_header or not touched:
            raise PatchRefused("not a unified diff (no file headers found)")
        return touched

    def check_paths(self, paths: Iterable[str]) -> None:
        """Apply the path rules to paths as git itself reports them (already stripped)."""
        for path in paths:
            self._check_path(path, path)

    def _add(self, touched: list[str], raw: str, *, strip: bool) -> None:
        path = _strip_p1(raw) if strip else raw
        self._check_path(raw, path)
        if path not in touched:
            touched.append(path)

    def _check_path(self, raw: str, path: str) -> None:
        if not raw:
            raise PatchRefused("empty path in diff header")
        if raw.startswith('"'):
            raise PatchRefused(f"quoted paths are not supported: {raw}")
        if raw.startswith("/") or path.startswith("/") or re.match(r"^[A-Za-z]:[\\/]", path):
            raise PatchRefused(f"absolute path not allowed: {raw}")
        parts = raw.replace("\\", "/").split("/")
        if ".." in parts:
            raise PatchRefused(f"path escapes the repository ('..'): {raw}")
        if any(part.lower() == ".git" for part in parts):
            raise PatchRefused(f"path inside .git not allowed: {raw}")
        for pattern in self.protected:
            if _glob_matches(path, pattern):
                raise PatchRefused(f"protected path {path} (matches {pattern!r})")


def _split_git_header(rest: str, lineno: int) -> list[str]:
    """Split "a/X b/Y" from a `diff --git` line; paths with spaces are resolved by
    preferring the split where both sides name the same file."""
    if rest.startswith('"'):
        raise PatchRefused(f"quoted paths are not supported (line {lineno})")
    candidates = [m.start() for m in re.finditer(" ", rest)]
    if not candidates:
        raise PatchRefused(f"malformed diff --git header at line {lineno}")
    splits = [(rest[:i], rest[i + 1 :]) for i in candidates]
    for left, right in splits:
        if _strip_p1(left) == _strip_p1(right):
            return [left, right]
    for left, right in splits:
        if right.startswith("b/"):
            return [left, right]
    return list(splits[0])


def _mode_name(mode: str) -> str:
    return {_SYMLINK_MODE: "symlink", _SUBMODULE_MODE: "submodule", _EXECUTABLE_MODE: "executable"}.get(
        mode, mode
    )


def _check_mode_line(line: str, lineno: int) -> None:
    mode = line.rsplit(" ", 1)[-1]
    if mode in (_SYMLINK_MODE, _SUBMODULE_MODE):
        raise PatchRefused(f"{_mode_name(mode)} entries are not allowed ({line}, line {lineno})")
    if mode == _EXECUTABLE_MODE and not line.startswith("deleted file mode "):
        raise PatchRefused(f"executable mode changes are not allowed ({line}, line {lineno})")


# --------------------------------------------------------------------------- repository helpers


@dataclass(frozen=True)
class GitSettings:
    remote: str = "origin"
    branch_prefix: str = "dev-agent/fix"
    run_hooks: bool = False
    author_name: str = "Dev Agent"
    author_email: str = "dev-agent@localhost"


@dataclass
class CommitInfo:
    sha: str
    message: str
    files: list[str] = field(default_factory=list)


def find_repo_root(path: Path) -> Path:
    """Top level of the work tree containing `path`."""
    start = path if path.is_dir() else path.parent
    if not start.is_dir():
        raise GitError(f"not a git repository: {path}")
    proc = _git("rev-parse", "--show-toplevel", cwd=start, check=False)
    if proc.returncode != 0 or not proc.stdout.strip():
        raise GitError(f"not a git repository: {path}")
    return Path(proc.stdout.strip())


def next_branch_name(repo: Path, prefix: str, phase_title: str) -> str:
    """`<prefix>-<slug>-<N>` with the smallest N >= 1 unused locally and on every remote."""
    base = f"{prefix}-{slugify(phase_title)}"
    refs = _git("for-each-ref", "--format=%(refname)", "refs/heads", "refs/remotes", cwd=repo).stdout
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

    # -- worktree lifecycle

    def _hook_config(self) -> list[str]:
        # An empty hooks path disables every hook (post-checkout, pre-commit, pre-push, ...).
        return [] if self.settings.run_hooks else ["-c", "core.hooksPath=/dev/null"]

    def create_worktree(self, branch: str, base: str = "HEAD") -> Path:
        """Add a worktree on a new `branch` at `base` in a fresh temp dir and return its path."""
        if self.worktree is not None:
            raise GitError(f"a worktree is already open: {self.worktree}")
        if _git("rev-parse", "--verify", "-q", "HEAD^{commit}", cwd=self.repo, check=False).returncode:
            raise GitError(f"repository has no commits: {self.repo}")
        if _git("rev-parse", "--verify", "-q", f"{base}^{{commit}}", cwd=self.repo, check=False).returncode:
            raise GitError(f"unknown base revision: {base}")
        if _git("check-ref-format", "--branch", branch, cwd=self.repo, check=False).returncode:
            raise GitError(f"invalid branch name: {branch}")

        parent = Path(tempfile.mkdtemp(prefix="dev-agent-wt-"))
        path = parent / (slugify(branch, max_len=60) or "worktree")
        proc = _git(
            *self._hook_config(),
            "worktree",
            "add",
            "-q",
            "-b",
            branch,
            str(path),
            base,
            cwd=self.repo,
            check=False,
        )
        if proc.returncode != 0:
            shutil.rmtree(parent, ignore_errors=True)
            raise GitError(f"git worktree add failed: {_error_line(proc.stderr)}")
        self.worktree = path
        self._worktree_parent = parent
        return path

    def remove_worktree(self) -> None:
        """Remove the worktree (idempotent); the fix branch stays."""
        if self.worktree is None:
            return
        path, parent = self.worktree, self._worktree_parent
        # Double --force also removes a locked worktree.
        _git("worktree", "remove", "--force", "--force", str(path), cwd=self.repo, check=False)
        if parent is not None:
            shutil.rmtree(parent, ignore_errors=True)
        elif path.exists():
            shutil.rmtree(path, ignore_errors=True)
        _git("worktree", "prune", cwd=self.repo, check=False)
        self.worktree = None
        self._worktree_parent = None

    def _wt(self) -> Path:
        if self.worktree is None:
            raise GitError("no worktree: call create_worktree first")
        return self.worktree

    def head(self) -> str:
        return _git("rev-parse", "HEAD", cwd=self._wt()).stdout.strip()

    # -- patches

    def apply_and_commit(self, diff_text: str, message: str) -> CommitInfo:
        """Policy-check, apply and commit one diff in the worktree; roll back on any failure."""
        wt = self._wt()
        self.policy.check(diff_text)
        if not diff_text.endswith("\n"):
            diff_text += "\n"  # git apply calls a missing final newline a corrupt patch

        # The patch file lives outside the worktree so it can never be committed.
        fd, patch_name = tempfile.mkstemp(prefix="dev-agent-", suffix=".patch")
        patch_file = Path(patch_name)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape", newline="") as fh:
                fh.write(diff_text)
            check = _git("apply", "--check", "--whitespace=nowarn", str(patch_file), cwd=wt, check=False)
            if check.returncode != 0:
                lines = [ln.strip() for ln in check.stderr.splitlines() if ln.strip()][:3]
                raise PatchRefused("git apply --check failed: " + ("; ".join(lines) or "no output"))
            # Defense in depth: re-check the paths as git itself will resolve them.
            self.policy.check_paths(self._numstat_paths(patch_file, wt))
            return self._apply_commit(patch_file, message, wt)
        finally:
            patch_file.unlink(missing_ok=True)

    def _numstat_paths(self, patch_file: Path, wt: Path) -> list[str]:
        out = _git("apply", "--numstat", "-z", str(patch_file), cwd=wt).stdout
        paths: list[str] = []
        fields = out.split("\0")
        i = 0
        while i < len(fields):
            entry = fields[i]
            i += 1
            if not entry:
                continue
            name = entry.split("\t", 2)[2] if entry.count("\t") >= 2 else entry
            if name:
                paths.append(name)
            else:  # rename/copy: "<add>\t<del>\t\0<old>\0<new>\0"
                paths.extend(p for p in fields[i : i + 2] if p)
                i += 2
        return paths

    def _apply_commit(self, patch_file: Path, message: str, wt: Path) -> CommitInfo:
        try:
            _git("apply", "--index", "--whitespace=nowarn", str(patch_file), cwd=wt)
            if _git("diff", "--cached", "--quiet", cwd=wt, check=False).returncode == 0:
                raise PatchRefused("patch changes nothing")
            s = self.settings
            identity = {
                # Environment identity beats config, so set both.
                "GIT_AUTHOR_NAME": s.author_name,
                "GIT_AUTHOR_EMAIL": s.author_email,
                "GIT_COMMITTER_NAME": s.author_name,
                "GIT_COMMITTER_EMAIL": s.author_email,
            }
            verify = [] if s.run_hooks else ["--no-verify"]
            _git(
                *self._hook_config(),
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
        except BaseException:
            # Also on Ctrl-C: leave the worktree at its last commit. Untracked files
            # (test caches etc.) are kept on purpose, so no `git clean`.
            _git("reset", "-q", "--hard", "HEAD", cwd=wt, check=False)
            raise
        sha = self.head()
        files = _git("diff-tree", "--no-commit-id", "--name-only", "-r", "-z", sha, cwd=wt).stdout
        return CommitInfo(sha=sha, message=message, files=[f for f in files.split("\0") if f])

    # -- reporting and publishing

    def diff_from(self, base: str) -> str:
        return _git("diff", "--no-color", "--no-ext-diff", f"{base}..HEAD", cwd=self._wt()).stdout

    def diffstat_from(self, base: str) -> str:
        return _git("diff", "--no-color", "--stat", f"{base}..HEAD", cwd=self._wt()).stdout

    def push(self, branch: str) -> None:
        """Push `branch` to the configured remote with the repository's hooks disabled."""
        remote = self.settings.remote
        verify = [] if self.settings.run_hooks else ["--no-verify"]
        # Pushing only reads the branch and updates remote-tracking refs, so it runs from
        # the repository itself: a relative remote URL resolves as the user expects.
        cwd = self.repo
        proc = _git(
            *self._hook_config(),
            "push",
            "-q",
            *verify,
            remote,
            f"refs/heads/{branch}:refs/heads/{branch}",
            cwd=cwd,
            check=False,
            timeout=_PUSH_TIMEOUT_S,
        )
        if proc.returncode != 0:
            raise GitError(f"push to {remote} failed: {_error_line(proc.stderr)}")

    def remote_url(self) -> str | None:
        proc = _git("remote", "get-url", self.settings.remote, cwd=self.repo, check=False)
        url = proc.stdout.strip()
        return url if proc.returncode == 0 and url else None
