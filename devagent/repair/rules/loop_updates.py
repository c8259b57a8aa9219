"""A loop's missing update: a total, cursor or flag it tests but never changes
(`spent += price`, `flag = not flag`), a lagging value (`previous = price` at the end of
the loop), a value read from a mapping and never written back (`totals[date] = net`), a
container or string made anew where the loop hands it on (`tasks = []`), and the one
branch of an `if` chain that does not move the index (`i += 1`).

Rules of a LineContext (context.py), yielding whole-line Edits."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence

from devagent.repair.rules import ingredients
from devagent.repair.rules.bindings import indented
from devagent.repair.rules.context import MAX_FILL_NAMES, SKIP_VALUE_NAMES, LineContext
from devagent.repair.rules.edit import Edit
from devagent.repair.rules.insertions import WRITE_METHODS, empty_container, written

_Loop = ast.For | ast.While


def _name_assignments(function: ast.AST) -> Iterator[tuple[str, ast.Assign]]:
    """Every `name = value` in the function (plain names as targets, `a = b = 0` twice)."""
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    yield target.id, node


def loop_of(function: ast.AST, line: int) -> _Loop | None:
    """The innermost `for` or `while` loop whose body holds the line."""
    loop = ingredients.innermost_loop(function, line)
    return loop if isinstance(loop, ast.For | ast.While) else None


def _simple_statement_in_loop(function: ast.AST, statement: ast.stmt, line: int) -> _Loop | None:
    """The loop around a one-line simple statement on `line` (a new statement goes next
    to it), or None."""
    if statement.end_lineno != line or hasattr(statement, "body"):
        return None
    return loop_of(function, line)


def accumulated(ctx: LineContext, statement: ast.stmt, lines: Sequence[str]) -> Iterator[Edit]:
    """`spent += price` after the line, where `spent` starts as a number before a loop that
    reads it but never changes it (a running total or a cursor left standing); `flag = not
    flag` for a flag it reads but never flips. Before a `continue`/`break`, after anything else.
    Example: `if spent + price <= budget:` -> `... | spent += price` (at the branch's end)."""
    function = ctx.function
    assert function is not None
    loop = _simple_statement_in_loop(function, statement, ctx.line)
    if loop is None:
        return
    inside = [n for stmt in loop.body for n in ast.walk(stmt)]
    stored_inside = {n.id for n in inside if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    # read where it steers the loop (a condition) or picks an element (an index): a value
    # that must move for the loop to progress, unlike a constant factor
    steering = [n.test for n in inside if isinstance(n, ast.If | ast.While | ast.IfExp)]
    steering += [n.slice for n in inside if isinstance(n, ast.Subscript)]
    read_inside = {n.id for e in steering for n in ast.walk(e) if isinstance(n, ast.Name)}
    # or set once and read only after the loop: a count the loop was meant to keep
    assigned = [name for name, _ in _name_assignments(function)]
    end = loop.end_lineno or loop.lineno
    read_after = {
        n.id
        for n in ast.walk(function)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.lineno > end
    }
    once = {name for name in read_after if assigned.count(name) == 1 and not written(function, name)}
    standing: dict[str, type] = {}
    for name, node in _name_assignments(function):
        if (
            isinstance(node.value, ast.Constant)
            and type(node.value.value) in (int, float, bool)
            and node.lineno < loop.lineno
            and (name in read_inside or name in once)
            and name not in stored_inside
        ):
            standing.setdefault(name, type(node.value.value))
    if not standing:
        return
    block = next((body for parent in ast.walk(loop) for body in bodies(parent) if statement in body), None)
    reads = {n.id for n in ast.walk(statement) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    target = loop.target if isinstance(loop, ast.For) else None
    items = [n.id for n in ast.walk(target) if isinstance(n, ast.Name)] if target is not None else []
    text = lines[ctx.line - 1].rstrip("\r\n")
    indent = text[: len(text) - len(text.lstrip())]
    jump = isinstance(statement, ast.Continue | ast.Break)
    if isinstance(statement, ast.Return | ast.Raise):
        return
    for name, kind in standing.items():
        if not (jump or name in reads or (block is not None and block[-1] is statement)):
            continue  # after a statement that uses the value, or at the end of its block
        size = 2 if name in reads or jump else 3  # the line just used it, or the branch ends
        updates = (
            [f"{name} = not {name}"]
            if kind is bool
            else [
                f"{name} += {value}"
                for value in [
                    "1",
                    *_named_fields(function, items, name),
                    *[*items, *_computed_in_round(loop, ctx.line, name)][:MAX_FILL_NAMES],
                    *_shortfall(ctx, statement),
                ]
            ]
        )
        for update in updates:
            new = f"{indent}{update}\n{text}" if jump else f"{text}\n{indent}{update}"
            yield Edit(ctx.line, text, new, "insert_analogy", size)


def _computed_in_round(loop: _Loop, line: int, total: str) -> list[str]:
    """Names a loop's body assigns above `line` (`delay = actual - scheduled`), but `total`:
    what a round computes, a value a total may add up."""
    found = [
        target.id
        for node in ast.walk(loop)
        if isinstance(node, ast.Assign) and node.lineno < line and node.lineno > loop.lineno
        for target in node.targets
        if isinstance(target, ast.Name) and target.id != total and target.id not in SKIP_VALUE_NAMES
    ]
    return list(dict.fromkeys(found))


def _named_fields(function: ast.AST, items: Sequence[str], name: str) -> list[str]:
    """`ep["minutes"]` for a total named `minutes` (or `total_minutes`), where the loop's
    item is a record the function reads by string keys: the field the name says it sums."""
    records = {item for item, _ in ingredients.record_fields(function) if item in items}
    keys = [name, *(part for part in name.split("_") if len(part) > 2 and part not in _TOTAL_WORDS)]
    return [f'{record}["{key}"]' for record in sorted(records) for key in dict.fromkeys(keys)]


_TOTAL_WORDS = frozenset({"total", "sum", "count", "num", "all", "running"})


def _shortfall(ctx: LineContext, statement: ast.stmt) -> list[str]:
    """`minimum - on_hand` inside `if on_hand < minimum:`: how far the branch's own
    comparison is from holding, the amount a total of shortfalls adds up."""
    branch = ctx.parents.get(statement)
    test = branch.test if isinstance(branch, ast.If) else None
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return []
    low, high = test.left, test.comparators[0]
    if isinstance(test.ops[0], ast.Gt | ast.GtE):
        low, high = high, low
    elif not isinstance(test.ops[0], ast.Lt | ast.LtE):
        return []
    simple = ast.Name | ast.Attribute | ast.Subscript | ast.Constant
    if not (isinstance(low, simple) and isinstance(high, simple)):
        return []
    return [f"{ast.unparse(high)} - {ast.unparse(low)}"]


def _made_empty(node: ast.AST) -> bool:
    """`set()`, `list()`, `dict()`, `deque()`: a container made with no arguments."""
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.args and not node.keywords
    )


def _empty_scalar(node: ast.AST) -> bool:
    """`""` or `0`: where an accumulator starts."""
    return isinstance(node, ast.Constant) and node.value in ("", 0) and not isinstance(node.value, bool)


def reset_by_analogy(ctx: LineContext, statement: ast.stmt, lines: Sequence[str]) -> Iterator[Edit]:
    """`tasks = []` next to `groups.append((name, tasks))`: a container made once before the
    loop and handed to another structure inside it, so every group shares one object; the
    same for a string or number the loop adds to (`current = ""` after
    `tokens.append(current)`), which would otherwise carry every earlier part along.
    Example: `groups.append((name, tasks))` -> `groups.append((name, tasks)) | tasks = []`."""
    function = ctx.function
    assert function is not None
    loop = _simple_statement_in_loop(function, statement, ctx.line)
    if loop is None:
        return
    made: dict[str, str] = {}
    grown = {
        n.target.id
        for n in ast.walk(loop)
        if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name) and isinstance(n.op, ast.Add)
    }
    for name, assign in _name_assignments(function):
        # an empty container, or an empty string or zero the loop adds to (`current += ch`)
        if empty_container(assign.value) or (name in grown and _empty_scalar(assign.value)):
            if assign.lineno < loop.lineno:
                made.setdefault(name, ast.unparse(assign.value))
            elif loop.lineno <= assign.lineno <= (loop.end_lineno or 0):
                made.pop(name, None)  # already made anew inside the loop
    handed: list[str] = []
    for node in ast.walk(statement):
        values: list[ast.expr] = []
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in WRITE_METHODS
        ):
            values = list(node.args)
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Subscript) for t in node.targets):
            values = [node.value]
        for value in values:
            handed += [n.id for n in ast.walk(value) if isinstance(n, ast.Name) and n.id in made]
    text = lines[ctx.line - 1].rstrip("\r\n")
    indent = text[: len(text) - len(text.lstrip())]
    for name in _carried_from_other_branch(function, loop, statement):
        # set by one round for the next (`title = ...` on a header line): cleared once used
        yield Edit(ctx.line, text, f"{text}\n{indent}{name} = None", "insert_analogy", 3)
    for name in dict.fromkeys(handed):
        # made anew before the hand-over (a group opens) or after it (a group closes)
        yield Edit(ctx.line, text, f"{indent}{name} = {made[name]}\n{text}", "insert_analogy", 3)
        yield Edit(ctx.line, text, f"{text}\n{indent}{name} = {made[name]}", "insert_analogy", 3)


