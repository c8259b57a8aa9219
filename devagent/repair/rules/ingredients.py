"""Families whose ingredients the surrounding code supplies (SimFix and CapGen take fix
ingredients from context; this module reads four kinds of evidence):

- a parameter or loop variable the function binds but never reads: the most likely
  missing part of a condition (`kind == species` -> `... and used[k] < capacity`);
- a key or attribute the module reads on a same-named object elsewhere, missing from a
  condition on that object (`dock["open"]` -> `dock["open"] and dock["free_slots"]`);
- names bound together (`for white, black, result in games`): a statement on one of
  them with no twin on the other gets one (`scores[black] += 0.5` after
  `scores[white] += 0.5`);
- a difference that should be a distance or floored at zero, a floor division that should
  round up, or an arithmetic result the module rounds elsewhere: `abs(a - b)`,
  `max(0, a - b)`, `-(-a // b)`, `round(x, 2)`.

Pure functions of a LineContext (context.py), no IO."""

from __future__ import annotations

import ast
import itertools
import re
from collections.abc import Iterator, Sequence

from devagent.repair.rules.context import LineContext
from devagent.repair.rules.edit import Edit, Proposal

_SKIP = frozenset({"self", "cls", "_"})
# Container constructors and the method that adds to each (None: a dict, written by key):
# what a statement inserted by analogy calls on a container the code never fills.
WRITERS: dict[str, str | None] = {"set": "add", "list": "append", "deque": "append", "dict": None}
# built-ins whose result is a number
NUMERIC_CALLS = frozenset({"len", "sum", "round", "int", "float", "abs", "min", "max", "count"})
_ORDER_CHECKS = ("<", "<=", ">", ">=")
_MEMBER_CHECKS = ("not in", "in")
_MAX_OPERANDS = 3
_MAX_KEYS = 4
_ROUND_DIGITS = 2  # money and measurements: the usual precision when the module names none
_MAX_RANGES = 2
_MAX_UNREAD_CONSTANTS = 2
_MAX_DOCUMENTED_FIELDS = 2
_MAX_DATA_FIELDS = 2  # (record, field) pairs of the tests' data, after the docstring's
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}
_PRECISION = re.compile(r"\b(\d|one|two|three|four) (?:decimal|digit|place)")
_WHOLE = re.compile(r"\bnearest (?:whole|integer)|\bwhole number")


def made_empty(value: ast.expr) -> bool:
    """`[]`, `()`, `{}`, `set()`, `list()`, `dict()`: a container made empty."""
    if isinstance(value, ast.List | ast.Tuple | ast.Set):
        return not value.elts
    if isinstance(value, ast.Dict):
        return not value.keys
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id in ("list", "set", "dict")
        and not value.args
        and not value.keywords
    )


