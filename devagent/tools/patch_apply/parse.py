"""Reading a model's reply: the unified diffs in it (inside Markdown fences when some hold
one), file by file and hunk by hunk, its SEARCH/REPLACE blocks, and the path-like words in
it (for a diff that names no file)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from devagent.tools.git.diff_headers import (
    EXTENDED_HEADERS,
    NULL_PATH,
    header_path,
    named_path,
    split_git_header,
    strip_prefix,
)
from devagent.tools.patch_apply.blocks import SR_START_RE, Block, parse_blocks
from devagent.tools.patch_apply.content import FENCE_RE
from devagent.tools.patch_apply.hunk import BOUNDARY, Hunk, parse_hunk

_PATH_TOKEN_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_./-]*\.[A-Za-z0-9_]+")


@dataclass
class FilePatch:
    src: str | None = None  # path read (None: unknown yet, or a new file)
    dst: str | None = None  # path written (None: unknown yet, or a deleted file)
    src_null: bool = False  # "--- /dev/null" or "new file mode"
    dst_null: bool = False  # "+++ /dev/null" or "deleted file mode"
    has_git_header: bool = False
    has_file_headers: bool = False
    binary: bool = False
    hunks: list[Hunk] = field(default_factory=list)

    @property
    def path(self) -> str | None:
        return self.src if self.src is not None else self.dst

    @property
    def named(self) -> bool:
        return self.src is not None or self.dst is not None


@dataclass
class Parsed:
    files: list[FilePatch]
    blocks: list[Block]
    mentioned: list[str]  # path-like tokens in the text, for a diff that names no file


def _prepare_lines(text: str) -> list[str]:
    """The text's lines with fences as BOUNDARY; only the fenced blocks when some hold a diff."""
    if "\r\n" in text and text.count("\r\n") == text.count("\n"):
        text = text.replace("\r\n", "\n")  # the whole reply was converted: not the file's CRLF
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not any(FENCE_RE.match(line) for line in lines):
        return lines
    blocks: list[list[str]] = []
    current: list[str] | None = None
    for line in lines:
        if FENCE_RE.match(line):
            if current is None:
                current = []
            else:
                blocks.append(current)
                current = None
        elif current is not None:
            current.append(line)
    if current is not None:
        blocks.append(current)
    diffy = [b for b in blocks if any(_looks_like_diff(line) for line in b)]
    if not diffy:
        return [BOUNDARY if FENCE_RE.match(line) else line for line in lines]
    out: list[str] = []
    for block in diffy:
        out.extend(block)
        out.append(BOUNDARY)
    return out


def _looks_like_diff(line: str) -> bool:
    return line.startswith(("@@", "--- ", "+++ ", "diff --git ")) or bool(SR_START_RE.match(line))


def parse(text: str) -> Parsed:
    lines = _prepare_lines(text)
    files: list[FilePatch] = []
    cur: FilePatch | None = None
    i = 0
    n = len(lines)

    def fresh() -> FilePatch:
        patch = FilePatch()
        files.append(patch)
        return patch

    while i < n:
        line = lines[i]
        nxt = lines[i + 1] if i + 1 < n else ""
        if line.startswith("diff --git "):
            cur = fresh()
            cur.has_git_header = True
            pair = split_git_header(line[len("diff --git ") :].rstrip(), _same_file, _both_prefixed)
            if pair is not None:
                cur.src = strip_prefix(pair[0], "a/")
                cur.dst = strip_prefix(pair[1], "b/")
            i += 1
            continue
        if cur is not None and not cur.hunks and line.startswith(EXTENDED_HEADERS):
            if line.startswith("new file mode "):
                cur.src_null = True
            elif line.startswith("deleted file mode "):
                cur.dst_null = True
            elif line.startswith(("rename from ", "copy from ")):
                cur.src = named_path(line).lstrip()
            elif line.startswith(("rename to ", "copy to ")):
                cur.dst = named_path(line).lstrip()
            i += 1
            continue
        if line.startswith(("GIT binary patch", "Binary files ")):
            (cur or fresh()).binary = True
            i += 1
            continue
        if line.startswith("--- ") and (nxt.startswith("+++ ") or nxt.startswith("@@")):
            if cur is None or cur.hunks or cur.has_file_headers:
                cur = fresh()
            cur.has_file_headers = True
            _set_old(cur, _header_path(line[4:]))
            if nxt.startswith("+++ "):
                _set_new(cur, _header_path(nxt[4:]))
                i += 2
            else:
                i += 1
            continue
        if line.startswith("+++ ") and nxt.startswith("@@"):
            if cur is None or cur.hunks or cur.has_file_headers:
                cur = fresh()
            cur.has_file_headers = True
            _set_new(cur, _header_path(line[4:]))
            i += 1
            continue
        if line.startswith("@@"):
            if cur is None:
                cur = fresh()
            hunk, i = parse_hunk(lines, i, len(cur.hunks) + 1)
            cur.hunks.append(hunk)
            continue
        i += 1
    files = [f for f in files if f.hunks or f.binary or f.src_null or f.dst_null or f.src != f.dst]
    blocks = parse_blocks(text)
    mentioned = list(dict.fromkeys(_PATH_TOKEN_RE.findall(text)))
    return Parsed(files, blocks, mentioned)


def _header_path(raw: str) -> str:
    return header_path(raw).lstrip()


def _same_file(left: str, right: str) -> bool:
    return strip_prefix(left, "a/") == strip_prefix(right, "b/")


def _both_prefixed(left: str, right: str) -> bool:
    return left.startswith("a/") and right.startswith("b/")


# A `---` (`+++`) name sets the old (new) side; the other side defaults to it.
def _set_old(patch: FilePatch, raw: str) -> None:
    patch.src = None if raw == NULL_PATH else strip_prefix(raw, "a/")
    patch.src_null |= patch.src is None
    if patch.src is not None and patch.dst is None and not patch.dst_null:
        patch.dst = patch.src


def _set_new(patch: FilePatch, raw: str) -> None:
    patch.dst = None if raw == NULL_PATH else strip_prefix(raw, "b/")
    patch.dst_null |= patch.dst is None
    if patch.dst is not None and patch.src is None and not patch.src_null:
        patch.src = patch.dst
