"""Land model-written diffs that are applicable; refuse the rest; never misapply.

A cascade, first success wins, every attempt recorded in `ApplyResult.attempts`:

1. strict: `git apply --check`, then `git apply`, of the text as given. Before anything is
   written every hunk (delimited by its @@ counts, as git does) must sit exactly at its
   stated line or match exactly once in the file, and afterwards the files must hold what
   our own reading of the diff computes (else they are restored and the cascade goes on).
2. tolerant: the text normalised (prose and Markdown fences dropped, missing `diff --git`,
   `---`/`+++` headers rebuilt, @@ counts recounted from the hunk bodies, final newline
   added) must pass `git apply --recount --check`; the hunks are placed by exact match.
3. relocate: our own matcher. Each hunk's old lines (context and removed) must match at
   exactly one place in the whole file: exactly, else ignoring whitespace (added lines are
   then re-indented like the file), else with up to a third of its context lines stale
   (slightly different; every removed line still present). Zero or several places:
   refused, never guessed. An exact match at exactly the stated line also settles a tie.
4. search_replace: aider-style SEARCH/REPLACE blocks; the search text must match exactly
   once (exactly, else ignoring whitespace).

A hunk whose end is unclear (its @@ counts end it early and more +/- lines follow, or
+/- lines follow an empty line, before prose or the end of an unfenced text) lands only if
every plausible reading of it gives the same result. A diff without file names goes to the
only file holding its lines (or the only such file the text mentions).

Every non-strict stage computes the final content in memory, renders it as a git diff from
the current files (`render_diff`), lands it only after `git apply --check` of that diff, and
reads the files back to confirm. `check_only=True` writes nothing. Paths outside the
worktree, into `.git`, or through symlinks are refused; `worktree` is the repository's top
level (or a plain directory)."""

from __future__ import annotations

import difflib
import itertools
import math
import re
import stat
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from devagent.tools import git_tool  # a module import: git_tool uses this module too

__all__ = ["ApplyResult", "Attempt", "apply_patch", "render_diff"]

STRICT = "strict"
TOLERANT = "tolerant"
RELOCATE = "relocate"
SEARCH_REPLACE = "search_replace"

_MAX_REASON = 1500
_SHOW_LINES = 4
_GIT_TIMEOUT_S = 60.0
_MAX_SCAN_FILES = 2000  # files searched for the target of a diff that names none
_MAX_SCAN_BYTES = 1_000_000
_TAB_COLS = 4
_STALE_SIMILARITY = 0.6  # a stale context line must still resemble the real one

_BOUNDARY = "\x00boundary\x00"  # stands for a Markdown fence line: ends any hunk
_FENCE_RE = re.compile(r"^(```|~~~)")
_HUNK_RE = re.compile(r"^@@+\s*-(\d+)(?:,(\d+))?\s+\+(\d+)(?:,(\d+))?\s*@@+(.*)$")
_SR_START_RE = re.compile(r"^<{5,9}\s*SEARCH\s*$")
_SR_MID_RE = re.compile(r"^={5,9}\s*$")
_SR_END_RE = re.compile(r"^>{5,9}\s*REPLACE\s*$")
_PATH_TOKEN_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_./-]*\.[A-Za-z0-9_]+")
_EXTENDED_HEADERS = (
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


@dataclass(frozen=True)
class Attempt:
    stage: str
    ok: bool
    detail: str


@dataclass(frozen=True)
class ApplyResult:
    ok: bool
    stage: str | None
    attempts: tuple[Attempt, ...]
    files: tuple[str, ...]
    reason: str  # empty on success
    diff: str = ""  # on success: the strict diff that lands (passes `git apply --check` as it is)


class _Refuse(Exception):
    """One stage (or the whole patch) cannot land; `str(exc)` says why, for the model."""


class _Ambiguous(_Refuse):
    """The patch fits at several places (or in several ways): never guessed."""


# --------------------------------------------------------------------------- file content


@dataclass
class _Content:
    lines: list[str]  # without "\n" (a CRLF file keeps its "\r")
    eol: bool = True  # the last line ends with "\n" (True for an empty file)

    @classmethod
    def from_text(cls, text: str) -> _Content:
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


def _norm(line: str) -> str:
    """A line with its whitespace runs collapsed and its ends trimmed."""
    return " ".join(line.split())


def _lead(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" \t"))]


def _cols(lead: str) -> int:
    return sum(_TAB_COLS if ch == "\t" else 1 for ch in lead)


# --------------------------------------------------------------------------- parsed patch


@dataclass
class _Hunk:
    number: int
    header: str
    old_start: int | None
    old_count: int | None
    new_start: int | None
    new_count: int | None
    section: str
    tags: list[str] = field(default_factory=list)  # " ", "-" or "+"
    texts: list[str] = field(default_factory=list)
    old_noeol: bool = False
    new_noeol: bool = False
    by_counts: _Hunk | None = None  # the reading the @@ counts delimit, when it differs from this one
    readings: list[_Hunk] = field(default_factory=list)  # other plausible extents of the hunk

    @property
    def old(self) -> list[str]:
        return [t for g, t in zip(self.tags, self.texts, strict=True) if g != "+"]

    @property
    def new(self) -> list[str]:
        return [t for g, t in zip(self.tags, self.texts, strict=True) if g != "-"]

    def label(self) -> str:
        header = self.header if len(self.header) <= 60 else self.header[:57] + "..."
        return f"hunk {self.number} ({header})"


@dataclass
class _FilePatch:
    src: str | None = None  # path read (None: unknown yet, or a new file)
    dst: str | None = None  # path written (None: unknown yet, or a deleted file)
    src_null: bool = False  # "--- /dev/null" or "new file mode"
    dst_null: bool = False  # "+++ /dev/null" or "deleted file mode"
    has_git_header: bool = False
    has_file_headers: bool = False
    binary: bool = False
    hunks: list[_Hunk] = field(default_factory=list)

    @property
    def path(self) -> str | None:
        return self.src if self.src is not None else self.dst

    @property
    def named(self) -> bool:
        return self.src is not None or self.dst is not None


@dataclass
class _Block:
    path: str | None
    search: list[str]
    replace: list[str]
    number: int


