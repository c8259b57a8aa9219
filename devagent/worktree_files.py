"""Reading a file of the worktree (or of Repair's copy) on the host.

The repository's tests run in the sandbox, and they can replace a file with a symlink
to a host file the sandbox hides (a private /tmp, say): read on the host, the link
would carry that file into a prompt, the run log and a model server. So every host-side
read of a worktree file resolves the path, symlinks included, and reads it only when it
stays inside the worktree."""

from __future__ import annotations

from pathlib import Path


class OutsideWorktree(OSError):
    """The path resolves outside the worktree (a `..` or a symlink out of it)."""


def path_inside(root: Path, rel: str | Path) -> Path:
    """`root / rel` with every symlink resolved; OutsideWorktree when that leaves `root`."""
    base = Path(root).resolve()
    target = (base / rel).resolve()
    if not target.is_relative_to(base):
        raise OutsideWorktree(f"{rel} resolves outside the worktree")
    return target


def is_file_inside(root: Path, rel: str | Path) -> bool:
    """A regular file inside `root` (a symlink to one inside counts; to one outside not)."""
    try:
        return path_inside(root, rel).is_file()
    except OSError:
        return False


def read_text_inside(root: Path, rel: str | Path, errors: str | None = None) -> str:
    """The text of `root / rel`; OutsideWorktree (an OSError) when it resolves outside."""
    return path_inside(root, rel).read_text(encoding="utf-8", errors=errors)
