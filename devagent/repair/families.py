"""Operator families of the program-repair literature, applied at every AST position of
the ranked line (templates.py has the older, line-local ones).

TBar's fix patterns and the ssFix/CapGen/SimFix "ingredients" idea, as pure functions of
a `LineContext`: +-1 on integer-valued sub-expressions (call arguments, comparison
operands, assigned values, a product's factors), condition widening and narrowing with a None, bounds or
emptiness check built from the condition's own names (or a record field the docstring or
the tests' data names and the code never reads), a constant condition replaced by a
variable in scope, call unwrapping and wrapping (a parsed name cleaned first, text
compared case-folded, a key read with a default, pairs iterated as `.items()` or
`enumerate(...)`), argument removal, reordering and addition, return-value changes.
`insertions` adds whole statements: a sibling statement on a container the code reads
but never writes (`seen.add(x)`), a tally in a dict it returns and never fills, a value
read from a mapping, changed and never written back (`totals[date] = net`), the
swap of two adjacent statements, and the other modules' statement families
(statements.py, guards.py, borrowed.py). Sizes are naturalness costs on templates.py's
scale (1 = a boundary slip, 5 = a deletion)."""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from devagent.repair import borrowed, guards, ingredients, statements
from devagent.repair.edit import Edit, Proposal
from devagent.repair.line_context import LineContext

# Expressions that need no parentheses as an operand.
_ATOMIC = (ast.Name, ast.Constant, ast.Attribute, ast.Subscript, ast.Call, ast.List, ast.Tuple, ast.Dict)
_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod, ast.Pow)
_SCALING = (ast.Mult, ast.Div, ast.FloorDiv, ast.Mod)  # operators whose factors _shift_factor moves
# Built-ins whose result is an integer: a call to one is a candidate for +-1.
_INT_CALLS = frozenset({"len", "int", "abs", "round", "ord", "sum", "min", "max", "index", "count", "find"})
# Built-ins a value is most often passed through, for call wrapping.
_WRAPPERS = ("len", "abs", "int", "list", "sorted", "str")
_ITERATION_WRAPPERS = ("sorted", "reversed", "set")
_MAX_ORDER_KEYS = 3
_CONVERTERS = frozenset(
    {
        "int",
        "float",
        "str",
        "abs",
        "len",
        "sorted",
        "set",
        "list",
        "tuple",
        "round",
        "sum",
        "max",
        "min",
        "bool",
    }
)
_STR_METHODS = frozenset(
    {"strip", "lstrip", "rstrip", "lower", "upper", "title", "casefold", "replace", "capitalize"}
)
# String methods that read text as given: a receiver missing its cleaning (`.strip()`).
_PARSING_METHODS = frozenset({"split", "rsplit", "partition", "rpartition", "startswith", "endswith"})
_SPLITTING_METHODS = frozenset({"split", "rsplit", "splitlines", "partition", "rpartition"})
_CHAINED = ("lower", "strip", "upper")  # the string methods a chain most often lacks
_MAX_FILL_NAMES = 4
_MAX_CONDITION_NAMES = 4
_MAX_SWITCH_NAMES = 6
_MAX_RETURN_NAMES = 4
_WRITE_METHODS = frozenset(
    {"add", "append", "appendleft", "extend", "insert", "update", "setdefault", "discard", "remove", "pop"}
)
_LOOKUP_DEFAULTS = (", 0", "", ", []", ', ""')  # `.get(k, 0)` ... `.get(k)` is None
_SKIP_NAMES = frozenset({"self", "cls", "_", "__name__", "__file__", "True", "False", "None"})


def proposals(ctx: LineContext) -> Iterator[Proposal]:
    """Every family's changes within the line, at every node that lies on it."""
    for node in ctx.nodes():
        if isinstance(node, ast.Call):
            yield from ingredients.clamp_other_end(ctx, node)
            yield from _chain_method(ctx, node)
            yield from _call_arguments(ctx, node)
            yield from _unwrap(ctx, node)
            yield from _argument_changes(ctx, node)
        elif isinstance(node, ast.Compare):
            for operand in [node.left, *node.comparators]:
                yield from _shift(ctx, operand, "off_by_one", 3)
            yield from _case_folded(ctx, node)
        elif isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign) and node.value is not None:
            yield from _shift(ctx, node.value, "off_by_one", 3)
            yield from _wrap_value(ctx, node.value)
        elif isinstance(node, ast.Name):
            yield from _wrap(ctx, node)
            yield from ingredients.capped_by_unread_constant(ctx, node)
        if isinstance(node, ast.BinOp) and isinstance(node.op, _SCALING):
            for operand in (node.left, node.right):
                yield from _shift_factor(ctx, operand)
        if isinstance(node, ast.Subscript | ast.Attribute | ast.Call):
            yield from _wrap_lookup(ctx, node)
        if isinstance(node, ast.Name | ast.Subscript):
            yield from _text_folded(ctx, node)
        if isinstance(node, ast.Subscript):
            yield from _lookup_with_default(ctx, node)
        elif isinstance(node, ast.Constant):
            yield from _constant_changes(ctx, node)
        elif isinstance(node, ast.BoolOp):
            yield from _drop_operand(ctx, node)
        elif isinstance(node, ast.BinOp):
            yield from ingredients.distance_and_rounding(ctx, node)
            yield from _regroup(ctx, node)
        elif isinstance(node, ast.Return) and node.value is not None:
            yield from _return_value(ctx, node.value)
            yield from _wrap_value(ctx, node.value)
        if isinstance(node, ast.For):
            yield from _pairs_iterated(ctx, node)
        if isinstance(node, ast.If | ast.While | ast.Assert | ast.IfExp):
            yield from _widen_narrow(ctx, node.test)
            yield from _constant_to_variable(ctx, node.test)
            yield from borrowed.conditions(ctx, node.test)
        elif isinstance(node, ast.Assign | ast.Return) and isinstance(node.value, ast.Compare | ast.BoolOp):
            # `left = xs[i - 1] < x`: a condition computed into a name is still a condition
            yield from _widen_narrow(ctx, node.value)
            yield from borrowed.conditions(ctx, node.value)
        elif isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            for generator in node.generators:  # (a comprehension clause has no line number)
                for condition in generator.ifs:
                    yield from _widen_narrow(ctx, condition)
                    yield from borrowed.conditions(ctx, condition)
                yield from _element_checks(ctx, node, generator)


def _element_checks(
    ctx: LineContext,
    node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp,
    generator: ast.comprehension,
) -> Iterator[Proposal]:
    """A comprehension that uses an element no filter looks at: the element may be None
    or empty (`[mm for t, mm in rows if t == day]` -> `... and mm is not None`)."""
    if not ctx.on_line(generator.iter):
        return
    elements = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
    used = {n.id for e in elements for n in ast.walk(e) if isinstance(n, ast.Name)}
    checked = {n.id for c in generator.ifs for n in ast.walk(c) if isinstance(n, ast.Name)}
    names = [
        n.id
        for n in ast.walk(generator.target)
        if isinstance(n, ast.Name) and n.id in used and n.id not in checked and n.id not in _SKIP_NAMES
    ]
    for name in dict.fromkeys(names):
        for check in (f"{name} is not None", name):
            if generator.ifs:
                last = generator.ifs[-1]
                if not ctx.on_line(last):
                    continue
                start, end = ctx.span(last)
                text = ctx.source_of(last)
                body = (
                    f"({text})"
                    if isinstance(last, ast.BoolOp | ast.IfExp | ast.Lambda | ast.NamedExpr)
                    else text
                )
                yield Proposal(((start, end, f"{body} and {check}"),), "widen_narrow", 3)
            else:
                end = ctx.span(generator.iter)[1]
                yield Proposal(((end, end, f" if {check}"),), "widen_narrow", 4)