@dataclass
class _Parsed:
    files: list[_FilePatch]
    blocks: list[_Block]
    mentioned: list[str]  # path-like tokens in the text, for a diff that names no file


def _strip_prefix(raw: str, prefix: str) -> str:
    return raw[len(prefix) :] if raw.startswith(prefix) else raw


def _header_path(raw: str) -> str:
    # GNU diff appends "\t<timestamp>"; models sometimes add trailing spaces.
    return raw.split("\t", 1)[0].strip()


def _split_git_header(rest: str) -> tuple[str, str] | None:
    spaces = [m.start() for m in re.finditer(" ", rest)]
    splits = [(rest[:i], rest[i + 1 :]) for i in spaces]
    for left, right in splits:
        if _strip_prefix(left, "a/") == _strip_prefix(right, "b/"):
            return left, right
    for left, right in splits:
        if left.startswith("a/") and right.startswith("b/"):
            return left, right
    return splits[0] if splits else None


def _prepare_lines(text: str) -> list[str]:
    """The text's lines with fences as _BOUNDARY; only the fenced blocks when some hold a diff."""
    if "\r\n" in text and text.count("\r\n") == text.count("\n"):
        text = text.replace("\r\n", "\n")  # the whole reply was converted: not the file's CRLF
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not any(_FENCE_RE.match(line) for line in lines):
        return lines
    blocks: list[list[str]] = []
    current: list[str] | None = None
    for line in lines:
        if _FENCE_RE.match(line):
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
        return [_BOUNDARY if _FENCE_RE.match(line) else line for line in lines]
    out: list[str] = []
    for block in diffy:
        out.extend(block)
        out.append(_BOUNDARY)
    return out


def _looks_like_diff(line: str) -> bool:
    return line.startswith(("@@", "--- ", "+++ ", "diff --git ")) or bool(_SR_START_RE.match(line))


def _parse(text: str) -> _Parsed:
    lines = _prepare_lines(text)
    files: list[_FilePatch] = []
    cur: _FilePatch | None = None
    i = 0
    n = len(lines)

    def fresh() -> _FilePatch:
        patch = _FilePatch()
        files.append(patch)
        return patch

    while i < n:
        line = lines[i]
        nxt = lines[i + 1] if i + 1 < n else ""
        if line.startswith("diff --git "):
            cur = fresh()
            cur.has_git_header = True
            pair = _split_git_header(line[len("diff --git ") :].rstrip())
            if pair is not None:
                cur.src = _strip_prefix(pair[0], "a/")
                cur.dst = _strip_prefix(pair[1], "b/")
            i += 1
            continue
        if cur is not None and not cur.hunks and line.startswith(_EXTENDED_HEADERS):
            if line.startswith("new file mode "):
                cur.src_null = True
            elif line.startswith("deleted file mode "):
                cur.dst_null = True
            elif line.startswith(("rename from ", "copy from ")):
                cur.src = line.split(" ", 2)[2].strip()
            elif line.startswith(("rename to ", "copy to ")):
                cur.dst = line.split(" ", 2)[2].strip()
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
            hunk, i = _parse_hunk(lines, i, len(cur.hunks) + 1)
            cur.hunks.append(hunk)
            continue
        i += 1
    files = [f for f in files if f.hunks or f.binary or f.src_null or f.dst_null or f.src != f.dst]
    blocks = _parse_blocks(text)
    mentioned = list(dict.fromkeys(_PATH_TOKEN_RE.findall(text)))
    return _Parsed(files, blocks, mentioned)


def _set_old(patch: _FilePatch, raw: str) -> None:
    if raw == "/dev/null":
        patch.src_null = True
        patch.src = None
    else:
        patch.src = _strip_prefix(raw, "a/")
        if patch.dst is None and not patch.dst_null:
            patch.dst = patch.src


def _set_new(patch: _FilePatch, raw: str) -> None:
    if raw == "/dev/null":
        patch.dst_null = True
        patch.dst = None
    else:
        patch.dst = _strip_prefix(raw, "b/")
        if patch.src is None and not patch.src_null:
            patch.src = patch.dst


def _is_body(line: str) -> bool:
    return line == "" or line[0] in " +-\\"


def _parse_hunk(lines: list[str], i: int, number: int) -> tuple[_Hunk, int]:
    header = lines[i].rstrip()
    m = _HUNK_RE.match(header)
    if m:
        os_, oc, ns, nc = (int(g) if g is not None else None for g in m.groups()[:4])
        hunk = _Hunk(
            number,
            header,
            os_,
            1 if oc is None else oc,
            ns,
            1 if nc is None else nc,
            m.group(5).strip(),
        )
    else:
        hunk = _Hunk(number, header, None, None, None, None, "")
    body: list[str] = []
    j = i + 1
    structural = False  # ended by a fence, a hunk or a file header rather than prose or the end
    while j < len(lines):
        line = lines[j]
        if (
            line == _BOUNDARY
            or line.startswith(("@@", "diff --git "))
            or (line.startswith("--- ") and j + 1 < len(lines) and lines[j + 1].startswith("+++ "))
        ):
            structural = True
            break
        if not _is_body(line):
            break
        body.append(line)
        j += 1
    end = i + 1 + len(body)
    greedy = list(body)
    while greedy and greedy[-1] == "":
        greedy.pop()
    counted = _counted_body(body, hunk.old_count, hunk.new_count)
    if counted is not None and all(line == "" for line in body[len(counted) :]):
        _fill(hunk, counted)  # the counts end the hunk cleanly: only blank lines follow
        return hunk, end
    _fill(hunk, greedy)
    if counted is not None:
        hunk.by_counts = _reading(hunk, counted)
    if structural:
        return hunk, end  # inside a fence, or before the next hunk: all of it is diff
    # More body-like lines follow where the counts end the hunk, or after an empty line, and
    # then prose or the end of the text: wrong counts (or a blank context line written as ""),
    # or prose after the diff? Every plausible end is kept as another reading, and all readings
    # that apply must agree (_apply_hunks). A tail closed by a non-blank context line is diff,
    # not prose: that context has to match the file.
    ends: set[int] = set()
    if counted is not None:
        last_ctx = max(
            (k + 1 for k, line in enumerate(greedy) if line[:1] == " " and line.strip()), default=0
        )
        for p in range(min(len(counted), last_ctx), len(greedy)):
            if not _closed_by_context(greedy[p:]):
                ends.add(p)
    for k in range(len(greedy) - 1, 0, -1):
        if greedy[k] == "" and not _closed_by_context(greedy[k + 1 :]):
            if any(line[:1] in "+-" for line in greedy[k + 1 :]):
                ends.add(k)
            break
    seen = [greedy]
    for p in sorted(ends):
        cut = greedy[:p]
        while cut and cut[-1] == "":
            cut.pop()
        if cut not in seen:
            seen.append(cut)
            hunk.readings.append(_reading(hunk, cut))
    return hunk, end


