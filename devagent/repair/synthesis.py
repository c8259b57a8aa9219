"""A missing condition or call chosen by what the tests' runs show, not from a list of shapes.

When no template edit passes, the missing check may test anything in scope. As in
condition synthesis (Nopol, ACS: Xuan et al. 2017, Xiong et al. 2017), conditions are
enumerated from the names, attributes, lookups and lengths the function reads, its
constants and each other (`a < b`, `a in b`, `not a`, `a is None`, `isinstance(a, str)`,
...), and each edit is judged by the runs themselves before any candidate is tested: one
traced run of the suite evaluates the edit's *divergence* (where the edited program would
first differ from the original) wherever the line is about to run (_coverage_plugin.py).
An edit is kept when it diverges in a failing test and raises in no passing one; those
that diverge in no passing test come first (then the passing tests cannot change, and the
failing ones do), then those that diverge in more failing tests, then the simplest.

Edit forms per line:
- `if C: A` above the line's statement (A: `continue`, `break`, an early `return` of an
  empty value, a constant or a parameter, the function's own `raise`): diverges where C is;
- a branch's or loop's test, or a truth value the line returns or assigns, X widened to
  `X or C` (diverges where X is false and C true) or narrowed to `X and not C` (where both
  are true), when X has no call with effects;
- a plain value V the line reads wrapped in a call W (`sorted(xs)`, `s.strip()`):
  diverges where W(V) != V.
Edits that diverge at the same places in the same tests are one: the simplest stays.

Pure functions, no IO: `probes` gives the expressions to evaluate, `chosen` and `edits`
the candidates once the counts are in."""

from __future__ import annotations

import ast
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from devagent.repair.rules import guards
from devagent.repair.rules.edit import Edit, splice

SIZE = 5  # after every template edit of the same line
MAX_EXPRESSIONS = 1500  # per line: the traced run evaluates each on every hit
MAX_CONDITIONS = 4  # kept per line and form, the simplest first
_MAX_ATOMS = 14
_MAX_CONSTANTS = 8
_MAX_RETURNED = 3  # parameters a guard may return
_SAFE_CALLS = frozenset(
    {"len", "isinstance", "abs", "min", "max", "sum", "any", "all", "str", "int", "float", "bool", "round"}
)
_SAFE_METHODS = frozenset(
    {"startswith", "endswith", "isdigit", "isalpha", "isspace", "lower", "upper", "strip", "get", "keys",
     "values", "items"}
)  # fmt: skip
_TYPES = ("str", "int", "float", "list", "dict", "tuple")
_FLIP = {ast.Lt: ">=", ast.LtE: ">", ast.Gt: "<=", ast.GtE: "<", ast.Eq: "!=", ast.NotEq: "==",
         ast.In: "not in", ast.NotIn: "in", ast.Is: "is not", ast.IsNot: "is"}  # fmt: skip


@dataclass(frozen=True)
class Probe:
    """One edit of one line, and the expression true exactly where it diverges."""

    form: str  # "guard", "widen", "narrow" or "wrap"
    condition: str  # C (for "wrap": the call that replaces the value)
    divergence: str  # what the traced run evaluates
    cost: int  # simplicity: atoms, operators and constants not from the function
    span: tuple[int, int] | None = None  # "wrap": the value's columns on the line (UTF-8)