# --------------------------------------------------------------------------- off-by-one


def _integer_like(node: ast.expr) -> bool:
    """Could be an integer: names, attributes, subscripts, arithmetic, int-valued calls."""
    if isinstance(node, ast.Name | ast.Attribute | ast.Subscript):
        return not (isinstance(node, ast.Name) and node.id in _SKIP_NAMES)
    if isinstance(node, ast.BinOp):
        return isinstance(node.op, _ARITHMETIC)
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        return name in _INT_CALLS
    return isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)


def _shift(ctx: LineContext, expr: ast.expr, template: str, size: int) -> Iterator[Proposal]:
    """`e` -> `e + 1` / `e - 1` for an integer-like `e` lying on the line."""
    if not ctx.on_line(expr) or not _integer_like(expr):
        return
    start, end = ctx.span(expr)
    text = ctx.source_of(expr)
    tight = isinstance(expr, ast.BinOp) and isinstance(expr.op, _ARITHMETIC)  # binds tighter than +
    base = text if tight or isinstance(expr, _ATOMIC) else f"({text})"
    for delta in ("+ 1", "- 1"):
        yield Proposal(((start, end, f"{base} {delta}"),), template, size)


def _shift_factor(ctx: LineContext, operand: ast.expr) -> Iterator[Proposal]:
    """A factor one off inside a product or a division: `[x] * n` -> `[x] * (n - 1)`.
    (A sum's operand one off is the whole sum one off, which `_shift` proposes; a
    constant is the constant family's.)"""
    if isinstance(operand, ast.Constant) or not ctx.on_line(operand) or not _integer_like(operand):
        return
    start, end = ctx.span(operand)
    text = ctx.source_of(operand)  # integer-like: a name, lookup, call, sum or negation
    for delta in ("- 1", "+ 1"):
        yield Proposal(((start, end, f"({text} {delta})"),), "off_by_one", 3)


def _call_arguments(ctx: LineContext, node: ast.Call) -> Iterator[Proposal]:
    """+-1 on each argument of any call: `f(a, b)` -> `f(a + 1, b)`; likelier in a
    recursive call (a position moved on by one) than in any other."""
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    size = 2 if ctx.function is not None and name == ctx.function.name else 3
    for arg in node.args:
        if not isinstance(arg, ast.Starred):
            yield from _shift(ctx, arg, "off_by_one", size)
    for keyword in node.keywords:
        if keyword.arg is not None:
            yield from _shift(ctx, keyword.value, "off_by_one", 3)


# --------------------------------------------------------------------------- conditions


def _condition_names(ctx: LineContext, test: ast.expr) -> list[ast.expr]:
    """The names and attribute chains a condition reads (not the functions it calls),
    outermost first: the candidates for a None or emptiness check."""
    found: list[ast.expr] = []
    seen: set[str] = set()
    for node in ast.walk(test):
        if not isinstance(node, ast.Name | ast.Attribute) or not ctx.on_line(node):
            continue
        parent = ctx.parents.get(node)
        if isinstance(parent, ast.Call) and parent.func is node:
            continue
        if isinstance(node, ast.Name) and (node.id in _SKIP_NAMES or not isinstance(node.ctx, ast.Load)):
            continue
        text = ctx.source_of(node)
        if text not in seen:
            seen.add(text)
            found.append(node)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name | ast.Attribute):
            # `node.next` needs `node` checked first
            base = ctx.source_of(node.value)
            if base not in seen and base not in _SKIP_NAMES:
                seen.add(base)
                found.append(node.value)
    return sorted(found, key=lambda n: len(ctx.source_of(n)))[:_MAX_CONDITION_NAMES]


class _Guard(NamedTuple):
    connective: str  # "or" widens the condition, "and" narrows it
    check: str
    size: int = 3
    last: bool = False  # a clause the condition lacks at its end, not a guard before it


def _guards_for(ctx: LineContext, test: ast.expr) -> Iterator[_Guard]:
    """The checks a condition may lack. One on a name the function binds and never
    reads comes first: the code itself says something is missing (ingredients.py), most
    likely a last clause (`low <= rating and rating < high`)."""
    for connective, check in ingredients.unread_name_checks(ctx, test):
        yield _Guard(connective, check, 2, last=True) if connective == "and" else _Guard(connective, check)
    for checked in _condition_names(ctx, test):
        name = ctx.source_of(checked)
        yield _Guard("or", f"{name} is None")
        yield _Guard("and", f"{name} is not None")
        yield _Guard("or", f"not {name}")
        yield _Guard("and", name)
    for connective, check in ingredients.twin_clause_checks(ctx, test):
        yield _Guard(connective, check, 3, last=True)
    for connective, check in ingredients.mirrored_clause_checks(ctx, test):
        yield _Guard(connective, check, 3, last=True)
    yield from _comment_skips(ctx, test)
    fields = ingredients.unread_fields(ctx)
    for flag in _flag_parameters(ctx, test):  # an exemption (`... and not oversized`)
        yield _Guard("and", f"not {flag}", 3, last=True)
        yield _Guard("and", flag, 3, last=True)
        for record, key in fields:  # one the flag turns on (`and not (clean and t.get("explicit"))`)
            yield _Guard("and", f'not ({flag} and {record}.get("{key}"))', 3, last=True)
    for check in _sibling_character_checks(ctx, test):
        yield _Guard("and", check, 3, last=True)
    for connective, check in ingredients.documented_range_checks(ctx, test):
        yield _Guard(connective, check, 2, last=True)
    for connective, check in ingredients.unread_constant_checks(ctx, test):
        yield _Guard(connective, check, 2, last=True)
    for record, key in fields:
        yield _Guard("and", f'not {record}.get("{key}")', 3, last=True)
        yield _Guard("and", f'{record}.get("{key}")', 3, last=True)
        yield _Guard("or", f'not {record}.get("{key}")', 3, last=True)  # a record to reject
        yield _Guard("or", f'{record}.get("{key}")', 3, last=True)
    for connective, check in ingredients.sibling_lookup_checks(ctx, test):
        yield _Guard(connective, check, last=connective == "and")
    for node in ast.walk(test):
        # `xs[i]` in the condition: the index must be in bounds first
        if isinstance(node, ast.Subscript) and ctx.on_line(node) and not isinstance(node.slice, ast.Slice):
            index, container = ctx.source_of(node.slice), ctx.source_of(node.value)
            outer = node.value
            if (
                isinstance(outer, ast.Subscript)
                and isinstance(outer.slice, ast.Name)
                and isinstance(node.slice, ast.Name)
                and not isinstance(outer.value, ast.Subscript)
            ):
                # a grid's cell (`grid[r][c]`): both axes in bounds
                row, rows = ctx.source_of(outer.slice), ctx.source_of(outer.value)
                yield _Guard("and", f"0 <= {row} < len({rows}) and 0 <= {index} < len({container})")
            if isinstance(node.slice, ast.Name | ast.BinOp | ast.Attribute):
                # two-sided first: a negative index reads from the end instead of failing
                yield _Guard("and", f"0 <= {index} < len({container})")
                yield _Guard("and", f"{index} < len({container})")
                # or the edge counts as passing (`i == 0 or xs[i - 1] < x`)
                yield _Guard("or", f"not 0 <= {index} < len({container})")
            if isinstance(node.slice, ast.Name | ast.Attribute) or (
                isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str)
            ):
                # a mapping's key must be there first (TBar's checker patterns, for KeyError)
                yield _Guard("and", f"{index} in {container}")


