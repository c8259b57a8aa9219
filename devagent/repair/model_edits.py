"""Candidate edits from a model too small to write a diff: it only picks one of the
suspicious lines and rewrites it. The reply format is built from the current file (the
line number is an enum of real, ranked lines), so under a grammar every sample names a
line that exists, and each becomes a whole-file candidate like a template's."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from devagent.errors import TurnDeadlinePassed
from devagent.messages import ReplyError, split_fences
from devagent.models.base import ChatMessage, Completion, ModelBackend, ReplyFormat
from devagent.repair import Candidate
from devagent.repair.localize import SuspiciousLine
from devagent.repair.rules.edit import Edit
from devagent.secret_values import redact
from devagent.worktree_files import read_text_inside

MAX_LINE_CHARS = 200
MODEL_EDIT_SIZE = 6  # ranks after the small template edits: a model's rewrite is a bigger change
SYSTEM = (
    "You fix a bug by rewriting exactly one line of Python. Reply only with the JSON: the number "
    "of the line to replace and its full new text, keeping its indentation."
)


def edit_format(lines: Sequence[int], sample: int = 0, deadline: float | None = None) -> ReplyFormat:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "line": {"enum": list(lines)},
            "replacement": {"type": "string", "maxLength": MAX_LINE_CHARS},
        },
        "required": ["line", "replacement"],
        "additionalProperties": False,
    }
    return ReplyFormat(json_schema=schema, sample=sample, deadline=deadline)


def edit_prompt(path: str, source: str, lines: Sequence[int], failure: str) -> str:
    text = source.splitlines()
    first, last = max(min(lines) - 6, 1), min(max(lines) + 6, len(text))
    excerpt = "\n".join(f"{n}: {text[n - 1]}" for n in range(first, last + 1))
    ranked = "\n".join(f"{n}: {text[n - 1].strip()}" for n in lines)
    return (
        f"A test fails:\n{failure.strip()[-1500:]}\n\n"
        f"{path}, lines {first}-{last}:\n{excerpt}\n\n"
        f"The bug is most likely on one of these lines, most suspicious first:\n{ranked}\n\n"
        "Rewrite one of them so the test passes."
    )


def model_candidates(
    backend: ModelBackend,
    repo: Path,
    suspicious: Sequence[SuspiciousLine],
    failure: str,
    samples: int,
    *,
    max_lines: int = 8,
    deadline: float | None = None,
) -> tuple[list[Candidate], list[Completion]]:
    """Up to `samples` distinct one-line rewrites of the most suspicious file's top lines,
    and the completions they came from (for token accounting). Sampling stops at
    `deadline` (time.monotonic(); the search's budget): a sample cut there is dropped."""
    if samples <= 0 or not suspicious:
        return [], []
    path = suspicious[0].path
    ranked = [s for s in suspicious if s.path == path][:max_lines]
    source = read_text_inside(repo, path)
    lines = [s.line for s in ranked]
    rank_of = {s.line: i for i, s in enumerate(ranked)}
    # No secret a test printed or a file holds goes to a model (devagent/secret_values.py).
    asked = redact(edit_prompt(path, source, lines, failure))
    prompt = [ChatMessage("system", SYSTEM), ChatMessage("user", asked)]
    text = source.splitlines(keepends=True)
    found: list[Candidate] = []
    completions: list[Completion] = []
    seen = {source}
    for sample in range(samples):
        try:
            completion = backend.complete(prompt, edit_format(lines, sample, deadline))
        except TurnDeadlinePassed:
            break
        completions.append(completion)
        try:
            data, _ = split_fences(completion.text)
        except ReplyError:
            continue
        number, replacement = data.get("line"), data.get("replacement")
        if number not in rank_of or not isinstance(replacement, str) or "\n" in replacement:
            continue
        old = text[number - 1]
        new = _reindent(old, replacement)
        content = "".join([*text[: number - 1], new, *text[number:]])
        if content in seen:
            continue
        seen.add(content)
        edit = Edit(number, old.rstrip("\r\n"), new.rstrip("\r\n"), "model", MODEL_EDIT_SIZE)
        found.append(Candidate(path, edit, content, rank_of[number]))
    return found, completions


def _reindent(old: str, replacement: str) -> str:
    """The new line with the old one's indentation and line ending: a small model often
    drops the leading spaces, which would be a syntax error, not a different fix."""
    indent = old[: len(old) - len(old.lstrip())]
    ending = old[len(old.rstrip("\r\n")) :] or "\n"
    return indent + replacement.strip() + ending