def probes(source: str, line: int) -> list[Probe]:
    """The edits worth judging at `line` (its statement's first line), simplest first."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    found = _statement_at(tree, line)
    if found is None:
        return []
    function, statement = found
    conditions = _conditions(function, statement)
    out: list[Probe] = []
    if _guardable(statement, source):
        out += [Probe("guard", c, _evaluated(c), cost) for c, cost in conditions]
    test = _test_of(statement)
    if test is not None and _pure(test):
        x = ast.unparse(test)
        for c, cost in conditions:
            out.append(Probe("widen", c, f"not ({x}) and ({_evaluated(c)})", cost + 1))
            out.append(Probe("narrow", c, f"({x}) and ({_evaluated(c)})", cost + 1))
    out += _wraps(statement, line)
    out.sort(key=lambda p: p.cost)
    return out[:MAX_EXPRESSIONS]


# A missing call around a value the line reads: it changes the line exactly where the call
# gives something else than the value itself.
_WRAPPERS: tuple[tuple[str, int], ...] = (
    ("sorted({})", 2), ("abs({})", 2), ("int({})", 2), ("{}.strip()", 2), ("{}.lower()", 2),
    ("float({})", 3), ("str({})", 3), ("len({})", 3), ("list({})", 3), ("set({})", 3),
    ("{}.upper()", 3), ("max(0, {})", 3), ("round({}, 2)", 3), ("sum({})", 3),
)  # fmt: skip
VALUE = "__devagent_value__"  # the plugin's pass-through that refuses an iterator


def _wraps(statement: ast.stmt, line: int) -> list[Probe]:
    """Each plain value the line reads (`xs`, `row["qty"]`, `item.name`) wrapped in a call."""
    part = _header_of(statement) if hasattr(statement, "body") else statement
    callees = {id(n.func) for n in ast.walk(part) if isinstance(n, ast.Call)}
    out: list[Probe] = []
    for node in ast.walk(part):
        if not (
            isinstance(node, ast.Name | ast.Attribute | ast.Subscript)
            and isinstance(node.ctx, ast.Load)
            and id(node) not in callees
            and node.lineno == node.end_lineno == line
            and node.end_col_offset is not None
            and _pure(node)  # evaluating `queue.pop()[0]` again would change the run
        ):
            continue
        value = ast.unparse(node)
        if value in ("self", "cls", "None", "True", "False"):
            continue
        for wrapper, cost in _WRAPPERS:
            checked = wrapper.format(f"{VALUE}({value})")
            out.append(
                Probe(
                    "wrap",
                    wrapper.format(value),
                    f"({checked}) != ({value})",
                    cost,
                    (node.col_offset, node.end_col_offset),
                )
            )
    return out


Counts = Sequence[tuple[int, int, int]]  # per expression: times true, false, raised


Evidence = tuple[int, int, int]  # passing tests diverged, minus failing tests diverged, cost


def chosen(
    candidates: Sequence[Probe], failing: Sequence[Counts], passing: Sequence[Counts]
) -> list[tuple[Evidence, Probe]]:
    """The probes that diverge in some failing test and raise in no passing test, those
    that diverge in fewer passing tests first (a passing test that takes another path may
    still pass, but is less likely to), then in more failing tests, then the simplest;
    one per pattern of divergence, at most MAX_CONDITIONS per form. Each comes with its
    evidence, so that the probes of several lines can be ordered together."""

    def count(i: int, counts: Counts, what: int) -> int:
        return counts[i][what] if i < len(counts) else 0

    ranked: list[tuple[Evidence, int, Probe]] = []
    for i, probe in enumerate(candidates):
        if any(count(i, counts, 2) for counts in passing):
            continue
        in_failing = sum(1 for counts in failing if count(i, counts, 0))
        if not in_failing:
            continue
        in_passing = sum(1 for counts in passing if count(i, counts, 0))
        ranked.append(((in_passing, -in_failing, probe.cost), i, probe))
    ranked.sort(key=lambda item: (item[0], item[1]))
    kept: list[tuple[Evidence, Probe]] = []
    patterns: set[tuple[object, ...]] = set()
    per_form: dict[str, int] = {}
    for evidence, i, probe in ranked:
        pattern = (probe.form, *(tuple(c[i]) if i < len(c) else None for c in [*failing, *passing]))
        if pattern in patterns or per_form.get(probe.form, 0) >= MAX_CONDITIONS:
            continue
        patterns.add(pattern)
        per_form[probe.form] = per_form.get(probe.form, 0) + 1
        kept.append((evidence, probe))
    return kept


def edits(source: str, line: int, kept: Sequence[Probe]) -> list[Edit]:
    """The candidate edits of the kept probes: a guard with each action, a changed test."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    found = _statement_at(tree, line)
    if found is None:
        return []
    function, statement = found
    text = source.splitlines()[line - 1]
    indent = text[: len(text) - len(text.lstrip())]
    leave = guards.actions(function, statement)
    if any(isinstance(n, ast.Return) and n.value is not None for n in ast.walk(function)):
        # a base case often hands back what it was given (`return lo`, `return total`)
        args = function.args
        params = [a.arg for a in (*args.posonlyargs, *args.args) if a.arg not in ("self", "cls")]
        leave = list(dict.fromkeys([*leave, *(f"return {p}" for p in params[:_MAX_RETURNED])]))
    out: list[Edit] = []
    for probe in kept:
        if probe.form == "guard":
            for action in leave:
                guard = f"{indent}if {probe.condition}: {action}\n{text}"
                out.append(Edit(line, text, guard, "synthesized", SIZE))
        elif probe.form == "wrap" and probe.span is not None:
            wrapped = splice(text, [(*probe.span, probe.condition)])
            if wrapped is not None:
                out.append(Edit(line, text, wrapped, "synthesized", SIZE))
        elif (test := _test_of(statement)) is not None and test.lineno == test.end_lineno == line:
            x = ast.unparse(test)
            if isinstance(test, ast.BoolOp | ast.IfExp | ast.Lambda | ast.NamedExpr):
                x = f"({x})" if not (probe.form == "widen" and isinstance(test, ast.BoolOp)) else x
            added = probe.condition if probe.form == "widen" else _negated(probe.condition)
            new = f"{x} or {added}" if probe.form == "widen" else f"{x} and {added}"
            if test.end_col_offset is not None:
                changed = splice(text, [(test.col_offset, test.end_col_offset, new)])
                if changed is not None:
                    out.append(Edit(line, text, changed, "synthesized", SIZE))
    return out


