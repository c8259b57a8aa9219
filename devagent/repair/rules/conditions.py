"""Conditions changed: negated (`if x:` -> `if not x:`), widened or narrowed by a
check they lack (`T` -> `x is None or T`, `T and i < len(xs)`, a clause the code around
the line supplies), a clause dropped (`A or B` -> `A`), a constant condition made a
variable (`while True` -> `while queue`), and a comprehension element given the filter
it lacks (`... if t == day` -> `... if t == day and mm is not None`).

Rules of a LineContext (context.py) and one node on the ranked line, yielding Proposals."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import NamedTuple

from devagent.repair.rules import ingredients
from devagent.repair.rules.context import MAX_FILL_NAMES, SKIP_VALUE_NAMES, LineContext
from devagent.repair.rules.edit import Proposal
from devagent.repair.rules.text_cleaning import text_values

_NOT_WITHOUT_PARENS = (ast.Name, ast.Constant, ast.Attribute, ast.Subscript, ast.Call, ast.Compare)


def element_checked(
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
        if isinstance(n, ast.Name) and n.id in used and n.id not in checked and n.id not in SKIP_VALUE_NAMES
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
        if isinstance(node, ast.Name) and (node.id in SKIP_VALUE_NAMES or not isinstance(node.ctx, ast.Load)):
            continue
        text = ctx.source_of(node)
        if text not in seen:
            seen.add(text)
            found.append(node)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name | ast.Attribute):
            # `node.next` needs `node` checked first
            base = ctx.source_of(node.value)
            if base not in seen and base not in SKIP_VALUE_NAMES:
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
    texts = text_values(ctx.function).one
    for node in _condition_names(ctx, test):
        if isinstance(node, ast.Name) and node.id in texts:
            yield _Guard("or", f'{node.id}.startswith("#")', 3, last=True)


def widened_or_narrowed(ctx: LineContext, test: ast.expr) -> Iterator[Proposal]:
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


def clause_dropped(ctx: LineContext, node: ast.BoolOp) -> Iterator[Proposal]:
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


def constant_made_variable(ctx: LineContext, test: ast.expr) -> Iterator[Proposal]:
    """`while True` -> `while queue`: a constant condition becomes a variable in scope."""
    if not isinstance(test, ast.Constant) or not ctx.on_line(test) or isinstance(test.value, str):
        return
    start, end = ctx.span(test)
    loop = ctx.parents.get(test)
    if isinstance(loop, ast.While):
        # `while True` over `parcels[i]`: the index must stay in bounds
        for index, container in _indexed(loop):
            yield Proposal(((start, end, f"{index} < len({container})"),), "constant_to_variable", 2)
    local = [n for n in ctx.scope_names()[0] if n not in SKIP_VALUE_NAMES]
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
    return list(dict.fromkeys(found))[:MAX_FILL_NAMES]


_MAX_CONDITION_NAMES = 4


_MAX_SWITCH_NAMES = 6


def negated(ctx: LineContext, test: ast.expr, template: str, size: int) -> Iterator[Proposal]:
    """Example: `if done:` -> `if not done:`."""
    if not ctx.on_line(test) or (isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)):
        return
    start, end = ctx.span(test)
    text = ctx.source_of(test)
    wrapped = f"not {text}" if isinstance(test, _NOT_WITHOUT_PARENS) else f"not ({text})"
    yield Proposal(((start, end, wrapped),), template, size)