def _flag_parameters(ctx: LineContext, test: ast.expr) -> list[str]:
    """Parameters with a True/False default the condition does not read."""
    function = ctx.function
    if function is None:
        return []
    args = function.args
    positional = [*args.posonlyargs, *args.args]
    defaults = dict(
        zip([a.arg for a in positional[len(positional) - len(args.defaults) :]], args.defaults, strict=True)
    )
    defaults.update(
        {a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None}
    )
    read = {n.id for n in ast.walk(test) if isinstance(n, ast.Name)}
    return [
        name
        for name, default in defaults.items()
        if isinstance(default, ast.Constant) and isinstance(default.value, bool) and name not in read
    ]


_CHARACTER_CLASSES = ("isdigit", "isupper", "islower", "isalpha", "isspace", "isalnum")


def _sibling_character_checks(ctx: LineContext, test: ast.expr) -> Iterator[str]:
    """`any(c.isupper() for c in s) and any(c.islower() ...)`: a policy of character
    classes lacking one (`any(c.isdigit() for c in s)`), the first clause's shape reused."""
    if not isinstance(test, ast.BoolOp):
        return
    used: list[str] = []
    shape: ast.expr | None = None
    for clause in test.values:
        methods = [
            n.func.attr
            for n in ast.walk(clause)
            if isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr in _CHARACTER_CLASSES
        ]
        if len(methods) == 1:
            used.append(methods[0])
            shape = shape or clause
    if shape is None or len(used) < 2 or not ctx.on_line(shape):
        return
    text = ctx.source_of(shape)
    for method in _CHARACTER_CLASSES:
        if method not in used:
            yield text.replace(f".{used[0]}(", f".{method}(")


def _comment_skips(ctx: LineContext, test: ast.expr) -> Iterator[_Guard]:
    """`if not line: continue` -> `if not line or line.startswith("#"): continue`: a
    parser that skips blank lines of text most often must skip comment lines too."""
    statement = ctx.parents.get(test)
    if not (
        ctx.function is not None
        and isinstance(statement, ast.If)
        and statement.test is test
        and len(statement.body) == 1
        and isinstance(statement.body[0], ast.Continue)
    ):
        return
    texts = _text_values(ctx.function).one
    for node in _condition_names(ctx, test):
        if isinstance(node, ast.Name) and node.id in texts:
            yield _Guard("or", f'{node.id}.startswith("#")', 3, last=True)


def _widen_narrow(ctx: LineContext, test: ast.expr) -> Iterator[Proposal]:
    """`T` -> `check or T` / `check and T` (TBar's condition expression mutation)."""
    if not ctx.on_line(test) or isinstance(test, ast.Constant):
        return
    start, end = ctx.span(test)
    text = ctx.source_of(test)
    for connective, check, size, last in _guards_for(ctx, test):
        needs_parens = isinstance(test, ast.IfExp | ast.Lambda | ast.NamedExpr) or (
            isinstance(test, ast.BoolOp) and connective == "and" and isinstance(test.op, ast.Or)
        )
        body = f"({text})" if needs_parens else text
        new = f"{body} {connective} {check}" if last else f"{check} {connective} {body}"
        yield Proposal(((start, end, new),), "widen_narrow", size)


def _drop_operand(ctx: LineContext, node: ast.BoolOp) -> Iterator[Proposal]:
    """`A or B` -> `A` / `B`: a check too many."""
    if not ctx.on_line(node):
        return
    start, end = ctx.span(node)
    for i in range(len(node.values)):
        rest = [ctx.source_of(v) for j, v in enumerate(node.values) if j != i]
        joined = f" {'and' if isinstance(node.op, ast.And) else 'or'} ".join(rest)
        parent = ctx.parents.get(node)
        if len(rest) > 1 and isinstance(parent, ast.BoolOp | ast.UnaryOp | ast.Compare | ast.BinOp):
            joined = f"({joined})"
        yield Proposal(((start, end, joined),), "widen_narrow", 4)


def _constant_to_variable(ctx: LineContext, test: ast.expr) -> Iterator[Proposal]:
    """`while True` -> `while queue`: a constant condition becomes a variable in scope."""
    if not isinstance(test, ast.Constant) or not ctx.on_line(test) or isinstance(test.value, str):
        return
    start, end = ctx.span(test)
    loop = ctx.parents.get(test)
    if isinstance(loop, ast.While):
        # `while True` over `parcels[i]`: the index must stay in bounds
        for index, container in _indexed(loop):
            yield Proposal(((start, end, f"{index} < len({container})"),), "constant_to_variable", 2)
    local = [n for n in ctx.scope_names()[0] if n not in _SKIP_NAMES]
    names = ctx.nearest(ast.Name(id="_", ctx=ast.Load()), local)[:_MAX_SWITCH_NAMES]
    for name in names:
        yield Proposal(((start, end, name),), "constant_to_variable", 2)
    for name in names:
        yield Proposal(((start, end, f"not {name}"),), "constant_to_variable", 3)


def _indexed(loop: ast.While) -> list[tuple[str, str]]:
    """(index, container) of the `xs[i]` reads in a loop's body, `i` a plain name."""
    found = [
        (node.slice.id, ast.unparse(node.value))
        for stmt in loop.body
        for node in ast.walk(stmt)
        if isinstance(node, ast.Subscript)
        and isinstance(node.slice, ast.Name)
        and isinstance(node.ctx, ast.Load)
    ]
    return list(dict.fromkeys(found))[:_MAX_FILL_NAMES]


# --------------------------------------------------------------------------- constants

_BASES = (16, 10, 8, 2)
_MAX_STRINGS = 4
# Numbers that count one unit in another (time, calendar, size, percent): a conversion
# that divides by 60 where a day has 24 hours mixes up two of them.
_UNIT_NUMBERS = (7, 12, 24, 52, 60, 100, 365, 1000, 1024, 3600, 86400)
_MAX_UNITS = 6


def _constant_changes(ctx: LineContext, node: ast.Constant) -> Iterator[Proposal]:
    """Constants with a known set of alternatives: a number base of `int(s, base)`; a
    unit count (60 seconds, 24 hours, 1000 or 1024 bytes); the start of a product (1) or
    a sum (0); a short string the module writes elsewhere (a separator: ssFix and CapGen
    take such ingredients from the same file)."""
    if not ctx.on_line(node) or isinstance(ctx.parents.get(node), ast.JoinedStr | ast.FormattedValue):
        return
    start, end = ctx.span(node)
    value = node.value
    parent = ctx.parents.get(node)
    if (
        type(value) is int
        and value in _BASES
        and isinstance(parent, ast.Call)
        and isinstance(parent.func, ast.Name)
        and parent.func.id == "int"
        and len(parent.args) == 2
        and parent.args[1] is node
    ):
        for base in _BASES:
            if base != value:
                yield Proposal(((start, end, str(base)),), "constant", 2)
    if type(value) is int and value in _UNIT_NUMBERS:
        # the nearest units first (by ratio): 60 is likelier 24 or 100 than 86400
        others = sorted((u for u in _UNIT_NUMBERS if u != value), key=lambda u: max(u, value) / min(u, value))
        for unit in others[:_MAX_UNITS]:
            yield Proposal(((start, end, str(unit)),), "unit_constant", 3)
    if type(value) in (int, float) and value in (0, 1) and isinstance(parent, ast.Assign):
        identity = _identity_of(ctx, parent)
        if identity is not None and identity != value:
            yield Proposal(((start, end, str(type(value)(identity))),), "constant", 2)
    double = ctx.source_of(node).startswith('"')
    if (
        isinstance(value, str)
        and len(value) == 1
        and value.swapcase() != value
        and isinstance(parent, ast.Compare)
    ):
        # a letter bounding a character range (`"A" <= ch <= "z"`): the range of one case
        yield Proposal(((start, end, _quoted(value.swapcase(), double)),), "constant", 3)
    if isinstance(value, str) and 0 < len(value) <= 3 and not isinstance(parent, ast.Expr):
        for other in _module_strings(ctx)[:_MAX_STRINGS]:
            if other != value:
                yield Proposal(((start, end, _quoted(other, double)),), "constant", 3)


