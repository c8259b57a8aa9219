"""Base cases of a recursive function: `if C: return V` before its first statement (or
before a statement that recurses), C and V taken from what the recursion itself says.

First the base case its own recursive step names (a call on `digits[:-3]` stops at
`len(digits) <= 3`, on `n // 1000` at `n < 1000`), an empty local the recursion walks
(`if not needed: return 0`), a leaf of a tree walked by two child attributes, nested
data at a plain value, an index walked to the end of what it indexes, a grid at its far
corner, a moving parameter meeting another (a goal, a closed range), a table carried
down unchanged that holds the key, a path at its target, a record at a leaf holding a
field the code never reads; then generic guards (`if not p: return 0`).

A rule of a LineContext (context.py), yielding whole-line Edits (size 4)."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence

from devagent.repair.rules import guards, ingredients
from devagent.repair.rules.context import SKIP_NAMES, FunctionNode, LineContext
from devagent.repair.rules.edit import Edit
from devagent.repair.rules.ingredients import recursive_calls

_MAX_GUARDS = 40


_MAX_MEETING_GUARDS = 24


_MAX_LEAF_FIELDS = 3  # fields a recursion's leaf record may hold (_leaf_field_guards)


_FIRST_GUARDS = 8  # generic guards (`if not p: return 0`) tried before the meeting ones


def _leaf_paths(statement: ast.stmt, name: str, source: str) -> str | None:
    """`[[title]]` for `return [[title] + rest for child in children for rest in f(child)]`
    (f being `name`): the comprehension's element with the recursion's part left empty."""
    if not isinstance(statement, ast.Return) or not isinstance(statement.value, ast.ListComp):
        return None
    comprehension = statement.value
    recursive = [
        g.target.id
        for g in comprehension.generators
        if isinstance(g.target, ast.Name) and _recurses(g.iter, name)
    ]
    if len(recursive) != 1:
        return None
    rest = recursive[0]
    uses = [n for n in ast.walk(comprehension.elt) if isinstance(n, ast.Name) and n.id == rest]
    joins = [
        n
        for n in ast.walk(comprehension.elt)
        if isinstance(n, ast.BinOp)
        and isinstance(n.op, ast.Add)
        and any(isinstance(side, ast.Name) and side.id == rest for side in (n.left, n.right))
    ]
    if len(uses) != 1 or len(joins) != 1:
        return None
    join = joins[0]
    kept = join.left if isinstance(join.right, ast.Name) and join.right.id == rest else join.right
    element, joined, left = (ast.get_source_segment(source, n) for n in (comprehension.elt, join, kept))
    if element is None or joined is None or left is None:
        return None
    return f"[{element.replace(joined, left, 1)}]"


# A recursive function's missing base case: `if <condition>: return <value>`.
def _read_by_key(function: ast.AST, names: Sequence[str]) -> list[str]:
    """Those of `names` the function reads by a string key (`block["blocks"]`,
    `block.get("repeat", 1)`): records."""
    read = {
        target.id
        for node in ast.walk(function)
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, str)
            and isinstance(target := node.value, ast.Name)
        )
        or (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and isinstance(target := node.func.value, ast.Name)
        )
    }
    return [name for name in names if name in read]


def _used_as_mapping(function: ast.AST) -> set[str]:
    """Names the function calls `.values()`, `.items()` or `.keys()` on."""
    return {
        node.func.value.id
        for node in ast.walk(function)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("values", "items", "keys")
        and isinstance(node.func.value, ast.Name)
    }


def _recursed_into_items(function: FunctionNode) -> set[str]:
    """Names whose items the recursion goes into (`area(part) for part in layout`): nested
    lists, whose leaves are plain values."""
    called_on = {
        arg.id for call in recursive_calls(function) for arg in call.args if isinstance(arg, ast.Name)
    }
    return {
        loop.iter.id
        for loop in ast.walk(function)
        if isinstance(loop, ast.For | ast.comprehension)
        and isinstance(loop.iter, ast.Name)
        and isinstance(loop.target, ast.Name)
        and loop.target.id in called_on
    }


_NESTED_LEAF = ("not isinstance({p}, list)", "isinstance({p}, (int, float))")


def _shrink_conditions(function: FunctionNode, params: Sequence[str]) -> dict[str, list[str]]:
    """Per parameter, the base cases the recursive calls' own steps suggest: a call on
    `p[:-k]` or `p[k:]` stops at `len(p) <= k`, on `p - k` at `p <= k` (or `p < k`), on
    `p // k` at `p < k`. The step names its own stopping point (k may be a name)."""
    found: dict[str, list[str]] = {}
    positional = [a.arg for a in [*function.args.posonlyargs, *function.args.args]]
    for node in ast.walk(function):
        if not (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == function.name
        ):
            continue
        for index, arg in enumerate(node.args[: len(positional)]):
            param = positional[index]
            if param not in params:
                continue
            for condition in _stop_of(arg, param):
                found.setdefault(param, [])
                if condition not in found[param]:
                    found[param].append(condition)
    return found


def _stop_of(arg: ast.expr, param: str) -> list[str]:
    def is_param(node: ast.expr) -> bool:
        return isinstance(node, ast.Name) and node.id == param

    if isinstance(arg, ast.Subscript) and is_param(arg.value) and isinstance(arg.slice, ast.Slice):
        cut = arg.slice
        if cut.upper is not None and cut.lower is None:
            upper = cut.upper
            if isinstance(upper, ast.UnaryOp) and isinstance(upper.op, ast.USub):
                return [f"len({{p}}) <= {ast.unparse(upper.operand)}"]
        if cut.lower is not None and cut.upper is None and not _is_small_int(cut.lower):
            return [f"len({{p}}) <= {ast.unparse(cut.lower)}"]
    if isinstance(arg, ast.BinOp) and is_param(arg.left) and not _is_small_int(arg.right):
        step = ast.unparse(arg.right)
        if isinstance(arg.op, ast.Sub):
            return [f"{{p}} <= {step}", f"{{p}} < {step}"]
        if isinstance(arg.op, ast.FloorDiv):
            return [f"{{p}} < {step}"]
    return []


def _index_end_guards(function: FunctionNode, params: Sequence[str]) -> list[str]:
    """`f(xs, i + 1)` where the function reads `xs[i]`: a walk along `xs` by index
    stops at its end (`if i == len(xs): return []`), with the empty value of what the
    function returns first. An index that moves down or never indexes has no such end."""
    stepped = _stepped_up(function)
    ends = [
        (node.slice.id, node.value.id)
        for node in ast.walk(function)
        if isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Name)
        and isinstance(node.slice, ast.Name)
        and node.slice.id in stepped
        and node.slice.id in params
    ]
    values = list(dict.fromkeys([*guards.empty_results(function), "0", "[]", "None", "False", "True", "1"]))
    return [
        f"if {condition}: return {value}"
        for index, container in dict.fromkeys(ends)
        for condition in (f"{index} == len({container})", f"{index} >= len({container})")
        for value in values
    ]


def _path_steps(function: FunctionNode) -> list[str]:
    """`hub["name"]` of `[hub["name"]] + sub`: one step of a path the function returns."""
    return list(
        dict.fromkeys(
            ast.unparse(node.left.elts[0])
            for node in ast.walk(function)
            if isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Add)
            and isinstance(node.left, ast.List)
            and len(node.left.elts) == 1
            and not isinstance(node.left.elts[0], ast.Constant)
        )
    )[:2]


def _returns_early(statement: ast.stmt) -> bool:
    """`if C: return V` (a base case already there)."""
    return isinstance(statement, ast.If) and any(isinstance(s, ast.Return) for s in statement.body)


def _stepped_up(function: FunctionNode) -> set[str]:
    """Positional parameters some recursive call passes on increased (`f(xs, i + 1)`)."""
    positional = [a.arg for a in [*function.args.posonlyargs, *function.args.args]]
    stepped: set[str] = set()
    for call in recursive_calls(function):
        for index, arg in enumerate(call.args[: len(positional)]):
            if (
                isinstance(arg, ast.BinOp)
                and isinstance(arg.op, ast.Add)
                and isinstance(arg.left, ast.Name)
                and arg.left.id == positional[index]
                and isinstance(arg.right, ast.Constant)
                and type(arg.right.value) is int
                and arg.right.value > 0
            ):
                stepped.add(arg.left.id)
    return stepped


def _far_corner_guards(function: FunctionNode, params: Sequence[str]) -> list[str]:
    """Two parameters the recursion steps up, each checked against its own bound (`r >=
    rows`): a walk over a grid that counts the ways to its far corner stops there
    (`if r == rows - 1 and c == cols - 1: return 1`)."""
    stepped = _stepped_up(function)
    bounds: dict[str, str] = {}
    for node in ast.walk(function):
        if (
            isinstance(node, ast.Compare)
            and len(node.ops) == 1
            and isinstance(node.ops[0], ast.GtE | ast.Lt)
            and isinstance(node.left, ast.Name)
            and node.left.id in stepped
            and node.left.id in params
        ):
            bounds.setdefault(node.left.id, ast.unparse(node.comparators[0]))
    if len(bounds) != 2:
        return []
    corner = " and ".join(f"{p} == {bound} - 1" for p, bound in bounds.items())
    return [f"if {corner}: return {value}" for value in ("1", "True")]


def _carried_params(function: FunctionNode, params: Sequence[str]) -> list[str]:
    """Parameters every recursive call passes on unchanged, in their own position."""
    calls = recursive_calls(function)
    if not calls:
        return []

    def passes_on(call: ast.Call, position: int, name: str) -> bool:
        arg = call.args[position] if len(call.args) > position else None
        return isinstance(arg, ast.Name) and arg.id == name

    return [name for position, name in enumerate(params) if all(passes_on(c, position, name) for c in calls)]


def _after_defaults(body: Sequence[ast.stmt], first: ast.stmt, params: Sequence[str]) -> ast.stmt | None:
    """The statement after the leading `if p is None: p = ...` blocks (a parameter given
    its default), when there are any and something follows them."""
    index = body.index(first)
    while index < len(body) and _sets_default(body[index], params):
        index += 1
    return body[index] if index < len(body) and body[index] is not first else None


def _defaulted(body: Sequence[ast.stmt], params: Sequence[str]) -> set[str]:
    """The parameters the leading `if p is None: p = ...` blocks give a default."""
    found: set[str] = set()
    for statement in body:
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
            continue  # the docstring
        if not _sets_default(statement, params):
            break
        assert isinstance(statement, ast.If) and isinstance(statement.test, ast.Compare)
        found.add(ast.unparse(statement.test.left))
    return found


def _names_in(code: str) -> set[str]:
    return {n.id for n in ast.walk(ast.parse(code)) if isinstance(n, ast.Name)}


def _sets_default(statement: ast.stmt, params: Sequence[str]) -> bool:
    if not (isinstance(statement, ast.If) and not statement.orelse and len(statement.body) == 1):
        return False
    test, assign = statement.test, statement.body[0]
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id in params
        and isinstance(test.ops[0], ast.Is)
        and isinstance(assign, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == test.left.id for t in assign.targets)
    )


def _leaf_conditions(function: FunctionNode) -> dict[str, list[str]]:
    """Per parameter, `p.left is None and p.right is None` when the recursion goes into
    two attributes of it (a tree walked by its child links)."""
    found: dict[str, list[str]] = {}
    for call in recursive_calls(function):
        for arg in call.args:
            if isinstance(arg, ast.Attribute) and isinstance(arg.value, ast.Name):
                found.setdefault(arg.value.id, [])
                if arg.attr not in found[arg.value.id]:
                    found[arg.value.id].append(arg.attr)
    return {
        param: [" and ".join(f"{{p}}.{attr} is None" for attr in attrs)]
        for param, attrs in found.items()
        if len(attrs) == 2
    }


def _meeting_guards(function: FunctionNode, params: Sequence[str], carried: Sequence[str]) -> list[str]:
    """Base cases where a parameter the recursion changes meets another: equal to one
    passed on unchanged (a goal), or not below another that changes too (a closed range).
    The value: one of the two, a search's -1 for not found, a count of one, or a truth."""
    positional = [a.arg for a in [*function.args.posonlyargs, *function.args.args]]
    calls = recursive_calls(function)

    def moves(p: str) -> bool:
        at = positional.index(p)
        passed = [call.args[at] for call in calls if len(call.args) > at]
        return any(not (isinstance(arg, ast.Name) and arg.id == p) for arg in passed)

    # a container (`xs[mid]`, `len(xs)`, `for x in xs`) is no end to meet
    containers = {
        n.value.id
        for n in ast.walk(function)
        if isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name)
    }
    containers |= {
        n.iter.id for n in ast.walk(function) if isinstance(n, ast.For) and isinstance(n.iter, ast.Name)
    }
    containers |= {
        n.args[0].id
        for n in ast.walk(function)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and n.func.id == "len"
        and n.args
        and isinstance(n.args[0], ast.Name)
    }
    params = [p for p in params if p not in containers]
    moving = [p for p in params if p not in carried and p in positional and moves(p)]
    guards_: list[tuple[int, str]] = []
    # two that move close a range (`lo`, `hi`): that is where it stops, not at a value
    # passed along (`target`); one that moves alone stops at such a value (`goal`)
    ends = moving if len(moving) > 1 else params
    for p in moving:
        for q in ends:
            if q == p or q not in positional:
                continue
            conditions = [f"{p} == {q}"] if q in carried else [f"{p} >= {q}", f"{p} == {q}", f"{p} > {q}"]
            if q in moving and positional.index(q) < positional.index(p):
                continue  # (lo, hi) once, in the order the parameters come
            for ci, condition in enumerate(conditions):
                for vi, value in enumerate((p, "-1", "1", q, "True", "0", "False", "None")):
                    guards_.append((ci + vi, f"if {condition}: return {value}"))
    return [guard for _, guard in sorted(guards_, key=lambda g: g[0])]


