"""What a function's statements bind, start with and grow, as the statement families
of resets.py, groups.py, clamps.py, loop_updates.py and text_cleaning.py read them: the
one name a line assigns, the loop around a node, each name's starting value, the names
a block assigns or adds to. Pure AST queries, no edits."""

from __future__ import annotations

import ast
from collections.abc import Sequence

from devagent.repair.rules.context import LineContext


def indented(lines: Sequence[str], line: int) -> tuple[str, str]:
    text = lines[line - 1].rstrip("\r\n")
    return text, text[: len(text) - len(text.lstrip())]


def assigned_name(ctx: LineContext, statement: ast.stmt) -> str | None:
    """The one name a one-line `name = value` on the ranked line binds."""
    if (
        isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Name)
        and statement.end_lineno == ctx.line
    ):
        return statement.targets[0].id
    return None


def enclosing_loop(ctx: LineContext, node: ast.AST) -> Loop | None:
    parent = ctx.parents.get(node)
    while parent is not None and not isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef):
        if isinstance(parent, ast.For | ast.While):
            return parent
        parent = ctx.parents.get(parent)
    return None


def initial_values(function: ast.AST, before: int) -> dict[str, str]:
    """name -> the constant or empty container it is given before line `before`."""
    found: dict[str, str] = {}
    for node in ast.walk(function):
        if not (isinstance(node, ast.Assign) and node.lineno < before):
            continue
        value = node.value
        for target in node.targets:  # `best = run = 0` starts both
            pairs = [(target, value)]
            if (
                isinstance(target, ast.Tuple)
                and isinstance(value, ast.Tuple)
                and len(target.elts) == len(value.elts)
            ):
                pairs = list(zip(target.elts, value.elts, strict=True))  # `run, start = 0, 0`
            for name, start in pairs:
                if isinstance(name, ast.Name) and is_initial(start):
                    found.setdefault(name.id, ast.unparse(start))
    return found


def is_initial(value: ast.expr) -> bool:
    if isinstance(value, ast.Constant):
        return not isinstance(value.value, str) or value.value == ""
    return (isinstance(value, ast.List) and not value.elts) or (
        isinstance(value, ast.Dict) and not value.keys
    )


def assigned_in(node: ast.AST) -> set[str]:
    return {
        target.id
        for n in ast.walk(node)
        if isinstance(n, ast.Assign)
        for target in n.targets
        if isinstance(target, ast.Name)
    }


def grown_in(node: ast.AST) -> set[str]:
    """Names the code adds to: `x += ...` or `x.append(...)`-like calls."""
    grown = {
        n.target.id for n in ast.walk(node) if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name)
    }
    grown |= {
        n.func.value.id
        for n in ast.walk(node)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Name)
        and n.func.attr in _MUTATORS
    }
    return grown


_MUTATORS = frozenset({"sort", "reverse", "append", "extend", "insert", "pop", "remove", "clear"})


Loop = ast.For | ast.While
