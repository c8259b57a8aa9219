"""A missing check before the ranked statement: `if C: A` inserted just above it.

TBar's "insert null pointer checker" and "insert range checker" patterns, generalised:
C tests a value the statement reads (empty, None, already collected in a container of
the function, negative) and A leaves what the statement is part of: the loop iteration
(`continue`, `break`), the function (`return V` with V an empty result of the function's
kind or a small constant the statement uses), or the function's own `raise`. The most
common one-line omissions in small programs: a blank line parsed, a duplicate appended,
a division by an empty total, a lookup of a missing key used as a value. And the
statement itself put under a check (`wrapped`): a span handed on only when not empty.

Pure functions of a LineContext (context.py), no IO."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Sequence

from devagent.repair.rules import ingredients
from devagent.repair.rules.context import LineContext
from devagent.repair.rules.edit import Edit

SIZE = 4  # as base_cases.py's inserted guards
_MAX_SUBJECTS = 4
_MAX_GUARDS = 24  # per statement: subjects x conditions x actions, the likeliest first
_MAX_CONTAINERS = 2
_MAX_CONSTANTS = 2
_SKIP = frozenset({"self", "cls", "_", "True", "False", "None"})
_EMPTY = {"list": "[]", "text": '""', "number": "0", "dict": "{}", "bool": "False", "set": "set()"}
_TEXT_METHODS = frozenset({"join", "strip", "lower", "upper", "format", "replace", "title"})


def before(ctx: LineContext, statement: ast.stmt, lines: Sequence[str]) -> Iterator[Edit]:
    """`if C: A` above `statement` (the ranked line's own statement), at its indentation.
    Example: `total += 100 / count` -> `if not count: continue | total += 100 / count`."""
    function = ctx.function
    if function is None or statement.lineno != ctx.line or statement is function:
        return
    if isinstance(
        statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Global | ast.Nonlocal
    ):
        return
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
        return  # a docstring or a value left standing
    header = _header(statement)
    subjects = _subjects(ctx, header, _bound_by(statement))
    # a field the docstring names and the code never reads ("own_goal") marks what to skip
    fields = ingredients.unread_fields(ctx)
    if not subjects and not fields:
        return
    leave = actions(function, statement)
    containers = _containers(function, statement.lineno) + _kept_by_instance(ctx, function)
    compared = _compared_numbers(function)
    # a threshold nothing reads yet (`GRACE_MINUTES`): the missing check is its one use
    unread = ingredients.unread_constants(ctx.tree)
    guards: list[tuple[int, str]] = []
    for si, subject in enumerate(subjects):
        conditions = [f"not {subject}"]
        conditions += [f"{subject} {op} {k}" for k in unread for op in ("<=", "<")]
        conditions += [f"{subject} is None"]
        conditions += [f"{subject} in {c}" for c in containers if c != subject][:_MAX_CONTAINERS]
        if subject in compared:
            conditions += [f"{subject} <= 0", f"{subject} < 0"]
        # below the smallest value the function singles out (`n == 2` -> `n < 2`)
        conditions += [f"{subject} < {c}" for c in _compared_constants(function, subject)]
        conditions = list(dict.fromkeys(conditions))
        for ci, condition in enumerate(conditions):
            for ai, action in enumerate(leave):
                guards.append((si + ci + ai, f"if {condition}: {action}"))
    # a flag the loop only toggles (`in_code = not in_code`) marks rounds to skip
    for flag in _toggled_only(function, statement.lineno):
        guards += [(1 + ai, f"if {flag}: {action}") for ai, action in enumerate(leave)]
    for record, key in fields:
        guards += [(2 + ai, f'if {record}.get("{key}"): {action}') for ai, action in enumerate(leave)]
    text = lines[statement.lineno - 1].rstrip("\r\n")
    indent = text[: len(text) - len(text.lstrip())]
    chosen = [guard for _, guard in sorted(guards, key=lambda g: g[0])][:_MAX_GUARDS]
    for guard in with_float_zero(chosen, floats_first=returns_floats(function)):
        yield Edit(statement.lineno, text, f"{indent}{guard}\n{text}", "guard_before", SIZE)


def _toggled_only(function: ast.FunctionDef | ast.AsyncFunctionDef, line: int) -> list[str]:
    """Names the loop around `line` flips (`x = not x`) and nothing else reads."""
    loop = ingredients.innermost_loop(function, line)
    if loop is None:
        return []
    toggles = [
        (node.targets[0].id, node.value.operand)
        for node in ast.walk(loop)
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, ast.UnaryOp)
        and isinstance(node.value.op, ast.Not)
        and isinstance(node.value.operand, ast.Name)
        and node.value.operand.id == node.targets[0].id
    ]
    found: list[str] = []
    for name, operand in toggles:
        reads = [
            n
            for n in ast.walk(function)
            if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
        ]
        if all(n is operand for n in reads):
            found.append(name)
    return found


def actions(function: ast.FunctionDef | ast.AsyncFunctionDef, statement: ast.stmt) -> list[str]:
    """What a check above `statement` does when it holds, the likeliest first: leave the
    loop's round or the loop, return early, or raise as the function already does."""
    loop = ingredients.innermost_loop(function, statement.lineno)
    in_loop = loop is not None and loop is not statement
    return [
        *(["continue", "break"] if in_loop else []),
        *_returns(function, _header(statement)),
        *_raises(function),
    ]


def wrapped(ctx: LineContext, statement: ast.stmt, lines: Sequence[str]) -> Iterator[Edit]:
    """`gaps.append((cursor, start))` -> `if cursor < start: gaps.append(...)`: a pair
    handed on as a span is kept only when the span is not empty. The statement stays
    where it is (a jump above it would also skip what follows it in the loop)."""
    if not (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Call)
        and statement.lineno == statement.end_lineno == ctx.line
        and isinstance(statement.value.func, ast.Attribute)
        and statement.value.func.attr in ("append", "add", "insert")
    ):
        return
    pairs = [
        arg.elts
        for arg in statement.value.args
        if isinstance(arg, ast.Tuple)
        and len(arg.elts) == 2
        and all(isinstance(e, ast.Name | ast.Attribute) for e in arg.elts)
    ]
    text = lines[statement.lineno - 1].rstrip("\r\n")
    indent = text[: len(text) - len(text.lstrip())]
    body = text.strip()
    for first, second in pairs[:1]:
        a, b = ast.unparse(first), ast.unparse(second)
        for condition in (f"{a} < {b}", f"{a} != {b}"):
            yield Edit(
                statement.lineno, text, f"{indent}if {condition}:\n{indent}    {body}", "guard_wrap", SIZE
            )