def _is_small_int(node: ast.expr) -> bool:
    """0 and 1: the generic guards already stop a step of one."""
    return isinstance(node, ast.Constant) and node.value in (0, 1) and not isinstance(node.value, bool)


def _returns_text(function: FunctionNode) -> bool:
    """Whether a return builds a string (an f-string, or a `+` with a string literal)."""
    for node in ast.walk(function):
        if isinstance(node, ast.Return) and node.value is not None:
            for part in ast.walk(node.value):
                if isinstance(part, ast.JoinedStr) or (
                    isinstance(part, ast.Constant) and isinstance(part.value, str)
                ):
                    return True
    return False


_GUARD_CONDITIONS = ("not {p}", "{p} <= 0", "{p} <= 1", "len({p}) <= 1")


_GUARD_VALUES = ("0", "1", "[]", "[{p}]", "{p}[0]", "None", '""', "True", "False")


_LOCAL_GUARD_VALUES = 3  # an empty local gives an empty or zero result: 0, 1, []


def base_cases(ctx: LineContext, function: FunctionNode, lines: Sequence[str]) -> Iterator[Edit]:
    """Example: `return n * fact(n - 1)` -> `if n <= 1: return 1 | return n * fact(n - 1)`."""
    recursive = any(
        isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Name) and node.func.id == function.name)
            or (isinstance(node.func, ast.Attribute) and node.func.attr == function.name)
        )
        for node in ast.walk(function)
    )
    body = function.body
    first = body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and len(body) > 1:
        first = body[1]  # after the docstring
    if not recursive or first.lineno == function.lineno:
        return
    args = function.args
    params = [a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs] if a.arg not in SKIP_NAMES]
    # Before the first statement; and, a second base case, before each one-line
    # statement of the body that recurses (after the guards already there).
    anchors = [first]
    defaults = _after_defaults(body, first, params)
    if defaults is not None:
        # after `if hi is None: hi = len(xs)`: a check of `hi` before it reads None
        anchors.append(defaults)
    anchors += [
        s
        for s in body
        if s.lineno > first.lineno
        and s is not defaults
        and s.end_lineno == s.lineno
        and _recurses(s, function.name)
    ]
    yield from _local_guards(body, anchors[1:], params, lines, function.name)
    combos: list[tuple[int, str]] = []
    mappings = _used_as_mapping(function)
    nested = _recursed_into_items(function)
    shrinks = _shrink_conditions(function, params)
    leaves = _leaf_conditions(function)
    text_result = _returns_text(function)
    # the empty value of what the function builds (`{}` for a dict it fills), when
    # the generic values lack it
    built = [v for v in guards.empty_results(function) if v not in _GUARD_VALUES]
    for param in params:
        values = [
            param,
            *([f"str({param})"] if text_result else []),
            *(p for p in params if p != param),
            *built,
            *(v.format(p=param) for v in _GUARD_VALUES),
        ]
        # nested data: a function that walks `node.values()` stops at a leaf, one that
        # recurses into `node.left` and `node.right` where both are None; a
        # recursion that cuts `p[:-3]` or `p // 1000` stops where the cut no longer can
        conditions = [
            *(["not isinstance({p}, dict)"] if param in mappings else []),
            *(_NESTED_LEAF if param in nested else []),
            *leaves.get(param, []),
            *shrinks.get(param, []),
            *_GUARD_CONDITIONS,
        ]
        for ci, condition in enumerate(conditions):
            for vi, value in enumerate(values):
                guard = f"if {condition.format(p=param)}: return {value}"
                combos.append((ci + vi, guard))
    chosen = [guard for _, guard in sorted(combos, key=lambda c: c[0])[:_MAX_GUARDS]]
    # a table passed down the recursion unchanged holds the answer for some keys: the
    # recursion stops where the key it moves on is found (`if item in prices: return prices[item]`)
    carried = _carried_params(function, params)
    chosen += [
        f"if {key} in {table}: return {table}[{key}]"
        for table in carried
        for key in params
        if key not in carried
    ]
    # a path built on the way back (`[hub["name"]] + sub`) ends at the target it carries
    chosen += [f"if {step} == {goal}: return [{step}]" for step in _path_steps(function) for goal in carried]
    # a parameter the recursion moves stops where it meets another one: a search at
    # its goal (`if start == goal: return 1`), a range that closed (`if lo >= hi: return
    # lo`); after the likeliest generic guards, before the rest
    meeting = _meeting_guards(function, params, carried)[:_MAX_MEETING_GUARDS]
    ends = _index_end_guards(function, params) + _far_corner_guards(function, params)
    chosen[_FIRST_GUARDS:_FIRST_GUARDS] = ends + meeting + _leaf_field_guards(ctx, function, params)
    chosen = guards.with_float_zero(chosen, floats_first=guards.returns_floats(function))
    defaulted = _defaulted(body, params)
    # where the function checks its bounds first, an end it walks to comes after them
    after_checks = set(ends) if len(anchors) > 1 and _returns_early(first) else set()
    for guard in chosen:
        for anchor in anchors:  # each guard at each place, one after the other
            if anchor is first and defaults is not None and defaulted & _names_in(guard):
                continue  # a parameter read before it gets its default is still None
            if anchor is first and guard in after_checks:
                continue
            text = lines[anchor.lineno - 1].rstrip("\r\n")
            indent = text[: len(text) - len(text.lstrip())]
            yield Edit(anchor.lineno, text, f"{indent}{guard}\n{text}", "guard", 4)


