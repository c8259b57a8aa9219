"""aider-style SEARCH/REPLACE blocks in a model's reply, each with the file named just above it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from devagent.tools.git.diff_headers import strip_prefix
from devagent.tools.patch_apply.content import FENCE_RE

SR_START_RE = re.compile(r"^<{5,9}\s*SEARCH\s*$")
_SR_MID_RE = re.compile(r"^={5,9}\s*$")
_SR_END_RE = re.compile(r"^>{5,9}\s*REPLACE\s*$")


@dataclass
class Block:
    path: str | None
    search: list[str]
    replace: list[str]
    number: int


def parse_blocks(text: str) -> list[Block]:
    lines = text.replace("\r\n", "\n").split("\n")
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        if not SR_START_RE.match(lines[i]):
            i += 1
            continue
        path = _block_path(lines, i)
        j = i + 1
        search: list[str] = []
        while j < len(lines) and not _SR_MID_RE.match(lines[j]):
            search.append(lines[j])
            j += 1
        k = j + 1
        replace: list[str] = []
        while k < len(lines) and not _SR_END_RE.match(lines[k]):
            replace.append(lines[k])
            k += 1
        if j < len(lines) and k < len(lines):
            blocks.append(Block(path, search, replace, len(blocks) + 1))
        i = k + 1
    return blocks


def _block_path(lines: list[str], start: int) -> str | None:
    for back in range(start - 1, max(-1, start - 4), -1):
        line = lines[back].strip()
        if not line or FENCE_RE.match(line):
            continue
        cleaned = line.strip("`*#: ")
        for prefix in ("File:", "file:", "Path:", "path:"):
            cleaned = strip_prefix(cleaned, prefix).strip("`*: ")
        if cleaned and not any(ch.isspace() for ch in cleaned):
            return cleaned
        return None
    return None
