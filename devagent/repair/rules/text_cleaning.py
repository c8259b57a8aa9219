"""Text cleaned or case-folded where the code uses it as typed: a string method a chain
lacks (`s.strip()` -> `s.strip().lower()`), text parsed before it is cleaned
(`s.split("@")` -> `s.strip().split("@")`), text compared or looked up case-folded
(`word == target` -> `word.lower() == target.lower()`), and a loop value cleaned where
the module cleans strings (`line = line.strip()` opening the loop body).

Rules of a LineContext (context.py), yielding Proposals or whole-line Edits."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from devagent.repair.rules.bindings import assigned_in, enclosing_loop, indented
from devagent.repair.rules.context import LineContext
from devagent.repair.rules.edit import Edit, Proposal


def method_chained(ctx: LineContext, node: ast.Call) -> Iterator[Proposal]:
    """`s.strip()` -> `s.strip().lower()`: a string method call missing from a chain (text
    made by `sep.join(...)` or `.format(...)` too); and `s.split("@")` ->
    `s.strip().split("@")`: text parsed before it is cleaned."""
    func = node.func
    if not ctx.on_line(node) or not isinstance(func, ast.Attribute):
        return
    if func.attr in _STR_METHODS or func.attr in _TEXT_MAKING_METHODS:
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


_STR_METHODS = frozenset(
    {"strip", "lstrip", "rstrip", "lower", "upper", "title", "casefold", "replace", "capitalize"}
)


# Calls that make text as a string method does, whose result a chain may still clean.
_TEXT_MAKING_METHODS = frozenset({"join", "format"})


# String methods that read text as given: a receiver missing its cleaning (`.strip()`).
_PARSING_METHODS = frozenset({"split", "rsplit", "partition", "rpartition", "startswith", "endswith"})


_SPLITTING_METHODS = frozenset({"split", "rsplit", "splitlines", "partition", "rpartition"})


_CHAINED = ("lower", "strip", "upper")  # the string methods a chain most often lacks


def case_folded(ctx: LineContext, node: ast.Compare) -> Iterator[Proposal]:
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


class Texts(NamedTuple):
    one: set[str]  # names holding one text
    lists: set[str]  # names holding a list of texts
    padded: set[str]  # of either, those cut at a separator, which leaves the spaces around it


def text_values(function: ast.AST) -> Texts:
    """The names the function binds from string methods: `amount, unit = text.split()`,
    `parts = line.split(",")`, `name = raw.strip()`, `for word in parts`."""
    found = Texts(set(), set(), set())
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


def text_folded(ctx: LineContext, node: ast.Name | ast.Subscript) -> Iterator[Proposal]:
    """`table.get(unit)` -> `table.get(unit.lower())`, `parts[2]` -> `parts[2].upper()`:
    text cut out of a line, used as typed where its case must not matter (a key, a
    label); and, cut at a separator (`line.split(",")`), with the spaces around it
    (`category.strip()`). Only values the function binds from string methods."""
    if ctx.function is None or not ctx.on_line(node) or not isinstance(node.ctx, ast.Load):
        return
    parent = ctx.parents.get(node)
    if isinstance(parent, ast.Attribute | ast.Subscript) and parent.value is node:
        return  # a receiver (`unit.split()`): method_chained's
    if isinstance(parent, ast.Call) and parent.func is node:
        return
    texts = text_values(ctx.function)
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


def loop_value_cleaned(
    ctx: LineContext, function: ast.AST, statement: ast.stmt, lines: Sequence[str]
) -> Iterator[Edit]:
    """`for line in text.splitlines():` whose body never cleans `line` while the module
    strips or lower-cases other strings: `line = line.strip()` opens the body.
    Example: `for line in text.splitlines():` -> `... | line = line.strip()`."""
    loop = statement if isinstance(statement, ast.For) else enclosing_loop(ctx, statement)
    if not (isinstance(loop, ast.For) and isinstance(loop.target, ast.Name)):
        return
    name = loop.target.id
    statement = loop
    body = statement.body
    if assigned_in(ast.Module(body=body, type_ignores=[])) & {name}:
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
    text, indent = indented(lines, first.lineno)
    for method in _CLEANERS:
        if method in used:
            yield Edit(first.lineno, text, f"{indent}{name} = {name}.{method}()\n{text}", "insert_analogy", 3)


_CLEANERS = ("strip", "lower")  # the string methods a raw value most often lacks
