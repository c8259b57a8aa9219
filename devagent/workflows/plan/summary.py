"""The repository summary the Planner sees: one line per tracked file, its relative path
and a brief note (a Python module's first docstring line, else its top-level names; a
text file's first line), fitted to a token budget by leaving files off the end with a
visible marker."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

from devagent.tools.git.command import run_git
from devagent.worktree_files import path_inside

NOTE_CHARS = 80
MAX_FILE_BYTES = 256 * 1024  # larger files get no note (reading them would cost more than it tells)


def tracked_files(worktree: Path) -> list[str]:
    out = run_git("ls-files", "-z", cwd=worktree).stdout
    return sorted(p for p in out.split("\0") if p)


def note_for(worktree: Path, rel: str) -> str:
    try:  # read on the host only inside the worktree (never through a symlink out of it)
        path = path_inside(worktree, rel)
        if not path.is_file() or path.stat().st_size > MAX_FILE_BYTES:
            return ""
        raw = path.read_bytes()
    except OSError:
        return ""
    if b"\0" in raw:
        return "(binary)"
    text = raw.decode("utf-8", "replace")
    note = _python_note(text) if path.suffix == ".py" else _first_line(text)
    return note if len(note) <= NOTE_CHARS else note[: NOTE_CHARS - 3] + "..."


def _python_note(text: str) -> str:
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return _first_line(text)
    doc = ast.get_docstring(tree)
    if doc and doc.strip():
        return doc.strip().splitlines()[0]
    names = [
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    ]
    return "defines " + ", ".join(names) if names else ""


def _first_line(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip().lstrip("#").strip()
    return ""


def repo_summary(worktree: Path, files: list[str], budget_tokens: int, count: Callable[[str], int]) -> str:
    """Newline-separated `path: note` lines; over the budget, the last files are left out
    behind a `[... N more files ...]` line."""
    lines = []
    for rel in files:
        note = note_for(worktree, rel)
        lines.append(f"{rel}: {note}" if note else rel)
    text = "\n".join(lines)
    if count(text) <= budget_tokens:
        return text
    kept = len(lines)
    while kept > 0:
        kept -= 1
        text = "\n".join([*lines[:kept], f"[... {len(lines) - kept} more files ...]"])
        if count(text) <= budget_tokens:
            break
    return text
