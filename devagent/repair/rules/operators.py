"""Operators swapped or regrouped: an arithmetic, augmented-assignment, comparison or
boolean operator for its neighbour (`<` -> `<=`, `+=` -> `-=`, `and` -> `or`), two operands
exchanged (`a - b` -> `b - a`), a negation or a sign dropped (`not x` -> `x`, `-x` -> `x`),
and parentheses a precedence needs (`f - 32 * 5 / 9` -> `(f - 32) * 5 / 9`).

Each rule is a function of a LineContext (context.py) and one node on the ranked line,
yielding Proposals (changes within the line); sizes are naturalness costs (1 = a
boundary slip, 5 = a deletion)."""

from __future__ import annotations

import ast
import itertools
import re
from collections.abc import Iterator

from devagent.repair.rules.conditions import negated
from devagent.repair.rules.context import LineContext
from devagent.repair.rules.edit import Proposal, Span

BINOP_TEXT: dict[type[ast.operator], str] = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.Pow: "**",
    ast.LShift: "<<",
    ast.RShift: ">>",
    ast.BitAnd: "&",
    ast.BitOr: "|",
    ast.BitXor: "^",
    ast.MatMult: "@",
}


# Swaps within an arithmetic family, each with its cost.
_BINOP_SWAPS: dict[type[ast.operator], tuple[tuple[str, int], ...]] = {
    ast.Add: (("-", 1), ("*", 3)),
    ast.Sub: (("+", 1),),
    ast.Mult: (("/", 2), ("//", 2), ("**", 2), ("+", 3)),
    ast.Div: (("//", 1), ("*", 2)),
    ast.FloorDiv: (("/", 1), ("*", 2), ("%", 3)),
    ast.Mod: (("//", 2),),
    ast.Pow: (("*", 2),),
    ast.LShift: ((">>", 2),),
    ast.RShift: (("<<", 2),),
    ast.BitAnd: (("|", 2), ("^", 3)),
    ast.BitOr: (("&", 2), ("^", 2)),
    ast.BitXor: (("|", 2), ("&", 2)),
}


_NON_COMMUTATIVE = (ast.Sub, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.LShift, ast.RShift, ast.MatMult)


_CMP_TEXT: dict[type[ast.cmpop], str] = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.In: "in",
    ast.NotIn: "not in",
}


_CMP_PATTERN: dict[type[ast.cmpop], re.Pattern[bytes]] = {
    ast.Lt: re.compile(rb"<(?!=)"),
    ast.LtE: re.compile(rb"<="),
    ast.Gt: re.compile(rb">(?!=)"),
    ast.GtE: re.compile(rb">="),
    ast.Eq: re.compile(rb"=="),
    ast.NotEq: re.compile(rb"!="),
    ast.Is: re.compile(rb"\bis\b"),
    ast.IsNot: re.compile(rb"\bis\s+not\b"),
    ast.In: re.compile(rb"\bin\b"),
    ast.NotIn: re.compile(rb"\bnot\s+in\b"),
}


# Boundary slips cost 1, flips and negations 2, unlikely changes 3.
_CMP_SWAPS: dict[type[ast.cmpop], tuple[tuple[str, int], ...]] = {
    ast.Lt: (("<=", 1), (">", 2), (">=", 2), ("!=", 3)),
    ast.LtE: (("<", 1), (">=", 2), (">", 2), ("==", 3)),
    ast.Gt: ((">=", 1), ("<", 2), ("<=", 2), ("!=", 3)),
    ast.GtE: ((">", 1), ("<=", 2), ("<", 2), ("==", 3)),
    ast.Eq: (("!=", 1), ("<=", 3), (">=", 3), ("<", 3), (">", 3)),
    ast.NotEq: (("==", 1), ("<", 3), (">", 3)),
    ast.Is: (("is not", 1), ("==", 3)),
    ast.IsNot: (("is", 1), ("!=", 3)),
    ast.In: (("not in", 1),),
    ast.NotIn: (("in", 1),),
}


_BOOL_PATTERN: dict[type[ast.boolop], re.Pattern[bytes]] = {
    ast.And: re.compile(rb"\band\b"),
    ast.Or: re.compile(rb"\bor\b"),
}


_BOOL_SWAP: dict[type[ast.boolop], str] = {ast.And: "or", ast.Or: "and"}


_LOW = ast.Add | ast.Sub


_HIGH = ast.Mult | ast.Div | ast.FloorDiv | ast.Mod


