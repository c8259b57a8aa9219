"""The source a model sees: the files of the failing test's traceback and the local
modules the test imports, numbered. Never the whole repo."""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from devagent.pytest_output import Failure
from devagent.worktree_files import is_file_inside, read_text_inside

MAX_FILE_CHARS = 200_000  # beyond any local context window; spares the tokenizer


@dataclass(frozen=True)
class FileBlock:
    path: str
    text: str  # heading and numbered lines
    editable: bool


def relevant_files(root: Path, failure: Failure) -> list[str]:
    files: list[str] = []
    for path, _ in failure.locations:
        if path not in files:
            files.append(path)
    for path in list(files):
        if path.endswith(".py"):
            for module in _local_imports(root, path):
                if module not in files:
                    files.append(module)
    return files


def _local_imports(root: Path, rel: str) -> list[str]:
    try:
        tree = ast.parse(read_text_inside(root, rel))
    except (OSError, SyntaxError, UnicodeDecodeError):
        return []
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
            # `from pkg import mod` may import a module, not a name from pkg/__init__.py.
            names.extend(f"{node.module}.{alias.name}" for alias in node.names)
    found: list[str] = []
    for name in dict.fromkeys(names):
        parts = name.split(".")
        for base in (root, root / "src"):
            for candidate in (base.joinpath(*parts).with_suffix(".py"), base.joinpath(*parts, "__init__.py")):
                if is_file_inside(root, candidate.relative_to(root)):
                    found.append(candidate.relative_to(root).as_posix())
                    break
    return found


def file_blocks(root: Path, files: list[str], is_protected: Callable[[str], bool]) -> list[FileBlock]:
    """Editable files first (they are what the patch must change), each whole and numbered.
    Files that cannot be read as text are skipped; the prompt budgeter decides which fit."""
    protected = {f for f in files if is_protected(f)}
    ordered = [f for f in files if f not in protected] + [f for f in files if f in protected]
    blocks: list[FileBlock] = []
    for rel in ordered:
        try:
            content = read_text_inside(root, rel)  # never a symlink out of the worktree
        except (OSError, UnicodeDecodeError):
            continue
        lines = content.splitlines()
        shown = (
            content[:MAX_FILE_CHARS].rpartition("\n")[0].splitlines()
            if len(content) > MAX_FILE_CHARS
            else lines
        )
        label = "read-only: do not change" if rel in protected else "editable"
        numbered = "\n".join(f"{i:4d} | {line}" for i, line in enumerate(shown, 1))
        if len(shown) < len(lines):
            numbered += f"\n[... {len(lines) - len(shown)} more lines not shown: file too large ...]"
        blocks.append(FileBlock(rel, f"### {rel} ({label})\n{numbered}", editable=rel not in protected))
    return blocks
