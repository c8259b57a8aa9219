"""Statements in another order, or a branch that falls through: two adjacent statements
swapped where one reads or writes what the other writes, and a `continue` or `break`
after the last statement of a branch inside a loop.

Rules of a LineContext (context.py), yielding whole-line Edits."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence

from devagent.repair.rules import ingredients
from devagent.repair.rules.context import LineContext
from devagent.repair.rules.edit import Edit
from devagent.repair.rules.loop_updates import bodies, loop_of

_JUMPS = (ast.Continue, ast.Break, ast.Return, ast.Raise)


_SIMPLE = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Return, ast.Delete, ast.Raise, ast.Pass)


def swapped_statements(ctx: LineContext, statement: ast.stmt, lines: Sequence[str]) -> Iterator[Edit]:
    """The line's statement and a neighbour of the same block in the other order: an
    update before or after a use, a reset after a use, a statement moved across the
    `if` or loop next to it. Only where the order can matter (ingredients.depends), and
    a pair of one-line statements before a statement moved across a block.
    Example: `total += x | seen.add(total)` -> `seen.add(total) | total += x`."""
    block = ingredients.block_of(ctx, statement)
    if block is None or statement.lineno != ctx.line:
        return
    i = block.index(statement)
    neighbours = [(block[i - 1], statement)] if i else []
    if i + 1 < len(block):
        neighbours.append((statement, block[i + 1]))
    for first, second in neighbours:
        if (first.end_lineno or first.lineno) + 1 != second.lineno or not ingredients.depends(first, second):
            continue  # not adjacent (a comment or blank line between), or independent
        if any(isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) for s in (first, second)):
            continue  # a docstring or a bare constant
        simple = isinstance(first, _SIMPLE) and isinstance(second, _SIMPLE)
        if not simple and not (isinstance(first, _SIMPLE) or isinstance(second, _SIMPLE)):
            continue  # two blocks: too big a move for a one-location fix
        top, bottom = first.lineno, second.end_lineno or second.lineno
        old = [line.rstrip("\r\n") for line in lines[top - 1 : bottom]]
        cut = second.lineno - top
        new = [*old[cut:], *old[:cut]]
        yield Edit(top, "\n".join(old), "\n".join(new), "swap_statements", 3 if simple else 4, span=len(old))


def missing_jump(ctx: LineContext, statement: ast.stmt, lines: Sequence[str]) -> Iterator[Edit]:
    """`continue` or `break` after the last statement of a branch inside a loop that falls
    through into the rest of the loop body: a day heading parsed as a lesson, a choice made
    and the search going on.
    Example: `day = line[:-1]` -> `day = line[:-1] | continue`."""
    function = ctx.function
    assert function is not None
    if statement.end_lineno != ctx.line or hasattr(statement, "body") or isinstance(statement, _JUMPS):
        return
    branch = ctx.parents.get(statement)
    if not isinstance(branch, ast.If) or statement is not branch.body[-1]:
        return
    loop = loop_of(function, ctx.line)
    if loop is None or not any(branch in body for body in bodies(loop)):
        return  # only a branch directly in the loop's body
    text = lines[ctx.line - 1].rstrip("\r\n")
    indent = text[: len(text) - len(text.lstrip())]
    for jump in ("continue", "break"):
        yield Edit(ctx.line, text, f"{text}\n{indent}{jump}", "insert_jump", 4)