def _quoted(text: str, double: bool) -> str:
    """`text` as a string literal, in double quotes when the file's literal uses them."""
    literal = repr(text)
    if double and "'" not in text and '"' not in text:
        literal = f'"{literal[1:-1]}"'
    return literal


def _identity_of(ctx: LineContext, assign: ast.Assign) -> int | None:
    """1 for a name the function then multiplies (`x *= ...`), 0 for one it adds to."""
    if ctx.function is None or len(assign.targets) != 1 or not isinstance(assign.targets[0], ast.Name):
        return None
    name = assign.targets[0].id
    for node in ast.walk(ctx.function):
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and node.target.id == name:
            if isinstance(node.op, ast.Mult | ast.Div):
                return 1
            if isinstance(node.op, ast.Add | ast.Sub):
                return 0
    return None


def _module_strings(ctx: LineContext) -> list[str]:
    """Short string literals of the module (not docstrings), most frequent first."""
    counts: dict[str, int] = {}
    for node in ast.walk(ctx.tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and 0 < len(node.value) <= 3
            and not isinstance(ctx.parents.get(node), ast.Expr | ast.JoinedStr | ast.FormattedValue)
        ):
            counts[node.value] = counts.get(node.value, 0) + 1
    return sorted(counts, key=lambda text: -counts[text])


# --------------------------------------------------------------------------- calls


def _unwrap(ctx: LineContext, node: ast.Call) -> Iterator[Proposal]:
    """`g(item)` -> `item`; `item.strip()` -> `item` (a call that should not be there)."""
    if not ctx.on_line(node):
        return
    start, end = ctx.span(node)
    for arg in node.args:
        if not isinstance(arg, ast.Starred) and ctx.on_line(arg):
            yield Proposal(((start, end, ctx.operand(arg)),), "unwrap_call", 3)
    if isinstance(node.func, ast.Attribute) and not node.args and not node.keywords:
        yield Proposal(((start, end, ctx.operand(node.func.value)),), "unwrap_call", 4)


def _chain_method(ctx: LineContext, node: ast.Call) -> Iterator[Proposal]:
    """`s.strip()` -> `s.strip().lower()`: a string method call missing from a chain; and
    `s.split("@")` -> `s.strip().split("@")`: text parsed before it is cleaned."""
    func = node.func
    if not ctx.on_line(node) or not isinstance(func, ast.Attribute):
        return
    if func.attr in _STR_METHODS:
        end = ctx.span(node)[1]
        for method in _CHAINED:
            if method != func.attr:
                yield Proposal(((end, end, f".{method}()"),), "wrap_call", 4)
    elif (
        func.attr in _PARSING_METHODS
        and node.args
        and isinstance(func.value, ast.Name)
        and ctx.on_line(func.value)
    ):
        # (a bare `.split()` already ignores the spaces a `.strip()` would remove)
        end = ctx.span(func.value)[1]
        for method in _CHAINED:
            yield Proposal(((end, end, f".{method}()"),), "wrap_call", 4)


_LOW = ast.Add | ast.Sub
_HIGH = ast.Mult | ast.Div | ast.FloorDiv | ast.Mod


def _regroup(ctx: LineContext, node: ast.BinOp) -> Iterator[Proposal]:
    """Parentheses left out (operator precedence): `f - 32 * 5 / 9` -> `(f - 32) * 5 / 9`,
    `w * n + 1` -> `w * (n + 1)`: the sum joins the product's nearest operand."""
    if not ctx.on_line(node) or not isinstance(node.op, _LOW):
        return
    start, end = ctx.span(node)
    data = ctx.source_of(node).encode("utf-8")
    if isinstance(node.right, ast.BinOp) and isinstance(node.right.op, _HIGH):
        leaf: ast.expr = node.right
        while isinstance(leaf, ast.BinOp) and isinstance(leaf.op, _HIGH):
            leaf = leaf.left
        cut = ctx.span(leaf)[1] - start
        if ctx.on_line(leaf) and b"(" not in data[:cut]:
            new = f"({data[:cut].decode('utf-8')}){data[cut:].decode('utf-8')}"
            yield Proposal(((start, end, new),), "regroup", 3)
    if isinstance(node.left, ast.BinOp) and isinstance(node.left.op, _HIGH):
        leaf = node.left
        while isinstance(leaf, ast.BinOp) and isinstance(leaf.op, _HIGH):
            leaf = leaf.right
        cut = ctx.span(leaf)[0] - start
        if ctx.on_line(leaf) and b")" not in data[cut:]:
            new = f"{data[:cut].decode('utf-8')}({data[cut:].decode('utf-8')})"
            yield Proposal(((start, end, new),), "regroup", 3)


