"""What the history benchmark reads from a project's git history: the commits to consider,
the files a commit changes (test files apart from source files), the size of its source
diff, the functions it changes, and a commit's tree written out as plain files.

Every command here only reads the repository (a bare mirror the `fetch` tool brought, or
any git dir); nothing is written into it."""

from __future__ import annotations

import ast
import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

GIT_TIMEOUT_S = 120.0
# Folders whose files are tests or test data, wherever they sit in the tree.
TEST_DIRS = frozenset({"tests", "test", "testing"})
# Top-level folders and files that are neither the library nor its tests.
NOT_SOURCE_DIRS = frozenset({"docs", "doc", "examples", "example", "scripts", "tools", "bench", "benchmarks"})
NOT_SOURCE_FILES = frozenset({"setup.py", "noxfile.py", "conftest.py", "fabfile.py", "tasks.py"})
# A commit subject that says it fixes something (used to look at such commits first).
FIX_WORDS = re.compile(
    r"\b(fix(e[sd])?|bug|crash(es)?|regression|incorrect|wrong|broken|error|issue|handle|prevent)\b",
    re.IGNORECASE,
)
_HUNK = re.compile(r"^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@")
_OLD_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? ")


class GitError(Exception):
    """A git command failed; the message names it and the repository."""


def git_text(git_dir: Path, *args: str, stdin: bytes | None = None) -> str:
    """The output of `git --git-dir <git_dir> <args>` (no user or system config)."""
    return git_bytes(git_dir, *args, stdin=stdin).decode("utf-8", errors="replace")


