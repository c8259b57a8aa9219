"""Whole statements a block lacks, taken from what the function already does elsewhere.

Each family reads one pattern of the code's own state handling (the literature's
"ingredients": GenProg and SimFix copy fix material from the same program):
- a reset that forgets a companion (`current = []` without `load = 0`, where both grow
  together in the loop);
- a branch that `continue`s past the loop's own state update (`previous = value`);
- a copy made to be changed and never changed (`ordered = list(values)`, no sort);
- a mapping whose entries are appended to and never made (`sections[current] = []`);
- a loop variable used raw where the module cleans such values (`line = line.strip()`).
Sizes are templates.py's naturalness costs."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence

from devagent.repair.edit import Edit
from devagent.repair.line_context import LineContext

_Loop = ast.For | ast.While
_COPIERS = frozenset({"list", "sorted"})
_CLEANERS = ("strip", "lower")  # the string methods a raw value most often lacks
_MUTATORS = frozenset({"sort", "reverse", "append", "extend", "insert", "pop", "remove", "clear"})


def proposals(ctx: LineContext, statement: ast.stmt, lines: Sequence[str]) -> Iterator[Edit]:
    function = ctx.function
    if function is None:
        return
    yield from _companion_reset(ctx, function, statement, lines)
    yield from _skipped_update(ctx, function, statement, lines)
    yield from _unchanged_copy(ctx, function, statement, lines)
    yield from _entry_made(ctx, function, statement, lines)
    yield from _loop_value_cleaned(ctx, function, statement, lines)


def _indent(lines: Sequence[str], line: int) -> tuple[str, str]:
    text = lines[line - 1].rstrip("\r\n")
    return text, text[: len(text) - len(text.lstrip())]


def _assigned_name(ctx: LineContext, statement: ast.stmt) -> str | None:
    """The one name a one-line `name = value` on the ranked line binds."""
    if (
        isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Name)
        and statement.end_lineno == ctx.line
    ):
        return statement.targets[0].id
    return None


def _enclosing_loop(ctx: LineContext, node: ast.AST) -> _Loop | None:
    parent = ctx.parents.get(node)
    while parent is not None and not isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef):
        if isinstance(parent, ast.For | ast.While):
            return parent
        parent = ctx.parents.get(parent)
    return None


def _initial_values(function: ast.AST, before: int) -> dict[str, str]:
    """name -> the constant or empty container it is given before line `before`."""
    found: dict[str, str] = {}
    for node in ast.walk(function):
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and node.lineno < before
            and _is_initial(node.value)
        ):
            found.setdefault(node.targets[0].id, ast.unparse(node.value))
    return found


def _is_initial(value: ast.expr) -> bool:
    if isinstance(value, ast.Constant):
        return not isinstance(value.value, str) or value.value == ""
    return (isinstance(value, ast.List) and not value.elts) or (
        isinstance(value, ast.Dict) and not value.keys
    )


def _assigned_in(node: ast.AST) -> set[str]:
    return {
        target.id
        for n in ast.walk(node)
        if isinstance(n, ast.Assign)
        for target in n.targets
        if isinstance(target, ast.Name)
    }


def _grown_in(node: ast.AST) -> set[str]:
    """Names the code adds to: `x += ...` or `x.append(...)`-like calls."""
    grown = {
        n.target.id for n in ast.walk(node) if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name)
    }
    grown |= {
        n.func.value.id
        for n in ast.walk(node)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Name)
        and n.func.attr in _MUTATORS
    }
    return grown


def _companion_reset(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`current = []` inside a loop, a reset to where `current` started: every other
    value the loop grows and never resets (`load += weight`) starts over there too."""
    name = _assigned_name(ctx, statement)
    loop = _enclosing_loop(ctx, statement)
    if name is None or loop is None or not isinstance(statement, ast.Assign):
        return
    initial = _initial_values(function, loop.lineno)
    if initial.get(name) != ast.unparse(statement.value):
        return
    reset_in_loop = _assigned_in(loop)
    # grown beside `name` (the same block), and not a cursor that steers the loop
    beside: set[str] = set()
    for block in _blocks(loop):
        if any(name in _grown_in(s) for s in block):
            beside |= {g for s in block for g in _grown_in(s)}
    steering = {n.id for n in ast.walk(loop) if isinstance(n, ast.Name) and _steers(ctx, n, loop)}
    text, indent = _indent(lines, ctx.line)
    for companion in sorted(beside - reset_in_loop - steering - {name}):
        if companion in initial:
            yield Edit(
                ctx.line, text, f"{text}\n{indent}{companion} = {initial[companion]}", "insert_analogy", 3
            )