def _uncalled_by_name(ctx: LineContext, name: str) -> list[str]:
    """`to_celsius(value, unit)` for `value`: a module function of several parameters that
    nothing in the module calls, whose parameters all have same-named values in scope."""
    called = {
        n.func.id for n in ast.walk(ctx.tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
    }
    scope = set(ctx.scope_names()[0]) | _comprehension_names(ctx)
    found: list[str] = []
    for stmt in ctx.tree.body:
        if not isinstance(stmt, ast.FunctionDef) or stmt.name in called or stmt is ctx.function:
            continue
        params = [a.arg for a in [*stmt.args.posonlyargs, *stmt.args.args]]
        if len(params) >= 2 and name in params and all(p in scope for p in params):
            found.append(f"{stmt.name}({', '.join(params)})")
    return found


def _callables(ctx: LineContext) -> list[str]:
    """Functions a value may be passed through: the module's one-argument functions, then
    common built-ins."""
    found: list[str] = []
    for stmt in ctx.tree.body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            args = stmt.args
            positional = [*args.posonlyargs, *args.args]
            if len(positional) - len(args.defaults) == 1 and not args.kwonlyargs:
                found.append(stmt.name)
    return list(dict.fromkeys([*found, *_module_builtins(ctx), *_WRAPPERS]))


def _module_builtins(ctx: LineContext) -> list[str]:
    """Converting built-ins the module calls on one value somewhere (`float(price)`): a
    module that converts that way likely needs it once more."""
    return list(
        dict.fromkeys(
            node.func.id
            for node in ast.walk(ctx.tree)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in _CONVERTERS
            and len(node.args) == 1
            and not node.keywords
        )
    )


def _wrap_lookup(ctx: LineContext, node: ast.Subscript | ast.Attribute | ast.Call) -> Iterator[Proposal]:
    """`row["qty"]` -> `int(row["qty"])`, `text.split()` -> `sorted(text.split())`: a
    looked-up or computed value passed through a converter the module uses elsewhere."""
    if not ctx.on_line(node) or not isinstance(getattr(node, "ctx", ast.Load()), ast.Load):
        return
    parent = ctx.parents.get(node)
    if isinstance(parent, ast.Call) and parent.func is node:
        return  # `obj.method` of a call
    if isinstance(parent, ast.Attribute | ast.Subscript) and parent.value is node:
        return  # the inner part of a longer chain
    if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id in _CONVERTERS:
        return  # already converted
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _CONVERTERS:
        return
    start, end = ctx.span(node)
    text = ctx.source_of(node)
    for name in _module_builtins(ctx):
        yield Proposal(((start, end, f"{name}({text})"),), "wrap_call", 4)


def _wrap(ctx: LineContext, node: ast.Name) -> Iterator[Proposal]:
    """`item` -> `g(item)` (a call left out)."""
    if not isinstance(node.ctx, ast.Load) or not ctx.on_line(node) or node.id in _SKIP_NAMES:
        return
    parent = ctx.parents.get(node)
    if isinstance(parent, ast.Call) and parent.func is node:
        return
    if isinstance(parent, ast.Attribute):
        return  # `x.attr`: wrapping `x` is rarely meant
    if node.id not in ctx.scope_names()[0] and node.id not in _comprehension_names(ctx):
        return
    start, end = ctx.span(node)
    for call in _calls_on(ctx, node.id):
        yield Proposal(((start, end, call),), "wrap_call", 3)
    for call in _uncalled_by_name(ctx, node.id):
        yield Proposal(((start, end, call),), "wrap_call", 3)
    if isinstance(parent, ast.Assign | ast.For | ast.comprehension):
        for item, key in _record_fields(ctx)[:_MAX_ORDER_KEYS]:
            for order in ("", ", reverse=True"):
                ordered = f"sorted({node.id}, key=lambda {item}: {item}[{key}]{order})"
                yield Proposal(((start, end, ordered),), "wrap_call", 3)
    if isinstance(parent, ast.For | ast.comprehension) and parent.iter is node:
        # what is looped over: only an order or a selection of it makes sense, first the
        # order of what the loop computes from each item (`to_minutes(dep)`): text that
        # looks like numbers sorts as text, and weak tests do not tell the two apart
        for key in _item_keys(ctx, parent)[:_MAX_ORDER_KEYS]:
            for order in ("", ", reverse=True"):
                yield Proposal(((start, end, f"sorted({node.id}, key={key}{order})"),), "wrap_call", 3)
        for name in _ITERATION_WRAPPERS:
            yield Proposal(((start, end, f"{name}({node.id})"),), "wrap_call", 3)
        for name in _callables(ctx):
            if name not in _CONVERTERS and name != node.id:  # the module's own functions
                yield Proposal(((start, end, f"{name}({node.id})"),), "wrap_call", 4)
        return
    for name in _callables(ctx):
        if name != node.id:
            yield Proposal(((start, end, f"{name}({node.id})"),), "wrap_call", 4)


def _item_keys(ctx: LineContext, loop: ast.For | ast.comprehension) -> list[str]:
    """`f` of each `f(item)` the loop computes, `item` its target: what to order by."""
    if not isinstance(loop.target, ast.Name):
        return []
    item = loop.target.id
    if isinstance(loop, ast.For):
        scope: list[ast.AST] = list(loop.body)
    else:
        owner = ctx.parents.get(loop)
        scope = [owner] if owner is not None else []
    keys = [
        node.func.id
        for part in scope
        for node in ast.walk(part)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id not in _SKIP_NAMES
        and node.func.id not in ("print", "isinstance", "type", "id", "repr")
        and len(node.args) == 1
        and not node.keywords
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id == item
    ]
    return list(dict.fromkeys(keys))


def _record_fields(ctx: LineContext) -> list[tuple[str, str]]:
    """(item, key) for `leg['depart']`: records a list of them may need ordering by
    (`sorted(legs, key=...)`), by key."""
    if ctx.function is None:
        return []
    found = [(item, repr(key)) for item, key in ingredients.record_fields(ctx.function)]
    return sorted(found, key=lambda f: (f[1], f[0]))


def _calls_on(ctx: LineContext, name: str) -> list[str]:
    """`part.strip()` or `int(part)` written elsewhere in the function or the module: the
    ingredient a bare `part` most likely lacks (SimFix and CapGen take fix ingredients
    from context)."""
    if ctx.function is None:
        return []
    found: list[str] = []
    # the function first, then the module: `version.strip()` in another function that
    # takes a `version` too
    for node in itertools.chain(ast.walk(ctx.function), ast.walk(ctx.tree)):
        if not isinstance(node, ast.Call) or node.keywords:
            continue
        func = node.func
        method = (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id == name
            and not node.args
        )
        wrapper = (
            isinstance(func, ast.Name)
            and len(node.args) == 1
            and isinstance(node.args[0], ast.Name)
            and node.args[0].id == name
        )
        if (method or wrapper) and not (isinstance(func, ast.Name) and func.id == ctx.function.name):
            found.append(ast.unparse(node))
    return list(dict.fromkeys(found))[:_MAX_FILL_NAMES]


def _comprehension_names(ctx: LineContext) -> set[str]:
    """Names a comprehension on the line binds (`part` in `[part for part in xs]`)."""
    return {
        target.id
        for node in ctx.nodes()
        if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp)
        for generator in node.generators
        for target in ast.walk(generator.target)
        if isinstance(target, ast.Name)
    }


def _case_folded(ctx: LineContext, node: ast.Compare) -> Iterator[Proposal]:
    """`word == target` -> `word.lower() == target.lower()`, `answer == "yes"` ->
    `answer.lower() == "yes"`: text compared as typed where case must not matter."""
    if len(node.ops) != 1 or not isinstance(node.ops[0], ast.Eq | ast.NotEq) or not ctx.on_line(node):
        return
    operands = [node.left, node.comparators[0]]
    lookups = [o for o in operands if isinstance(o, ast.Name | ast.Attribute | ast.Subscript)]
    lower_text = [
        o for o in operands if isinstance(o, ast.Constant) and isinstance(o.value, str) and o.value.islower()
    ]
    if not all(ctx.on_line(o) for o in lookups):
        return
    if len(lookups) == 2 or (len(lookups) == 1 and lower_text):
        spans = tuple((ctx.span(o)[1], ctx.span(o)[1], ".lower()") for o in lookups)
        yield Proposal(spans, "wrap_call", 4)


class _Texts(NamedTuple):
    one: set[str]  # names holding one text
    lists: set[str]  # names holding a list of texts
    padded: set[str]  # of either, those cut at a separator, which leaves the spaces around it


def _text_values(function: ast.AST) -> _Texts:
    """The names the function binds from string methods: `amount, unit = text.split()`,
    `parts = line.split(",")`, `name = raw.strip()`, `for word in parts`."""
    found = _Texts(set(), set(), set())
    bindings = [
        (node.targets[0], node.value, False)
        for node in ast.walk(function)
        if isinstance(node, ast.Assign) and len(node.targets) == 1
    ]
    bindings += [(node.target, node.iter, True) for node in ast.walk(function) if isinstance(node, ast.For)]
    for target, value, looped in sorted(bindings, key=lambda b: b[0].lineno):
        call = value if isinstance(value, ast.Call) else None
        method = call.func.attr if call is not None and isinstance(call.func, ast.Attribute) else ""
        listed = method in _SPLITTING_METHODS or (isinstance(value, ast.Name) and value.id in found.lists)
        padded = (method in _SPLITTING_METHODS and call is not None and bool(call.args)) or (
            isinstance(value, ast.Name) and value.id in found.padded
        )
        names: set[str] = set()
        if isinstance(target, ast.Name):
            if listed and not looped:
                found.lists.add(target.id)
                names = {target.id}
            elif listed or (method in _STR_METHODS and not looped):
                found.one.add(target.id)
                names = {target.id} if listed else set()
        elif isinstance(target, ast.Tuple) and listed and not looped:
            names = {e.id for e in target.elts if isinstance(e, ast.Name)}
            found.one.update(names)
        if padded:
            found.padded.update(names)
    return found


