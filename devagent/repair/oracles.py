"""Which functions the tests use to compute expected values.

A suite can be fooled: an edit to a helper the test calls for its expected answer
(`assert total(xs) == reference_total(xs)`) can make the test pass while the code under
test stays wrong. Functions called only on the expected side of the tests' assert
comparisons are such oracles; candidates that edit them rank after the others."""

from __future__ import annotations

import ast
from pathlib import Path

from devagent.worktree_files import read_text_inside

_SKIP_DIRS = frozenset({".git", ".venv", "venv", "node_modules", "__pycache__", ".tox"})


def _is_test_file(path: Path) -> bool:
    return path.suffix == ".py" and (path.name.startswith("test_") or path.name.endswith("_test.py"))


def _called_names(node: ast.AST) -> set[str]:
    names: set[str] = set()
    for inner in ast.walk(node):
        if isinstance(inner, ast.Call):
            func = inner.func
            if isinstance(func, ast.Name):
                names.add(func.id)
            elif isinstance(func, ast.Attribute):
                names.add(func.attr)
    return names


def oracle_functions(repo: Path) -> frozenset[str]:
    """Names called in the expected side (the comparators) of the tests' `assert a == b`
    and never in the tested side (the left operand)."""
    tested: set[str] = set()
    expected: set[str] = set()
    for path in sorted(repo.rglob("*.py")):
        if not _is_test_file(path) or _SKIP_DIRS.intersection(path.relative_to(repo).parts):
            continue
        try:
            tree = ast.parse(read_text_inside(repo, path.relative_to(repo)))
        except (OSError, SyntaxError, UnicodeDecodeError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Assert) and isinstance(node.test, ast.Compare):
                tested |= _called_names(node.test.left)
                for comparator in node.test.comparators:
                    expected |= _called_names(comparator)
    return frozenset(expected - tested)


def enclosing_function(source: str, line: int) -> str | None:
    """The innermost function whose body holds `line` (1-based), or None."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    found: tuple[int, str] | None = None
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            end = node.end_lineno or node.lineno
            if node.lineno <= line <= end and (found is None or node.lineno >= found[0]):
                found = (node.lineno, node.name)
    return found[1] if found else None
