"""Modules an install generated in the user's checkout, brought into a new worktree.

Build backends write some of a package's modules at install time and git ignores them: a
`_version.py` from setuptools-scm or hatch-vcs, a compiled extension. An editable install
imports them from the checkout; the tests run in a worktree import the worktree's package
(devagent/import_roots.py), which lacks them, so `import pkg` fails there although it works
for the user (humanize: `No module named 'humanize._version'`). A new worktree gets a copy
of each such file that sits in a package folder the worktree has (one with a tracked
`__init__.py`). Ignored, so never committed; regular files only (a symlink is not followed
out of the checkout); nothing in the worktree is overwritten."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from devagent.tools.git.command import run_git_bytes

MODULE_SUFFIXES = (".py", ".so", ".pyd")
_MAX_BYTES = 64 * 1024 * 1024


def copy_generated_modules(checkout: Path, worktree: Path) -> list[str]:
    """Copy the checkout's ignored module files that belong in the worktree's packages;
    the relative paths copied."""
    # --directory: a wholly ignored folder (a venv, build/) is one entry, not walked.
    listed = run_git_bytes(
        "ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--directory", cwd=checkout
    )
    if listed.returncode != 0:
        return []
    copied: list[str] = []
    for raw in listed.stdout.split(b"\0"):
        rel = os.fsdecode(raw)
        if not rel or rel.endswith("/") or not rel.endswith(MODULE_SUFFIXES) or "__pycache__" in rel:
            continue
        source, target = checkout / rel, worktree / rel
        if not (target.parent / "__init__.py").is_file() or os.path.lexists(target):
            continue
        if source.is_symlink() or not source.is_file() or source.stat().st_size > _MAX_BYTES:
            continue
        shutil.copy2(source, target)
        copied.append(rel)
    return copied