def _text_folded(ctx: LineContext, node: ast.Name | ast.Subscript) -> Iterator[Proposal]:
    """`table.get(unit)` -> `table.get(unit.lower())`, `parts[2]` -> `parts[2].upper()`:
    text cut out of a line, used as typed where its case must not matter (a key, a
    label); and, cut at a separator (`line.split(",")`), with the spaces around it
    (`category.strip()`). Only values the function binds from string methods."""
    if ctx.function is None or not ctx.on_line(node) or not isinstance(node.ctx, ast.Load):
        return
    parent = ctx.parents.get(node)
    if isinstance(parent, ast.Attribute | ast.Subscript) and parent.value is node:
        return  # a receiver (`unit.split()`): _chain_method's
    if isinstance(parent, ast.Call) and parent.func is node:
        return
    texts = _text_values(ctx.function)
    if isinstance(node, ast.Name):
        is_text, padded = node.id in texts.one, node.id in texts.padded
    else:
        whole = node.value.id if isinstance(node.value, ast.Name) else ""
        is_text = whole in texts.lists and not isinstance(node.slice, ast.Slice)
        padded = whole in texts.padded
    if not is_text:
        return
    end = ctx.span(node)[1]
    for method in ("strip", "lower", "upper") if padded else ("lower", "upper"):
        yield Proposal(((end, end, f".{method}()"),), "wrap_call", 4)


def _pairs_iterated(ctx: LineContext, loop: ast.For) -> Iterator[Proposal]:
    """`for name, count in stock` -> `stock.items()`, `for i, name in names` ->
    `enumerate(names)`: two names unpacked from a plain container."""
    target, items = loop.target, loop.iter
    if not (isinstance(target, ast.Tuple) and len(target.elts) == 2 and ctx.on_line(items)):
        return
    if not isinstance(items, ast.Name | ast.Attribute | ast.Subscript):
        return
    start, end = ctx.span(items)
    text = ctx.source_of(items)
    yield Proposal(((start, end, f"{text}.items()"),), "wrap_call", 3)
    yield Proposal(((start, end, f"enumerate({text})"),), "wrap_call", 3)


def _lookup_with_default(ctx: LineContext, node: ast.Subscript) -> Iterator[Proposal]:
    """`prices[item]` -> `prices.get(item, 0)`: a key that may be missing, read with the
    empty value of what the mapping holds. Only a key that is a name or a string: a
    number or a slice indexes a sequence."""
    if not ctx.on_line(node) or not isinstance(node.ctx, ast.Load) or not isinstance(node.value, ast.Name):
        return
    key = node.slice
    if not (isinstance(key, ast.Name) or (isinstance(key, ast.Constant) and isinstance(key.value, str))):
        return
    start, end = ctx.span(node)
    mapping, key_text = ctx.source_of(node.value), ctx.source_of(key)
    for default in _LOOKUP_DEFAULTS:
        yield Proposal(((start, end, f"{mapping}.get({key_text}{default})"),), "lookup_default", 4)


def _wrap_value(ctx: LineContext, value: ast.expr) -> Iterator[Proposal]:
    """`return a - b` -> `return abs(a - b)`: a returned or assigned expression passed
    through a function (names are `_wrap`'s)."""
    if not ctx.on_line(value) or isinstance(value, ast.Name | ast.Constant | ast.Tuple):
        return
    start, end = ctx.span(value)
    text = ctx.source_of(value)
    for name in _callables(ctx):
        yield Proposal(((start, end, f"{name}({text})"),), "wrap_call", 4)


def _argument_texts(ctx: LineContext, node: ast.Call) -> list[str] | None:
    if not ctx.on_line(node) or not ctx.on_line(node.func):
        return None
    parts = [ctx.source_of(a) for a in node.args]
    for keyword in node.keywords:
        if not ctx.on_line(keyword):
            return None
        parts.append(ctx.source_of(keyword))
    return parts


def _argument_changes(ctx: LineContext, node: ast.Call) -> Iterator[Proposal]:
    """Remove an argument, exchange two that are not adjacent, add a missing one."""
    parts = _argument_texts(ctx, node)
    if parts is None:
        return
    start, end = ctx.span(node)
    func = ctx.source_of(node.func)

    def call(args: Sequence[str]) -> str:
        return f"{func}({', '.join(args)})"

    positional = len(node.args)
    if not any(isinstance(a, ast.Starred) for a in node.args):
        for i in range(positional):
            yield Proposal(((start, end, call(parts[:i] + parts[i + 1 :])),), "argument", 4)
        for i, j in itertools.combinations(range(positional), 2):
            if j - i > 1:  # adjacent ones: templates.py's swap_args
                swapped = list(parts)
                swapped[i], swapped[j] = swapped[j], swapped[i]
                yield Proposal(((start, end, call(swapped)),), "argument", 3)
    for fill, size in _missing_arguments(ctx, node):
        added = call([*parts[:positional], fill, *parts[positional:]])
        yield Proposal(((start, end, added),), "argument", size)


def _missing_arguments(ctx: LineContext, node: ast.Call) -> Iterator[tuple[str, int]]:
    """For a call of a function of this module given fewer positional arguments than its
    parameters: the name in scope spelled like the next parameter, then other locals."""
    if not isinstance(node.func, ast.Name) or node.keywords:
        return
    target = next(
        (
            s
            for s in ctx.tree.body
            if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef) and s.name == node.func.id
        ),
        None,
    )
    if target is None:
        return
    params = [a.arg for a in [*target.args.posonlyargs, *target.args.args]]
    if len(node.args) >= len(params):
        return
    wanted = params[len(node.args)]
    local = [n for n in ctx.scope_names()[0] if n not in _SKIP_NAMES]
    used = {ctx.source_of(a) for a in node.args}
    if wanted in local:
        yield wanted, 2
    others = [n for n in local if n != wanted and n not in used][:_MAX_FILL_NAMES]
    for name in others:
        yield name, 4


# --------------------------------------------------------------------------- returns


def _return_value(ctx: LineContext, value: ast.expr) -> Iterator[Proposal]:
    """`return e` -> `return name` for the function's likely results."""
    if not ctx.on_line(value):
        return
    start, end = ctx.span(value)
    current = ctx.source_of(value)
    for name in ctx.result_names()[:_MAX_RETURN_NAMES]:
        if name != current:
            yield Proposal(((start, end, name),), "return_value", 3)


# --------------------------------------------------------------------------- statements


def insertions(ctx: LineContext, lines: Sequence[str]) -> Iterator[Edit]:
    """Whole statements: one added by analogy next to the line, or the line swapped with
    its neighbour."""
    statement = _statement_on_line(ctx)
    if statement is None or ctx.function is None:
        return
    yield from _insert_by_analogy(ctx, statement, lines)
    yield from _update_by_analogy(ctx, lines)
    yield from _write_back(ctx, lines)
    yield from _accumulate_by_analogy(ctx, statement, lines)
    yield from _reset_by_analogy(ctx, statement, lines)
    yield from _flip_default(ctx, lines)
    yield from _swap_statements(ctx, statement, lines)
    yield from ingredients.twin_statement(ctx, statement, lines)
    yield from _missing_jump(ctx, statement, lines)
    yield from guards.before(ctx, statement, lines)
    yield from guards.wrapped(ctx, statement, lines)
    yield from statements.proposals(ctx, statement, lines)
    yield from borrowed.statements(ctx, statement, lines)
    yield from borrowed.guards(ctx, lines)


