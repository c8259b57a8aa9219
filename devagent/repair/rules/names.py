"""A name replaced by another in scope: `total += price` -> `total += cost`, the
likeliest slip first (a nearby name, another index name in an index).

A rule of a LineContext (context.py) and one name on the ranked line, yielding Proposals."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from devagent.repair.rules.context import SKIP_NAMES, LineContext
from devagent.repair.rules.edit import Proposal

_MAX_RENAMES = 8


def renamed(ctx: LineContext, node: ast.Name) -> Iterator[Proposal]:
    """Example: `total += price` -> `total += cost`."""
    if not isinstance(node.ctx, ast.Load) or not ctx.on_line(node) or node.id in SKIP_NAMES:
        return
    parent = ctx.parents.get(node)
    called = isinstance(parent, ast.Call) and parent.func is node
    local, module_vars, module_funcs = ctx.scope_names()
    if called:
        if node.id not in module_funcs:
            return
        pool = [(n, 4) for n in module_funcs]
    else:
        if node.id not in local and node.id not in module_vars:
            return
        pool = [(n, 3) for n in ctx.nearest(node, local)] + [(n, 4) for n in module_vars]
    start, end = ctx.span(node)
    count = 0
    for name, size in pool:
        if name == node.id or name in SKIP_NAMES:
            continue
        yield Proposal(((start, end, name),), "rename", size)
        count += 1
        if count >= _MAX_RENAMES:
            return