def _header(statement: ast.stmt) -> list[ast.AST]:
    """The parts of a statement that run before its body: a loop's iterable, a branch's
    test; the whole statement when it has no body."""
    if isinstance(statement, ast.For | ast.AsyncFor):
        return [statement.iter]
    if isinstance(statement, ast.If | ast.While):
        return [statement.test]
    if isinstance(statement, ast.With | ast.AsyncWith):
        return [item.context_expr for item in statement.items]
    if hasattr(statement, "body"):
        return []
    return [statement]


def _bound_by(statement: ast.stmt) -> set[str]:
    """Names the statement itself binds: a guard cannot test them before it runs."""
    if isinstance(statement, ast.AugAssign):
        return set()  # `total += x` reads total first
    targets: list[ast.expr] = []
    if isinstance(statement, ast.Assign):
        targets = list(statement.targets)
    elif isinstance(statement, ast.AnnAssign | ast.For | ast.AsyncFor):
        targets = [statement.target]
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


def _subjects(ctx: LineContext, header: Sequence[ast.AST], bound: set[str]) -> list[str]:
    """What a check could test, the likeliest first: a divisor, then a lookup on a name
    (`parcel["weight"]`, `node.next`), then the names read, in reading order."""
    divisors: list[str] = []
    lookups: list[str] = []
    names: list[str] = []
    called = {id(n.func) for part in header for n in ast.walk(part) if isinstance(n, ast.Call)}
    for part in header:
        for node in ast.walk(part):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div | ast.FloorDiv | ast.Mod):
                if isinstance(node.right, ast.Name | ast.Subscript | ast.Attribute):
                    divisors.append(ctx.source_of(node.right))
            elif isinstance(node, ast.Subscript | ast.Attribute) and id(node) not in called:
                if isinstance(node.value, ast.Name) and isinstance(node.ctx, ast.Load) and _plain_key(node):
                    # `rows[0]`: a position exists only in a non-empty container, so test that
                    positional = (
                        isinstance(node, ast.Subscript)
                        and isinstance(node.slice, ast.Constant)
                        and type(node.slice.value) is int
                    )
                    lookups.append(node.value.id if positional else ctx.source_of(node))
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and id(node) not in called:
                names.append(node.id)
    found = [
        s
        for s in dict.fromkeys([*divisors, *lookups, *names])
        if s and s.split("[")[0].split(".")[0] not in bound and s not in _SKIP and not s.isupper()
    ]
    return found[:_MAX_SUBJECTS]


