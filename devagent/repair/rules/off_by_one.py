"""Off by one: where a loop bound, an index, a slice bound or a count moves by one.

`range(n)` -> `range(n + 1)`, `xs[i]` -> `xs[i - 1]`, `xs[:k]` -> `xs[:k + 1]`, `x - 1` ->
`x`, `return count` -> `return count + 1`, an integer-like argument, comparison
operand, assigned value or product factor moved by one (`[x] * n` -> `[x] * (n - 1)`).

Rules of a LineContext (context.py) and one node on the ranked line, yielding Proposals."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from devagent.repair.rules.context import ATOMIC, SKIP_VALUE_NAMES, LineContext
from devagent.repair.rules.edit import Proposal

_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)


_INTEGER_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod, ast.Pow)


# Built-ins whose result is an integer: a call to one is a candidate for +-1.
_INT_CALLS = frozenset({"len", "int", "abs", "round", "ord", "sum", "min", "max", "index", "count", "find"})


def _integer_like(node: ast.expr) -> bool:
    """Could be an integer: names, attributes, subscripts, arithmetic, int-valued calls."""
    if isinstance(node, ast.Name | ast.Attribute | ast.Subscript):
        return not (isinstance(node, ast.Name) and node.id in SKIP_VALUE_NAMES)
    if isinstance(node, ast.BinOp):
        return isinstance(node.op, _INTEGER_ARITHMETIC)
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        return name in _INT_CALLS
    return isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)


def shifted(ctx: LineContext, expr: ast.expr, template: str, size: int) -> Iterator[Proposal]:
    """`e` -> `e + 1` / `e - 1` for an integer-like `e` lying on the line."""
    if not ctx.on_line(expr) or not _integer_like(expr):
        return
    start, end = ctx.span(expr)
    text = ctx.source_of(expr)
    tight = isinstance(expr, ast.BinOp) and isinstance(expr.op, _INTEGER_ARITHMETIC)  # binds tighter than +
    base = text if tight or isinstance(expr, ATOMIC) else f"({text})"
    for delta in ("+ 1", "- 1"):
        yield Proposal(((start, end, f"{base} {delta}"),), template, size)


def factor_moved(ctx: LineContext, operand: ast.expr) -> Iterator[Proposal]:
    """A factor one off inside a product or a division: `[x] * n` -> `[x] * (n - 1)`.
    (A sum's operand one off is the whole sum one off, which `shifted` proposes; a
    constant is the constant family's.)"""
    if isinstance(operand, ast.Constant) or not ctx.on_line(operand) or not _integer_like(operand):
        return
    start, end = ctx.span(operand)
    text = ctx.source_of(operand)  # integer-like: a name, lookup, call, sum or negation
    for delta in ("- 1", "+ 1"):
        yield Proposal(((start, end, f"({text} {delta})"),), "off_by_one", 3)


def arguments_moved(ctx: LineContext, node: ast.Call) -> Iterator[Proposal]:
    """+-1 on each argument of any call: `f(a, b)` -> `f(a + 1, b)`; likelier in a
    recursive call (a position moved on by one) than in any other."""
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    size = 2 if ctx.function is not None and name == ctx.function.name else 3
    for arg in node.args:
        if not isinstance(arg, ast.Starred):
            yield from shifted(ctx, arg, "off_by_one", size)
    for keyword in node.keywords:
        if keyword.arg is not None:
            yield from shifted(ctx, keyword.value, "off_by_one", 3)


def index_moved(ctx: LineContext, node: ast.Subscript | ast.Slice) -> Iterator[Proposal]:
    """Example: `xs[i]` -> `xs[i - 1]`, `xs[:k]` -> `xs[:k + 1]`."""
    if isinstance(node, ast.Subscript):
        if not isinstance(node.slice, ast.Slice | ast.Tuple):
            yield from bound_moved(ctx, node.slice)
    else:
        for bound in (node.lower, node.upper):
            if bound is not None:
                yield from bound_moved(ctx, bound)


def bound_moved(ctx: LineContext, expr: ast.expr) -> Iterator[Proposal]:
    """An index, slice bound or range() argument: drop its offset or shift it by one."""
    if not ctx.on_line(expr) or isinstance(expr, ast.Constant | ast.Starred):
        return
    start, end = ctx.span(expr)
    if (
        isinstance(expr, ast.BinOp)
        and isinstance(expr.op, ast.Add | ast.Sub)
        and isinstance(expr.right, ast.Constant)
        and ctx.on_line(expr.left)
    ):
        yield Proposal(((start, end, ctx.source_of(expr.left)),), "off_by_one", 1)
    text = ctx.source_of(expr)
    tight = isinstance(expr, ast.BinOp) and isinstance(expr.op, _ARITHMETIC)
    base = text if tight or isinstance(expr, ATOMIC) else f"({text})"
    for delta in ("+ 1", "- 1"):
        yield Proposal(((start, end, f"{base} {delta}"),), "off_by_one", 2)


def returned_moved(ctx: LineContext, value: ast.expr) -> Iterator[Proposal]:
    """A returned number one off: `return e` -> `return e + 1` / `e - 1`."""
    if not ctx.on_line(value) or not isinstance(value, ast.Name | ast.Attribute | ast.Call | ast.BinOp):
        return
    if isinstance(value, ast.BinOp) and not isinstance(value.op, _ARITHMETIC):
        return
    start, end = ctx.span(value)
    for delta in ("+ 1", "- 1"):
        yield Proposal(((start, end, f"{ctx.source_of(value)} {delta}"),), "off_by_one", 3)


def range_bounds(ctx: LineContext, node: ast.Call) -> Iterator[Proposal]:
    """A loop bound one off: `range(len(xs))` -> `range(len(xs) - 1)`, `range(1, n)` ->
    `range(1, n + 1)` (each argument of a `range()` call, as `bound_moved`)."""
    func = node.func
    if isinstance(func, ast.Name) and ctx.on_line(func) and func.id == "range":
        for arg in node.args:
            yield from bound_moved(ctx, arg)
