"""Whole statements a block lacks, taken from what the function already does elsewhere.

Each family reads one pattern of the code's own state handling (the literature's
"ingredients": GenProg and SimFix copy fix material from the same program):
- a reset that forgets a companion (`current = []` without `load = 0`, where both grow
  together in the loop);
- a branch that `continue`s past the loop's own state update (`previous = value`);
- a copy made to be changed and never changed (`ordered = list(values)`, no sort);
- a mapping whose entries are appended to and never made (`sections[current] = []`);
- a loop variable used raw where the module cleans such values (`line = line.strip()`);
- a run a branch counts and reads, never restarted (`else: current = 0`);
- the last group a loop hands over only when the next one starts (`if current:
  out.append(current)` after the loop);
- a clamp at one end only (`if level > MAX: level = MAX` after `if level < 0: ...`);
- a count `__init__` starts that no method keeps (`self.count += 1`), or a cursor no
  method moves, after the line that indexes with it (`self.position += 1`);
- a branch that finds a value over its limit and goes on with it (`qty = available`);
- a total started as the first statement of the loop that adds to it, started above
  the loop instead;
- a branch of an `if` chain that does not move the index the chain reads, where every
  other branch does (`i += 1` or their step);
- an attribute `__init__` leaves None that no method sets, remembered from the parameter
  it names (`self.last_room = room`);
- an entry counted before it is made (`if k not in d: d[k] = 0`), a name added to before
  it is bound (`total = 0` above the loop);
- a list the loop reads by position and never adds to (`current[-1]`, no
  `current.append(day)`);
- a run the rest of the loop counts and reads, not ended by a `continue` that skips the
  round (`run = 0` before it).
Sizes are templates.py's naturalness costs."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence

from devagent.repair import ingredients
from devagent.repair.edit import Edit
from devagent.repair.line_context import LineContext

_Loop = ast.For | ast.While
_COPIERS = frozenset({"list", "sorted"})
_CLEANERS = ("strip", "lower")  # the string methods a raw value most often lacks
_MAX_BOUNDS = 3
_HANDING = frozenset({"append", "extend", "add"})  # a finished group handed to the result
_RANKINGS = ["sort(key=lambda pair: pair[1], reverse=True)", "sort(key=lambda pair: (-pair[1], pair[0]))"]
_MUTATORS = frozenset({"sort", "reverse", "append", "extend", "insert", "pop", "remove", "clear"})


def proposals(ctx: LineContext, statement: ast.stmt, lines: Sequence[str]) -> Iterator[Edit]:
    function = ctx.function
    if function is None:
        return
    yield from _companion_reset(ctx, function, statement, lines)
    yield from _reset_in_else(ctx, function, statement, lines)
    yield from _remainder_flushed(ctx, function, statement, lines)
    yield from _mirrored_clamp(ctx, function, statement, lines)
    yield from _attribute_counted(ctx, function, statement, lines)
    yield from _attribute_remembered(ctx, function, statement, lines)
    yield from _attribute_collected(ctx, function, statement, lines)
    yield from _branch_step(ctx, function, statement, lines)
    yield from _hoisted_start(ctx, function, statement, lines)
    yield from _held_to_limit(ctx, function, statement, lines)
    yield from _entry_started(ctx, function, statement, lines)
    yield from _initialised(ctx, function, statement, lines)
    yield from _skipped_update(ctx, function, statement, lines)
    yield from _unchanged_copy(ctx, function, statement, lines)
    yield from _entry_made(ctx, function, statement, lines)
    yield from _loop_value_cleaned(ctx, function, statement, lines)
    yield from _item_kept(ctx, function, statement, lines)
    yield from _reset_before_skip(ctx, function, statement, lines)


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
        if not (isinstance(node, ast.Assign) and node.lineno < before):
            continue
        value = node.value
        for target in node.targets:  # `best = run = 0` starts both
            pairs = [(target, value)]
            if (
                isinstance(target, ast.Tuple)
                and isinstance(value, ast.Tuple)
                and len(target.elts) == len(value.elts)
            ):
                pairs = list(zip(target.elts, value.elts, strict=True))  # `run, start = 0, 0`
            for name, start in pairs:
                if isinstance(name, ast.Name) and _is_initial(start):
                    found.setdefault(name.id, ast.unparse(start))
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


def _reset_in_else(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`if active: current += 1; best = max(best, current)` in a loop, with no `else`: a
    run the branch counts and reads must start over when the branch is not taken (`else:
    current = 0`); a total (`count += 1` alone) does not. Proposed from the branch
    or any statement of its body; the value is where the count started before the loop."""
    branch = statement if isinstance(statement, ast.If) else ctx.parents.get(statement)
    if not isinstance(branch, ast.If) or branch.orelse or branch.end_lineno is None:
        return
    loop = _enclosing_loop(ctx, branch)
    if loop is None:
        return
    initial = _initial_values(function, loop.lineno)
    counted = [
        s.target.id
        for s in branch.body
        if isinstance(s, ast.AugAssign) and isinstance(s.target, ast.Name) and s.target.id in initial
    ]
    if not counted or counted[0] in _assigned_in(loop):
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
    _, indent = _indent(lines, branch.lineno)
    _, inner = _indent(lines, branch.body[0].lineno)
    reset = f"{indent}else:\n{inner}{counted[0]} = {initial[counted[0]]}"
    yield Edit(last, text, f"{text}\n{reset}", "insert_analogy", 3)


