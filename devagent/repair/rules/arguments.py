"""Call arguments changed: two adjacent ones swapped (`f(a, b)` -> `f(b, a)`), one
removed, two far apart exchanged, or a missing one added from the names in scope.

Rules of a LineContext (context.py) and one call on the ranked line, yielding Proposals."""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator, Sequence

from devagent.repair.rules.context import MAX_FILL_NAMES, SKIP_VALUE_NAMES, LineContext
from devagent.repair.rules.edit import Proposal
from devagent.repair.rules.operators import swapped


def adjacent_swapped(ctx: LineContext, node: ast.Call) -> Iterator[Proposal]:
    """Two adjacent arguments in the other order: `divmod(60, minutes)` ->
    `divmod(minutes, 60)`."""
    positional = [a for a in node.args if not isinstance(a, ast.Starred)]
    if len(positional) == len(node.args) >= 2:
        for left, right in itertools.pairwise(positional):
            if ctx.on_line(left) and ctx.on_line(right):
                yield swapped(ctx, left, right, "swap_args", 3, bare=True)


def _argument_texts(ctx: LineContext, node: ast.Call) -> list[str] | None:
    if not ctx.on_line(node) or not ctx.on_line(node.func):
        return None
    parts = [ctx.source_of(a) for a in node.args]
    for keyword in node.keywords:
        if not ctx.on_line(keyword):
            return None
        parts.append(ctx.source_of(keyword))
    return parts


def argument_changes(ctx: LineContext, node: ast.Call) -> Iterator[Proposal]:
    """Remove an argument, exchange two that are not adjacent, add a missing one.
    Example: `fee(total, rate, 2)` -> `fee(total, 2)`."""
    parts = _argument_texts(ctx, node)
    if parts is None:
        return
    start, end = ctx.span(node)
    func = ctx.source_of(node.func)

    def call(args: Sequence[str]) -> str:
        return f"{func}({', '.join(args)})"

    positional = len(node.args)
    if not any(isinstance(a, ast.Starred) for a in node.args):
        for i in range(positional):
            yield Proposal(((start, end, call(parts[:i] + parts[i + 1 :])),), "argument", 4)
        for i, j in itertools.combinations(range(positional), 2):
            if j - i > 1:  # adjacent ones: adjacent_swapped's
                swapped = list(parts)
                swapped[i], swapped[j] = swapped[j], swapped[i]
                yield Proposal(((start, end, call(swapped)),), "argument", 3)
    for fill, size in _missing_arguments(ctx, node):
        added = call([*parts[:positional], fill, *parts[positional:]])
        yield Proposal(((start, end, added),), "argument", size)


def _missing_arguments(ctx: LineContext, node: ast.Call) -> Iterator[tuple[str, int]]:
    """For a call of a function of this module given fewer positional arguments than its
    parameters: the name in scope spelled like the next parameter, then other locals."""
    if not isinstance(node.func, ast.Name) or node.keywords:
        return
    target = next(
        (
            s
            for s in ctx.tree.body
            if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef) and s.name == node.func.id
        ),
        None,
    )
    if target is None:
        return
    params = [a.arg for a in [*target.args.posonlyargs, *target.args.args]]
    if len(node.args) >= len(params):
        return
    wanted = params[len(node.args)]
    local = [n for n in ctx.scope_names()[0] if n not in SKIP_VALUE_NAMES]
    used = {ctx.source_of(a) for a in node.args}
    if wanted in local:
        yield wanted, 2
    others = [n for n in local if n != wanted and n not in used][:MAX_FILL_NAMES]
    for name in others:
        yield name, 4
