"""Groups and lists a loop builds: the last group handed over after the loop (`if
current: out.append(current)`), a copy made to be sorted (`ordered.sort()`), an entry
made for a mapping only appended to (`sections[key] = []`), the loop's item kept in a
list it reads by position (`current.append(day)`).

Rules of a LineContext (context.py), the function and the ranked line's statement,
yielding whole-line Edits."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence

from devagent.repair.rules.bindings import (
    assigned_in,
    assigned_name,
    enclosing_loop,
    grown_in,
    indented,
    initial_values,
)
from devagent.repair.rules.context import LineContext
from devagent.repair.rules.edit import Edit


def remainder_flushed(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`groups.append(current)` inside a loop that then starts `current` over: the last
    group is still open when the loop ends, so the same statement follows the loop
    (`if current: groups.append(current)`), unless the code after the loop already hands
    it over.
    Example: `return groups` -> `if current: groups.append(current) | return groups`."""
    if not (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Call)
        and isinstance(statement.value.func, ast.Attribute)
        and statement.value.func.attr in _HANDING
        and statement.end_lineno == ctx.line
    ):
        return
    loop = enclosing_loop(ctx, statement)
    if loop is None or loop.end_lineno is None or isinstance(ctx.parents.get(loop), ast.For | ast.While):
        return
    initial = initial_values(function, loop.lineno)
    restarted = assigned_in(loop) & set(initial)
    handed = [
        n.id
        for a in statement.value.args
        for n in ast.walk(a)
        if isinstance(n, ast.Name) and n.id in restarted
    ]
    if not handed:
        return
    done = ast.dump(statement)
    after = [n for n in ast.walk(function) if isinstance(n, ast.stmt) and n.lineno > loop.end_lineno]
    if any(ast.dump(n) == done for n in after):
        return
    text, _ = indented(lines, loop.end_lineno)
    _, indent = indented(lines, loop.lineno)
    call = ast.unparse(statement)
    for new in (f"{indent}if {handed[0]}: {call}", f"{indent}{call}"):
        yield Edit(loop.end_lineno, text, f"{text}\n{new}", "insert_analogy", 3)


_HANDING = frozenset({"append", "extend", "add"})  # a finished group handed to the result


def copy_sorted(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`ordered = list(values)` and nothing ever changes `ordered`: the copy was made to be
    sorted (or reversed) in place.
    Example: `ordered = list(values)` -> `ordered = list(values) | ordered.sort()`."""
    name = assigned_name(ctx, statement)
    if not (
        name is not None
        and isinstance(statement, ast.Assign)
        and isinstance(statement.value, ast.Call)
        and isinstance(statement.value.func, ast.Name)
        and statement.value.func.id == "list"
        and len(statement.value.args) == 1
    ):
        return
    bindings = [n for n in ast.walk(function) if isinstance(n, ast.Assign) and name in assigned_in(n)]
    if name in grown_in(function) or len(bindings) != 1:
        return
    text, indent = indented(lines, ctx.line)
    methods = ["sort()", "reverse()"]
    copied = statement.value.args[0]
    func = copied.func if isinstance(copied, ast.Call) else None
    if isinstance(func, ast.Attribute) and func.attr == "items":
        # a mapping's pairs are ranked by their value, most first (ties by key)
        methods += _RANKINGS
    for method in methods:
        yield Edit(ctx.line, text, f"{text}\n{indent}{name}.{method}", "insert_analogy", 3)


_RANKINGS = ["sort(key=lambda pair: pair[1], reverse=True)", "sort(key=lambda pair: (-pair[1], pair[0]))"]


def entry_made(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`current = ...` where the function appends to `sections[current]` and never stores
    an entry: the entry must be made (`sections[current] = []`) when its key is set.
    Example: `current = line[1:]` -> `current = line[1:] | sections[current] = []`."""
    key = assigned_name(ctx, statement)
    if key is None:
        return
    stored = {
        target.value.id
        for n in ast.walk(function)
        if isinstance(n, ast.Assign | ast.AugAssign)
        for target in (n.targets if isinstance(n, ast.Assign) else [n.target])
        if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name)
    }
    text, indent = indented(lines, ctx.line)
    seen: set[str] = set()
    for n in ast.walk(function):
        if (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr in ("append", "add", "extend")
            and isinstance(n.func.value, ast.Subscript)
            and isinstance(n.func.value.value, ast.Name)
            and isinstance(n.func.value.slice, ast.Name)
            and n.func.value.slice.id == key
        ):
            mapping = n.func.value.value.id
            if mapping in stored or mapping in seen:
                continue
            seen.add(mapping)
            empty = "set()" if n.func.attr == "add" else "[]"
            yield Edit(ctx.line, text, f"{text}\n{indent}{mapping}[{key}] = {empty}", "insert_analogy", 3)


def item_kept(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`current[-1]` read in a loop over `day`, with `current` made empty and never added
    to: the loop's item joins it at the end of the loop body (`current.append(day)`).
    Example: `gap = day - current[-1]` -> `gap = day - current[-1] | current.append(day)`."""
    loop = statement if isinstance(statement, ast.For) else enclosing_loop(ctx, statement)
    if not (isinstance(loop, ast.For) and isinstance(loop.target, ast.Name)):
        return
    initial = initial_values(function, loop.lineno)
    grown = grown_in(function)
    read = {
        n.value.id
        for n in ast.walk(loop)
        if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Load) and isinstance(n.value, ast.Name)
    }
    last = loop.body[-1]
    if last.end_lineno is None:
        return
    text, _ = indented(lines, last.end_lineno)
    _, indent = indented(lines, last.lineno)
    for name in sorted(read):
        if initial.get(name) == "[]" and name not in grown:
            yield Edit(
                last.end_lineno, text, f"{text}\n{indent}{name}.append({loop.target.id})", "insert_analogy", 3
            )