def _blocks(node: ast.AST) -> list[list[ast.stmt]]:
    return [
        body
        for n in ast.walk(node)
        for body in (getattr(n, "body", None), getattr(n, "orelse", None))
        if isinstance(body, list) and body and isinstance(body[0], ast.stmt)
    ]


def _steers(ctx: LineContext, name: ast.Name, loop: _Loop) -> bool:
    """Read in the loop's own test or as an index (`weights[i]`)."""
    if isinstance(loop, ast.While) and any(n is name for n in ast.walk(loop.test)):
        return True
    parent = ctx.parents.get(name)
    return isinstance(parent, ast.Subscript) and parent.slice is name


def _skipped_update(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """A `continue` that skips the loop's closing `previous = value`: the state the next
    round reads is not brought up to date on this path."""
    if not isinstance(statement, ast.Continue):
        return
    loop = _enclosing_loop(ctx, statement)
    if loop is None:
        return
    branch = next((s for s in loop.body if s.lineno <= statement.lineno <= (s.end_lineno or s.lineno)), None)
    if branch is None:
        return
    initial = _initial_values(function, loop.lineno)
    text, indent = _indent(lines, ctx.line)
    for later in loop.body[loop.body.index(branch) + 1 :]:
        if (
            isinstance(later, ast.Assign)
            and len(later.targets) == 1
            and isinstance(later.targets[0], ast.Name)
            and later.targets[0].id in initial
            and later.lineno == later.end_lineno
        ):
            yield Edit(ctx.line, text, f"{indent}{ast.unparse(later)}\n{text}", "insert_analogy", 3)


def _unchanged_copy(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`ordered = list(values)` and nothing ever changes `ordered`: the copy was made to be
    sorted (or reversed) in place."""
    name = _assigned_name(ctx, statement)
    if not (
        name is not None
        and isinstance(statement, ast.Assign)
        and isinstance(statement.value, ast.Call)
        and isinstance(statement.value.func, ast.Name)
        and statement.value.func.id == "list"
        and len(statement.value.args) == 1
    ):
        return
    bindings = [n for n in ast.walk(function) if isinstance(n, ast.Assign) and name in _assigned_in(n)]
    if name in _grown_in(function) or len(bindings) != 1:
        return
    text, indent = _indent(lines, ctx.line)
    for method in ("sort()", "reverse()"):
        yield Edit(ctx.line, text, f"{text}\n{indent}{name}.{method}", "insert_analogy", 3)


def _entry_made(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`current = ...` where the function appends to `sections[current]` and never stores
    an entry: the entry must be made (`sections[current] = []`) when its key is set."""
    key = _assigned_name(ctx, statement)
    if key is None:
        return
    stored = {
        target.value.id
        for n in ast.walk(function)
        if isinstance(n, ast.Assign | ast.AugAssign)
        for target in (n.targets if isinstance(n, ast.Assign) else [n.target])
        if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name)
    }
    text, indent = _indent(lines, ctx.line)
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


def _loop_value_cleaned(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`for line in text.splitlines():` whose body never cleans `line` while the module
    strips or lower-cases other strings: `line = line.strip()` opens the body."""
    loop = statement if isinstance(statement, ast.For) else _enclosing_loop(ctx, statement)
    if not (isinstance(loop, ast.For) and isinstance(loop.target, ast.Name)):
        return
    name = loop.target.id
    statement = loop
    body = statement.body
    if _assigned_in(ast.Module(body=body, type_ignores=[])) & {name}:
        return
    used = {
        n.func.attr
        for n in ast.walk(ctx.tree)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and not n.args
        and n.func.attr in _CLEANERS
    }
    raw = any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == name
        and n.func.attr in _CLEANERS
        for s in body
        for n in ast.walk(s)
    )
    if raw:
        return
    first = body[0]
    text, indent = _indent(lines, first.lineno)
    for method in _CLEANERS:
        if method in used:
            yield Edit(first.lineno, text, f"{indent}{name} = {name}.{method}()\n{text}", "insert_analogy", 3)
