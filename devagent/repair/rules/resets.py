"""Values started and started over: a reset that forgets a companion (`current = []`
without `load = 0`), a run restarted in its missing `else` (`else: current = 0`) or before
the `continue` that skips its round (`run = 0`), the closing update a `continue` skips
(`previous = value`), a total started inside its loop moved above it, a name added to
before it is bound (`total = 0` above the loop), an entry counted before it is made
(`if k not in d: d[k] = 0`).

Rules of a LineContext (context.py), the function and the ranked line's statement,
yielding whole-line Edits."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence

from devagent.repair.rules.bindings import (
    Loop,
    assigned_in,
    assigned_name,
    enclosing_loop,
    grown_in,
    indented,
    initial_values,
    is_initial,
)
from devagent.repair.rules.context import LineContext
from devagent.repair.rules.edit import Edit


def companion_reset(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`current = []` inside a loop, a reset to where `current` started: every other
    value the loop grows and never resets (`load += weight`) starts over there too.
    Example: `current = []` -> `current = [] | load = 0`."""
    name = assigned_name(ctx, statement)
    loop = enclosing_loop(ctx, statement)
    if name is None or loop is None or not isinstance(statement, ast.Assign):
        return
    initial = initial_values(function, loop.lineno)
    if initial.get(name) != ast.unparse(statement.value):
        return
    reset_in_loop = assigned_in(loop)
    # grown beside `name` (the same block), and not a cursor that steers the loop
    beside: set[str] = set()
    for block in _blocks(loop):
        if any(name in grown_in(s) for s in block):
            beside |= {g for s in block for g in grown_in(s)}
    steering = {n.id for n in ast.walk(loop) if isinstance(n, ast.Name) and _steers(ctx, n, loop)}
    text, indent = indented(lines, ctx.line)
    for companion in sorted(beside - reset_in_loop - steering - {name}):
        if companion in initial:
            yield Edit(
                ctx.line, text, f"{text}\n{indent}{companion} = {initial[companion]}", "insert_analogy", 3
            )


def reset_in_else(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`if active: current += 1; best = max(best, current)` in a loop, with no `else`: a
    run the branch counts and reads must start over when the branch is not taken (`else:
    current = 0`); a total (`count += 1` alone) does not. Proposed from the branch
    or any statement of its body; the value is where the count started before the loop.
    Example: `if active: current += 1` -> `if active: current += 1 | else: current = 0`."""
    branch = statement if isinstance(statement, ast.If) else ctx.parents.get(statement)
    if not isinstance(branch, ast.If) or branch.orelse or branch.end_lineno is None:
        return
    loop = enclosing_loop(ctx, branch)
    if loop is None:
        return
    initial = initial_values(function, loop.lineno)
    counted = [
        s.target.id
        for s in branch.body
        if isinstance(s, ast.AugAssign) and isinstance(s.target, ast.Name) and s.target.id in initial
    ]
    if not counted or counted[0] in assigned_in(loop):
        return
    # a run, not a total: the branch also reads the count it keeps (`best = max(best, current)`)
    read = {
        n.id
        for s in branch.body
        if not isinstance(s, ast.AugAssign)
        for n in ast.walk(s)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
    }
    if counted[0] not in read:
        return
    last = branch.end_lineno
    text = lines[last - 1].rstrip("\r\n")
    _, indent = indented(lines, branch.lineno)
    _, inner = indented(lines, branch.body[0].lineno)
    reset = f"{indent}else:\n{inner}{counted[0]} = {initial[counted[0]]}"
    yield Edit(last, text, f"{text}\n{reset}", "insert_analogy", 3)


def skipped_update(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """A `continue` that skips the loop's closing `previous = value`: the state the next
    round reads is not brought up to date on this path.
    Example: `continue` -> `previous = value | continue`."""
    if not isinstance(statement, ast.Continue):
        return
    loop = enclosing_loop(ctx, statement)
    if loop is None:
        return
    branch = next((s for s in loop.body if s.lineno <= statement.lineno <= (s.end_lineno or s.lineno)), None)
    if branch is None:
        return
    initial = initial_values(function, loop.lineno)
    text, indent = indented(lines, ctx.line)
    for later in loop.body[loop.body.index(branch) + 1 :]:
        if (
            isinstance(later, ast.Assign)
            and len(later.targets) == 1
            and isinstance(later.targets[0], ast.Name)
            and later.targets[0].id in initial
            and later.lineno == later.end_lineno
        ):
            yield Edit(ctx.line, text, f"{indent}{ast.unparse(later)}\n{text}", "insert_analogy", 3)


def reset_before_skip(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`if rain >= limit: continue` ahead of `run += 1` and a read of `run`: a round the
    loop skips ends the run it counts (`run = 0` before the `continue`), unless the loop
    restarts it somewhere already.
    Example: `continue` -> `run = 0 | continue`."""
    branch = statement if isinstance(statement, ast.If) else ctx.parents.get(statement)
    if not (isinstance(branch, ast.If) and branch.body and isinstance(branch.body[-1], ast.Continue)):
        return
    skip = branch.body[-1]
    loop = enclosing_loop(ctx, branch)
    if loop is None or skip.lineno == branch.lineno or branch.end_lineno is None:
        return
    initial = initial_values(function, loop.lineno)
    after = [s for s in loop.body if s.lineno > branch.end_lineno]
    counted = [
        n.target.id
        for s in after
        for n in ast.walk(s)
        if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name)
    ]
    read = {
        n.id for s in after for n in ast.walk(s) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
    }
    text, indent = indented(lines, skip.lineno)
    for name in dict.fromkeys(counted):
        if name in initial and name in read and name not in assigned_in(loop):
            yield Edit(skip.lineno, text, f"{indent}{name} = {initial[name]}\n{text}", "insert_analogy", 3)