def regrouped(ctx: LineContext, node: ast.BinOp) -> Iterator[Proposal]:
    """Parentheses left out (operator precedence): `f - 32 * 5 / 9` -> `(f - 32) * 5 / 9`,
    `w * n + 1` -> `w * (n + 1)`: the sum joins the product's nearest operand."""
    if not ctx.on_line(node) or not isinstance(node.op, _LOW):
        return
    start, end = ctx.span(node)
    data = ctx.source_of(node).encode("utf-8")
    if isinstance(node.right, ast.BinOp) and isinstance(node.right.op, _HIGH):
        leaf: ast.expr = node.right
        while isinstance(leaf, ast.BinOp) and isinstance(leaf.op, _HIGH):
            leaf = leaf.left
        cut = ctx.span(leaf)[1] - start
        if ctx.on_line(leaf) and b"(" not in data[:cut]:
            new = f"({data[:cut].decode('utf-8')}){data[cut:].decode('utf-8')}"
            yield Proposal(((start, end, new),), "regroup", 3)
    if isinstance(node.left, ast.BinOp) and isinstance(node.left.op, _HIGH):
        leaf = node.left
        while isinstance(leaf, ast.BinOp) and isinstance(leaf.op, _HIGH):
            leaf = leaf.right
        cut = ctx.span(leaf)[0] - start
        if ctx.on_line(leaf) and b")" not in data[cut:]:
            new = f"{data[:cut].decode('utf-8')}({data[cut:].decode('utf-8')})"
            yield Proposal(((start, end, new),), "regroup", 3)


def arithmetic(ctx: LineContext, node: ast.BinOp) -> Iterator[Proposal]:
    """Example: `total - tax` -> `total + tax`."""
    op_text = BINOP_TEXT.get(type(node.op))
    if op_text is None:
        return
    if (
        isinstance(node.op, ast.Add | ast.Sub)
        and isinstance(node.right, ast.Constant)
        and type(node.right.value) is int
        and ctx.on_line(node)
        and ctx.on_line(node.left)
    ):
        # `x - 1` that should be `x`: dropping the offset reads better than `x - 0`.
        start, end = ctx.span(node)
        yield Proposal(((start, end, ctx.source_of(node.left)),), "off_by_one", 1)
    where = ctx.gap_match(node.left, node.right, re.compile(re.escape(op_text.encode())))
    if where is not None:
        for new, size in _BINOP_SWAPS.get(type(node.op), ()):
            yield Proposal(((where[0], where[1], new),), "binop", size)
    if isinstance(node.op, _NON_COMMUTATIVE) and ctx.on_line(node.left) and ctx.on_line(node.right):
        yield swapped(ctx, node.left, node.right, "swap_operands", 3)


def augmented(ctx: LineContext, node: ast.AugAssign) -> Iterator[Proposal]:
    """Example: `balance -= amount` -> `balance += amount`."""
    op_text = BINOP_TEXT.get(type(node.op))
    if op_text is None:
        return
    where = ctx.gap_match(node.target, node.value, re.compile(re.escape(op_text.encode()) + rb"="))
    if where is None:
        return
    for new, size in _BINOP_SWAPS.get(type(node.op), ()):
        yield Proposal(((where[0], where[1], new + "="),), "binop", size)
    # `x += e` that should have been `x = e`
    yield Proposal(((where[0], where[1], "="),), "binop", 3)


def comparison(ctx: LineContext, node: ast.Compare) -> Iterator[Proposal]:
    """Example: `if x < limit:` -> `if x <= limit:`."""
    operands = [node.left, *node.comparators]
    for i, op in enumerate(node.ops):
        where = ctx.gap_match(operands[i], operands[i + 1], _CMP_PATTERN[type(op)])
        if where is None:
            continue
        for new, size in _CMP_SWAPS[type(op)]:
            yield Proposal(((where[0], where[1], new),), "compare", size)
    if len(node.ops) == 1 and ctx.on_line(node.left) and ctx.on_line(node.comparators[0]):
        yield swapped(ctx, node.left, node.comparators[0], "swap_operands", 3)


def boolean(ctx: LineContext, node: ast.BoolOp) -> Iterator[Proposal]:
    """Example: `if a and b:` -> `if a or b:`."""
    pattern = _BOOL_PATTERN[type(node.op)]
    new = _BOOL_SWAP[type(node.op)]
    spans: list[Span] = []
    for left, right in itertools.pairwise(node.values):
        where = ctx.gap_match(left, right, pattern)
        if where is not None:
            spans.append((where[0], where[1], new))
            yield Proposal(((where[0], where[1], new),), "boolop", 2)
    if len(spans) > 1:
        yield Proposal(tuple(spans), "boolop", 2)
    for value in node.values:
        yield from negated(ctx, value, "negate", 3)


def unary(ctx: LineContext, node: ast.UnaryOp) -> Iterator[Proposal]:
    """Example: `if not ready:` -> `if ready:`."""
    if not ctx.on_line(node) or not ctx.on_line(node.operand):
        return
    start, end = ctx.span(node)
    if isinstance(node.op, ast.Not):
        yield Proposal(((start, end, ctx.operand(node.operand)),), "negate", 2)
    elif isinstance(node.op, ast.USub):
        yield Proposal(((start, end, ctx.operand(node.operand)),), "constant", 3)


def swapped(
    ctx: LineContext, left: ast.expr, right: ast.expr, template: str, size: int, bare: bool = False
) -> Proposal:
    """Exchange two operands (parenthesised unless atomic) or, `bare`, two call arguments."""
    (ls, le), (rs, re_) = ctx.span(left), ctx.span(right)
    show = ctx.source_of if bare else ctx.operand
    return Proposal(((ls, le, show(right)), (rs, re_, show(left))), template, size)