def _test_of(statement: ast.stmt) -> ast.expr | None:
    """What a clause can be added to: a branch's or loop's test, or a truth value the line
    returns or assigns (`return a and b`, `ok = x > 0`)."""
    if isinstance(statement, ast.If | ast.While):
        return statement.test
    value = statement.value if isinstance(statement, ast.Return | ast.Assign) else None
    if isinstance(value, ast.Compare | ast.BoolOp) or (
        isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.Not)
    ):
        return value
    return None


def first_statement(source: str, line: int) -> int | None:
    """The line of the first statement (after the docstring) of the innermost function
    holding `line`; None outside a function or when the source does not parse."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    holders = [
        f
        for f in ast.walk(tree)
        if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
        and f.lineno <= line <= (f.end_lineno or f.lineno)
    ]
    if not holders:
        return None
    function = max(holders, key=lambda f: f.lineno)
    body = function.body[1:] if ast.get_docstring(function, clean=False) is not None else function.body
    return body[0].lineno if body else None


def _statement_at(
    tree: ast.Module, line: int
) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.stmt] | None:
    """The innermost function holding a statement that starts at `line`, and the statement."""
    best: tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.stmt] | None = None
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if not function.lineno < line <= (function.end_lineno or function.lineno):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.stmt) and node.lineno == line and node is not function:
                if best is None or function.lineno > best[0].lineno:
                    best = (function, node)
                break
    return best


def _guardable(statement: ast.stmt, source: str) -> bool:
    """A guard can go above a simple statement, a branch (not an `elif`) or a `while`; a
    `for` header's line runs once per round, where a guard above it would run once."""
    if isinstance(statement, ast.For | ast.AsyncFor | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return False
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
        return False
    first = source.splitlines()[statement.lineno - 1].lstrip()
    return not first.startswith(("elif", "else"))


def _pure(node: ast.AST) -> bool:
    """No call but the safe builtins and methods: evaluating it again changes nothing."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.NamedExpr | ast.Await | ast.Yield | ast.YieldFrom | ast.Lambda):
            return False
        if isinstance(sub, ast.Call):
            func = sub.func
            if isinstance(func, ast.Name) and func.id in _SAFE_CALLS:
                continue
            if isinstance(func, ast.Attribute) and func.attr in _SAFE_METHODS:
                continue
            return False
    return True


def _atoms(function: ast.FunctionDef | ast.AsyncFunctionDef, statement: ast.stmt) -> list[str]:
    """What a condition can read, those the statement reads first: parameters, names bound
    above the statement or by an enclosing loop, and plain lookups the function makes."""
    on_line = {
        ast.unparse(n)
        for n in ast.walk(statement if not hasattr(statement, "body") else _header_of(statement))
        if (isinstance(n, ast.Name | ast.Attribute | ast.Subscript) and isinstance(n.ctx, ast.Load))
        or _length(n)
    }
    args = function.args
    params = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
    bound: list[str] = []
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and node.lineno <= statement.lineno:
            bound.append(node.id)
    lookups = [
        ast.unparse(n)
        for n in ast.walk(function)
        if isinstance(n, ast.Attribute | ast.Subscript)
        and isinstance(n.ctx, ast.Load)
        and isinstance(n.value, ast.Name)
        and (isinstance(n, ast.Attribute) or isinstance(n.slice, ast.Constant | ast.Name))
    ]
    # the length of what the function measures or indexes by a position: a bound
    lengths = [f"len({name})" for n in ast.walk(function) if (name := _indexed(n))]
    lengths += [ast.unparse(n) for n in ast.walk(function) if _length(n)]
    called = {ast.unparse(n.func) for n in ast.walk(function) if isinstance(n, ast.Call)}
    names = [
        a
        for a in dict.fromkeys([*params, *bound, *lookups, *lengths])
        if a not in called and a not in ("self", "cls", "_") and not a.isupper()
    ]
    names.sort(key=lambda a: a not in on_line)  # stable: reading order within each group
    return names[:_MAX_ATOMS]


def _length(node: ast.AST) -> bool:
    """`len(name)`."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "len"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Name)
    )


