"""Returns: a missing `return` (a value computed and dropped, a bare `return`, a
function that ends without one) and a returned value replaced by another likely result.

Rules of a LineContext (context.py), yielding Proposals or whole-line Edits."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence

from devagent.repair.rules.context import FunctionNode, LineContext
from devagent.repair.rules.edit import Edit, Proposal

_MAX_RETURN_VARS = 3  # names tried for a missing `return <name>`
_MAX_RETURN_NAMES = 4  # names tried for a returned value replaced


def missing_return(ctx: LineContext, node: ast.stmt) -> Iterator[Proposal]:
    """A value computed and dropped, or a bare `return`: `total + tax` -> `return total +
    tax`; `return` -> `return total`."""
    if node.lineno != ctx.line:
        return
    if (
        isinstance(node, ast.Expr)
        and not isinstance(node.value, ast.Constant | ast.Yield | ast.YieldFrom)
        and ctx.function is not None
    ):
        # A value computed and dropped; most likely at the function's very end.
        start = ctx.span(node)[0]
        size = 1 if ctx.function.body[-1] is node else 2
        yield Proposal(((start, start, "return "),), "missing_return", size)
    if isinstance(node, ast.Return) and node.value is None and ctx.function is not None:
        start, end = ctx.span(node)
        for name in ctx.result_names()[:_MAX_RETURN_VARS]:
            yield Proposal(((start, end, f"return {name}"),), "missing_return", 2)


def returned_value(ctx: LineContext, value: ast.expr) -> Iterator[Proposal]:
    """`return e` -> `return name` for the function's likely results: `return count` ->
    `return total`."""
    if not ctx.on_line(value):
        return
    start, end = ctx.span(value)
    current = ctx.source_of(value)
    for name in ctx.result_names()[:_MAX_RETURN_NAMES]:
        if name != current:
            yield Proposal(((start, end, name),), "return_value", 3)


def return_at_end(ctx: LineContext, function: FunctionNode, lines: Sequence[str]) -> Iterator[Edit]:
    """A function that ends without a `return`: the likeliest result returned after its
    last line, or a value left standing returned (`"positive"` -> `return "positive"`).
    Example: `total += x` -> `total += x | return total` (at the function's end)."""
    last = function.body[-1]
    if isinstance(last, ast.Return | ast.Raise) or last.end_lineno is None:
        return
    if isinstance(last, ast.Expr) and isinstance(last.value, ast.Constant):
        if last is not function.body[0] and last.lineno == last.end_lineno:
            # a value left standing (`"positive"`): compiled away, so no test ever
            # covers its line; it is proposed from any ranked line of the function
            text = lines[last.lineno - 1].rstrip("\r\n")
            start = last.col_offset
            new = f"{text[:start]}return {text[start:]}"
            yield Edit(last.lineno, text, new, "missing_return", 2)
        return  # a docstring, or done
    end_text = lines[last.end_lineno - 1].rstrip("\r\n")
    first_text = lines[last.lineno - 1]
    indent = first_text[: len(first_text) - len(first_text.lstrip())]
    if not end_text.strip() or end_text.rstrip().endswith("\\"):
        return
    for name in ctx.result_names()[:_MAX_RETURN_VARS]:
        yield Edit(last.end_lineno, end_text, f"{end_text}\n{indent}return {name}", "missing_return", 2)