def _leaf_field_guards(ctx: LineContext, function: FunctionNode, params: Sequence[str]) -> list[str]:
    """A recursion over records that reads fields of a parameter (`block["blocks"]`)
    stops at a leaf that holds a field the code never reads, one the docstring names or
    the tests' records hold: `if "minutes" in block: return block["minutes"]`."""
    named, held = ingredients.unread_keys(ctx)
    records = _read_by_key(function, params)
    return [
        f'if "{key}" in {record}: return {record}["{key}"]'
        for record in records
        for key in [*named, *held][:_MAX_LEAF_FIELDS]
    ]


def _local_guards(
    body: Sequence[ast.stmt],
    anchors: Sequence[ast.stmt],
    params: Sequence[str],
    lines: Sequence[str],
    name: str,
) -> Iterator[Edit]:
    """A local the recursion walks (`needed = prereqs.get(subject, [])`, then a `max`
    over it): empty, it is the base case, checked just before the recursive line. Its
    value: an empty or zero result, or, for a list of paths built from the recursion's
    (`[[title] + rest for child in children for rest in f(child)]`), the one path that
    ends here (`[[title]]`): a leaf that yields nothing would drop every path to it."""
    source = "".join(lines)
    for anchor in anchors:
        walked = {n.id for n in ast.walk(anchor) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        assigned = [
            n.id
            for s in body
            if isinstance(s, ast.Assign) and s.lineno < anchor.lineno
            for t in s.targets
            for n in ast.walk(t)
            if isinstance(n, ast.Name) and n.id in walked and n.id not in params
        ]
        text = lines[anchor.lineno - 1].rstrip("\r\n")
        indent = text[: len(text) - len(text.lstrip())]
        leaf = _leaf_paths(anchor, name, source)
        for local in dict.fromkeys(assigned):
            values = [value.format(p=local) for value in _GUARD_VALUES[:_LOCAL_GUARD_VALUES]]
            for value in [*values, *([leaf] if leaf is not None else [])]:
                guard = f"if not {local}: return {value}"
                yield Edit(anchor.lineno, text, f"{indent}{guard}\n{text}", "guard", 4)


def _recurses(node: ast.AST, name: str) -> bool:
    return any(
        isinstance(n, ast.Call)
        and (
            (isinstance(n.func, ast.Name) and n.func.id == name)
            or (isinstance(n.func, ast.Attribute) and n.func.attr == name)
        )
        for n in ast.walk(node)
    )