def _carried_from_other_branch(function: ast.AST, loop: _Loop, statement: ast.stmt) -> list[str]:
    """Names None before the loop, set in one branch of an `if` inside it and handed on
    (appended, stored) in another branch of the same `if`: a value one round leaves for a
    later one, which must not reach the rounds after that."""
    unset = {
        name
        for name, assign in _name_assignments(function)
        if assign.lineno < loop.lineno and _is_none(assign.value)
    }
    found: list[str] = []
    for branch in ast.walk(loop):
        if not isinstance(branch, ast.If):
            continue
        for here, other in ((branch.body, branch.orelse), (branch.orelse, branch.body)):
            if not any(statement is n for s in here for n in ast.walk(s)):
                continue  # (an `elif` is an `if` inside the orelse)
            set_there = {
                t.id
                for s in other
                for n in ast.walk(s)
                if isinstance(n, ast.Assign)
                for t in n.targets
                if isinstance(t, ast.Name) and not _is_none(n.value)
            }
            handed = {
                n.id
                for call in ast.walk(statement)
                if isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and call.func.attr in WRITE_METHODS
                for arg in call.args
                for n in ast.walk(arg)
                if isinstance(n, ast.Name)
            }
            found += sorted(unset & set_there & handed)
    return list(dict.fromkeys(found))