def _reading(hunk: _Hunk, body: list[str]) -> _Hunk:
    other = replace(hunk, tags=[], texts=[], old_noeol=False, new_noeol=False, by_counts=None, readings=[])
    _fill(other, body)
    return other


def _closed_by_context(extra: list[str]) -> bool:
    """True when a non-blank context line follows the last +/- line of `extra`."""
    last = max((k for k, line in enumerate(extra) if line[:1] in "+-"), default=-1)
    return any(line[:1] == " " and line.strip() for line in extra[last + 1 :])


def _fill(hunk: _Hunk, body: list[str]) -> None:
    for line in body:
        if line.startswith("\\"):
            if hunk.tags:
                last = hunk.tags[-1]
                if last in " -":
                    hunk.old_noeol = True
                if last in " +":
                    hunk.new_noeol = True
            continue
        hunk.tags.append(line[:1] or " ")
        hunk.texts.append(line[1:])


def _counted_body(body: list[str], old_count: int | None, new_count: int | None) -> list[str] | None:
    """The start of the body the header counts delimit (with a "\\ No newline" marker after
    it), or None when the body runs out first."""
    if old_count is None or new_count is None:
        return None
    old_left, new_left = old_count, new_count
    k = 0
    while k < len(body) and (old_left > 0 or new_left > 0):
        tag = body[k][:1]
        if tag == "-":
            old_left -= 1
        elif tag == "+":
            new_left -= 1
        elif tag in (" ", ""):
            old_left -= 1
            new_left -= 1
        k += 1
    if old_left != 0 or new_left != 0:
        return None
    while k < len(body) and body[k].startswith("\\"):
        k += 1
    return body[:k]


def _parse_blocks(text: str) -> list[_Block]:
    lines = text.replace("\r\n", "\n").split("\n")
    blocks: list[_Block] = []
    i = 0
    while i < len(lines):
        if not _SR_START_RE.match(lines[i]):
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
            blocks.append(_Block(path, search, replace, len(blocks) + 1))
        i = k + 1
    return blocks


def _block_path(lines: list[str], start: int) -> str | None:
    for back in range(start - 1, max(-1, start - 4), -1):
        line = lines[back].strip()
        if not line or _FENCE_RE.match(line):
            continue
        cleaned = line.strip("`*#: ")
        for prefix in ("File:", "file:", "Path:", "path:"):
            cleaned = _strip_prefix(cleaned, prefix).strip("`*: ")
        if cleaned and not any(ch.isspace() for ch in cleaned):
            return cleaned
        return None
    return None


# --------------------------------------------------------------------------- the worktree


