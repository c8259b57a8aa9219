"""Small text helpers shared by every tool: the output truncation rule, slugs, and the
escaping of control characters in text a terminal or a PR shows."""

from __future__ import annotations

import re
from pathlib import Path

from devagent.errors import UsageError

OUTPUT_LIMIT = 4000
HEAD_CHARS = 2500
TAIL_CHARS = 1000
ELLIPSIS = "\n...\n"

# C0 controls but tab and newline, DEL, C1 controls (U+009B is a CSI on some terminals) and
# the bidirectional overrides that make a line read differently from what it holds.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def truncate_output(text: str, limit: int = OUTPUT_LIMIT) -> str:
    """Apply the project's truncation rule: over `limit` chars keep the first 2500
    and the last 1000 characters joined by "\\n...\\n" (the end of a test run holds
    the summary, the start holds the first failure)."""
    if len(text) <= limit:
        return text
    return text[:HEAD_CHARS] + ELLIPSIS + text[-TAIL_CHARS:]


# ECMA-48 escape sequences: CSI (colours, cursor moves: ESC [ ... final byte), OSC (titles,
# links: ESC ] ... BEL or ESC \\) and the two-byte ones. Programs print them for a terminal.
_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[0-Z\\^-~])")


def without_ansi(text: str) -> str:
    """`text` with the terminal's escape sequences removed: what a command printed, as words.
    Projects colour their test output (pytest's `--color=yes` in addopts): kept, the escapes
    would hide pytest's summary line from its reader, fill the output limit and a model's
    prompt (an escape around every progress dot), and show as `\\x1b[32m` in a PR."""
    return _ANSI.sub("", text)


def printable(text: str) -> str:
    """`text` with every control character but tab and newline written out as an escape
    (ESC becomes `\\x1b`): output of tests or git shown on a terminal or in a PR cannot
    move the cursor, recolour, retitle the window or hide what follows."""
    return _CONTROL.sub(_escaped, text)


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def slugify(text: str, max_len: int = 40) -> str:
    """Lower-case ASCII slug for branch names: words joined by '-', at most max_len chars."""
    words = re.findall(r"[a-z0-9]+", text.lower())
    slug = ""
    for word in words:
        candidate = f"{slug}-{word}" if slug else word
        if len(candidate) > max_len:
            break
        slug = candidate
    return slug or "phase"


def read_text_input(path: Path, what: str, max_bytes: int) -> str:
    """A user's input file (an idea, a problem description): a regular, readable, UTF-8
    text file that holds more than whitespace, at most `max_bytes`; never a directory, a
    pipe or a device (reading a FIFO would wait forever), never through a symlink out of
    the working folder (devagent/user_files.py). Errors name the file and `what`."""
    from devagent.user_files import check_input

    if not path.exists():
        raise UsageError(f"{path}: {what} not found")
    if path.is_dir():
        raise UsageError(f"{path}: {what} is a directory, expected a text file")
    if not path.is_file():
        raise UsageError(f"{path}: {what} is not a regular file (a pipe, device or socket)")
    check_input(path, what)
    try:
        with path.open("rb") as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as exc:
        raise UsageError(f"{path}: cannot read {what}: {exc.strerror or exc}") from None
    if len(raw) > max_bytes:
        raise UsageError(f"{path}: {what} is longer than {max_bytes} bytes")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UsageError(f"{path}: {what} is not UTF-8 text") from None
    if not text.strip():
        raise UsageError(f"{path}: {what} is empty")
    return text