def unread_names(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """Parameters, loop variables and assigned names the function binds and never reads,
    in binding order. Code that names a value and then ignores it has most likely lost
    its use (`same_day = ...` computed and left out of the condition)."""
    args = function.args
    bound = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
    for node in ast.walk(function):
        if isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
            bound += [n.id for n in ast.walk(node.target) if isinstance(n, ast.Name)]
        elif isinstance(node, ast.Assign):
            bound += [n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
    read = {n.id for n in ast.walk(function) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    return [n for n in dict.fromkeys(bound) if n not in read and n not in _SKIP and not n.startswith("_")]


def _operands(ctx: LineContext, test: ast.expr) -> list[str]:
    """What an unread name is compared with: the condition's names and lookups, then the
    targets the guarded block updates (`used[k] += 1` under `if kind == species`)."""
    found: list[str] = []
    for node in ast.walk(test):
        if isinstance(node, ast.Name | ast.Subscript | ast.Attribute) and ctx.on_line(node):
            parent = ctx.parents.get(node)
            if isinstance(parent, ast.Call) and parent.func is node:
                continue
            if isinstance(parent, ast.Subscript | ast.Attribute):
                continue  # `dock` of `dock["x"]`: the lookup is the operand
            if isinstance(node, ast.Name) and (node.id in _SKIP or not isinstance(node.ctx, ast.Load)):
                continue
            found.append(ctx.source_of(node))
    owner = ctx.parents.get(test)
    if isinstance(owner, ast.If | ast.While):
        for statement in owner.body:
            if isinstance(statement, ast.AugAssign):
                found.append(ast.unparse(statement.target))
    return list(dict.fromkeys(found))[:_MAX_OPERANDS]


def unread_name_checks(ctx: LineContext, test: ast.expr) -> Iterator[tuple[str, str]]:
    """(connective, check) built on a name the function binds but never reads: the
    name itself, its negation, an order or membership comparison with the operands."""
    if ctx.function is None:
        return
    read_in_test = {n.id for n in ast.walk(test) if isinstance(n, ast.Name)}
    flags = _flag_names(ctx.function)
    for name in unread_names(ctx.function):
        if name in read_in_test:
            continue
        for connective in ("and", "or"):
            if name not in flags:  # a truth value is a clause in itself, never compared
                for operand in _operands(ctx, test):
                    for op in (*_ORDER_CHECKS, *_MEMBER_CHECKS):
                        yield connective, f"{operand} {op} {name}"
            yield connective, name
            yield connective, f"not {name}"


def _flag_names(function: ast.AST) -> set[str]:
    """Names assigned a comparison or a boolean expression."""
    return {
        target.id
        for node in ast.walk(function)
        if isinstance(node, ast.Assign)
        and (
            isinstance(node.value, ast.Compare | ast.BoolOp)
            or (isinstance(node.value, ast.UnaryOp) and isinstance(node.value.op, ast.Not))
        )
        for target in node.targets
        if isinstance(target, ast.Name)
    }


def sibling_lookup_checks(ctx: LineContext, test: ast.expr) -> Iterator[tuple[str, str]]:
    """(connective, check): `obj["key"]` / `obj.key` for keys and attributes the module
    reads on an object of the same name elsewhere, but this condition does not."""
    bases: dict[str, set[str]] = {}
    for node in ast.walk(test):
        base_key = _lookup(node)
        if base_key is not None and ctx.on_line(node):
            bases.setdefault(base_key[0], set()).add(base_key[1])
    if not bases:
        return
    elsewhere: dict[str, list[str]] = {}
    for node in ast.walk(ctx.tree):
        base_key = _lookup(node)
        if base_key is not None and base_key[0] in bases and base_key[1] not in bases[base_key[0]]:
            elsewhere.setdefault(base_key[0], []).append(base_key[1])
    for keys in elsewhere.values():
        for key in list(dict.fromkeys(keys))[:_MAX_KEYS]:
            yield "and", key
            yield "or", f"not {key}"


def documented_range_checks(ctx: LineContext, test: ast.expr) -> Iterator[tuple[str, str]]:
    """(connective, check) for the other end of a range the docstring states ("0-100",
    "between 1 and 12"): `score < 0` rejects one end and lacks `or score > 100`;
    `first <= day` accepts from one end and lacks `and day <= 100`."""
    ranges = _documented_ranges(ctx)
    if not ranges:
        return
    for node in ast.walk(test):
        if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and ctx.on_line(node)):
            continue
        left, op, right = node.left, node.ops[0], node.comparators[0]
        if isinstance(left, ast.Constant):  # `0 > score` reads as `score < 0`
            left, right = right, left
            op = _MIRRORED.get(type(op), op)
        if not isinstance(right, ast.Constant) or isinstance(left, ast.Constant):
            continue
        value, operand = right.value, ctx.source_of(left)
        for low, high in ranges:
            if isinstance(op, ast.Lt | ast.LtE) and value == low:
                yield "or", f"{operand} > {high}"
            elif isinstance(op, ast.Gt | ast.GtE) and value == high:
                yield "or", f"{operand} < {low}"
            elif isinstance(op, ast.Gt | ast.GtE) and value == low:
                yield "and", f"{operand} <= {high}"
            elif isinstance(op, ast.Lt | ast.LtE) and value == high:
                yield "and", f"{operand} >= {low}"


_QUOTED_KEY = re.compile(r'"([a-z][a-z0-9_]*)"')


def record_fields(function: ast.AST) -> list[tuple[str, str]]:
    """(item, key) for each `leg["depart"]` where `leg` is a loop or comprehension variable
    of the function: the records it walks and the fields it reads of them, in order."""
    items = {
        n.id
        for loop in ast.walk(function)
        if isinstance(loop, ast.For | ast.comprehension)
        for n in ast.walk(loop.target)
        if isinstance(n, ast.Name)
    }
    found = [
        (n.value.id, n.slice.value)
        for n in ast.walk(function)
        if isinstance(n, ast.Subscript)
        and isinstance(n.value, ast.Name)
        and n.value.id in items
        and isinstance(n.slice, ast.Constant)
        and isinstance(n.slice.value, str)
    ]
    return list(dict.fromkeys(found))


def unread_keys(ctx: LineContext) -> tuple[list[str], list[str]]:
    """Field names the code never reads as a string: those the function's docstring names
    in double quotes ("own_goal"), and those the tests' records hold (ctx.data_fields)."""
    function = ctx.function
    if function is None:
        return [], []
    doc = ast.get_docstring(function) or ""
    used = {
        n.value
        for n in ast.walk(ctx.tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value != doc
    }
    named = [k for k in dict.fromkeys(_QUOTED_KEY.findall(doc)) if k not in used]
    return named, [k for k in ctx.data_fields if k not in used and k not in named]


def unread_fields(ctx: LineContext) -> list[tuple[str, str]]:
    """(record, key): a field the function's docstring names, then one the tests' records
    hold, that the code never reads (unread_keys), on each loop variable it reads fields
    of: the field a missing check or clause was about."""
    if ctx.function is None:
        return []
    named, held = unread_keys(ctx)
    records = sorted({item for item, _ in record_fields(ctx.function)})
    documented = [(record, key) for record in records for key in named][:_MAX_DOCUMENTED_FIELDS]
    return documented + [(record, key) for record in records for key in held][:_MAX_DATA_FIELDS]


def unread_constants(tree: ast.Module) -> list[str]:
    """Module constants (`GRACE_MINUTES = 15`) that no code in the module reads: a
    threshold or a cap whose one use is the missing line (at most two, in order)."""
    read = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    found = [
        target.id
        for statement in tree.body
        if isinstance(statement, ast.Assign)
        and isinstance(statement.value, ast.Constant)
        and type(statement.value.value) in (int, float)
        for target in statement.targets
        if isinstance(target, ast.Name) and target.id.isupper() and target.id not in read
    ]
    return found[:_MAX_UNREAD_CONSTANTS]


def unread_constant_checks(ctx: LineContext, test: ast.expr) -> Iterator[tuple[str, str]]:
    """(connective, check): `r < 0` rejects one end and lacks `or r > MAX_MM`, `n > 0`
    accepts from one end and lacks `and n <= MAX_N`, the bound an unread module constant."""
    constants = unread_constants(ctx.tree)
    if not constants:
        return
    for node in ast.walk(test):
        if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and ctx.on_line(node)):
            continue
        left, op, right = node.left, node.ops[0], node.comparators[0]
        if isinstance(left, ast.Constant):
            left, right = right, left
            op = _MIRRORED.get(type(op), op)
        if not isinstance(right, ast.Constant) or isinstance(left, ast.Constant):
            continue
        operand = ctx.source_of(left)
        for constant in constants:
            if isinstance(op, ast.Lt | ast.LtE):
                yield "or", f"{operand} > {constant}"
                yield "or", f"{operand} >= {constant}"
            elif isinstance(op, ast.Gt | ast.GtE):
                yield "and", f"{operand} <= {constant}"
                yield "and", f"{operand} < {constant}"


def capped_by_unread_constant(ctx: LineContext, node: ast.Name) -> Iterator[Proposal]:
    """`minutes` -> `min(minutes, MAX_STAY)`: a number the function computes, held to a
    module constant nothing reads (`max` for a floor)."""
    constants = unread_constants(ctx.tree)
    if not constants or ctx.function is None or not isinstance(node.ctx, ast.Load) or not ctx.on_line(node):
        return
    parent = ctx.parents.get(node)
    if (isinstance(parent, ast.Call) and parent.func is node) or isinstance(parent, ast.Attribute):
        return
    if node.id not in _numbers_computed(ctx.function):
        return
    start, end = ctx.span(node)
    for constant in constants:
        for bound in ("min", "max"):
            yield Proposal(((start, end, f"{bound}({node.id}, {constant})"),), "wrap_call", 3)


def _numbers_computed(function: ast.AST) -> set[str]:
    """Names the function assigns a number to: arithmetic, a count or a sum, a literal."""
    found: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            found.add(node.target.id)
        elif (
            isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
        ):
            value = node.value
            if (
                isinstance(value, ast.BinOp)
                or (isinstance(value, ast.Constant) and type(value.value) in (int, float))
                or (
                    isinstance(value, ast.Call)
                    and isinstance(value.func, ast.Name)
                    and value.func.id in NUMERIC_CALLS
                )
            ):
                found.add(node.targets[0].id)
    return found


def clamp_other_end(ctx: LineContext, node: ast.Call) -> Iterator[Proposal]:
    """`max(0, x)` -> `max(0, min(100, x))`: a clamp at one end of the range the docstring
    states ("0-100"), or of a module constant nothing reads, lacks the other end."""
    if not (
        isinstance(node.func, ast.Name)
        and node.func.id in ("min", "max")
        and len(node.args) == 2
        and not node.keywords
        and ctx.on_line(node)
    ):
        return
    ends = [a for a in node.args if isinstance(a, ast.Constant) and type(a.value) in (int, float)]
    values = [a for a in node.args if a not in ends]
    if len(ends) != 1 or len(values) != 1:
        return
    value = values[0]
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("min", "max"):
        return  # clamped at both ends already
    end = ends[0].value
    floor = node.func.id == "max"  # `max(0, x)` holds x above 0: the cap is missing
    others: list[str] = []
    for low, high in _documented_ranges(ctx):
        # in the clamp's own type: `max(0.0, x)` gets `min(100.0, x)`
        if floor and end == low:
            others.append(repr(type(end)(high)))
        elif not floor and end == high:
            others.append(repr(type(end)(low)))
    others += unread_constants(ctx.tree)
    start, stop = ctx.span(value)
    inner = "min" if floor else "max"
    for other in dict.fromkeys(others):
        yield Proposal(((start, stop, f"{inner}({other}, {ctx.source_of(value)})"),), "wrap_call", 3)


_MIRRORED: dict[type[ast.cmpop], ast.cmpop] = {
    ast.Lt: ast.Gt(),
    ast.Gt: ast.Lt(),
    ast.LtE: ast.GtE(),
    ast.GtE: ast.LtE(),
}
_RANGE = re.compile(r"(?<![\w.])(-?\d+(?:\.\d+)?) ?(?:-|\u2013|\.\.| to | and )(-?\d+(?:\.\d+)?)(?!\w|\.\d)")


def _documented_ranges(ctx: LineContext) -> list[tuple[float, float]]:
    """Numeric ranges written in the function's docstring (then the module's)."""
    docs = [ast.get_docstring(ctx.tree) or ""]
    if ctx.function is not None:
        docs.insert(0, ast.get_docstring(ctx.function) or "")
    found: list[tuple[float, float]] = []
    for doc in docs:
        for match in _RANGE.finditer(doc):
            low, high = (float(g) if "." in g else int(g) for g in match.groups())
            if low < high and (low, high) not in found:
                found.append((low, high))
    return found[:_MAX_RANGES]


def _lookup(node: ast.AST) -> tuple[str, str] | None:
    """("dock", 'dock["free_slots"]') for `dock["free_slots"]`, ("p", "p.age") for `p.age`."""
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        key = node.slice
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            return node.value.id, f"{node.value.id}[{key.value!r}]"
    if (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and isinstance(node.ctx, ast.Load)
    ):
        return node.value.id, f"{node.value.id}.{node.attr}"
    return None


# --------------------------------------------------------------------------- wrapped values


def distance_and_rounding(ctx: LineContext, node: ast.BinOp) -> Iterator[Proposal]:
    """`a - b` -> `abs(a - b)` wherever a difference lies on the line, and `max(0, a - b)`
    where it is returned or assigned; `a // b` -> `-(-a // b)`; an arithmetic value
    returned, assigned or made by a comprehension -> `round(value, n)` with the precisions
    the module rounds to."""
    if not ctx.on_line(node):
        return
    start, end = ctx.span(node)
    text = ctx.source_of(node)
    if isinstance(node.op, ast.Sub):
        yield Proposal(((start, end, f"abs({text})"),), "wrap_call", 3)
        if isinstance(ctx.parents.get(node), ast.Return | ast.Assign):
            # what is left after taking away cannot go below nothing (a balance, a stock)
            yield Proposal(((start, end, f"max(0, {text})"),), "wrap_call", 4)
    if isinstance(node.op, ast.FloorDiv):
        # a count of groups that must include the last, partial one: rounded up
        left, right = ctx.operand(node.left), ctx.operand(node.right)
        yield Proposal(((start, end, f"-(-{left} // {right})"),), "ceil_division", 3)
    parent = ctx.parents.get(node)
    produced = isinstance(parent, ast.Return | ast.Assign | ast.AugAssign) or (
        # what a comprehension makes of each element is a result too
        (isinstance(parent, ast.ListComp | ast.SetComp | ast.GeneratorExp) and parent.elt is node)
        or (isinstance(parent, ast.DictComp) and parent.value is node)
    )
    if produced:
        described, digits_used = _round_digits(ctx.tree, ctx.function)
        for digits in digits_used:
            # a precision the docstring names is the spec's own word
            size = 3 if digits in described else 4
            yield Proposal(((start, end, f"round({text}, {digits})"),), "wrap_call", size)


def _round_digits(tree: ast.Module, function: ast.AST | None) -> tuple[list[int], list[int]]:
    """The precisions the function's docstring names ("to one decimal place"), and all
    to try: those, then the ones the module rounds to, then the usual one."""
    described: list[int] = []
    if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
        doc = (ast.get_docstring(function) or "").lower()
        for match in _PRECISION.finditer(doc):
            word = match.group(1)
            described.append(int(word) if word.isdigit() else _NUMBER_WORDS[word])
        if _WHOLE.search(doc):
            described.append(0)
    found = [
        node.args[1].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "round"
        and len(node.args) == 2
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, int)
    ]
    return described, list(dict.fromkeys([*described, *found, _ROUND_DIGITS]))


# --------------------------------------------------------------------------- statements


def twin_statement(ctx: LineContext, statement: ast.stmt, lines: Sequence[str]) -> Iterator[Edit]:
    """After a one-line statement on a name bound together with another (`white, black`),
    the same statement on the other name, when the block has no such statement yet: code
    that treats two partners alike forgot one of them.
    Example: `scores[white] += 0.5` -> `scores[white] += 0.5 | scores[black] += 0.5`."""
    if ctx.function is None or statement.lineno != ctx.line or statement.end_lineno != ctx.line:
        return
    if not isinstance(statement, ast.Assign | ast.AugAssign | ast.Expr) or hasattr(statement, "body"):
        return
    block = block_of(ctx, statement)
    if block is None:
        return
    existing = {ast.dump(s) for s in block}
    text = lines[ctx.line - 1].rstrip("\r\n")
    indent = text[: len(text) - len(text.lstrip())]
    used = [n for n in ast.walk(statement) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)]
    for group in _bound_together(ctx.function):
        for name in dict.fromkeys(n.id for n in used if n.id in group):
            for partner in group:
                if partner == name:
                    continue
                twin = _renamed(statement, name, partner)
                if ast.dump(twin) in existing:
                    continue
                yield Edit(ctx.line, text, f"{text}\n{indent}{ast.unparse(twin)}", "twin_statement", 3)


