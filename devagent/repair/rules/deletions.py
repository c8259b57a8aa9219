"""Statements deleted (replaced by `pass`): an assignment or call too many, first a
reset inside a loop or an update the function makes twice; a `return` that ends a loop
body; a stray `break` or `continue`.

A rule of a LineContext (context.py) and one statement on the ranked line."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from devagent.repair.rules.context import FunctionNode, LineContext
from devagent.repair.rules.edit import Proposal


def deleted(ctx: LineContext, node: ast.stmt) -> Iterator[Proposal]:
    """A statement too many, replaced by `pass`: `count = 0` (a reset inside a loop) ->
    `pass`; `return best` (ending a loop body) -> `pass`; a stray `break` -> `pass`."""
    if node.lineno != ctx.line:
        return
    if (
        (
            isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign)
            or (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call | ast.Await))
        )
        and ctx.on_line(node)
        and _only_comment(ctx.data[ctx.span(node)[1] :])
        and not ctx.data[: ctx.span(node)[0]].strip()
    ):
        start, end = ctx.span(node)
        early = _resets_in_a_loop(ctx, node) or _made_twice(ctx, node)
        yield Proposal(((start, end, "pass"),), "delete", 3 if early else 5)
    if isinstance(node, ast.Return) and ctx.on_line(node) and _ends_loop_body(ctx, node):
        # a loop whose body always returns never reaches its second element
        start, end = ctx.span(node)
        yield Proposal(((start, end, "pass"),), "delete", 3)
    if isinstance(node, ast.Break | ast.Continue) and ctx.on_line(node):
        # a stray `break` ends the loop at its first match (Kali's statement removal)
        start, end = ctx.span(node)
        yield Proposal(((start, end, "pass"),), "delete", 4)


def _only_comment(rest: bytes) -> bool:
    rest = rest.strip().removeprefix(b";").strip()
    return not rest or rest.startswith(b"#")


def _ends_loop_body(ctx: LineContext, node: ast.stmt) -> bool:
    """The last statement of a loop's own body (no branch around it), in a function
    that goes on after the loop."""
    loop = ctx.parents.get(node)
    if not isinstance(loop, ast.For | ast.While) or loop.body[-1] is not node:
        return False
    function = ctx.function
    return function is not None and any(
        s.lineno > (loop.end_lineno or loop.lineno) for s in ast.walk(function) if isinstance(s, ast.stmt)
    )


def _made_twice(ctx: LineContext, node: ast.stmt) -> bool:
    """`balance += amount` written again elsewhere in the function: an update copied
    into a branch that must not make it (the copy is the likelier extra)."""
    function = ctx.function
    if function is None or not isinstance(node, ast.AugAssign | ast.Expr):
        return False
    shape = ast.dump(node)
    return any(
        other is not node and isinstance(other, ast.stmt) and ast.dump(other) == shape
        for other in ast.walk(function)
    )


def _resets_in_a_loop(ctx: LineContext, node: ast.stmt) -> bool:
    """`count = 0` or `totals[k] = []` inside a loop: a reset that may come too early."""
    value = getattr(node, "value", None)
    constant = isinstance(value, ast.Constant) or (
        isinstance(value, ast.List | ast.Dict) and not getattr(value, "elts", getattr(value, "keys", None))
    )
    parent = ctx.parents.get(node)
    while parent is not None and not isinstance(parent, FunctionNode):
        if isinstance(parent, ast.For | ast.While):
            return constant and isinstance(node, ast.Assign)
        parent = ctx.parents.get(parent)
    return False