def _statement_on_line(ctx: LineContext) -> ast.stmt | None:
    """The innermost statement that starts on the line."""
    found = [n for n in ctx.nodes() if isinstance(n, ast.stmt) and n.lineno == ctx.line]
    if not found:
        return None
    return max(found, key=lambda n: (n.col_offset, -(n.end_lineno or n.lineno)))


def _containers(function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, str | None]:
    """Locals initialised as an empty container: name -> the method that adds to it
    (None: a dict, written by subscript)."""
    found: dict[str, str | None] = {}
    for node in ast.walk(function):
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target, value = node.targets[0], node.value
        if not isinstance(target, ast.Name):
            continue
        kind: str | None = None
        if isinstance(value, ast.Call) and not value.args:
            func = value.func
            kind = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        elif isinstance(value, ast.List) and not value.elts:
            kind = "list"
        elif isinstance(value, ast.Dict) and not value.keys:
            kind = "dict"
        elif (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and value.func.attr == "setdefault"
            and len(value.args) == 2
        ):
            # `used = taken.setdefault(period, set())`: the entry's container, made empty
            made = value.args[1]
            if isinstance(made, ast.Call) and not made.args and isinstance(made.func, ast.Name):
                kind = made.func.id
            elif empty_container(made):
                kind = "list" if isinstance(made, ast.List) else "dict"
        if kind in ingredients.WRITERS:
            found[target.id] = ingredients.WRITERS[kind]
    return found


def _written(function: ast.AST, name: str) -> bool:
    """Whether the function adds to `name` after creating it (a method call that writes, a
    subscript store, an augmented assignment)."""
    for node in ast.walk(function):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == name
            and node.func.attr in _WRITE_METHODS
        ):
            return True
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.ctx, ast.Store | ast.Del)
            and isinstance(node.value, ast.Name)
            and node.value.id == name
        ):
            return True
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and node.target.id == name:
            return True
    return False


def _read_keys(ctx: LineContext, function: ast.AST, name: str) -> list[str]:
    """What the code looks up in `name`: `x` of `x in name` and of `name[x]`."""
    keys: list[str] = []
    for node in ast.walk(function):
        if isinstance(node, ast.Compare):
            lefts = [node.left, *node.comparators]
            for op, left, right in zip(node.ops, lefts, node.comparators, strict=False):
                if isinstance(op, ast.In | ast.NotIn) and isinstance(right, ast.Name) and right.id == name:
                    keys.append(ast.unparse(left))
        elif (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name)
            and node.value.id == name
            and isinstance(node.ctx, ast.Load)
            and not isinstance(node.slice, ast.Slice)
        ):
            keys.append(ast.unparse(node.slice))
        elif isinstance(node, ast.Call) and _lookup_on(node, name) is not None:
            keys.append(ast.unparse(node.args[0]))
    return list(dict.fromkeys(keys))


def _lookup_on(node: ast.AST, name: str) -> ast.expr | None:
    """The default of `name.get(key, default)` (a Constant None for `name.get(key)`), or
    None when the node is no such lookup."""
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == name
        and 1 <= len(node.args) <= 2
        and not node.keywords
    ):
        return None
    return node.args[1] if len(node.args) == 2 else ast.Constant(None)


def _counted(function: ast.AST, name: str) -> bool:
    """`name.get(key, 0)` somewhere: a count looked up with nothing counted yet."""
    return any(
        isinstance(default := _lookup_on(node, name), ast.Constant)
        and type(default.value) is int
        and default.value == 0
        for node in ast.walk(function)
    )


def _insert_by_analogy(ctx: LineContext, statement: ast.stmt, lines: Sequence[str]) -> Iterator[Edit]:
    """`seen.add(x)` next to the line, where `seen` is read (`x in seen`) but never written."""
    function = ctx.function
    assert function is not None
    texts: list[str] = []
    for name, method in _containers(function).items():
        if _written(function, name):
            continue
        keys = _read_keys(ctx, function, name)
        if not keys and method is None and _returned(function, name):
            # a dict handed back and never filled: a tally of what the loop binds
            texts += [f"{name}[{key}] = {name}.get({key}, 0) + 1" for key in _loop_bound(function, ctx.line)]
        for key in keys:
            if method:
                texts.append(f"{name}.{method}({key})")
            else:
                mapped = [f"{name}[{key}] = {value}" for value in _mapped_values(function, name)]
                tally = f"{name}[{key}] = {name}.get({key}, 0) + 1"
                if _counted(function, name):  # `seen.get(k, 0)`: a count, not a flag
                    texts += [tally, *mapped]
                else:
                    texts += mapped
                    if _read_in_arithmetic(function, name):  # `totals[k] / counts[k]`: a count
                        texts.append(tally)
    if not texts:
        return
    text = lines[ctx.line - 1].rstrip("\r\n")
    indent = text[: len(text) - len(text.lstrip())]
    body = getattr(statement, "body", None)
    if isinstance(body, list) and body and body[0].lineno > ctx.line:
        # a compound statement's header: the new statement opens its body
        if not text.split("#", 1)[0].rstrip().endswith(":"):
            return
        first = lines[body[0].lineno - 1]
        inner = first[: len(first) - len(first.lstrip())]
        for new in texts:
            yield Edit(ctx.line, text, f"{text}\n{inner}{new}", "insert_analogy", 3)
        return
    if statement.end_lineno != ctx.line:
        return
    for new in texts:  # a container read and never written: the code says what is missing
        yield Edit(ctx.line, text, f"{indent}{new}\n{text}", "insert_analogy", 2)
        yield Edit(ctx.line, text, f"{text}\n{indent}{new}", "insert_analogy", 2)


def _returned(function: ast.AST, name: str) -> bool:
    """`return name` or `return name, other` somewhere in the function: the value itself
    handed back, not something computed from it."""
    for node in ast.walk(function):
        if isinstance(node, ast.Return) and node.value is not None:
            value = node.value
            items = value.elts if isinstance(value, ast.Tuple) else [value]
            if any(isinstance(item, ast.Name) and item.id == name for item in items):
                return True
    return False


def _loop_bound(function: ast.AST, line: int) -> list[str]:
    """Names the innermost loop around `line` binds by then: its target, then what its
    body assigns up to the line, the nearest last."""
    loop = ingredients.innermost_loop(function, line, (ast.For,))
    if not isinstance(loop, ast.For):
        return []
    bound = [n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)]
    for node in ast.walk(loop):
        if isinstance(node, ast.Assign) and node.lineno <= line:
            bound += [n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
    return [n for n in dict.fromkeys(reversed(bound)) if n not in _SKIP_NAMES]


def _read_in_arithmetic(function: ast.AST, name: str) -> bool:
    """`counts[k]` an operand of arithmetic somewhere in the function."""
    return any(
        isinstance(node, ast.BinOp)
        and any(
            isinstance(side, ast.Subscript) and isinstance(side.value, ast.Name) and side.value.id == name
            for side in (node.left, node.right)
        )
        for node in ast.walk(function)
    )


def _mapped_values(function: ast.AST, name: str) -> list[str]:
    """What a dict read but never written should map its keys to: True (a seen-set), or a
    position in the list it indexes (`result[position[key]]` -> `len(result)`, stored
    before the append that puts the item there)."""
    values = ["True"]
    for node in ast.walk(function):
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name)
            and isinstance(node.slice, ast.Subscript)
            and isinstance(node.slice.value, ast.Name)
            and node.slice.value.id == name
        ):
            values.append(f"len({node.value.id})")
    return list(dict.fromkeys(values))