def hoisted_start(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`subtotal = 0.0` as the first statement of a loop whose next one adds to it: the
    total restarts every round; it starts above the loop instead (one edit from the
    loop's header to the statement).
    Example: `for x in xs: | subtotal = 0.0` -> `subtotal = 0.0 | for x in xs:`."""
    loop = ctx.parents.get(statement)
    if not isinstance(loop, ast.For | ast.While) or not loop.body or loop.body[0] is not statement:
        return
    if not (
        isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Name)
        and is_initial(statement.value)
        and statement.lineno == statement.end_lineno == ctx.line
        and len(loop.body) > 1
    ):
        return
    name = statement.targets[0].id
    follower = loop.body[1]
    if not (
        isinstance(follower, ast.AugAssign)
        and isinstance(follower.target, ast.Name)
        and follower.target.id == name
    ):
        return
    old = [lines[n - 1].rstrip("\r\n") for n in range(loop.lineno, statement.lineno + 1)]
    _, outer = indented(lines, loop.lineno)
    new = [f"{outer}{ast.unparse(statement)}", *old[:-1]]
    yield Edit(loop.lineno, "\n".join(old), "\n".join(new), "insert_analogy", 3, span=len(old))


def initialised(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`total += x` on a name nothing binds before it (UnboundLocalError): the name starts
    at its empty value above the outermost loop around the line, or above the line.
    Example: `for x in xs:` -> `total = 0 | for x in xs:`."""
    if not (
        isinstance(statement, ast.AugAssign)
        and isinstance(statement.target, ast.Name)
        and isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
    ):
        return
    name = statement.target.id
    args = function.args
    if name in {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}:
        return
    for n in ast.walk(function):
        if isinstance(n, ast.Global | ast.Nonlocal) and name in n.names:
            return
        stored = isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
        if stored and isinstance(n, ast.expr) and n.lineno < statement.lineno:
            return
        if isinstance(n, ast.For | ast.AsyncFor | ast.comprehension) and any(
            isinstance(t, ast.Name) and t.id == name for t in ast.walk(n.target)
        ):
            return
    start = _start_of(statement.value, statement.op)
    if start is None:
        return
    top: ast.AST = statement
    parent = ctx.parents.get(statement)
    while parent is not None and parent is not function:
        if isinstance(parent, ast.For | ast.While):
            top = parent
        parent = ctx.parents.get(parent)
    assert isinstance(top, ast.stmt)
    text, indent = indented(lines, top.lineno)
    yield Edit(top.lineno, text, f"{indent}{name} = {start}\n{text}", "insert_analogy", 3)


def entry_started(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`counts[vote] += 1` on a mapping made empty in the function whose entries are never
    made: the first of each key raises KeyError, so the entry starts first
    (`if vote not in counts: counts[vote] = 0`).
    Example: `counts[vote] += 1` -> `if vote not in counts: counts[vote] = 0 | counts[vote] += 1`."""
    if not (
        isinstance(statement, ast.AugAssign)
        and isinstance(statement.target, ast.Subscript)
        and isinstance(statement.target.value, ast.Name)
        and statement.end_lineno == ctx.line
    ):
        return
    mapping, key = statement.target.value.id, statement.target.slice
    made = [
        n
        for n in ast.walk(function)
        if isinstance(n, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == mapping for t in n.targets)
        and isinstance(n.value, ast.Dict)
        and not n.value.keys
    ]
    entries = [
        n
        for n in ast.walk(function)
        if isinstance(n, ast.Assign)
        for t in n.targets
        if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and t.value.id == mapping
    ]
    if not made or entries:
        return
    start = _start_of(statement.value, statement.op)
    if start is None:
        return
    text, indent = indented(lines, ctx.line)
    key_text = ast.unparse(key)
    guard = f"if {key_text} not in {mapping}: {mapping}[{key_text}] = {start}"
    yield Edit(ctx.line, text, f"{indent}{guard}\n{text}", "insert_analogy", 3)


def _start_of(value: ast.expr, op: ast.operator) -> str | None:
    """Where a value built by `x op= value` starts: 0 for a sum, 1 for a product, `""`
    for text, `[]` for a list."""
    if isinstance(value, ast.JoinedStr) or (isinstance(value, ast.Constant) and isinstance(value.value, str)):
        return '""' if isinstance(op, ast.Add) else None
    if isinstance(value, ast.List | ast.ListComp):
        return "[]" if isinstance(op, ast.Add) else None
    if isinstance(op, ast.Add | ast.Sub):
        return "0"
    if isinstance(op, ast.Mult):
        return "1"
    return None


def _blocks(node: ast.AST) -> list[list[ast.stmt]]:
    return [
        body
        for n in ast.walk(node)
        for body in (getattr(n, "body", None), getattr(n, "orelse", None))
        if isinstance(body, list) and body and isinstance(body[0], ast.stmt)
    ]


def _steers(ctx: LineContext, name: ast.Name, loop: Loop) -> bool:
    """Read in the loop's own test or as an index (`weights[i]`)."""
    if isinstance(loop, ast.While) and any(n is name for n in ast.walk(loop.test)):
        return True
    parent = ctx.parents.get(name)
    return isinstance(parent, ast.Subscript) and parent.slice is name