def _remainder_flushed(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`groups.append(current)` inside a loop that then starts `current` over: the last
    group is still open when the loop ends, so the same statement follows the loop
    (`if current: groups.append(current)`), unless the code after the loop already hands
    it over."""
    if not (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Call)
        and isinstance(statement.value.func, ast.Attribute)
        and statement.value.func.attr in _HANDING
        and statement.end_lineno == ctx.line
    ):
        return
    loop = _enclosing_loop(ctx, statement)
    if loop is None or loop.end_lineno is None or isinstance(ctx.parents.get(loop), ast.For | ast.While):
        return
    initial = _initial_values(function, loop.lineno)
    restarted = _assigned_in(loop) & set(initial)
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
    text, _ = _indent(lines, loop.end_lineno)
    _, indent = _indent(lines, loop.lineno)
    call = ast.unparse(statement)
    for new in (f"{indent}if {handed[0]}: {call}", f"{indent}{call}"):
        yield Edit(loop.end_lineno, text, f"{text}\n{new}", "insert_analogy", 3)


def _mirrored_clamp(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`if level < 0: level = 0` with no upper end: the same clamp mirrored after it
    (`if level > MAX_VOLUME: level = MAX_VOLUME`), its bound a module constant or a
    parameter the function does not read yet. Proposed from the clamp or its body."""
    clamp = statement if isinstance(statement, ast.If) else ctx.parents.get(statement)
    if not isinstance(clamp, ast.If) or clamp.orelse or len(clamp.body) != 1 or clamp.end_lineno is None:
        return
    test, body = clamp.test, clamp.body[0]
    if not (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Lt | ast.LtE | ast.Gt | ast.GtE)
        and isinstance(test.left, ast.Name)
        and isinstance(body, ast.Assign)
        and len(body.targets) == 1
        and isinstance(body.targets[0], ast.Name)
        and body.targets[0].id == test.left.id
        and ast.dump(body.value) == ast.dump(test.comparators[0])
    ):
        return
    name = test.left.id
    mirror = ">" if isinstance(test.ops[0], ast.Lt | ast.LtE) else "<"
    # already clamped at the other end?
    for node in ast.walk(function):
        if (
            isinstance(node, ast.Compare)
            and node is not test
            and isinstance(node.left, ast.Name)
            and node.left.id == name
            and any(
                isinstance(op, ast.Gt | ast.GtE if mirror == ">" else ast.Lt | ast.LtE) for op in node.ops
            )
        ):
            return
    read = {n.id for n in ast.walk(function) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    bounds = [
        t.id
        for s in ctx.tree.body
        if isinstance(s, ast.Assign)
        and isinstance(s.value, ast.Constant)
        and isinstance(s.value.value, int | float)
        for t in s.targets
        if isinstance(t, ast.Name) and t.id.isupper()
    ]
    if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
        bounds += [a.arg for a in function.args.args if a.arg not in read]
    text, _ = _indent(lines, clamp.end_lineno)
    _, outer = _indent(lines, clamp.lineno)
    _, inner = _indent(lines, body.lineno)
    for bound in bounds[:_MAX_BOUNDS]:
        if body.lineno == clamp.lineno:  # `if level < 0: level = 0` on one line
            new = f"{outer}if {name} {mirror} {bound}: {name} = {bound}"
        else:
            new = f"{outer}if {name} {mirror} {bound}:\n{inner}{name} = {bound}"
        yield Edit(clamp.end_lineno, text, f"{text}\n{new}", "insert_analogy", 3)


def _attribute_counted(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`self.count = 0` in `__init__`, read by another method and changed by none: the
    method on the ranked line was meant to keep it (`self.count += 1` after the line)."""
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
    text, indent = _indent(lines, ctx.line)
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


def _attribute_remembered(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`self.last_room = None` in `__init__` and set by no method: the method that takes a
    `room` was meant to remember it (`self.last_room = room` after the line)."""
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
    text, indent = _indent(lines, ctx.line)
    for attr in dict.fromkeys(unset):
        if attr in set_later:
            continue
        for param in params:
            if attr == param or attr.endswith(f"_{param}"):
                yield Edit(ctx.line, text, f"{text}\n{indent}{me}.{attr} = {param}", "insert_analogy", 3)


def _attribute_collected(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`self.history = []` in `__init__`, read by a method and added to by none: the method
    on the ranked line that takes a value was meant to keep it (`self.history.append(track)`)."""
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
    text, indent = _indent(lines, ctx.line)
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


def _branch_step(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """The last statement of one branch of an `if` chain whose other branches all move an
    index the chain's tests read (`i += 2`): this branch moves it too (`i += 1`, or the
    siblings' step), after the line."""
    chain = ctx.parents.get(statement)
    if not isinstance(chain, ast.If) or statement.end_lineno != ctx.line:
        return
    while True:  # up to the chain's first `if`
        outer = ctx.parents.get(chain)
        if not (isinstance(outer, ast.If) and outer.orelse == [chain]):
            break
        chain = outer
    branches: list[list[ast.stmt]] = []
    tests: list[ast.expr] = []
    node: ast.stmt = chain
    while True:
        assert isinstance(node, ast.If)
        branches.append(node.body)
        tests.append(node.test)
        if len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If):
            node = node.orelse[0]
            continue
        if node.orelse:
            branches.append(node.orelse)
        break
    mine = next((b for b in branches if b and b[-1] is statement), None)
    if mine is None or len(branches) < 2:
        return
    read = {n.id for t in tests for n in ast.walk(t) if isinstance(n, ast.Name)}

    def steps(body: list[ast.stmt]) -> list[ast.AugAssign]:
        return [
            s
            for s in body
            if isinstance(s, ast.AugAssign) and isinstance(s.target, ast.Name) and s.target.id in read
        ]

    others = [b for b in branches if b is not mine]
    moved = {s.target.id for s in steps(mine) if isinstance(s.target, ast.Name)}
    text, indent = _indent(lines, ctx.line)
    for name in sorted(read - moved):
        found = [
            s for b in others for s in steps(b) if isinstance(s.target, ast.Name) and s.target.id == name
        ]
        if len(found) < len(others):
            continue  # not every other branch moves it
        new = [f"{name} += 1", *(ast.unparse(s) for s in found)]
        for step in dict.fromkeys(new):
            yield Edit(ctx.line, text, f"{text}\n{indent}{step}", "insert_analogy", 3)


def _hoisted_start(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`subtotal = 0.0` as the first statement of a loop whose next one adds to it: the
    total restarts every round; it starts above the loop instead (one edit from the
    loop's header to the statement)."""
    loop = ctx.parents.get(statement)
    if not isinstance(loop, ast.For | ast.While) or not loop.body or loop.body[0] is not statement:
        return
    if not (
        isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Name)
        and _is_initial(statement.value)
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
    _, outer = _indent(lines, loop.lineno)
    new = [f"{outer}{ast.unparse(statement)}", *old[:-1]]
    yield Edit(loop.lineno, "\n".join(old), "\n".join(new), "insert_analogy", 3, span=len(old))


def _held_to_limit(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`if qty > available: short.append(item)` with `qty` read after the branch: the
    branch that finds a value over its limit also holds it there (`qty = available`)."""
    branch = ctx.parents.get(statement)
    if not (
        isinstance(branch, ast.If)
        and not branch.orelse
        and branch.body[-1] is statement
        and statement.end_lineno == ctx.line
        and not isinstance(statement, ast.Return | ast.Raise | ast.Continue | ast.Break)
    ):
        return
    test = branch.test
    if not (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Gt | ast.Lt)
        and isinstance(test.left, ast.Name)
        and isinstance(test.comparators[0], ast.Name)
    ):
        return
    name, limit = test.left.id, test.comparators[0].id
    if name in _assigned_in(branch):
        return
    end = branch.end_lineno or branch.lineno
    read_after = any(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load) and n.lineno > end
        for n in ast.walk(function)
    )
    if read_after:
        text, indent = _indent(lines, ctx.line)
        yield Edit(ctx.line, text, f"{text}\n{indent}{name} = {limit}", "insert_analogy", 3)


def _entry_started(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`counts[vote] += 1` on a mapping made empty in the function whose entries are never
    made: the first of each key raises KeyError, so the entry starts first
    (`if vote not in counts: counts[vote] = 0`)."""
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
    text, indent = _indent(lines, ctx.line)
    key_text = ast.unparse(key)
    guard = f"if {key_text} not in {mapping}: {mapping}[{key_text}] = {start}"
    yield Edit(ctx.line, text, f"{indent}{guard}\n{text}", "insert_analogy", 3)


def _initialised(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`total += x` on a name nothing binds before it (UnboundLocalError): the name starts
    at its empty value above the outermost loop around the line, or above the line."""
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
    text, indent = _indent(lines, top.lineno)
    yield Edit(top.lineno, text, f"{indent}{name} = {start}\n{text}", "insert_analogy", 3)


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
    methods = ["sort()", "reverse()"]
    copied = statement.value.args[0]
    func = copied.func if isinstance(copied, ast.Call) else None
    if isinstance(func, ast.Attribute) and func.attr == "items":
        # a mapping's pairs are ranked by their value, most first (ties by key)
        methods += _RANKINGS
    for method in methods:
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


def _item_kept(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`current[-1]` read in a loop over `day`, with `current` made empty and never added
    to: the loop's item joins it at the end of the loop body (`current.append(day)`)."""
    loop = statement if isinstance(statement, ast.For) else _enclosing_loop(ctx, statement)
    if not (isinstance(loop, ast.For) and isinstance(loop.target, ast.Name)):
        return
    initial = _initial_values(function, loop.lineno)
    grown = _grown_in(function)
    read = {
        n.value.id
        for n in ast.walk(loop)
        if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Load) and isinstance(n.value, ast.Name)
    }
    last = loop.body[-1]
    if last.end_lineno is None:
        return
    text, _ = _indent(lines, last.end_lineno)
    _, indent = _indent(lines, last.lineno)
    for name in sorted(read):
        if initial.get(name) == "[]" and name not in grown:
            yield Edit(
                last.end_lineno, text, f"{text}\n{indent}{name}.append({loop.target.id})", "insert_analogy", 3
            )


def _reset_before_skip(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`if rain >= limit: continue` ahead of `run += 1` and a read of `run`: a round the
    loop skips ends the run it counts (`run = 0` before the `continue`), unless the loop
    restarts it somewhere already."""
    branch = statement if isinstance(statement, ast.If) else ctx.parents.get(statement)
    if not (isinstance(branch, ast.If) and branch.body and isinstance(branch.body[-1], ast.Continue)):
        return
    skip = branch.body[-1]
    loop = _enclosing_loop(ctx, branch)
    if loop is None or skip.lineno == branch.lineno or branch.end_lineno is None:
        return
    initial = _initial_values(function, loop.lineno)
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
    text, indent = _indent(lines, skip.lineno)
    for name in dict.fromkeys(counted):
        if name in initial and name in read and name not in _assigned_in(loop):
            yield Edit(skip.lineno, text, f"{indent}{name} = {initial[name]}\n{text}", "insert_analogy", 3)