_Loop = ast.For | ast.While


def _name_assignments(function: ast.AST) -> Iterator[tuple[str, ast.Assign]]:
    """Every `name = value` in the function (plain names as targets, `a = b = 0` twice)."""
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    yield target.id, node


def _loop_of(function: ast.AST, line: int) -> _Loop | None:
    """The innermost `for` or `while` loop whose body holds the line."""
    loop = ingredients.innermost_loop(function, line)
    return loop if isinstance(loop, ast.For | ast.While) else None


def _simple_statement_in_loop(function: ast.AST, statement: ast.stmt, line: int) -> _Loop | None:
    """The loop around a one-line simple statement on `line` (a new statement goes next
    to it), or None."""
    if statement.end_lineno != line or hasattr(statement, "body"):
        return None
    return _loop_of(function, line)


def _accumulate_by_analogy(ctx: LineContext, statement: ast.stmt, lines: Sequence[str]) -> Iterator[Edit]:
    """`spent += price` after the line, where `spent` starts as a number before a loop that
    reads it but never changes it (a running total or a cursor left standing); `flag = not
    flag` for a flag it reads but never flips. Before a `continue`/`break`, after anything else."""
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
    once = {name for name in read_after if assigned.count(name) == 1 and not _written(function, name)}
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
    block = next((body for parent in ast.walk(loop) for body in _bodies(parent) if statement in body), None)
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
                    *[*items, *_computed_in_round(loop, ctx.line, name)][:_MAX_FILL_NAMES],
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
        if isinstance(target, ast.Name) and target.id != total and target.id not in _SKIP_NAMES
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


def empty_container(node: ast.AST | None) -> bool:
    """`[]` or `{}`."""
    return (isinstance(node, ast.List) and not node.elts) or (isinstance(node, ast.Dict) and not node.keys)


def _made_empty(node: ast.AST) -> bool:
    """`set()`, `list()`, `dict()`, `deque()`: a container made with no arguments."""
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.args and not node.keywords
    )


def _empty_scalar(node: ast.AST) -> bool:
    """`""` or `0`: where an accumulator starts."""
    return isinstance(node, ast.Constant) and node.value in ("", 0) and not isinstance(node.value, bool)


def _reset_by_analogy(ctx: LineContext, statement: ast.stmt, lines: Sequence[str]) -> Iterator[Edit]:
    """`tasks = []` next to `groups.append((name, tasks))`: a container made once before the
    loop and handed to another structure inside it, so every group shares one object; the
    same for a string or number the loop adds to (`current = ""` after
    `tokens.append(current)`), which would otherwise carry every earlier part along."""
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
            and node.func.attr in _WRITE_METHODS
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
                and call.func.attr in _WRITE_METHODS
                for arg in call.args
                for n in ast.walk(arg)
                if isinstance(n, ast.Name)
            }
            found += sorted(unset & set_there & handed)
    return list(dict.fromkeys(found))


def _bodies(node: ast.AST) -> list[list[ast.stmt]]:
    return [b for b in (getattr(node, "body", None), getattr(node, "orelse", None)) if isinstance(b, list)]


def _flip_default(ctx: LineContext, lines: Sequence[str]) -> Iterator[Edit]:
    """`def f(text, case_sensitive=True)` -> `=False`, when the line reads that parameter:
    the default is a constant the line depends on, though it stands on the def line."""
    function = ctx.function
    if function is None:
        return
    args = function.args
    positional = [*args.posonlyargs, *args.args]
    pairs = [
        *zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True),
        *((a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None),
    ]
    read = {n.id for n in ctx.nodes() if isinstance(n, ast.Name) and ctx.on_line(n)}
    for arg, default in pairs:
        if arg.arg not in read or not isinstance(default, ast.Constant) or type(default.value) is not bool:
            continue
        if default.lineno != default.end_lineno:
            continue
        text = lines[default.lineno - 1].rstrip("\r\n")
        data = text.encode("utf-8")
        new = data[: default.col_offset] + str(not default.value).encode() + data[default.end_col_offset :]
        yield Edit(default.lineno, text, new.decode("utf-8"), "constant", 3)


def _update_by_analogy(ctx: LineContext, lines: Sequence[str]) -> Iterator[Edit]:
    """`previous = price` at the end of a loop that reads `previous`, set before the loop,
    and never assigns it inside (a lagging variable). Its new value is a name the loop binds
    that the code reads together with it (`key < previous`, `angle(prev, bearing)`); the
    loop's own item first when the two are compared."""
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
                if not compared and not (carried and not _written(function, lag)):
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


def _write_back(ctx: LineContext, lines: Sequence[str]) -> Iterator[Edit]:
    """`totals[date] = net` at the end of a loop that reads `net = totals.get(date, 0)`,
    changes `net` and never writes the mapping: the new value was meant to be stored."""
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
        if not isinstance(table, ast.Name) or key is None or _written(function, table.id):
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


_JUMPS = (ast.Continue, ast.Break, ast.Return, ast.Raise)
_SIMPLE = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Return, ast.Delete, ast.Raise, ast.Pass)


def _swap_statements(ctx: LineContext, statement: ast.stmt, lines: Sequence[str]) -> Iterator[Edit]:
    """The line's statement and a neighbour of the same block in the other order: an
    update before or after a use, a reset after a use, a statement moved across the
    `if` or loop next to it. Only where the order can matter (ingredients.depends), and
    a pair of one-line statements before a statement moved across a block."""
    block = ingredients.block_of(ctx, statement)
    if block is None or statement.lineno != ctx.line:
        return
    i = block.index(statement)
    neighbours = [(block[i - 1], statement)] if i else []
    if i + 1 < len(block):
        neighbours.append((statement, block[i + 1]))
    for first, second in neighbours:
        if (first.end_lineno or first.lineno) + 1 != second.lineno or not ingredients.depends(first, second):
            continue  # not adjacent (a comment or blank line between), or independent
        if any(isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) for s in (first, second)):
            continue  # a docstring or a bare constant
        simple = isinstance(first, _SIMPLE) and isinstance(second, _SIMPLE)
        if not simple and not (isinstance(first, _SIMPLE) or isinstance(second, _SIMPLE)):
            continue  # two blocks: too big a move for a one-location fix
        top, bottom = first.lineno, second.end_lineno or second.lineno
        old = [line.rstrip("\r\n") for line in lines[top - 1 : bottom]]
        cut = second.lineno - top
        new = [*old[cut:], *old[:cut]]
        yield Edit(top, "\n".join(old), "\n".join(new), "swap_statements", 3 if simple else 4, span=len(old))


def _missing_jump(ctx: LineContext, statement: ast.stmt, lines: Sequence[str]) -> Iterator[Edit]:
    """`continue` or `break` after the last statement of a branch inside a loop that falls
    through into the rest of the loop body: a day heading parsed as a lesson, a choice made
    and the search going on."""
    function = ctx.function
    assert function is not None
    if statement.end_lineno != ctx.line or hasattr(statement, "body") or isinstance(statement, _JUMPS):
        return
    branch = ctx.parents.get(statement)
    if not isinstance(branch, ast.If) or statement is not branch.body[-1]:
        return
    loop = _loop_of(function, ctx.line)
    if loop is None or not any(branch in body for body in _bodies(loop)):
        return  # only a branch directly in the loop's body
    text = lines[ctx.line - 1].rstrip("\r\n")
    indent = text[: len(text) - len(text.lstrip())]
    for jump in ("continue", "break"):
        yield Edit(ctx.line, text, f"{text}\n{indent}{jump}", "insert_jump", 4)