def bodies(node: ast.AST) -> list[list[ast.stmt]]:
    return [b for b in (getattr(node, "body", None), getattr(node, "orelse", None)) if isinstance(b, list)]


def lagging_value_updated(ctx: LineContext, lines: Sequence[str]) -> Iterator[Edit]:
    """`previous = price` at the end of a loop that reads `previous`, set before the loop,
    and never assigns it inside (a lagging variable). Its new value is a name the loop binds
    that the code reads together with it (`key < previous`, `angle(prev, bearing)`); the
    loop's own item first when the two are compared.
    Example: `rises += price > previous` -> `rises += price > previous | previous = price`."""
    function = ctx.function
    assert function is not None
    for loop in ast.walk(function):
        if not isinstance(loop, ast.For | ast.While):
            continue
        if not loop.lineno <= ctx.line <= (loop.end_lineno or loop.lineno):
            continue
        targets = (
            [n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)]
            if isinstance(loop, ast.For)
            else []
        )
        assigned_inside = {
            n.id
            for stmt in loop.body
            for n in ast.walk(stmt)
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
        }
        initial: dict[str, list[ast.expr]] = {}
        for name, assign in _name_assignments(function):
            if assign.lineno < loop.lineno:
                initial.setdefault(name, []).append(assign.value)
        bound = [*targets, *sorted(assigned_inside - set(targets))]
        updates: list[tuple[int, str, str]] = []
        for node in ast.walk(ast.Module(body=loop.body, type_ignores=[])):
            # read together: compared (not a membership test), or passed to one call
            compared = isinstance(node, ast.Compare) and not any(
                isinstance(op, ast.In | ast.NotIn) for op in node.ops
            )
            if not compared and not isinstance(node, ast.Call):
                continue
            names = [n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)]
            for lag in names:
                values = initial.get(lag, [])
                if not values or lag in assigned_inside or lag in targets:
                    continue
                if any(empty_container(v) or _made_empty(v) for v in values):
                    continue  # a container the loop fills, not a value it carries over
                # a constant handed to a call (`sep`) is no lagging value; one that starts
                # unset or computed (`prev = route[0]`) is
                carried = all(_is_none(v) or not isinstance(v, ast.Constant) for v in values)
                if not compared and not (carried and not written(function, lag)):
                    continue  # (a container the loop adds to is no carried value either)
                for partner in bound:
                    if partner in names and partner != lag:
                        updates.append((0 if compared and partner in targets else 1, lag, partner))
                if compared and isinstance(loop, ast.For) and isinstance(loop.target, ast.Tuple):
                    # compared with one end of a span the loop unpacks: moved to the other end
                    for other in targets:
                        if other not in names:
                            updates += [(2, lag, other), (2, lag, f"max({lag}, {other})")]
        for node in ast.walk(ast.Module(body=loop.body, type_ignores=[])):
            # read into a name the round makes (`left = budget + carry - spent`): the next
            # round starts from it (`carry = left`)
            if not (
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
            ):
                continue
            made = node.targets[0].id
            in_arithmetic = {
                side.id
                for n in ast.walk(node.value)
                if isinstance(n, ast.BinOp)
                for side in (n.left, n.right)
                if isinstance(side, ast.Name)
            }
            for read in sorted(in_arithmetic):
                values = initial.get(read, [])
                numbers = values and all(
                    isinstance(v, ast.Constant) and type(v.value) in (int, float) for v in values
                )
                if numbers and read not in assigned_inside and read not in targets and read != made:
                    updates.append((1, read, made))
        if isinstance(loop, ast.For) and isinstance(loop.target, ast.Tuple):
            # unpacked like the loop's item (`prev_t, prev_w = prev`): it is the last item
            width = len(loop.target.elts)
            for node in ast.walk(ast.Module(body=loop.body, type_ignores=[])):
                if not (
                    isinstance(node, ast.Assign)
                    and isinstance(node.value, ast.Name)
                    and isinstance(node.targets[0], ast.Tuple)
                    and len(node.targets[0].elts) == width
                ):
                    continue
                lag = node.value.id
                values = initial.get(lag, [])
                if values and lag not in assigned_inside and all(_is_none(v) for v in values):
                    updates.append((0, lag, ast.unparse(loop.target)))  # unparsed in parentheses
        at = _loop_end(loop, lines)
        if at is None:
            continue
        end, end_text, indent = at
        for _, lag, partner in sorted(dict.fromkeys(updates), key=lambda u: u[0]):
            yield Edit(end, end_text, f"{end_text}\n{indent}{lag} = {partner}", "insert_analogy", 3)