def _bound_together(function: ast.AST) -> list[list[str]]:
    """Names one tuple target binds together (`for white, black, result in games`)."""
    groups: list[list[str]] = []
    for node in ast.walk(function):
        targets: list[ast.expr] = []
        if isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
            targets = [node.target]
        elif isinstance(node, ast.Assign):
            targets = list(node.targets)
        for target in targets:
            if isinstance(target, ast.Tuple | ast.List):
                names = [e.id for e in target.elts if isinstance(e, ast.Name) and e.id not in _SKIP]
                if len(names) >= 2:
                    groups.append(names)
    return groups


def twin_clause_checks(ctx: LineContext, test: ast.expr) -> Iterator[tuple[str, str]]:
    """(connective, check): a clause on one of two parameters a recursion advances alike,
    repeated for the other (`not first` -> `not first and not second`)."""
    if ctx.function is None:
        return
    groups = _parallel_parameters(ctx.function)  # (a tuple's fields are not alike)
    clauses = test.values if isinstance(test, ast.BoolOp) else [test]
    present = {ast.dump(c) for c in clauses}
    for clause in clauses:
        read = {n.id for n in ast.walk(clause) if isinstance(n, ast.Name)}
        for group in groups:
            for name in sorted(read & set(group)):
                for partner in group:
                    if partner == name or partner in read:
                        continue
                    twin = _renamed_expr(clause, name, partner)
                    if ast.dump(twin) not in present:
                        yield "and", ast.unparse(twin)
                        yield "or", ast.unparse(twin)


