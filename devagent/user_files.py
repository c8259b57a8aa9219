"""Files the user names on the command line (or that a mode finds in the working folder),
read and written by Dev Agent itself, on the host.

Inputs (an idea, a problem, a goal, a config file found in the working folder) are read
without following a symlink out of the working folder: a repository that ships
`idea.md -> /etc/shadow` must not get that file into a prompt, the run log or the trace
store. A path the user typed outside the working folder is theirs to choose; only its
last component may not be a symlink leading out.

Outputs (spec.md, a debate's --output and --report, the runs and debates folders) never
go through a symlink inside the working folder (nor end in one anywhere) and never into
a `.git` folder; and they are checked before any model is asked, so a path that cannot
be written is one line and exit 3 at once, not an error after the work. The write
itself goes through devagent/worktree_files.py's writer (no symlink followed on the way
or at the file, at the moment of the write), so a link that appeared meanwhile is
refused, never written through."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from devagent.errors import UsageError

GIT_DIR = ".git"


def working_folder() -> Path:
    return Path(os.getcwd())  # the kernel's path: symlinks already resolved


def _absolute(path: Path) -> Path:
    """`path` made absolute with `..` folded lexically (nothing resolved)."""
    return Path(os.path.abspath(path.expanduser()))


def check_input(path: Path, what: str) -> None:
    """UsageError when reading `path` would follow a symlink out of the working folder."""
    lexical = _absolute(path)
    real = Path(os.path.realpath(lexical))
    if real == lexical:
        return
    root = working_folder()
    if (lexical.is_relative_to(root) or lexical.is_symlink()) and not real.is_relative_to(root):
        raise UsageError(f"{path}: {what} is a symlink leading out of the working folder ({real}); refused")


def _in_git_dir(path: Path) -> bool:
    return any(part.lower() == GIT_DIR for part in path.parts)


def _symlink_on_the_way(path: Path) -> Path | None:
    """The first symlink among `path`'s components below the working folder (all of them
    for a path inside it; only the last for a path elsewhere), if any."""
    root = working_folder()
    if not path.is_relative_to(root):
        return path if path.is_symlink() else None
    current = root
    for part in path.relative_to(root).parts:
        current = current / part
        if current.is_symlink():
            return current
        if not current.exists():
            return None
    return None


def _refusal(path: Path, flag: str) -> str | None:
    absolute = _absolute(path)
    if _in_git_dir(absolute) or _in_git_dir(Path(os.path.realpath(absolute))):
        return f"{path}: {flag} is inside a .git folder; refused"
    link = _symlink_on_the_way(absolute)
    if link is not None:
        return f"{path}: {flag} goes through the symlink {link}; refused (outputs never go through one)"
    return None


def _writable_folder(folder_path: Path, flag: str, shown: Path) -> None:
    """The nearest existing folder of `folder_path` (itself included) takes a new file;
    errors name `shown`, the path as the user gave it."""
    for folder in (folder_path, *folder_path.parents):
        if not folder.exists():
            continue
        if not folder.is_dir():
            raise UsageError(f"{shown}: {flag}: {folder} is not a directory")
        try:
            fd, probe = tempfile.mkstemp(prefix=".dev-agent-probe-", dir=folder)
        except OSError as exc:
            raise UsageError(f"{shown}: {flag}: cannot write in {folder}: {exc.strerror or exc}") from None
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(probe)
        return


def check_output(path: Path, flag: str) -> Path:
    """Where a mode will write a file: refused inside .git, through a symlink, on a
    directory, or where nothing can be written. Returns the absolute path."""
    absolute = _absolute(path)
    refused = _refusal(path, flag)
    if refused:
        raise UsageError(refused)
    if absolute.is_dir():
        raise UsageError(f"{path}: {flag} is a directory; name a file")
    _writable_folder(absolute.parent, flag, path)
    return absolute


def check_output_folder(path: Path, flag: str) -> Path:
    """A folder a mode writes its files into (runs, debates): the same rules."""
    absolute = _absolute(path)
    refused = _refusal(path, flag)
    if refused:
        raise UsageError(refused)
    if absolute.exists() and not absolute.is_dir():
        raise UsageError(f"{path}: {flag} is not a directory")
    _writable_folder(absolute, flag, path)
    return absolute


def write_output(path: Path, text: str, flag: str) -> None:
    """Write `text` to `path` (already checked by check_output): checked again, then
    written by devagent/worktree_files.py's writer, which opens each folder from the
    working folder down (the nearest existing folder, for a path elsewhere) and the file
    itself without following a symlink, making missing folders: a link that appeared
    since the check is refused at the moment of the write, never written through.
    OSError when the disk refuses; UsageError when the path became a link or moved
    into .git."""
    from devagent.worktree_files import OutsideWorktree, write_text_inside

    refused = _refusal(path, flag)
    if refused:
        raise UsageError(refused)
    absolute = _absolute(path)
    root = working_folder()
    if absolute.is_relative_to(root):
        base, rel = root, absolute.relative_to(root)
    else:  # the folders above a path the user typed elsewhere are theirs: resolved once
        existing = next(p for p in absolute.parents if p.exists())
        base, rel = Path(os.path.realpath(existing)), absolute.relative_to(existing)
    try:
        write_text_inside(base, rel, text)
    except OutsideWorktree as exc:
        raise UsageError(f"{path}: {flag}: {exc} (outputs never go through a symlink)") from None