def git_bytes(git_dir: Path, *args: str, stdin: bytes | None = None) -> bytes:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update({"GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull})
    try:
        proc = subprocess.run(
            ["git", "--git-dir", str(git_dir), *args],
            input=stdin,
            capture_output=True,
            env=env,
            timeout=GIT_TIMEOUT_S,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise GitError(f"git {' '.join(args[:3])} in {git_dir}: no answer in {GIT_TIMEOUT_S:.0f}s") from None
    if proc.returncode != 0:
        error = proc.stderr.decode("utf-8", errors="replace").strip().splitlines()
        raise GitError(f"git {' '.join(args[:3])} in {git_dir}: {(error or ['failed'])[-1]}")
    return proc.stdout


# ---------------------------------------------------------------------------------------- paths


def is_test_path(path: str) -> bool:
    """A file of the tests: in a tests/test/testing folder, or a test module or conftest by name."""
    pure = PurePosixPath(path)
    name = pure.name
    if any(part in TEST_DIRS for part in pure.parts[:-1]):
        return True
    return name == "conftest.py" or (
        name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py"))
    )


def is_test_module(path: str) -> bool:
    """A test file pytest collects by default (test_*.py or *_test.py)."""
    name = PurePosixPath(path).name
    return name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py"))


def is_source_path(path: str) -> bool:
    """A Python file of the library: not a test, not docs, examples, scripts or build files."""
    pure = PurePosixPath(path)
    if pure.suffix != ".py" or is_test_path(path) or pure.name in NOT_SOURCE_FILES:
        return False
    return not (len(pure.parts) > 1 and pure.parts[0] in NOT_SOURCE_DIRS)


# -------------------------------------------------------------------------------------- commits


@dataclass(frozen=True)
class Commit:
    sha: str
    parent: str
    subject: str
    date: str  # committer date, ISO

    @property
    def says_fix(self) -> bool:
        return bool(FIX_WORDS.search(self.subject))


def first_parent_commits(git_dir: Path, start: str, limit: int) -> list[Commit]:
    """Up to `limit` commits on the first-parent line from `start` backwards (start
    included), newest first, each with its first parent (root commits are left out)."""
    out = git_text(
        git_dir, "log", "--first-parent", f"--max-count={limit}", "--format=%H%x00%P%x00%cI%x00%s", start
    )
    commits = []
    for line in out.splitlines():
        sha, parents, date, subject = [*line.split("\x00"), "", "", ""][:4]
        if parents.split():
            commits.append(Commit(sha, parents.split()[0], subject.strip(), date))
    return commits


@dataclass(frozen=True)
class Change:
    status: str  # A, M, D, T (renames are a deletion and an addition)
    path: str


def changed_files(git_dir: Path, parent: str, commit: str) -> list[Change]:
    out = git_bytes(git_dir, "diff", "--no-renames", "--name-status", "-z", parent, commit)
    fields = out.decode("utf-8", errors="surrogateescape").split("\x00")
    changes = []
    for status, path in zip(fields[0::2], fields[1::2], strict=False):
        if status and path:
            changes.append(Change(status[0], path))
    return changes


@dataclass(frozen=True)
class DiffSize:
    """The size of a commit's source diff (zero context lines)."""

    files: int
    hunks: int
    added: int
    removed: int

    @property
    def one_line(self) -> bool:
        """One hunk that adds, removes or replaces a single line."""
        return self.hunks == 1 and self.added <= 1 and self.removed <= 1

    @property
    def one_hunk(self) -> bool:
        return self.hunks == 1

    @property
    def size(self) -> str:
        """ "one-line", "one-hunk" or "multi-hunk"."""
        if self.one_line:
            return "one-line"
        return "one-hunk" if self.one_hunk else "multi-hunk"


def diff_size(git_dir: Path, parent: str, commit: str, paths: list[str]) -> DiffSize:
    if not paths:
        return DiffSize(0, 0, 0, 0)
    text = git_text(git_dir, "diff", "--no-renames", "-U0", parent, commit, "--", *paths)
    return count_hunks(text)


def count_hunks(diff_text: str) -> DiffSize:
    """Files, hunks, added and removed lines of a zero-context unified diff."""
    files = hunks = added = removed = 0
    for line in diff_text.splitlines():
        if line.startswith("diff --git "):
            files += 1
        elif (match := _HUNK.match(line)) is not None:
            hunks += 1
            removed += int(match.group(1)) if match.group(1) is not None else 1
            added += int(match.group(2)) if match.group(2) is not None else 1
    return DiffSize(files, hunks, added, removed)


def file_text(git_dir: Path, commit: str, path: str) -> str | None:
    """The file at commit (None when it is not there)."""
    try:
        return git_text(git_dir, "show", f"{commit}:{path}")
    except GitError:
        return None


# ------------------------------------------------------------------------------------ functions


def function_sources(text: str) -> dict[str, str]:
    """Top-level functions and methods of top-level classes ("name", "Class.name") with
    their source text; empty for a file that does not parse."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return {}
    found: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found[node.name] = ast.get_source_segment(text, node) or ""
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    found[f"{node.name}.{item.name}"] = ast.get_source_segment(text, item) or ""
    return found


def changed_functions(before: str | None, after: str | None) -> list[str]:
    """The functions of `after` whose source differs from `before` (new ones included)."""
    if after is None:
        return []
    old = function_sources(before or "")
    return sorted(name for name, source in function_sources(after).items() if old.get(name) != source)


# ---------------------------------------------------------------------------------------- trees


@dataclass(frozen=True)
class Entry:
    mode: str
    kind: str  # blob or commit (a submodule)
    sha: str
    path: str


def tree_entries(git_dir: Path, commit: str, paths: list[str] | None = None) -> list[Entry]:
    out = git_bytes(git_dir, "ls-tree", "-r", "-z", commit, *(["--", *paths] if paths else []))
    entries = []
    for record in out.decode("utf-8", errors="surrogateescape").split("\x00"):
        if not record:
            continue
        meta, path = record.split("\t", 1)
        mode, kind, sha = meta.split()
        entries.append(Entry(mode, kind, sha, path))
    return entries


def write_entries(git_dir: Path, entries: list[Entry], dest: Path) -> list[str]:
    """Write the blobs of `entries` under dest (symlinks as symlinks, executables with
    their bit); returns the paths left out because the mirror lacks their blob (a
    snapshot has no files of 4 MiB and more) or because they are submodules."""
    blobs = [e for e in entries if e.kind == "blob"]
    missing = [e.path for e in entries if e.kind != "blob"]
    if not blobs:
        return missing
    request = "".join(f"{e.sha}\n" for e in blobs).encode()
    out = git_bytes(git_dir, "cat-file", "--batch", stdin=request)
    offset = 0
    for entry in blobs:
        newline = out.index(b"\n", offset)
        header = out[offset:newline].decode()
        offset = newline + 1
        if header.endswith(" missing"):
            missing.append(entry.path)
            continue
        size = int(header.split()[2])
        data = out[offset : offset + size]
        offset += size + 1
        target = dest / entry.path
        if not target.resolve().is_relative_to(dest.resolve()):
            missing.append(entry.path)  # a path that would leave the tree
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.is_symlink() or target.exists():
            target.unlink()
        if entry.mode == "120000":
            target.symlink_to(data.decode("utf-8", errors="surrogateescape"))
            continue
        target.write_bytes(data)
        if entry.mode == "100755":
            target.chmod(0o755)
    return missing


def old_ranges(git_dir: Path, parent: str, commit: str, paths: list[str]) -> dict[str, list[tuple[int, int]]]:
    """Per file, the lines of the parent a commit's zero-context hunks touch, as (first,
    last); a hunk that only adds lines touches the line before it and the one after."""
    if not paths:
        return {}
    text = git_text(git_dir, "diff", "--no-renames", "-U0", parent, commit, "--", *paths)
    return hunk_ranges(text)


def hunk_ranges(diff_text: str) -> dict[str, list[tuple[int, int]]]:
    ranges: dict[str, list[tuple[int, int]]] = {}
    current: str | None = None
    for line in diff_text.splitlines():
        if line.startswith("--- "):
            current = line[6:] if line.startswith("--- a/") else None
        elif current is not None and (match := _OLD_HUNK.match(line)) is not None:
            start = int(match.group(1))
            count = int(match.group(2)) if match.group(2) is not None else 1
            span = (start, start + 1) if count == 0 else (start, start + count - 1)
            ranges.setdefault(current, []).append(span)
    return ranges


def fault_rank(suspicious: list[tuple[str, int]], ranges: dict[str, list[tuple[int, int]]]) -> int | None:
    """The 1-based rank of the first suspicious line inside a range (None: none is)."""
    for rank, (path, line) in enumerate(suspicious, start=1):
        if any(first <= line <= last for first, last in ranges.get(path, [])):
            return rank
    return None
