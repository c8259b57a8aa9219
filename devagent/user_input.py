"""The texts a user gives a mode: a rough idea (spec mode, `run`), a goal (plan mode), a
problem (debate mode), as text on the command line or in a file. Checked before
anything else loads (no config, no model): empty, NUL bytes, over MAX_INPUT_BYTES, and a
file that is no regular UTF-8 text file or is a symlink out of the working folder
(devagent/text.py: read_text_input) are each one line and exit 3."""

from __future__ import annotations

from pathlib import Path

from devagent.errors import UsageError
from devagent.text import read_text_input

MAX_INPUT_BYTES = 64 * 1024


def idea_from_text(text: str, what: str = "spec: the rough idea") -> str:
    """The text, stripped; `what` names the input in errors ("plan: --goal")."""
    if not text.strip():
        raise UsageError(f"{what} is empty")
    if "\0" in text:
        raise UsageError(f"{what} contains NUL bytes; expected text")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_INPUT_BYTES:
        raise UsageError(f"{what} is longer than {MAX_INPUT_BYTES} bytes")
    return text.strip()


def idea_from_file(path: Path, what: str = "idea file") -> str:
    return idea_from_text(read_text_input(path, what, MAX_INPUT_BYTES), f"{path}: {what}")


def problem_from_file(path: Path, what: str = "problem description file") -> str:
    """The seed's checks (exists, not a directory, not empty after trimming) and this
    tool's (a regular UTF-8 text file, no NUL bytes, bounded); the text as written."""
    text = read_text_input(path, what, MAX_INPUT_BYTES)
    if "\0" in text:
        raise UsageError(f"{path}: {what} contains NUL bytes; expected text")
    return text
