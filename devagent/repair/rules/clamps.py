"""Limits: a clamp mirrored at its other end (`if level > MAX: level = MAX` after `if
level < 0: level = 0`), and a value over its limit held there (`qty = available`).

Rules of a LineContext (context.py), the function and the ranked line's statement,
yielding whole-line Edits."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence

from devagent.repair.rules.bindings import assigned_in, indented
from devagent.repair.rules.context import LineContext
from devagent.repair.rules.edit import Edit


def mirrored_clamp(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`if level < 0: level = 0` with no upper end: the same clamp mirrored after it
    (`if level > MAX_VOLUME: level = MAX_VOLUME`), its bound a module constant or a
    parameter the function does not read yet. Proposed from the clamp or its body.
    Example: `level = 0` -> `level = 0 | if level > MAX_VOLUME: level = MAX_VOLUME`."""
    clamp = statement if isinstance(statement, ast.If) else ctx.parents.get(statement)
    if not isinstance(clamp, ast.If) or clamp.orelse or len(clamp.body) != 1 or clamp.end_lineno is None:
        return
    test, body = clamp.test, clamp.body[0]
    if not (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Lt | ast.LtE | ast.Gt | ast.GtE)
        and isinstance(test.left, ast.Name)
        and isinstance(body, ast.Assign)
        and len(body.targets) == 1
        and isinstance(body.targets[0], ast.Name)
        and body.targets[0].id == test.left.id
        and ast.dump(body.value) == ast.dump(test.comparators[0])
    ):
        return
    name = test.left.id
    mirror = ">" if isinstance(test.ops[0], ast.Lt | ast.LtE) else "<"
    # already clamped at the other end?
    for node in ast.walk(function):
        if (
            isinstance(node, ast.Compare)
            and node is not test
            and isinstance(node.left, ast.Name)
            and node.left.id == name
            and any(
                isinstance(op, ast.Gt | ast.GtE if mirror == ">" else ast.Lt | ast.LtE) for op in node.ops
            )
        ):
            return
    read = {n.id for n in ast.walk(function) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    bounds = [
        t.id
        for s in ctx.tree.body
        if isinstance(s, ast.Assign)
        and isinstance(s.value, ast.Constant)
        and isinstance(s.value.value, int | float)
        for t in s.targets
        if isinstance(t, ast.Name) and t.id.isupper()
    ]
    if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
        bounds += [a.arg for a in function.args.args if a.arg not in read]
    text, _ = indented(lines, clamp.end_lineno)
    _, outer = indented(lines, clamp.lineno)
    _, inner = indented(lines, body.lineno)
    for bound in bounds[:_MAX_BOUNDS]:
        if body.lineno == clamp.lineno:  # `if level < 0: level = 0` on one line
            new = f"{outer}if {name} {mirror} {bound}: {name} = {bound}"
        else:
            new = f"{outer}if {name} {mirror} {bound}:\n{inner}{name} = {bound}"
        yield Edit(clamp.end_lineno, text, f"{text}\n{new}", "insert_analogy", 3)


_MAX_BOUNDS = 3


def held_to_limit(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`if qty > available: short.append(item)` with `qty` read after the branch: the
    branch that finds a value over its limit also holds it there (`qty = available`).
    Example: `short.append(item)` -> `short.append(item) | qty = available`."""
    branch = ctx.parents.get(statement)
    if not (
        isinstance(branch, ast.If)
        and not branch.orelse
        and branch.body[-1] is statement
        and statement.end_lineno == ctx.line
        and not isinstance(statement, ast.Return | ast.Raise | ast.Continue | ast.Break)
    ):
        return
    test = branch.test
    if not (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Gt | ast.Lt)
        and isinstance(test.left, ast.Name)
        and isinstance(test.comparators[0], ast.Name)
    ):
        return
    name, limit = test.left.id, test.comparators[0].id
    if name in assigned_in(branch):
        return
    end = branch.end_lineno or branch.lineno
    read_after = any(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load) and n.lineno > end
        for n in ast.walk(function)
    )
    if read_after:
        text, indent = indented(lines, ctx.line)
        yield Edit(ctx.line, text, f"{text}\n{indent}{name} = {limit}", "insert_analogy", 3)
