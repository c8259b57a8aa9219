"""What the stages of the patch applier share: the refusals, a file's lines, and the
whitespace-blind form of a line."""

from __future__ import annotations

import re
from dataclasses import dataclass

FENCE_RE = re.compile(r"^(```|~~~)")  # a Markdown fence line


class Refuse(Exception):
    """One stage (or the whole patch) cannot land; `str(exc)` says why, for the model."""


class Ambiguous(Refuse):
    """The patch fits at several places (or in several ways): never guessed."""


@dataclass
class Content:
    lines: list[str]  # without "\n" (a CRLF file keeps its "\r")
    eol: bool = True  # the last line ends with "\n" (True for an empty file)

    @classmethod
    def from_text(cls, text: str) -> Content:
        if not text:
            return cls([], True)
        parts = text.split("\n")
        if parts[-1] == "":
            parts.pop()
            return cls(parts, True)
        return cls(parts, False)

    def text(self) -> str:
        if not self.lines:
            return ""
        return "\n".join(self.lines) + ("\n" if self.eol else "")

    def data(self) -> bytes:
        return self.text().encode("utf-8", errors="surrogateescape")


def norm(line: str) -> str:
    """A line with its whitespace runs collapsed and its ends trimmed."""
    return " ".join(line.split())


Changes = dict[str, Content | None]  # path -> its new content (None: deleted)
