"""The worktree a patch lands in: reads confined to it (paths outside it, into `.git` or
through symlinks refused), the original bytes kept for a restore, and `git apply`."""

from __future__ import annotations

import re
import stat
import subprocess
from collections.abc import Sequence
from pathlib import Path

from devagent.tools.git.command import HOOKS_OFF, error_summary, filters_off, run_git_bytes
from devagent.tools.git.diff_headers import parse_numstat
from devagent.tools.patch_apply.content import Changes, Content, Refuse
from devagent.worktree_files import remove_inside, write_inside

_GIT_TIMEOUT_S = 60.0
_MAX_SCAN_FILES = 2000  # files searched for the target of a diff that names none


class Tree:
    """Reads of the worktree, confined to it; the original bytes are kept for restores."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.original: dict[str, bytes | None] = {}
        self.modes: dict[str, int] = {}

    def safe(self, raw: str) -> str:
        """The normalised relative path, or Refuse for anything outside the worktree."""
        if not raw:
            raise Refuse("empty path in the patch")
        if any(ord(ch) < 32 or ch in '"\\' for ch in raw):
            raise Refuse(f"unsupported characters in path {raw!r}")
        if raw.startswith("/") or re.match(r"^[A-Za-z]:", raw):
            raise Refuse(f"absolute path not allowed: {raw}")
        parts = [p for p in raw.split("/") if p not in ("", ".")]
        if ".." in parts:
            raise Refuse(f"path escapes the worktree ('..'): {raw}")
        if not parts:
            raise Refuse(f"empty path in the patch: {raw!r}")
        if any(p.lower() == ".git" for p in parts):
            raise Refuse(f"path inside .git not allowed: {raw}")
        for depth in range(1, len(parts) + 1):
            if (self.root.joinpath(*parts[:depth])).is_symlink():
                raise Refuse(f"path goes through a symlink: {raw}")
        path = "/".join(parts)
        full = self.root.joinpath(*parts)
        try:
            full.resolve().relative_to(self.root)
        except ValueError as exc:
            raise Refuse(f"path escapes the worktree: {raw}") from exc
        return path

    def read(self, path: str) -> Content | None:
        if path not in self.original:
            full = self.root / path
            if full.is_dir():
                raise Refuse(f"{path} is a directory")
            if full.is_file():
                data = full.read_bytes()
                self.modes[path] = full.stat().st_mode
            elif full.exists():
                raise Refuse(f"{path} is not a regular file")
            else:
                data = None
            self.original[path] = data
        data = self.original[path]
        if data is None:
            return None
        if b"\0" in data:
            raise Refuse(f"{path} is a binary file")
        return Content.from_text(data.decode("utf-8", errors="surrogateescape"))

    def mode(self, path: str) -> str:
        return "100755" if self.modes.get(path, 0) & stat.S_IXUSR else "100644"

    def current_bytes(self, path: str) -> bytes | None:
        full = self.root / path
        return full.read_bytes() if full.is_file() else None

    def restore(self, paths: Sequence[str]) -> None:
        for path in paths:
            data = self.original.get(path)
            full = self.root / path
            if data is None:
                remove_inside(self.root, path)
            elif full.is_symlink() or not full.exists() or full.read_bytes() != data:
                if full.is_symlink():  # the link itself goes, its target is never written
                    remove_inside(self.root, path)
                write_inside(self.root, path, data)

    def tracked_files(self) -> list[str]:
        proc = _git(self.root, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
        if proc.returncode == 0:
            names = [n for n in proc.stdout.decode("utf-8", "surrogateescape").split("\0") if n]
        else:
            names = list(
                p.relative_to(self.root).as_posix()
                for p in self.root.rglob("*")
                if p.is_file() and ".git" not in p.relative_to(self.root).parts
            )
        return sorted(set(names))[:_MAX_SCAN_FILES]


def _git(root: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[bytes]:
    data = None if stdin is None else stdin.encode("utf-8", errors="surrogateescape")
    return run_git_bytes(*HOOKS_OFF, *args, cwd=root, stdin=data, timeout=_GIT_TIMEOUT_S)


class GitApply:
    """`git apply` of a diff text in the worktree, hooks and filter drivers off."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.config = filters_off(root) if (root / ".git").exists() else []

    def apply(self, diff: str, *options: str) -> subprocess.CompletedProcess[bytes]:
        if not diff.endswith("\n"):
            diff += "\n"
        return _git(self.root, *self.config, "apply", "--whitespace=nowarn", *options, "-", stdin=diff)

    def check(self, diff: str, failure: str, *options: str) -> None:
        """`git apply --check` the diff, or Refuse with `failure` and git's reason."""
        proc = self.apply(diff, *options, "--check")
        if proc.returncode != 0:
            raise Refuse(failure + error_summary(proc))

    def land(self, diff: str, tree: Tree, changes: Changes, failure: str) -> None:
        """`git apply` the diff and confirm the files hold `changes`; else restore them and
        Refuse (with `failure` and git's reason when git fails)."""
        proc = self.apply(diff)
        if proc.returncode != 0:
            tree.restore(list(changes))
            raise Refuse(failure + error_summary(proc))
        for path, content in changes.items():
            want = None if content is None else content.data()
            if tree.current_bytes(path) != want:
                tree.restore(list(changes))
                raise Refuse(f"{path} did not end up as computed; the change was rolled back")

    def numstat_paths(self, diff: str) -> list[str] | None:
        proc = self.apply(diff, "--numstat", "-z")
        if proc.returncode != 0:
            return None
        return parse_numstat(proc.stdout.decode("utf-8", "surrogateescape"))
