"""What the test files tell the search beyond pass and fail.

Which functions the tests use to compute expected values: a suite can be fooled, an edit
to a helper the test calls for its expected answer (`assert total(xs) == reference_total(xs)`)
can make the test pass while the code under test stays wrong. Functions called only on
the expected side of the tests' assert comparisons are such oracles; candidates that edit
them rank after the others.

Which record fields the tests' data holds (`{"name": "hall", "charging": True}`): a field
the code never reads is what a missing check was most likely about (rules/ingredients.py)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from devagent.worktree_files import read_text_inside

_SKIP_DIRS = frozenset({".git", ".venv", "venv", "node_modules", "__pycache__", ".tox"})
# a field name as code would spell it: nothing else from a test file reaches a candidate
FIELD_NAME = re.compile(r"[a-z][a-z0-9_]{0,30}")
MAX_DATA_FIELDS = 16


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


def _test_trees(repo: Path) -> Iterator[ast.Module]:
    """The parsed test files of the repository (those that parse), in path order."""
    for path in sorted(repo.rglob("*.py")):
        if not _is_test_file(path) or _SKIP_DIRS.intersection(path.relative_to(repo).parts):
            continue
        try:
            tree = ast.parse(read_text_inside(repo, path.relative_to(repo)))
        except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
            continue
        yield tree


def data_fields(repo: Path) -> tuple[str, ...]:
    """The string keys of the dict displays in the test files that look like field names
    (FIELD_NAME), in order of first appearance, at most MAX_DATA_FIELDS."""
    found: list[str] = []
    for tree in _test_trees(repo):
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                found += [
                    key.value
                    for key in node.keys
                    if isinstance(key, ast.Constant)
                    and isinstance(key.value, str)
                    and FIELD_NAME.fullmatch(key.value)
                ]
    return tuple(dict.fromkeys(found))[:MAX_DATA_FIELDS]


def oracle_functions(repo: Path) -> frozenset[str]:
    """Names called in the expected side of the tests' `assert a == b` and never in the
    tested side. The tested side is the left operand, unless it calls nothing (a literal,
    a name: `assert expected == f(x)`, a common order), when it is the right one."""
    tested: set[str] = set()
    expected: set[str] = set()
    for tree in _test_trees(repo):
        for node in ast.walk(tree):
            if isinstance(node, ast.Assert) and isinstance(node.test, ast.Compare):
                left = _called_names(node.test.left)
                right: set[str] = set()
                for comparator in node.test.comparators:
                    right |= _called_names(comparator)
                if not left:
                    left, right = right, left
                tested |= left
                expected |= right
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
