"""Statements inserted by analogy for a container the code reads but never writes:
`seen.add(x)` next to `if x in seen`, `pos[k] = len(out)` for a dict that indexes a list,
`counts[k] = counts.get(k, 0) + 1` for a count looked up and never kept or a dict the
function returns and never fills.

A rule of a LineContext (context.py), yielding whole-line Edits."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence

from devagent.repair.rules import ingredients
from devagent.repair.rules.context import SKIP_VALUE_NAMES, LineContext
from devagent.repair.rules.edit import Edit


def _containers(function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, str | None]:
    """Locals initialised as an empty container: name -> the method that adds to it
    (None: a dict, written by subscript)."""
    found: dict[str, str | None] = {}
    for node in ast.walk(function):
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target, value = node.targets[0], node.value
        if not isinstance(target, ast.Name):
            continue
        kind: str | None = None
        if isinstance(value, ast.Call) and not value.args:
            func = value.func
            kind = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        elif isinstance(value, ast.List) and not value.elts:
            kind = "list"
        elif isinstance(value, ast.Dict) and not value.keys:
            kind = "dict"
        elif (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and value.func.attr == "setdefault"
            and len(value.args) == 2
        ):
            # `used = taken.setdefault(period, set())`: the entry's container, made empty
            made = value.args[1]
            if isinstance(made, ast.Call) and not made.args and isinstance(made.func, ast.Name):
                kind = made.func.id
            elif empty_container(made):
                kind = "list" if isinstance(made, ast.List) else "dict"
        if kind in ingredients.WRITERS:
            found[target.id] = ingredients.WRITERS[kind]
    return found


def written(function: ast.AST, name: str) -> bool:
    """Whether the function adds to `name` after creating it (a method call that writes, a
    subscript store, an augmented assignment)."""
    for node in ast.walk(function):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == name
            and node.func.attr in WRITE_METHODS
        ):
            return True
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.ctx, ast.Store | ast.Del)
            and isinstance(node.value, ast.Name)
            and node.value.id == name
        ):
            return True
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and node.target.id == name:
            return True
    return False


def _read_keys(ctx: LineContext, function: ast.AST, name: str) -> list[str]:
    """What the code looks up in `name`: `x` of `x in name` and of `name[x]`."""
    keys: list[str] = []
    for node in ast.walk(function):
        if isinstance(node, ast.Compare):
            lefts = [node.left, *node.comparators]
            for op, left, right in zip(node.ops, lefts, node.comparators, strict=False):
                if isinstance(op, ast.In | ast.NotIn) and isinstance(right, ast.Name) and right.id == name:
                    keys.append(ast.unparse(left))
        elif (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name)
            and node.value.id == name
            and isinstance(node.ctx, ast.Load)
            and not isinstance(node.slice, ast.Slice)
        ):
            keys.append(ast.unparse(node.slice))
        elif isinstance(node, ast.Call) and _lookup_on(node, name) is not None:
            keys.append(ast.unparse(node.args[0]))
    return list(dict.fromkeys(keys))


def _lookup_on(node: ast.AST, name: str) -> ast.expr | None:
    """The default of `name.get(key, default)` (a Constant None for `name.get(key)`), or
    None when the node is no such lookup."""
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == name
        and 1 <= len(node.args) <= 2
        and not node.keywords
    ):
        return None
    return node.args[1] if len(node.args) == 2 else ast.Constant(None)


def _counted(function: ast.AST, name: str) -> bool:
    """`name.get(key, 0)` somewhere: a count looked up with nothing counted yet."""
    return any(
        isinstance(default := _lookup_on(node, name), ast.Constant)
        and type(default.value) is int
        and default.value == 0
        for node in ast.walk(function)
    )


def inserted_by_analogy(ctx: LineContext, statement: ast.stmt, lines: Sequence[str]) -> Iterator[Edit]:
    """`seen.add(x)` next to the line, where `seen` is read (`x in seen`) but never written.
    Example: `out.append(x)` -> `seen.add(x) | out.append(x)`."""
    function = ctx.function
    assert function is not None
    texts: list[str] = []
    for name, method in _containers(function).items():
        if written(function, name):
            continue
        keys = _read_keys(ctx, function, name)
        if not keys and method is None and _returned(function, name):
            # a dict handed back and never filled: a tally of what the loop binds
            texts += [f"{name}[{key}] = {name}.get({key}, 0) + 1" for key in _loop_bound(function, ctx.line)]
        for key in keys:
            if method:
                texts.append(f"{name}.{method}({key})")
            else:
                mapped = [f"{name}[{key}] = {value}" for value in _mapped_values(function, name)]
                tally = f"{name}[{key}] = {name}.get({key}, 0) + 1"
                if _counted(function, name):  # `seen.get(k, 0)`: a count, not a flag
                    texts += [tally, *mapped]
                else:
                    texts += mapped
                    if _read_in_arithmetic(function, name):  # `totals[k] / counts[k]`: a count
                        texts.append(tally)
    if not texts:
        return
    text = lines[ctx.line - 1].rstrip("\r\n")
    indent = text[: len(text) - len(text.lstrip())]
    body = getattr(statement, "body", None)
    if isinstance(body, list) and body and body[0].lineno > ctx.line:
        # a compound statement's header: the new statement opens its body
        if not text.split("#", 1)[0].rstrip().endswith(":"):
            return
        first = lines[body[0].lineno - 1]
        inner = first[: len(first) - len(first.lstrip())]
        for new in texts:
            yield Edit(ctx.line, text, f"{text}\n{inner}{new}", "insert_analogy", 3)
        return
    if statement.end_lineno != ctx.line:
        return
    for new in texts:  # a container read and never written: the code says what is missing
        yield Edit(ctx.line, text, f"{indent}{new}\n{text}", "insert_analogy", 2)
        yield Edit(ctx.line, text, f"{text}\n{indent}{new}", "insert_analogy", 2)


def _returned(function: ast.AST, name: str) -> bool:
    """`return name` or `return name, other` somewhere in the function: the value itself
    handed back, not something computed from it."""
    for node in ast.walk(function):
        if isinstance(node, ast.Return) and node.value is not None:
            value = node.value
            items = value.elts if isinstance(value, ast.Tuple) else [value]
            if any(isinstance(item, ast.Name) and item.id == name for item in items):
                return True
    return False


def _loop_bound(function: ast.AST, line: int) -> list[str]:
    """Names the innermost loop around `line` binds by then: its target, then what its
    body assigns up to the line, the nearest last."""
    loop = ingredients.innermost_loop(function, line, (ast.For,))
    if not isinstance(loop, ast.For):
        return []
    bound = [n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)]
    for node in ast.walk(loop):
        if isinstance(node, ast.Assign) and node.lineno <= line:
            bound += [n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
    return [n for n in dict.fromkeys(reversed(bound)) if n not in SKIP_VALUE_NAMES]


def _read_in_arithmetic(function: ast.AST, name: str) -> bool:
    """`counts[k]` an operand of arithmetic somewhere in the function."""
    return any(
        isinstance(node, ast.BinOp)
        and any(
            isinstance(side, ast.Subscript) and isinstance(side.value, ast.Name) and side.value.id == name
            for side in (node.left, node.right)
        )
        for node in ast.walk(function)
    )


def _mapped_values(function: ast.AST, name: str) -> list[str]:
    """What a dict read but never written should map its keys to: True (a seen-set), or a
    position in the list it indexes (`result[position[key]]` -> `len(result)`, stored
    before the append that puts the item there)."""
    values = ["True"]
    for node in ast.walk(function):
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name)
            and isinstance(node.slice, ast.Subscript)
            and isinstance(node.slice.value, ast.Name)
            and node.slice.value.id == name
        ):
            values.append(f"len({node.value.id})")
    return list(dict.fromkeys(values))


WRITE_METHODS = frozenset(
    {"add", "append", "appendleft", "extend", "insert", "update", "setdefault", "discard", "remove", "pop"}
)


def empty_container(node: ast.AST | None) -> bool:
    """`[]` or `{}`."""
    return (isinstance(node, ast.List) and not node.elts) or (isinstance(node, ast.Dict) and not node.keys)
