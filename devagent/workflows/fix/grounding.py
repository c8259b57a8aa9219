"""Grounded review: what the run says about a fix is built from facts, and a model's
words are shown only when every code symbol they name is real.

`Facts` are read from the branch's diff and the verdict (devagent/verdict.py): the files
and functions changed, the tests that went from failing to passing, the guards checked.
`ungrounded(text, evidence)` lists the code symbols a model's text names (`backticked`
text, `name()` calls, dotted and snake_case names) that appear nowhere in the evidence
(the diff, the failing tests and their failure); a text with any is dropped, with the
reason logged, and the facts stand alone; so is an approval's text that `says_nothing`.
A small model copies examples and invents functions ("Fix add()" on a program without
one) or approves with a bare "true": this keeps such words out of the transcript, the
commit messages and the pull request."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from devagent.repair.oracles import enclosing_function

_BACKTICKED = re.compile(r"`([^`\n]{1,120})`")
_CALL = re.compile(r"\b([A-Za-z_][\w.]*)\s*\(\)")
_DOTTED = re.compile(r"\b([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)\b")
_SNAKE = re.compile(r"\b([A-Za-z]\w*_\w+)\b")
_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@")
_NEW_FILE = re.compile(r"^\+\+\+ (?:b/)?(.+?)\s*$")
_OLD_FILE = re.compile(r"^--- (?:a/)?(.+?)\s*$")


def code_symbols(text: str) -> list[str]:
    """The code symbols a text names, in order, without repeats."""
    found: list[str] = []
    for pattern in (_BACKTICKED, _CALL, _DOTTED, _SNAKE):
        for match in pattern.finditer(text):
            symbol = match.group(1).strip()
            if symbol and symbol not in found:
                found.append(symbol)
    return found


def ungrounded(text: str, evidence: str) -> list[str]:
    """The symbols of `text` that `evidence` does not contain (as words, for names)."""
    missing: list[str] = []
    for symbol in code_symbols(text):
        if re.fullmatch(r"[\w.]+", symbol):
            if re.search(rf"(?<![\w.]){re.escape(symbol)}(?![\w])", evidence) is None:
                missing.append(symbol)
        elif symbol not in evidence:
            missing.append(symbol)
    return missing


def dropped_text(what: str, text: str, not_found: Sequence[str] = ()) -> dict[str, Any]:
    """The `text_dropped` record's data: which text, what it said, the symbols not found."""
    return {"what": what, "text": text[:500], "not_found": list(not_found[:10])}


# Fewer words than this say no more than the approval itself ("true", "OK", "LGTM").
_MIN_REVIEW_WORDS = 3


def says_nothing(text: str) -> bool:
    """Whether a review's words add nothing to its approval: fewer than _MIN_REVIEW_WORDS
    words of letters (the embedded model often answers a bare `true`)."""
    return len(re.findall(r"[A-Za-z]{2,}", text)) < _MIN_REVIEW_WORDS


@dataclass(frozen=True)
class Facts:
    files: tuple[str, ...]
    functions: tuple[str, ...]  # "path:function" of every function a hunk touches
    fixed_tests: tuple[str, ...]
    checks: tuple[str, ...]

    def summary(self) -> str:
        """The facts as a few plain lines (the Supervisor's verdict line and the PR's)."""
        changed = ", ".join(self.files) or "(no file)"
        lines = [f"Changed: {changed}."]
        if self.functions:
            lines.append(f"Functions changed: {', '.join(f + '()' for f in self.functions)}.")
        if self.fixed_tests:
            lines.append(f"Tests that failed at the start and now pass: {', '.join(self.fixed_tests)}.")
        if self.checks:
            lines.append("Checked: " + "; ".join(self.checks) + ".")
        return "\n".join(lines)


def facts_of(diff: str, worktree: Path, fixed_tests: tuple[str, ...], checks: tuple[str, ...]) -> Facts:
    """The files and functions `diff` changes (functions found in the worktree's files)."""
    files: list[str] = []
    touched: dict[str, set[int]] = {}
    current: str | None = None
    line_no = 0
    old_path: str | None = None
    for line in diff.splitlines():
        if line.startswith("--- "):
            match = _OLD_FILE.match(line)
            old_path = match.group(1) if match else None
            continue
        if line.startswith("+++ "):
            match = _NEW_FILE.match(line)
            path = match.group(1) if match else None
            current = old_path if path in (None, "/dev/null") else path
            if current and current != "/dev/null" and current not in files:
                files.append(current)
            continue
        hunk = _HUNK.match(line)
        if hunk:
            line_no = int(hunk.group(1))
            continue
        if current is None:
            continue
        if line.startswith("+"):
            touched.setdefault(current, set()).add(line_no)
            line_no += 1
        elif line.startswith("-"):
            touched.setdefault(current, set()).add(max(line_no, 1))
        elif line.startswith(" "):
            line_no += 1
    functions: list[str] = []
    for path, numbers in touched.items():
        try:
            source = (worktree / path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        for number in sorted(numbers):
            name = enclosing_function(source, number)
            if name is not None and f"{path}:{name}" not in functions:
                functions.append(f"{path}:{name}")
    return Facts(tuple(files), tuple(functions), fixed_tests, checks)


def evidence_of(diff: str, failing: list[str], failure_text: str) -> str:
    """What a model's text may name: the diff, the failing tests' names and their failure."""
    return "\n".join([diff, *failing, failure_text])


def files_of(diff: str) -> tuple[str, ...]:
    """The files a diff changes, as its headers name them."""
    return facts_of(diff, Path("/nonexistent"), (), ()).files