def mirrored_clause_checks(ctx: LineContext, test: ast.expr) -> Iterator[tuple[str, str]]:
    """(connective, check): a clause on the first names of tuples bound alike, repeated
    on their second ones (`rows, cols = ...` and `nr, nc = ...`: `0 <= nr < rows` ->
    `... and 0 <= nc < cols`): a bound checked on one axis and not the other."""
    if ctx.function is None:
        return
    groups = _bound_together(ctx.function)
    clauses = test.values if isinstance(test, ast.BoolOp) else [test]
    present = {ast.dump(c) for c in clauses}
    everything = {n.id for c in clauses for n in ast.walk(c) if isinstance(n, ast.Name)}
    for clause in clauses:
        read = {n.id for n in ast.walk(clause) if isinstance(n, ast.Name)}
        width = max((len(g) for g in groups), default=0)
        for i, j in itertools.permutations(range(width), 2):
            mapping = {g[i]: g[j] for g in groups if len(g) > max(i, j) and g[i] in read}
            if set(mapping.values()) & everything:
                continue  # a partner already checked
            if len(mapping) < 2 and not _edge_range(clause):
                continue  # one name alone is twin_clause_checks', but for a board's edge
            twin = ast.parse(ast.unparse(clause), mode="eval").body
            for node in ast.walk(twin):
                if isinstance(node, ast.Name) and node.id in mapping:
                    node.id = mapping[node.id]
            if ast.dump(twin) not in present:
                yield "and", ast.unparse(twin)
                yield "or", ast.unparse(twin)


