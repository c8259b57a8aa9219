"""A name replaced by another in scope: `total += price` -> `total += cost`, the
likeliest slip first (a nearby name, another index name in an index); and a name assigned
to itself, a statement that does nothing, given back what it lost.

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


_MAX_ATTRIBUTES = 6


def self_assigned(ctx: LineContext, node: ast.Assign) -> Iterator[Proposal]:
    """Example: `func = func` -> `func = func.func` (an unwrapping that lost its attribute)."""
    if not (
        ctx.on_line(node)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, ast.Name)
        and node.targets[0].id == node.value.id
    ):
        return
    name = node.value.id
    kept = _instance_attributes(ctx.tree)
    ordered = [name] * (name in kept) + [a for a in kept if a != name]
    start, end = ctx.span(node.value)
    for rank, attribute in enumerate(ordered[:_MAX_ATTRIBUTES]):
        yield Proposal(((start, end, f"{name}.{attribute}"),), "self_assigned", 1 if rank == 0 else 2)
    function = ctx.function
    if function is not None and function.args.args and function.args.args[0].arg == "self":
        target_start, target_end = ctx.span(node.targets[0])
        yield Proposal(((target_start, target_end, f"self.{name}"),), "self_assigned", 2)


def _instance_attributes(tree: ast.Module) -> list[str]:
    """The attributes the module's methods set on `self`, in order of first appearance."""
    found: dict[str, None] = {}
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
        ):
            found.setdefault(node.attr, None)
    return list(found)