def _plain_key(node: ast.Subscript | ast.Attribute) -> bool:
    """`x["key"]`, `x[0]` or `x.attr`: a lookup a check can repeat without side effects."""
    if isinstance(node, ast.Attribute):
        return True
    return isinstance(node.slice, ast.Constant | ast.Name)


def _containers(function: ast.AST, before: int) -> list[str]:
    """Locals made an empty list, set or dict above the line: what a loop collects into,
    so a value already in it is the duplicate the check skips."""
    found: list[str] = []
    for node in ast.walk(function):
        if not isinstance(node, ast.Assign) or node.lineno >= before or len(node.targets) != 1:
            continue
        target = node.targets[0]
        if isinstance(target, ast.Name) and ingredients.made_empty(node.value):
            found.append(target.id)
    return list(dict.fromkeys(found))


def _kept_by_instance(ctx: LineContext, function: ast.AST) -> list[str]:
    """`self.students` for a method whose class's `__init__` makes it an empty list, set or
    dict: what the object collects, so a value already in it is a duplicate."""
    owner = ctx.parents.get(function)
    if not isinstance(owner, ast.ClassDef):
        return []
    init = next(
        (
            n
            for n in owner.body
            if isinstance(n, ast.FunctionDef) and n.name == "__init__" and n is not function
        ),
        None,
    )
    if init is None:
        return []
    found: list[str] = []
    for node in ast.walk(init):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target = node.targets[0]
        if (
            isinstance(target, ast.Attribute)
            and isinstance(target.value, ast.Name)
            and target.value.id == "self"
            and ingredients.made_empty(node.value)
        ):
            found.append(f"self.{target.attr}")
    return found[:_MAX_CONTAINERS]


def _compared_constants(function: ast.AST, subject: str) -> list[int]:
    """Small positive integers the function compares `subject` with."""
    found: list[int] = []
    for node in ast.walk(function):
        if not isinstance(node, ast.Compare) or len(node.ops) != 1:
            continue
        pair = (node.left, node.comparators[0])
        for this, other in (pair, pair[::-1]):
            if (
                isinstance(this, ast.Name)
                and this.id == subject
                and isinstance(other, ast.Constant)
                and type(other.value) is int
                and 0 < other.value < 100
            ):
                found.append(other.value)
    return list(dict.fromkeys(found))[:_MAX_CONSTANTS]


def _compared_numbers(function: ast.AST) -> set[str]:
    """Names the function compares by order (`amount > balance`): numbers, which a check
    for a negative or zero value applies to."""
    found: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Compare) and all(
            isinstance(op, ast.Lt | ast.LtE | ast.Gt | ast.GtE) for op in node.ops
        ):
            found |= {n.id for n in (node.left, *node.comparators) if isinstance(n, ast.Name)}
    return found


def _returns(function: ast.FunctionDef | ast.AsyncFunctionDef, header: Sequence[ast.AST]) -> list[str]:
    """`return V` for an early exit: the empty value of the function's result kind first,
    then None, then small integers the statement itself uses (`1 + max(...)` -> 1)."""
    values = empty_results(function)
    constants = [
        repr(node.value)
        for part in header
        for node in ast.walk(part)
        if isinstance(node, ast.Constant) and type(node.value) is int and 0 < node.value < 10
    ]
    picked = [*dict.fromkeys(values), "None", *dict.fromkeys(constants[:_MAX_CONSTANTS])]
    if not values:
        picked += ["0", "[]", '""']
    return [f"return {v}" for v in dict.fromkeys(picked)]