def _edge_range(clause: ast.expr) -> bool:
    """`0 <= f < 8`: a name between two number constants, the edge of a grid or board
    whose other axis has the same edge (a one-sided `x > 0` says nothing of `y`)."""
    return (
        isinstance(clause, ast.Compare)
        and len(clause.ops) == 2
        and all(isinstance(op, ast.Lt | ast.LtE) for op in clause.ops)
        and isinstance(clause.comparators[0], ast.Name)
        and all(
            isinstance(end, ast.Constant) and type(end.value) in (int, float)
            for end in (clause.left, clause.comparators[1])
        )
    )


def _parallel_parameters(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[list[str]]:
    """Parameters a recursive call advances alike (`f(first[1:], second[1:])`)."""
    positional = [a.arg for a in [*function.args.posonlyargs, *function.args.args]]
    groups: list[list[str]] = []
    for node in ast.walk(function):
        if not (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == function.name
        ):
            continue
        args = node.args[: len(positional)]
        for i, j in itertools.combinations(range(len(args)), 2):
            p, q = positional[i], positional[j]
            if isinstance(args[i], ast.Name) or {p, q} & _SKIP:
                continue  # passed on unchanged: no step to compare
            if ast.dump(_renamed_expr(args[i], p, q)) == ast.dump(args[j]) and [p, q] not in groups:
                groups.append([p, q])
    return groups


def _renamed_expr(expr: ast.expr, old: str, new: str) -> ast.expr:
    copy = ast.parse(ast.unparse(expr), mode="eval").body
    for node in ast.walk(copy):
        if isinstance(node, ast.Name) and node.id == old:
            node.id = new
    return copy


def _renamed(statement: ast.stmt, old: str, new: str) -> ast.stmt:
    copy = ast.parse(ast.unparse(statement)).body[0]
    for node in ast.walk(copy):
        if isinstance(node, ast.Name) and node.id == old:
            node.id = new
    return copy


def block_of(ctx: LineContext, statement: ast.stmt) -> list[ast.stmt] | None:
    parent = ctx.parents.get(statement)
    for field in ("body", "orelse", "finalbody"):
        block = getattr(parent, field, None)
        if isinstance(block, list) and statement in block:
            return block
    return None


def depends(first: ast.stmt, second: ast.stmt) -> bool:
    """Whether the order of two statements can matter: one writes a name the other reads
    or writes (a method call on a name counts as writing it)."""
    w1, w2 = _writes(first), _writes(second)
    return bool(w1 & (_reads(second) | w2) or w2 & _reads(first))


def _writes(statement: ast.stmt) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(statement):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            found.add(node.id)
        elif isinstance(node, ast.Subscript | ast.Attribute) and isinstance(node.ctx, ast.Store | ast.Del):
            found |= {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            found |= {n.id for n in ast.walk(node.func.value) if isinstance(n, ast.Name)}
    return found


def _reads(statement: ast.stmt) -> set[str]:
    return {n.id for n in ast.walk(statement) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def innermost_loop(
    function: ast.AST, line: int, kinds: tuple[type[ast.stmt], ...] = (ast.For, ast.While)
) -> ast.stmt | None:
    """The innermost loop (of `kinds`) whose body holds the line."""
    best: ast.stmt | None = None
    for node in ast.walk(function):
        if (
            isinstance(node, kinds)
            and isinstance(node, ast.For | ast.AsyncFor | ast.While)
            and node.body[0].lineno <= line <= (node.end_lineno or node.lineno)
            and (best is None or node.lineno > best.lineno)
        ):
            best = node
    return best


def recursive_calls(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.Call]:
    """The calls a function makes of itself by its plain name."""
    return [
        n
        for n in ast.walk(function)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == function.name
    ]