def written_back(ctx: LineContext, lines: Sequence[str]) -> Iterator[Edit]:
    """`totals[date] = net` at the end of a loop that reads `net = totals.get(date, 0)`,
    changes `net` and never writes the mapping: the new value was meant to be stored.
    Example: `net += amount` -> `net += amount | totals[date] = net`."""
    function = ctx.function
    assert function is not None
    loop = ingredients.innermost_loop(function, ctx.line, (ast.For, ast.While))
    if not isinstance(loop, ast.For | ast.While):
        return
    inside = [n for stmt in loop.body for n in ast.walk(stmt)]
    backs: list[str] = []
    for node in inside:
        if not (
            isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
        ):
            continue
        value, name = node.value, node.targets[0].id
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
            table = value.func.value
            key = value.args[0] if value.func.attr == "get" and value.args else None
        elif isinstance(value, ast.Subscript) and not isinstance(value.slice, ast.Slice):
            table, key = value.value, value.slice
        else:
            continue
        if not isinstance(table, ast.Name) or key is None or written(function, table.id):
            continue
        changed = any(
            (isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name) and n.target.id == name)
            or (
                isinstance(n, ast.Name)
                and isinstance(n.ctx, ast.Store)
                and n.id == name
                and n.lineno > node.lineno
            )
            for n in inside
        )
        if changed:
            backs.append(f"{table.id}[{ast.unparse(key)}] = {name}")
    if not backs:
        return
    at = _loop_end(loop, lines)
    if at is None:
        return
    end, end_text, indent = at
    for back in dict.fromkeys(backs):
        yield Edit(end, end_text, f"{end_text}\n{indent}{back}", "insert_analogy", 3)


def _loop_end(loop: _Loop, lines: Sequence[str]) -> tuple[int, str, str] | None:
    """(line, its text, the body's indentation) of the loop body's last line, where a
    statement closing the round goes; None when that line cannot take one after it."""
    last = loop.body[-1]
    end = last.end_lineno or last.lineno
    end_text = lines[end - 1].rstrip("\r\n")
    first_text = lines[last.lineno - 1]
    indent = first_text[: len(first_text) - len(first_text.lstrip())]
    if not end_text.strip() or end_text.rstrip().endswith("\\"):
        return None
    return end, end_text, indent


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def branch_step(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """The last statement of one branch of an `if` chain whose other branches all move an
    index the chain's tests read (`i += 2`): this branch moves it too (`i += 1`, or the
    siblings' step), after the line.
    Example: `out.append(tokens[i])` -> `out.append(tokens[i]) | i += 1`."""
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
    text, indent = indented(lines, ctx.line)
    for name in sorted(read - moved):
        found = [
            s for b in others for s in steps(b) if isinstance(s.target, ast.Name) and s.target.id == name
        ]
        if len(found) < len(others):
            continue  # not every other branch moves it
        new = [f"{name} += 1", *(ast.unparse(s) for s in found)]
        for step in dict.fromkeys(new):
            yield Edit(ctx.line, text, f"{text}\n{indent}{step}", "insert_analogy", 3)