def with_float_zero(statements: Iterable[str], floats_first: bool = False) -> list[str]:
    """Each statement that ends in `return 0` beside its twin with `return 0.0`: both pass
    an `==` test, and the first to pass is chosen, so the twin comes first where the
    function's result is a float by its shape (`floats_first`); the overfit guard also
    flags a number of the other type where the probes show the function's (overfit.py)."""
    pairs = ((s, f"{s}.0") if s.endswith("return 0") else (s,) for s in statements)
    return [t for pair in pairs for t in (reversed(pair) if floats_first else pair)]


def returns_floats(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a `return` of the function gives a float by its shape: a true division,
    `float(...)`, a float literal. `return a / b` -> True; `return len(xs) - 1` -> False."""
    for node in ast.walk(function):
        if isinstance(node, ast.Return) and node.value is not None:
            value = node.value
            if (
                (isinstance(value, ast.BinOp) and isinstance(value.op, ast.Div))
                or (
                    isinstance(value, ast.Call)
                    and isinstance(value.func, ast.Name)
                    and value.func.id == "float"
                )
                or (isinstance(value, ast.Constant) and type(value.value) is float)
            ):
                return True
    return False


def _kind(value: ast.expr, function: ast.AST) -> str | None:
    """The kind of a returned value, as far as its shape tells."""
    if isinstance(value, ast.List | ast.ListComp):
        return "list"
    if isinstance(value, ast.Dict | ast.DictComp):
        return "dict"
    if isinstance(value, ast.JoinedStr) or (isinstance(value, ast.Constant) and isinstance(value.value, str)):
        return "text"
    if isinstance(value, ast.Compare | ast.BoolOp) or (
        isinstance(value, ast.Constant) and isinstance(value.value, bool)
    ):
        return "bool"
    if isinstance(value, ast.Constant) and isinstance(value.value, int | float):
        return "number"
    if isinstance(value, ast.BinOp):
        return (
            "text"
            if isinstance(value.left, ast.JoinedStr | ast.Constant)
            and isinstance(getattr(value.left, "value", None), str)
            else "number"
        )
    if isinstance(value, ast.Call):
        func = value.func
        if isinstance(func, ast.Name) and func.id in ingredients.NUMERIC_CALLS:
            return "number"
        if isinstance(func, ast.Name) and func.id in ("sorted", "list"):
            return "list"
        if isinstance(func, ast.Attribute) and func.attr in _TEXT_METHODS:
            return "text"
    if isinstance(value, ast.Name):
        for node in ast.walk(function):
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == value.id for t in node.targets
            ):
                found = _kind(node.value, function) if not isinstance(node.value, ast.Name) else None
                return found or _kind_by_use(value.id, function)
    return None


def _kind_by_use(name: str, function: ast.AST) -> str | None:
    """The kind of a name whose assignment does not tell (`merged = resolve(...)`), by
    what the function does to it: `merged[key] = v` a dict, `.append` a list, `.add` a set."""
    for node in ast.walk(function):
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id == name
            and not (isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, int))
        ):
            return "dict"
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == name
        ):
            if node.func.attr in ("append", "extend", "insert"):
                return "list"
            if node.func.attr == "add":
                return "set"
    return None


def empty_results(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """The empty values of the kinds the function returns (`{}` for a dict it builds)."""
    kinds = [
        _kind(node.value, function)
        for node in ast.walk(function)
        if isinstance(node, ast.Return) and node.value is not None
    ]
    return list(dict.fromkeys(_EMPTY[k] for k in kinds if k in _EMPTY))


def _raises(function: ast.AST) -> list[str]:
    """The function's own one-line `raise` statements, to raise on the missing check too."""
    found = [
        ast.unparse(node)
        for node in ast.walk(function)
        if isinstance(node, ast.Raise) and node.exc is not None
    ]
    return list(dict.fromkeys(found))[:1]
