"""What a candidate fix is: an `Edit` of whole physical lines, and the pure helpers that
apply, rank and combine edits. No IO; the rule modules of this package propose edits,
validate.py tests them."""

from __future__ import annotations

import io
import itertools
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Edit:
    line: int  # 1-based first physical line replaced
    old_text: str  # the replaced lines without their line endings, joined by "\n"
    new_text: str  # their replacement; "\n" separates lines (an insertion adds some)
    template: str  # the family that proposed it ("a+b" for a two-location edit)
    size: int  # naturalness cost, lower = more natural
    span: int = 1  # how many physical lines are replaced


# One change inside a line: (start byte, end byte, replacement text).
Span = tuple[int, int, str]


@dataclass(frozen=True)
class Proposal:
    """Changes within the ranked line, before they become an Edit."""

    spans: tuple[Span, ...]
    template: str
    size: int


def split_lines(source: str) -> list[str]:
    """The physical lines of `source` with their line endings, as Python counts them."""
    return io.StringIO(source, newline="").readlines()


def newline_of(source: str) -> str:
    return "\r\n" if "\r\n" in source else "\n"


def apply(source: str, edit: Edit) -> str:
    """`source` with `edit` applied; ValueError when the lines no longer hold old_text."""
    lines = split_lines(source)
    last = edit.line + edit.span - 1
    if not 1 <= edit.line <= last <= len(lines):
        raise ValueError(f"line {edit.line} is out of range")
    current = lines[edit.line - 1 : last]
    bodies = [text.rstrip("\r\n") for text in current]
    if "\n".join(bodies) != edit.old_text:
        raise ValueError(f"line {edit.line} changed: {bodies!r} != {edit.old_text!r}")
    closing = current[-1][len(bodies[-1]) :]
    ending = closing or current[0][len(bodies[0]) :] or newline_of(source)
    lines[edit.line - 1 : last] = [ending.join(edit.new_text.split("\n")) + closing]
    return "".join(lines)


def rank(edits: Iterable[Edit]) -> list[Edit]:
    """Most natural first (stable: equal sizes keep their order)."""
    return sorted(edits, key=lambda e: e.size)


def combine(source: str, first: Edit, second: Edit) -> Edit | None:
    """One edit doing both (a two-location fix), or None when their lines overlap."""
    a, b = sorted((first, second), key=lambda e: e.line)
    if a.line + a.span - 1 >= b.line:
        return None
    try:
        changed = apply(apply(source, b), a)
    except ValueError:
        return None
    lines = [text.rstrip("\r\n") for text in split_lines(source)]
    start, end = a.line - 1, b.line - 1 + b.span
    added = len(a.new_text.split("\n")) - a.span + len(b.new_text.split("\n")) - b.span
    new_lines = [text.rstrip("\r\n") for text in split_lines(changed)][start : end + added]
    return Edit(
        a.line,
        "\n".join(lines[start:end]),
        "\n".join(new_lines),
        f"{a.template}+{b.template}",
        a.size + b.size,
        end - start,
    )


def compiles(source: str) -> bool:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            compile(source, "<candidate>", "exec", dont_inherit=True)
        except (SyntaxError, ValueError):
            return False
    return True


def splice(text: str, spans: Sequence[Span]) -> str | None:
    """`text` with each span's UTF-8 byte range (as ast counts columns) replaced; None
    when spans overlap or fall outside it."""
    data = text.encode("utf-8")
    ordered = sorted(spans, key=lambda s: s[0])
    for (_, end, _), (start, _, _) in itertools.pairwise(ordered):
        if start < end:
            return None  # overlapping spans
    for start, end, replacement in reversed(ordered):
        if not 0 <= start <= end <= len(data):
            return None
        data = data[:start] + replacement.encode("utf-8") + data[end:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None