class _Tree:
    """Reads of the worktree, confined to it; the original bytes are kept for restores."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.original: dict[str, bytes | None] = {}
        self.modes: dict[str, int] = {}

    def safe(self, raw: str) -> str:
        """The normalised relative path, or _Refuse for anything outside the worktree."""
        if not raw:
            raise _Refuse("empty path in the patch")
        if any(ord(ch) < 32 or ch in '"\\' for ch in raw):
            raise _Refuse(f"unsupported characters in path {raw!r}")
        if raw.startswith("/") or re.match(r"^[A-Za-z]:", raw):
            raise _Refuse(f"absolute path not allowed: {raw}")
        parts = [p for p in raw.split("/") if p not in ("", ".")]
        if ".." in parts:
            raise _Refuse(f"path escapes the worktree ('..'): {raw}")
        if not parts:
            raise _Refuse(f"empty path in the patch: {raw!r}")
        if any(p.lower() == ".git" for p in parts):
            raise _Refuse(f"path inside .git not allowed: {raw}")
        for depth in range(1, len(parts) + 1):
            if (self.root.joinpath(*parts[:depth])).is_symlink():
                raise _Refuse(f"path goes through a symlink: {raw}")
        path = "/".join(parts)
        full = self.root.joinpath(*parts)
        try:
            full.resolve().relative_to(self.root)
        except ValueError as exc:
            raise _Refuse(f"path escapes the worktree: {raw}") from exc
        return path

    def read(self, path: str) -> _Content | None:
        if path not in self.original:
            full = self.root / path
            if full.is_dir():
                raise _Refuse(f"{path} is a directory")
            if full.is_file():
                data = full.read_bytes()
                self.modes[path] = full.stat().st_mode
            elif full.exists():
                raise _Refuse(f"{path} is not a regular file")
            else:
                data = None
            self.original[path] = data
        data = self.original[path]
        if data is None:
            return None
        if b"\0" in data:
            raise _Refuse(f"{path} is a binary file")
        return _Content.from_text(data.decode("utf-8", errors="surrogateescape"))

    def mode(self, path: str) -> str:
        return "100755" if self.modes.get(path, 0) & stat.S_IXUSR else "100644"

    def current_bytes(self, path: str) -> bytes | None:
        full = self.root / path
        return full.read_bytes() if full.is_file() else None

    def restore(self, paths: Sequence[str]) -> None:
        for path in paths:
            data = self.original.get(path)
            full = self.root / path
            if data is None:
                if full.is_file():
                    full.unlink()
            elif full.is_symlink() or not full.exists() or full.read_bytes() != data:
                full.parent.mkdir(parents=True, exist_ok=True)
                full.write_bytes(data)

    def tracked_files(self) -> list[str]:
        proc = _git(self.root, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
        if proc.returncode == 0:
            names = [n for n in proc.stdout.decode("utf-8", "surrogateescape").split("\0") if n]
        else:
            names = list(
                p.relative_to(self.root).as_posix()
                for p in self.root.rglob("*")
                if p.is_file() and ".git" not in p.relative_to(self.root).parts
            )
        return sorted(set(names))[:_MAX_SCAN_FILES]


def _git(root: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[bytes]:
    cmd = ["git", "-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", *args]
    try:
        return subprocess.run(
            cmd,
            cwd=root,
            input=None if stdin is None else stdin.encode("utf-8", errors="surrogateescape"),
            capture_output=True,
            env=git_tool.git_env(),
            timeout=_GIT_TIMEOUT_S,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return subprocess.CompletedProcess(cmd, 127, b"", str(exc).encode())


def _git_error(proc: subprocess.CompletedProcess[bytes]) -> str:
    lines = [ln.strip() for ln in proc.stderr.decode("utf-8", "replace").splitlines() if ln.strip()]
    errors = [ln for ln in lines if ln.startswith(("error:", "fatal:"))] or lines
    return "; ".join(errors[:3]) or f"exit status {proc.returncode}"


class _Git:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.config = git_tool.filters_off(root) if (root / ".git").exists() else []

    def apply(self, diff: str, *options: str) -> subprocess.CompletedProcess[bytes]:
        if not diff.endswith("\n"):
            diff += "\n"
        return _git(self.root, *self.config, "apply", "--whitespace=nowarn", *options, "-", stdin=diff)

    def numstat_paths(self, diff: str) -> list[str] | None:
        proc = self.apply(diff, "--numstat", "-z")
        if proc.returncode != 0:
            return None
        return git_tool.parse_numstat(proc.stdout.decode("utf-8", "surrogateescape"))


# --------------------------------------------------------------------------- rendering


def _terminated(content: _Content) -> list[str]:
    out = [line + "\n" for line in content.lines]
    if out and not content.eol:
        out[-1] = out[-1][:-1]
    return out


def _diff_line(tag: str, line: str) -> str:
    if line.endswith("\n"):
        return tag + line
    return tag + line + "\n\\ No newline at end of file\n"


def _render(path: str, old: _Content | None, new: _Content | None, mode: str = "100644") -> str:
    """A git diff taking `path` from `old` to `new` (None: absent)."""
    if old is None and new is None:
        return ""
    a = _terminated(old) if old is not None else []
    b = _terminated(new) if new is not None else []
    if old is not None and new is not None and a == b:
        return ""
    out = [f"diff --git a/{path} b/{path}\n"]
    if old is None:
        out.append(f"new file mode {mode}\n")
    elif new is None:
        out.append(f"deleted file mode {mode}\n")
    if not a and not b:
        return "".join(out)  # an empty file created or deleted: headers only
    out.append("--- /dev/null\n" if old is None else f"--- a/{path}\n")
    out.append("+++ /dev/null\n" if new is None else f"+++ b/{path}\n")
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for group in matcher.get_grouped_opcodes(3):
        i1, i2, j1, j2 = group[0][1], group[-1][2], group[0][3], group[-1][4]
        old_len, new_len = i2 - i1, j2 - j1
        old_start = i1 + 1 if old_len else i1
        new_start = j1 + 1 if new_len else j1
        out.append(f"@@ -{old_start},{old_len} +{new_start},{new_len} @@\n")
        for tag, g1, g2, h1, h2 in group:
            if tag == "equal":
                out.extend(_diff_line(" ", line) for line in a[g1:g2])
                continue
            out.extend(_diff_line("-", line) for line in a[g1:g2])
            out.extend(_diff_line("+", line) for line in b[h1:h2])
    return "".join(out)


def render_diff(worktree: Path, path: str, new_text: str) -> str:
    """A git-style unified diff (`diff --git`, a/ b/ prefixes) from the current content of
    `path` in `worktree` (absent: a new file) to `new_text`; "" when nothing changes."""
    tree = _Tree(worktree.resolve())
    rel = tree.safe(path)
    old = tree.read(rel)
    return _render(rel, old, _Content.from_text(new_text), tree.mode(rel))


# --------------------------------------------------------------------------- matching


@dataclass
class _Placement:
    pos: int
    mode: str  # "exact", "loose" or "stale"
    matched: list[bool]  # per old line: equal (loosely) to the file's line


def _exact_positions(needle: list[str], lines: list[str]) -> list[int]:
    m = len(needle)
    if m == 0 or m > len(lines):
        return []
    first = needle[0]
    return [i for i in range(len(lines) - m + 1) if lines[i] == first and lines[i : i + m] == needle]


def _loose_positions(needle: list[str], lines: list[str], normed: list[str]) -> list[int]:
    m = len(needle)
    if m == 0 or m > len(lines):
        return []
    want = [_norm(x) for x in needle]
    return [i for i in range(len(lines) - m + 1) if normed[i] == want[0] and normed[i : i + m] == want]


def _stale_positions(hunk: _Hunk, normed: list[str]) -> list[tuple[int, list[bool]]]:
    """Places where every removed line matches and at most a few context lines differ slightly."""
    old_tags = [g for g in hunk.tags if g != "+"]
    want = [_norm(x) for x in hunk.old]
    m = len(want)
    n_ctx = old_tags.count(" ")
    allowed = max(1, n_ctx // 3)
    found: list[tuple[int, list[bool]]] = []
    for i in range(len(normed) - m + 1):
        matched: list[bool] = []
        misses = 0
        for k in range(m):
            ok = normed[i + k] == want[k]
            if not ok:
                if old_tags[k] == "-" or not want[k] or not normed[i + k]:
                    break
                misses += 1
                if misses > allowed:
                    break
                ratio = difflib.SequenceMatcher(None, want[k], normed[i + k], autojunk=False).ratio()
                if ratio < _STALE_SIMILARITY:
                    break
            matched.append(ok)
        else:
            anchors_removed = sum(1 for k in range(m) if old_tags[k] == "-" and want[k])
            anchors_ctx = sum(1 for k in range(m) if old_tags[k] == " " and matched[k] and want[k])
            if misses and (anchors_removed >= 1 or anchors_ctx >= 2):
                found.append((i, matched))
    return found


def _lines_at(positions: Sequence[int]) -> str:
    shown = [str(p + 1) for p in positions[:5]]
    more = f" and {len(positions) - 5} more" if len(positions) > 5 else ""
    return (", ".join(shown[:-1]) + " and " + shown[-1] if len(shown) > 1 else shown[0]) + more


def _quote(lines: Sequence[str], first: int | None = None, limit: int = _SHOW_LINES) -> str:
    out: list[str] = []
    for k, line in enumerate(lines[:limit]):
        shown = line.rstrip("\r")
        shown = shown if len(shown) <= 100 else shown[:97] + "..."
        out.append(f"    {first + k}: {shown}" if first is not None else f"    | {shown}")
    if len(lines) > limit:
        out.append(f"    ... ({len(lines) - limit} more)")
    return "\n".join(out)


def _closest(needle: list[str], lines: list[str]) -> tuple[int, int, float] | None:
    """(start, length, similarity) of the window of the file most like `needle`."""
    if not needle or not lines:
        return None
    m = min(len(needle), len(lines))
    normed = [_norm(x) for x in lines]
    want = {_norm(x) for x in needle if x.strip()}
    scores = [(sum(1 for k in range(m) if normed[i + k] in want), -i) for i in range(len(lines) - m + 1)]
    candidates = [-neg for _, neg in sorted(scores, reverse=True)[:12]]
    target = "\n".join(_norm(x) for x in needle)
    best: tuple[int, int, float] | None = None
    for start in candidates:
        ratio = difflib.SequenceMatcher(
            None, target, "\n".join(normed[start : start + m]), autojunk=False
        ).ratio()
        if best is None or ratio > best[2]:
            best = (start, m, ratio)
    return best


def _miss_reason(path: str, what: str, needle: list[str], new: list[str], lines: list[str]) -> str:
    text = f"{path} {what}: its lines match nowhere in the file. Expected:\n{_quote(needle)}"
    normed = [_norm(x) for x in lines]
    applied = _loose_positions(new, lines, normed) if new and new != needle else []
    if len(applied) == 1:
        text += f"\nIt looks already applied: its new lines are at line {applied[0] + 1}."
    close = _closest(needle, lines)
    if close is not None and close[2] > 0.2:
        start, length, ratio = close
        text += (
            f"\nClosest lines in {path} (lines {start + 1}-{start + length}, {ratio:.0%} similar):\n"
            + _quote(lines[start : start + length], first=start + 1)
        )
    return text


def _ambiguous_reason(path: str, what: str, positions: Sequence[int], needle: list[str]) -> str:
    return (
        f"ambiguous: {path} {what}: the hunk's context matches at lines {_lines_at(positions)}; "
        f"add context lines that occur only at the intended place. Its lines:\n{_quote(needle)}"
    )


def _locate(
    path: str,
    hunk: _Hunk,
    lines: list[str],
    normed: list[str],
    *,
    relocate: bool,
    max_drift: int | None,
) -> _Placement:
    old = hunk.old
    what = hunk.label()
    if not old:
        if not lines:
            return _Placement(0, "exact", [])
        raise _Refuse(
            f"{path} {what} has no context or removed lines, so there is no telling where it goes; "
            "include a few unchanged lines around the change"
        )
    stated = hunk.old_start - 1 if hunk.old_start is not None and hunk.old_start > 0 else None
    exact = _exact_positions(old, lines)
    placement: _Placement | None = None
    if len(exact) == 1 or (len(exact) > 1 and stated in exact):
        pos = exact[0] if len(exact) == 1 else stated
        assert pos is not None
        placement = _Placement(pos, "exact", [True] * len(old))
    elif len(exact) > 1:
        raise _Ambiguous(_ambiguous_reason(path, what, exact, old))
    elif not relocate:
        raise _Refuse(_miss_reason(path, what, old, hunk.new, lines))
    else:
        loose = _loose_positions(old, lines, normed)
        if len(loose) == 1:
            placement = _Placement(loose[0], "loose", [True] * len(old))
        elif len(loose) > 1:
            raise _Ambiguous(_ambiguous_reason(path, what, loose, old))
        else:
            stale = _stale_positions(hunk, normed)
            if len(stale) == 1:
                placement = _Placement(stale[0][0], "stale", stale[0][1])
            elif len(stale) > 1:
                raise _Ambiguous(_ambiguous_reason(path, what, [p for p, _ in stale], old))
            else:
                raise _Refuse(_miss_reason(path, what, old, hunk.new, lines))
    if max_drift is not None and stated is not None and abs(placement.pos - stated) > max_drift:
        raise _Refuse(
            f"{path} {what} matches only at line {placement.pos + 1}, "
            f"{abs(placement.pos - stated)} lines from its stated line {stated + 1} (max drift {max_drift})"
        )
    return placement


class _Reindent:
    """Maps the indentation of a hunk's added lines onto the file's, from the matched pairs."""

    def __init__(self, pairs: list[tuple[str, str]]) -> None:
        leads = [(_lead(h), _lead(f)) for h, f in pairs if h.strip() and f.strip()]
        self.identity = all(h == f for h, f in leads)
        self.mapping: dict[str, str] = {}
        self.consistent = True
        for h, f in leads:
            if self.mapping.setdefault(h, f) != f:
                self.consistent = False
        self.leads = leads

    def __call__(self, line: str) -> str | None:
        if self.identity or not line.strip():
            return line
        if not self.consistent:
            return None
        lead = _lead(line)
        if lead in self.mapping:
            return self.mapping[lead] + line[len(lead) :]
        width = self._width(_cols(lead))
        if width is None or width < 0:
            return None
        file_leads = [f for _, f in self.leads if f]
        if file_leads and all(set(f) == {"\t"} for f in file_leads):
            if width % _TAB_COLS:
                return None
            return "\t" * (width // _TAB_COLS) + line[len(lead) :]
        if any("\t" in f for f in file_leads):
            return None
        return " " * width + line[len(lead) :]

    def _width(self, w: int) -> int | None:
        pairs = [(_cols(h), _cols(f)) for h, f in self.leads]
        offsets = {f - h for h, f in pairs}
        offset = offsets.pop() + w if len(offsets) == 1 else None
        ratios = {f / h for h, f in pairs if h}
        zero_ok = all(f == 0 for h, f in pairs if h == 0)
        scale: int | None = None
        if len(ratios) == 1 and zero_ok:
            k = ratios.pop()
            if (w * k).is_integer():
                scale = int(w * k)
        if offset is None or scale is None or offset == scale:
            return offset if scale is None else scale
        # Both a shift and a scaling explain the matched lines but disagree here: unsure.
        return None


def _adapt_eol(line: str, crlf: bool) -> str:
    if crlf and not line.endswith("\r"):
        return line + "\r"
    if not crlf and line.endswith("\r"):
        return line[:-1]
    return line


_MAX_READINGS = 8


def _apply_hunks(
    path: str,
    hunks: list[_Hunk],
    content: _Content,
    *,
    relocate: bool,
    max_drift: int | None,
    counted: bool = False,
) -> _Content:
    """The hunks applied to `content`. A hunk with several plausible extents (`readings`) lands
    only if every reading that applies gives the same result; `counted` takes the reading the
    @@ counts delimit, as git does."""
    if counted:
        return _apply_hunk_set(
            path, [h.by_counts or h for h in hunks], content, relocate=relocate, max_drift=max_drift
        )
    choices = [[h, *h.readings] for h in hunks]
    combos = list(itertools.islice(itertools.product(*choices), _MAX_READINGS))
    results: list[_Content] = []
    first: _Refuse | None = None
    for combo in combos:
        try:
            results.append(
                _apply_hunk_set(path, list(combo), content, relocate=relocate, max_drift=max_drift)
            )
        except _Ambiguous:
            raise  # a reading that fits at several places is not one that does not fit
        except _Refuse as exc:
            first = first or exc
    if not results:
        assert first is not None
        raise first
    if len(combos) < math.prod(len(c) for c in choices) or any(r != results[0] for r in results[1:]):
        hunk = next(h for h in hunks if h.readings)
        raise _Ambiguous(
            f"ambiguous: {path} {hunk.label()}: where it ends is unclear: more +/- lines follow where "
            "its @@ counts end it or after an empty line (prose, or part of the hunk?); fix the counts, "
            "write blank context lines as a single space, or put the diff alone in a ```diff fence"
        )
    return results[0]


def _apply_hunk_set(
    path: str, hunks: list[_Hunk], content: _Content, *, relocate: bool, max_drift: int | None
) -> _Content:
    lines = content.lines
    normed = [_norm(x) for x in lines]
    placed = [(_locate(path, h, lines, normed, relocate=relocate, max_drift=max_drift), h) for h in hunks]
    placed.sort(key=lambda item: item[0].pos)
    for (a, ha), (b, hb) in itertools.pairwise(placed):
        if a.pos + len(ha.old) > b.pos:
            raise _Refuse(f"{path} {ha.label()} and {hb.label()} overlap (lines {a.pos + 1} and {b.pos + 1})")
    crlf = bool(lines) and sum(x.endswith("\r") for x in lines) * 2 > len(lines)
    out = list(lines)
    eol = content.eol
    for placement, hunk in reversed(placed):
        real = lines[placement.pos : placement.pos + len(hunk.old)]
        reindent = _Reindent(
            [(h, f) for h, f, ok in zip(hunk.old, real, placement.matched, strict=True) if ok]
        )
        region: list[str] = []
        k = 0
        for tag, text in zip(hunk.tags, hunk.texts, strict=True):
            if tag == " ":
                region.append(real[k])
                k += 1
            elif tag == "-":
                k += 1
            elif placement.mode == "exact":
                region.append(text)
            else:
                fixed = reindent(text)
                if fixed is None:
                    raise _Refuse(
                        f"{path} {hunk.label()}: its whitespace differs from the file's and the "
                        f"indentation of added line {text.strip()[:60]!r} cannot be mapped onto it; "
                        "copy the context lines exactly"
                    )
                region.append(_adapt_eol(fixed, crlf))
        end = placement.pos + len(hunk.old)
        out[placement.pos : end] = region
        if end == len(lines) and (hunk.old_noeol or hunk.new_noeol):
            eol = not hunk.new_noeol
    return _Content(out, eol if out else True)


# --------------------------------------------------------------------------- computing a result


_Changes = dict[str, "_Content | None"]


def _infer_target(tree: _Tree, parsed: _Parsed, needles: list[list[str]]) -> str:
    """The one file a diff without file names must be for, or _Refuse: the only file holding
    all its old lines, or among several such files the only one the text mentions."""
    mentioned: list[str] = []
    for token in parsed.mentioned:
        try:
            rel = tree.safe(_strip_prefix(_strip_prefix(token, "a/"), "b/"))
        except _Refuse:
            continue
        if (tree.root / rel).is_file() and rel not in mentioned:
            mentioned.append(rel)
    needles = [n for n in needles if n]
    if not needles:
        if len(mentioned) == 1:
            return mentioned[0]
        raise _Refuse("the patch names no file and has no lines to find one by; add `--- a/<path>` headers")
    hits: list[str] = []
    for name in tree.tracked_files():
        full = tree.root / name
        try:
            if full.is_symlink() or not full.is_file() or full.stat().st_size > _MAX_SCAN_BYTES:
                continue
            data = full.read_bytes()
        except OSError:
            continue
        if b"\0" in data:
            continue
        lines = _Content.from_text(data.decode("utf-8", "surrogateescape")).lines
        normed = [_norm(x) for x in lines]
        if all(_loose_positions(n, lines, normed) for n in needles):
            hits.append(name)
    named_hits = [h for h in hits if h in mentioned]
    if len(hits) == 1:
        return tree.safe(hits[0])
    if len(named_hits) == 1:
        return tree.safe(named_hits[0])
    if not hits:
        if len(mentioned) == 1:
            return mentioned[0]  # its lines are not there: the refusal will show the closest ones
        raise _Refuse(
            "the patch names no file, and no file in the worktree holds its lines; add file headers"
        )
    raise _Refuse(
        "the patch names no file, and its lines occur in several files ("
        + ", ".join(hits[:5])
        + "); add `--- a/<path>` / `+++ b/<path>` headers"
    )


def _resolve_paths(tree: _Tree, parsed: _Parsed) -> None:
    """Fill in missing file names and normalise every path, refusing unsafe ones."""
    for patch in parsed.files:
        if not patch.named:
            if patch.src_null or patch.dst_null:
                raise _Refuse("the patch creates or deletes a file without naming it")
            target = _infer_target(tree, parsed, [h.old for h in patch.hunks])
            patch.src = patch.dst = target
        if patch.src is not None:
            patch.src = tree.safe(patch.src)
        if patch.dst is not None:
            patch.dst = tree.safe(patch.dst)
    for block in parsed.blocks:
        if block.path is None:
            block.path = _infer_target(tree, parsed, [block.search])
        else:
            block.path = tree.safe(block.path)


def _state(tree: _Tree, changes: _Changes, path: str) -> _Content | None:
    return changes[path] if path in changes else tree.read(path)


def _compute_diff(
    tree: _Tree, files: list[_FilePatch], *, relocate: bool, max_drift: int | None, counted: bool = False
) -> _Changes:
    changes: _Changes = {}
    for patch in files:
        if patch.binary:
            raise _Refuse("binary patches are not supported")
        path = patch.path
        assert path is not None
        current = None if patch.src_null else _state(tree, changes, path)
        all_new = all(not h.old for h in patch.hunks)
        if current is None and not patch.src_null and not (all_new and not patch.dst_null):
            raise _Refuse(f"{path} does not exist in the worktree")
        if current is None:  # a new file
            dest = patch.dst or path
            existing = _state(tree, changes, dest)
            if existing is not None and existing.lines:
                raise _Refuse(f"{dest} already exists; the patch creates it as a new file")
            new = _apply_hunks(
                dest, patch.hunks, _Content([]), relocate=relocate, max_drift=None, counted=counted
            )
            changes[dest] = new
            continue
        if patch.dst_null:
            new = _apply_hunks(path, patch.hunks, current, relocate=False, max_drift=None, counted=counted)
            if new.lines:
                raise _Refuse(f"{path}: the patch deletes the file but does not remove all its lines")
            changes[path] = None
            continue
        new = _apply_hunks(
            path, patch.hunks, current, relocate=relocate, max_drift=max_drift, counted=counted
        )
        dest = patch.dst or path
        if dest != path:
            if _state(tree, changes, dest) is not None:
                raise _Refuse(f"{dest} already exists; the patch renames {path} onto it")
            changes[path] = None
        changes[dest] = new
    return changes


def _compute_blocks(tree: _Tree, blocks: list[_Block]) -> _Changes:
    changes: _Changes = {}
    for block in blocks:
        path = block.path
        assert path is not None
        what = f"SEARCH/REPLACE block {block.number}"
        current = _state(tree, changes, path)
        search = block.search
        if current is None:
            if any(x.strip() for x in search):
                raise _Refuse(f"{path} does not exist in the worktree ({what})")
            changes[path] = _Content(list(block.replace))
            continue
        if not any(x.strip() for x in search):
            raise _Refuse(f"{path} {what} has an empty SEARCH section; quote the lines to replace")
        lines = current.lines
        normed = [_norm(x) for x in lines]
        crlf = bool(lines) and sum(x.endswith("\r") for x in lines) * 2 > len(lines)
        exact = _exact_positions(search, lines)
        if len(exact) == 1:
            pos, replacement = exact[0], list(block.replace)
        elif len(exact) > 1:
            raise _Refuse(
                _ambiguous_reason(path, what, exact, search).replace("hunk's context", "search text")
            )
        else:
            loose = _loose_positions(search, lines, normed)
            if len(loose) > 1:
                raise _Refuse(
                    _ambiguous_reason(path, what, loose, search).replace("hunk's context", "search text")
                )
            if not loose:
                raise _Refuse(_miss_reason(path, what, search, block.replace, lines))
            pos = loose[0]
            reindent = _Reindent(list(zip(search, lines[pos : pos + len(search)], strict=True)))
            replacement = []
            for text in block.replace:
                fixed = reindent(text)
                if fixed is None:
                    raise _Refuse(
                        f"{path} {what}: its whitespace differs from the file's and the indentation "
                        f"of replacement line {text.strip()[:60]!r} cannot be mapped onto it"
                    )
                replacement.append(_adapt_eol(fixed, crlf))
        out = list(lines)
        out[pos : pos + len(search)] = replacement
        changes[path] = _Content(out, current.eol if out else True)
    return changes


def _serialise(files: list[_FilePatch], tree: _Tree) -> str:
    """The parsed diff as a well-formed git diff with recounted hunk headers."""
    out: list[str] = []
    for patch in files:
        src = patch.src or patch.dst
        dst = patch.dst or patch.src
        out.append(f"diff --git a/{src} b/{dst}\n")
        if patch.src_null:
            out.append("new file mode 100644\n")
        if patch.dst_null:
            out.append("deleted file mode 100644\n")
        if not patch.src_null and not patch.dst_null and src != dst:
            out.append(f"rename from {src}\nrename to {dst}\n")
        if not patch.hunks:
            continue
        out.append("--- /dev/null\n" if patch.src_null else f"--- a/{src}\n")
        out.append("+++ /dev/null\n" if patch.dst_null else f"+++ b/{dst}\n")
        current = None if patch.src_null or src is None else tree.read(src)
        delta = 0
        for hunk in patch.hunks:
            old, new = hunk.old, hunk.new
            if patch.src_null:
                old_start = 0
            elif hunk.old_start is not None:
                old_start = hunk.old_start
            elif current is not None and len(found := _exact_positions(old, current.lines)) == 1:
                old_start = found[0] + 1
            else:
                old_start = 1 if old else 0
            new_start = old_start + delta + (0 if old or not new else 1)
            delta += len(new) - len(old)
            section = f" {hunk.section}" if hunk.section else ""
            out.append(f"@@ -{old_start},{len(old)} +{new_start},{len(new)} @@{section}\n")
            last_old = max((k for k, g in enumerate(hunk.tags) if g != "+"), default=-1)
            last_new = max((k for k, g in enumerate(hunk.tags) if g != "-"), default=-1)
            for k, (tag, text) in enumerate(zip(hunk.tags, hunk.texts, strict=True)):
                out.append(tag + text + "\n")
                if (k == last_old and hunk.old_noeol) or (k == last_new and hunk.new_noeol):
                    out.append("\\ No newline at end of file\n")
    return "".join(out)


# --------------------------------------------------------------------------- landing


def _land(tree: _Tree, git: _Git, changes: _Changes, *, check_only: bool) -> tuple[tuple[str, ...], str]:
    """Render `changes`, `git apply --check` the diff, apply it and read the files back."""
    parts: list[str] = []
    for path in sorted(changes):
        old = tree.read(path)
        parts.append(_render(path, old, changes[path], tree.mode(path)))
    diff = "".join(parts)
    touched = tuple(p for p, part in zip(sorted(changes), parts, strict=True) if part)
    if not diff:
        raise _Refuse("the patch changes nothing (already applied?)")
    check = git.apply(diff, "--check")
    if check.returncode != 0:
        raise _Refuse("the computed result failed git apply --check: " + _git_error(check))
    if check_only:
        return touched, diff
    proc = git.apply(diff)
    if proc.returncode != 0:
        tree.restore(list(changes))
        raise _Refuse("git apply of the computed result failed: " + _git_error(proc))
    _confirm(tree, changes)
    return touched, diff


def _confirm(tree: _Tree, changes: _Changes) -> None:
    for path, content in changes.items():
        want = None if content is None else content.data()
        if tree.current_bytes(path) != want:
            tree.restore(list(changes))
            raise _Refuse(f"{path} did not end up as computed; the change was rolled back")


def _clip(text: str) -> str:
    return text if len(text) <= _MAX_REASON else text[: _MAX_REASON - 4] + " ..."


def _strict(
    tree: _Tree, git: _Git, text: str, parsed: _Parsed, *, check_only: bool, max_drift: int | None
) -> tuple[tuple[str, ...], str]:
    raw = text if text.endswith("\n") else text + "\n"
    check = git.apply(raw, "--check")
    if check.returncode != 0:
        raise _Refuse("git apply --check: " + _git_error(check))
    git_paths = git.numstat_paths(raw)
    if git_paths is None:
        raise _Refuse("git apply --numstat failed")
    safe_paths = {tree.safe(p) for p in git_paths}
    # git delimits hunks by their @@ counts: so does this reading.
    changes = _compute_diff(tree, parsed.files, relocate=False, max_drift=max_drift, counted=True)
    ours = {p for f in parsed.files for p in (f.src, f.dst) if p is not None}
    if safe_paths != ours:
        raise _Refuse("git reads this text differently from the parser; not applied as is")
    touched = tuple(sorted(changes))
    if check_only:
        return touched, raw
    proc = git.apply(raw)
    if proc.returncode != 0:
        tree.restore(list(changes))
        raise _Refuse("git apply: " + _git_error(proc))
    _confirm(tree, changes)
    return touched, raw


def apply_patch(
    worktree: Path, text: str, *, check_only: bool = False, max_drift: int | None = None
) -> ApplyResult:
    """Apply a model-written diff (or SEARCH/REPLACE blocks) to `worktree`; see the module doc.

    `max_drift`: refuse a hunk that matches only more than this many lines away from the line
    its @@ header states (None: anywhere in the file, as long as the match is unique). On
    failure `reason` names the hunk, the lines it expected and the closest real lines, or the
    places an ambiguous hunk matches."""
    root = worktree.resolve()
    attempts: list[Attempt] = []
    tree = _Tree(root)

    def refused(reason: str, files: tuple[str, ...] = ()) -> ApplyResult:
        return ApplyResult(False, None, tuple(attempts), files, _clip(reason))

    if not root.is_dir():
        return refused(f"worktree {worktree} is not a directory")
    if not text.strip():
        return refused("the patch is empty")
    parsed = _parse(text)
    try:
        _resolve_paths(tree, parsed)
    except _Refuse as exc:
        # A path outside the worktree refuses the whole patch before any stage runs.
        attempts.append(Attempt("parse", False, _clip(str(exc))))
        return refused(str(exc))
    named = tuple(
        sorted(
            {p for f in parsed.files for p in (f.src, f.dst) if p is not None}
            | {b.path for b in parsed.blocks if b.path is not None}
        )
    )
    if parsed.files and parsed.blocks:
        return refused("the text mixes a unified diff and SEARCH/REPLACE blocks; send one kind", named)
    git = _Git(root)
    has_diff = bool(parsed.files)

    stages: list[tuple[str, bool]] = [
        (STRICT, has_diff),
        (TOLERANT, has_diff),
        (RELOCATE, has_diff),
        (SEARCH_REPLACE, bool(parsed.blocks)),
    ]
    for stage, applicable in stages:
        if not applicable:
            continue
        try:
            if stage == STRICT:
                files, diff = _strict(tree, git, text, parsed, check_only=check_only, max_drift=max_drift)
            elif stage == TOLERANT:
                normalised = _serialise(parsed.files, tree)
                check = git.apply(normalised, "--recount", "--check")
                if check.returncode != 0:
                    raise _Refuse("git apply --recount --check of the normalised diff: " + _git_error(check))
                changes = _compute_diff(tree, parsed.files, relocate=False, max_drift=max_drift)
                files, diff = _land(tree, git, changes, check_only=check_only)
            elif stage == RELOCATE:
                changes = _compute_diff(tree, parsed.files, relocate=True, max_drift=max_drift)
                files, diff = _land(tree, git, changes, check_only=check_only)
            else:
                changes = _compute_blocks(tree, parsed.blocks)
                files, diff = _land(tree, git, changes, check_only=check_only)
        except _Refuse as exc:
            attempts.append(Attempt(stage, False, _clip(str(exc))))
            continue
        verb = "would apply" if check_only else "applied"
        attempts.append(Attempt(stage, True, f"{verb} to {', '.join(files) or '(no file)'}"))
        return ApplyResult(True, stage, tuple(attempts), files, "", diff)

    if not attempts:
        return refused("no unified diff hunks (@@ ... @@) or SEARCH/REPLACE blocks found in the text", named)
    by_stage = {a.stage: a.detail for a in attempts}
    reason = by_stage.get(RELOCATE) or by_stage.get(SEARCH_REPLACE) or attempts[-1].detail
    if RELOCATE in by_stage and SEARCH_REPLACE in by_stage:
        reason = by_stage[RELOCATE] + "\n" + by_stage[SEARCH_REPLACE]
    return refused(reason, named)