def _indexed(node: ast.AST) -> str | None:
    """`items` of `items[i]` or `items[i + 1]`: a name indexed by a computed position."""
    if (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Name)
        and isinstance(node.slice, ast.Name | ast.BinOp)
    ):
        return node.value.id
    return None


def _header_of(statement: ast.stmt) -> ast.AST:
    return getattr(statement, "test", None) or getattr(statement, "iter", None) or statement


def _constants(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[tuple[str, int]]:
    """The function's own literals (a docstring aside), then 0 and 1 at a higher cost."""
    doc = ast.get_docstring(function, clean=False)
    found: list[tuple[str, int]] = []
    for node in ast.walk(function):
        value = node.value if isinstance(node, ast.Constant) else None
        literal = isinstance(value, int | float | str) and not isinstance(value, bool)
        if literal and value != doc and len(repr(value)) <= 24:
            found.append((repr(value), 0))
    found += [("0", 1), ("1", 1)]
    unique = dict.fromkeys(c for c, _ in found)
    costs = {c: min(cost for other, cost in found if other == c) for c in unique}
    return [(c, costs[c]) for c in unique][:_MAX_CONSTANTS]


def _conditions(
    function: ast.FunctionDef | ast.AsyncFunctionDef, statement: ast.stmt
) -> list[tuple[str, int]]:
    """Candidate conditions with their cost, built from the atoms in scope."""
    atoms = _atoms(function, statement)
    constants = _constants(function)
    out: list[tuple[str, int]] = []
    for rank, a in enumerate(atoms):
        near = 0 if rank < 4 else 1
        length = a.startswith("len(")  # a number: neither None, a container nor text
        out += [(f"not {a}", 1 + near)] + ([] if length else [(f"{a} is None", 1 + near)])
        for k, extra in constants:
            if length and k.startswith(("'", '"')):
                continue
            ops = ("==", "<", ">", "<=", ">=") if not k.startswith(("'", '"')) else ("==",)
            out += [(f"{a} {op} {k}", 2 + near + extra) for op in ops]
            if k.startswith(("'", '"')):
                out.append((f"{a}.startswith({k})", 3 + near))
        out += [] if length else [(f"isinstance({a}, {t})", 3 + near) for t in _TYPES]
    for (ra, a), (rb, b) in itertools.permutations(enumerate(atoms), 2):
        near = 0 if ra < 4 and rb < 4 else 1
        if not b.startswith("len("):
            out += [(f"{a} in {b}", 2 + near), (f"{a} not in {b}", 3 + near)]
        if ra < rb:
            out += [(f"{a} {op} {b}", 2 + near) for op in ("==", "<", ">", "<=", ">=", "is")]
    return list(dict.fromkeys(out))


CONTAINS = "__devagent_contains__"  # the plugin's membership test that refuses iterators
ORDERED = "__devagent_ordered__"  # the plugin's check that a value compared by order is no text
_OPS = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}


def _evaluated(condition: str) -> str:
    """The condition as the traced run evaluates it: `a in b` through CONTAINS, which
    raises on an iterator instead of consuming it (and changing the run it observes);
    `a < b` through ORDERED, which raises on text (names and codes ordered by their
    letters pass weak tests by chance and mean nothing)."""
    node = ast.parse(condition, mode="eval").body
    if not (isinstance(node, ast.Compare) and len(node.ops) == 1):
        return condition
    op, left, right = node.ops[0], ast.unparse(node.left), ast.unparse(node.comparators[0])
    if isinstance(op, ast.In | ast.NotIn):
        test = f"{CONTAINS}({right}, {left})"
        return test if isinstance(op, ast.In) else f"not {test}"
    if isinstance(op, ast.Lt | ast.LtE | ast.Gt | ast.GtE):
        return f"{ORDERED}({left}) {_OPS[type(op)]} {right}"
    return condition


def _negated(condition: str) -> str:
    """`not C`, written as a reader would: `a is None` -> `a is not None`, `not a` -> `a`."""
    node = ast.parse(condition, mode="eval").body
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return ast.unparse(node.operand)
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _FLIP:
        return f"{ast.unparse(node.left)} {_FLIP[type(node.ops[0])]} {ast.unparse(node.comparators[0])}"
    plain = isinstance(node, ast.Name | ast.Attribute | ast.Subscript | ast.Call)
    return f"not {condition}" if plain else f"not ({condition})"
