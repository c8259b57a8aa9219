"""An object's state kept by a method: a count `__init__` starts that no method
changes (`self.count += 1`), an attribute `__init__` leaves None remembered from the
parameter it names (`self.last_room = room`), a list or set no method adds to given what
a method takes (`self.history.append(track)`).

Rules of a LineContext (context.py), the function and the ranked line's statement,
yielding whole-line Edits."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence

from devagent.repair.rules import ingredients
from devagent.repair.rules.bindings import indented
from devagent.repair.rules.context import LineContext
from devagent.repair.rules.edit import Edit


def attribute_counted(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`self.count = 0` in `__init__`, read by another method and changed by none: the
    method on the ranked line was meant to keep it (`self.count += 1` after the line).
    Example: `return self.count` -> `self.count += 1 | return self.count`."""
    if not isinstance(function, ast.FunctionDef) or function.name == "__init__" or hasattr(statement, "body"):
        return
    if statement.end_lineno != ctx.line or isinstance(statement, ast.Return | ast.Raise):
        return
    owner = ctx.parents.get(function)
    if not isinstance(owner, ast.ClassDef) or not function.args.args:
        return
    me = function.args.args[0].arg
    started: list[str] = []
    changed: set[str] = set()
    for method in owner.body:
        if not isinstance(method, ast.FunctionDef):
            continue
        for node in ast.walk(method):
            if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Attribute):
                changed.add(node.target.attr)
            if not isinstance(node, ast.Assign):
                continue
            value = node.value
            for target in node.targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
                    initial = isinstance(value, ast.Constant) and type(value.value) is int
                    if method.name == "__init__" and initial:
                        started.append(target.attr)
                    else:
                        changed.add(target.attr)
    read_here = {n.attr for n in ast.walk(function) if isinstance(n, ast.Attribute)}
    # a count this line uses moves on after it: a cursor it indexes with
    # (`self.tracks[self.position]`), a ticket number it hands out (`(urgency, self.arrivals, name)`)
    used_here = {
        n.attr
        for n in ast.walk(statement)
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == me
    }
    text, indent = indented(lines, ctx.line)
    for attr in dict.fromkeys(started):
        if attr not in changed and (attr not in read_here or attr in used_here):
            yield Edit(ctx.line, text, f"{text}\n{indent}{me}.{attr} += 1", "insert_analogy", 3)


def _method_taking_values(
    ctx: LineContext, function: ast.AST, statement: ast.stmt
) -> tuple[ast.ClassDef, str, list[str]] | None:
    """(class, self's name, the other parameters) when the ranked line is a one-line
    statement, neither a return nor a raise, of a method other than `__init__` that takes
    at least one value: where a statement after the line can keep what the method takes."""
    if not isinstance(function, ast.FunctionDef) or function.name == "__init__" or hasattr(statement, "body"):
        return None
    if statement.end_lineno != ctx.line or isinstance(statement, ast.Return | ast.Raise):
        return None
    owner = ctx.parents.get(function)
    if not isinstance(owner, ast.ClassDef) or len(function.args.args) < 2:
        return None
    me, *params = (a.arg for a in function.args.args)
    return owner, me, params


def attribute_remembered(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`self.last_room = None` in `__init__` and set by no method: the method that takes a
    `room` was meant to remember it (`self.last_room = room` after the line).
    Example: `self.rooms.add(room)` -> `self.rooms.add(room) | self.last_room = room`."""
    taking = _method_taking_values(ctx, function, statement)
    if taking is None:
        return
    owner, me, params = taking
    unset: list[str] = []
    set_later: set[str] = set()
    for method in owner.body:
        if not isinstance(method, ast.FunctionDef):
            continue
        for node in ast.walk(method):
            if not isinstance(node, ast.Assign | ast.AugAssign):
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if not isinstance(target, ast.Attribute):
                    continue
                if (
                    method.name == "__init__"
                    and isinstance(node.value, ast.Constant)
                    and node.value.value is None
                ):
                    unset.append(target.attr)
                else:
                    set_later.add(target.attr)
    text, indent = indented(lines, ctx.line)
    for attr in dict.fromkeys(unset):
        if attr in set_later:
            continue
        for param in params:
            if attr == param or attr.endswith(f"_{param}"):
                yield Edit(ctx.line, text, f"{text}\n{indent}{me}.{attr} = {param}", "insert_analogy", 3)


def attribute_collected(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`self.history = []` in `__init__`, read by a method and added to by none: the method
    on the ranked line that takes a value was meant to keep it (`self.history.append(track)`).
    Example: `self.playing = track` -> `self.playing = track | self.history.append(track)`."""
    taking = _method_taking_values(ctx, function, statement)
    if taking is None:
        return
    owner, me, params = taking
    made: dict[str, str] = {}  # attribute -> the method that adds to it
    added: set[str] = set()
    read: set[str] = set()
    for method in owner.body:
        if not isinstance(method, ast.FunctionDef):
            continue
        for node in ast.walk(method):
            if isinstance(node, ast.Assign) and method.name == "__init__":
                for target in node.targets:
                    kind = _empty_kind(node.value)
                    if isinstance(target, ast.Attribute) and kind is not None:
                        made[target.attr] = kind
            elif isinstance(node, ast.Assign | ast.AugAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                added |= {t.attr for t in targets if isinstance(t, ast.Attribute)}
                added |= {
                    t.value.attr
                    for t in targets
                    if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Attribute)
                }
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                owner_of = node.func.value
                if isinstance(owner_of, ast.Attribute) and node.func.attr in _ADDING_METHODS:
                    added.add(owner_of.attr)
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.ctx, ast.Load)
                and method.name != "__init__"
            ):
                read.add(node.attr)
    text, indent = indented(lines, ctx.line)
    for attr, method_name in made.items():
        if attr in added or attr not in read:
            continue
        for param in params:
            new = f"{text}\n{indent}{me}.{attr}.{method_name}({param})"
            yield Edit(ctx.line, text, new, "insert_analogy", 3)


_ADDING_METHODS = frozenset({"append", "add", "extend", "insert", "update", "setdefault", "appendleft"})


def _empty_kind(value: ast.expr) -> str | None:
    """The adding method of an empty list, set or deque (`[]`, `list()`, `set()`), else None."""
    if isinstance(value, ast.List) and not value.elts:
        return ingredients.WRITERS["list"]
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
        return None if value.args or value.keywords else ingredients.WRITERS.get(value.func.id)
    return None
