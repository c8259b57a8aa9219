"""Repair's throwaway copies (`devagent-repair-*` in the temp folder) that outlive their run.

A runner removes its copy when it closes, on every exit Python sees (an error, Ctrl-C,
SIGTERM). Only a process killed outright (SIGKILL, a crash of the interpreter) leaves
one behind; each copy names the process that made it, and the next run (a new one or
`--resume`) removes the copies whose process is gone."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

COPY_PREFIX = "devagent-repair-"
REMOVE_GRACE_S = 5.0
_OWNER = ".owner"


def mark_owner(scratch: Path) -> None:
    """Record in a fresh copy which process made it."""
    (scratch / _OWNER).write_text(str(os.getpid()), encoding="utf-8")


def remove_stale_copies(folder: Path | None = None) -> list[Path]:
    """Remove the copies in `folder` (default: the temp folder) whose owning process is
    gone; a copy of another user, or with no readable owner, is left alone."""
    base = Path(folder or tempfile.gettempdir())
    removed: list[Path] = []
    try:
        entries = [p for p in base.iterdir() if p.name.startswith(COPY_PREFIX)]
    except OSError:
        return removed
    for path in entries:
        try:
            if path.is_symlink() or not path.is_dir() or path.stat().st_uid != os.getuid():
                continue
            pid = int((path / _OWNER).read_text(encoding="utf-8").strip())
        except (OSError, ValueError):
            continue
        if pid != os.getpid() and not _alive(pid) and _remove(path):
            removed.append(path)
    return removed


def _remove(path: Path) -> bool:
    """Remove `path`, again for up to REMOVE_GRACE_S while it reappears: a killed run's
    last processes (a sandboxed test run outlives its parent for a moment) may still be
    writing in it, and a file written after rmtree emptied a folder keeps it."""
    deadline = time.monotonic() + REMOVE_GRACE_S
    while True:
        shutil.rmtree(path, ignore_errors=True)
        if not path.exists():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
