"""Reading the header lines of a unified diff (`diff --git`, `---`/`+++`, extended headers,
`@@` hunk headers and how many body lines they announce), and the paths in `git apply
--numstat -z` output. Shared by the patch policy (patch_policy.py), which reads a diff the
way git does, and the patch applier (patch_apply/), which also reads damaged ones."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

NULL_PATH = "/dev/null"
# A hunk header as git writes it; groups: the old and the new line counts.
HUNK_HEADER_RE = re.compile(r"^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@")
# Any hunk header a model may write; groups: old start and count, new start and count, section.
LOOSE_HUNK_HEADER_RE = re.compile(r"^@@+\s*-(\d+)(?:,(\d+))?\s+\+(\d+)(?:,(\d+))?\s*@@+(.*)$")
EXTENDED_HEADERS = (
    "index ",
    "old mode ",
    "new mode ",
    "new file mode ",
    "deleted file mode ",
    "similarity index ",
    "dissimilarity index ",
    "rename from ",
    "rename to ",
    "copy from ",
    "copy to ",
)
# Extended headers that name a path verbatim (git applies no -p stripping to them).
NAMING_HEADERS = ("rename from ", "rename to ", "copy from ", "copy to ")

SplitRule = Callable[[str, str], bool]


def strip_prefix(raw: str, prefix: str) -> str:
    return raw[len(prefix) :] if raw.startswith(prefix) else raw


def strip_p1(raw: str) -> str:
    """Mirror `git apply`'s default -p1: drop the first component (the a/ or b/ prefix)."""
    return raw.split("/", 1)[1] if "/" in raw else raw


def header_path(raw: str) -> str:
    """The name on a `---`/`+++` line (without its 4-character tag): GNU diff appends
    "\\t<timestamp>", and models sometimes add trailing spaces."""
    return raw.split("\t", 1)[0].rstrip()


def named_path(line: str) -> str:
    """The path of a `rename from`/`rename to`/`copy from`/`copy to` line."""
    return line.split(" ", 2)[2].rstrip()


def split_git_header(rest: str, *rules: SplitRule) -> tuple[str, str] | None:
    """Cut the two names of a `diff --git` line (the text after "diff --git ") at a space:
    names may hold spaces, so the first cut a rule accepts wins, the rules tried in order;
    else the first space. None when there is no space."""
    splits = [(rest[: m.start()], rest[m.start() + 1 :]) for m in re.finditer(" ", rest)]
    for rule in rules:
        for left, right in splits:
            if rule(left, right):
                return left, right
    return splits[0] if splits else None


@dataclass
class HunkCounter:
    """The old and new lines a hunk header still announces, consumed line by line as git
    does: an empty line is a context line whose space was stripped, and "\\ No newline at
    end of file" counts for neither side."""

    old_left: int = 0
    new_left: int = 0

    @property
    def active(self) -> bool:
        return self.old_left > 0 or self.new_left > 0

    @property
    def exact(self) -> bool:
        """Both counts used up exactly."""
        return self.old_left == 0 and self.new_left == 0

    def consume(self, line: str) -> None:
        tag = line[:1]
        if tag == "-":
            self.old_left -= 1
        elif tag == "+":
            self.new_left -= 1
        elif tag in (" ", ""):
            self.old_left -= 1
            self.new_left -= 1


def parse_numstat(out: str) -> list[str]:
    """The paths in `git apply --numstat -z` output, as git resolves them (both sides of
    a rename or copy)."""
    paths: list[str] = []
    fields = out.split("\0")
    i = 0
    while i < len(fields):
        entry = fields[i]
        i += 1
        if not entry:
            continue
        name = entry.split("\t", 2)[2] if entry.count("\t") >= 2 else entry
        if name:
            paths.append(name)
        else:  # rename/copy: "<add>\t<del>\t\0<old>\0<new>\0"
            paths.extend(p for p in fields[i : i + 2] if p)
            i += 2
    return paths
