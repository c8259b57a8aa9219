"""Calls changed: a built-in for its pair (`min` -> `max`, `.lstrip()` -> `.rstrip()`,
`sorted(xs)` -> `sorted(xs, reverse=True)`), a call removed (`g(x)` -> `x`) or added
around a name, a lookup or a value (`part` -> `part.strip()`, `row["qty"]` ->
`float(row["qty"])`, `a - b` -> `abs(a - b)`, `for x in xs` -> `for x in sorted(xs)`), a
key lookup given a default (`prices[k]` -> `prices.get(k, 0)`), and pairs iterated as
`.items()` or `enumerate(...)`.

Rules of a LineContext (context.py) and one node on the ranked line, yielding Proposals."""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator

from devagent.repair.rules import ingredients
from devagent.repair.rules.context import MAX_FILL_NAMES, SKIP_VALUE_NAMES, LineContext
from devagent.repair.rules.edit import Proposal

# Built-in functions and methods that come in pairs; one is easily written for the other.
_PAIRED_FUNCTIONS: dict[str, tuple[str, ...]] = {
    "any": ("all",),
    "all": ("any",),
    "min": ("max",),
    "max": ("min",),
    "floor": ("ceil",),
    "ceil": ("floor",),
    "int": ("round",),
    "round": ("int",),
}


_PAIRED_METHODS: dict[str, tuple[str, ...]] = {
    **_PAIRED_FUNCTIONS,
    "startswith": ("endswith",),
    "endswith": ("startswith",),
    "append": ("extend",),
    "extend": ("append",),
    "lstrip": ("rstrip", "strip"),
    "rstrip": ("lstrip", "strip"),
    "strip": ("lstrip", "rstrip"),
    "lower": ("upper",),
    "upper": ("lower",),
    "find": ("rfind",),
    "rfind": ("find",),
    "index": ("rindex",),
    "rindex": ("index",),
    "keys": ("values", "items"),
    "values": ("keys", "items"),
    "items": ("keys", "values"),
    "pop": ("popleft",),
    "popleft": ("pop",),
    "add": ("discard",),
    "remove": ("discard",),
    "get": ("pop",),
}


def unwrapped(ctx: LineContext, node: ast.Call) -> Iterator[Proposal]:
    """`g(item)` -> `item`; `item.strip()` -> `item` (a call that should not be there)."""
    if not ctx.on_line(node):
        return
    start, end = ctx.span(node)
    for arg in node.args:
        if not isinstance(arg, ast.Starred) and ctx.on_line(arg):
            yield Proposal(((start, end, ctx.operand(arg)),), "unwrap_call", 3)
    if isinstance(node.func, ast.Attribute) and not node.args and not node.keywords:
        yield Proposal(((start, end, ctx.operand(node.func.value)),), "unwrap_call", 4)


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


def wrapped_lookup(ctx: LineContext, node: ast.Subscript | ast.Attribute | ast.Call) -> Iterator[Proposal]:
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


def wrapped_name(ctx: LineContext, node: ast.Name) -> Iterator[Proposal]:
    """`item` -> `g(item)` (a call left out)."""
    if not isinstance(node.ctx, ast.Load) or not ctx.on_line(node) or node.id in SKIP_VALUE_NAMES:
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
        and node.func.id not in SKIP_VALUE_NAMES
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
    return list(dict.fromkeys(found))[:MAX_FILL_NAMES]


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


def pairs_iterated(ctx: LineContext, loop: ast.For) -> Iterator[Proposal]:
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


def lookup_with_default(ctx: LineContext, node: ast.Subscript) -> Iterator[Proposal]:
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


def wrapped_value(ctx: LineContext, value: ast.expr) -> Iterator[Proposal]:
    """`return a - b` -> `return abs(a - b)`: a returned or assigned expression passed
    through a function (names are `wrapped_name`'s)."""
    if not ctx.on_line(value) or isinstance(value, ast.Name | ast.Constant | ast.Tuple):
        return
    start, end = ctx.span(value)
    text = ctx.source_of(value)
    for name in _callables(ctx):
        yield Proposal(((start, end, f"{name}({text})"),), "wrap_call", 4)


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


_LOOKUP_DEFAULTS = (", 0", "", ", []", ', ""')  # `.get(k, 0)` ... `.get(k)` is None


def paired_builtins(ctx: LineContext, node: ast.Call) -> Iterator[Proposal]:
    """A built-in function or method for its pair: `min(a, b)` -> `max(a, b)`,
    `name.lstrip()` -> `name.rstrip()`."""
    func = node.func
    if isinstance(func, ast.Name) and ctx.on_line(func):
        start, end = ctx.span(func)
        for other in _PAIRED_FUNCTIONS.get(func.id, ()):
            yield Proposal(((start, end, other),), "paired_builtin", 2)
    elif isinstance(func, ast.Attribute) and getattr(func, "end_lineno", None) == ctx.line:
        end = ctx.span(func)[1]
        start = end - len(func.attr.encode("utf-8"))
        if ctx.data[start:end] == func.attr.encode("utf-8"):
            for other in _PAIRED_METHODS.get(func.attr, ()):
                yield Proposal(((start, end, other),), "paired_builtin", 2)


_WHOLE_NUMBER = ("int", "round", "ceil", "floor")


def whole_number_conversions(ctx: LineContext, node: ast.Call) -> Iterator[Proposal]:
    """A conversion to a whole number for another the module can name without a new
    import: `int(s / 86400)` -> `math.ceil(s / 86400)` under `import math` (`ceil` under
    `from math import ceil`); `int` and `round` for each other are paired_builtins'."""
    func = node.func
    if not (isinstance(func, ast.Name) and func.id in ("int", "round") and ctx.on_line(func)):
        return
    start, end = ctx.span(func)
    for other in _math_names(ctx.tree):
        yield Proposal(((start, end, other),), "paired_builtin", 2)


def _math_names(tree: ast.Module) -> list[str]:
    """How the module names math.ceil and math.floor, if it imports them at its top."""
    names: list[str] = []
    for statement in tree.body:
        if isinstance(statement, ast.Import):
            if any(alias.name == "math" and alias.asname is None for alias in statement.names):
                names += ["math.ceil", "math.floor"]
        elif isinstance(statement, ast.ImportFrom) and statement.module == "math" and not statement.level:
            names += [a.name for a in statement.names if a.name in _WHOLE_NUMBER and a.asname is None]
    return list(dict.fromkeys(names))


def reverse_flag(ctx: LineContext, node: ast.Call) -> Iterator[Proposal]:
    """A sort in the other order: `sorted(xs)` -> `sorted(xs, reverse=True)`,
    `sorted(xs, reverse=flag)` -> `sorted(xs, reverse=not flag)`."""
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    if name not in ("sorted", "sort"):
        return
    for keyword in node.keywords:
        if keyword.arg == "reverse":
            if isinstance(keyword.value, ast.Constant) or not ctx.on_line(keyword.value):
                return  # a constant is flipped by the constant template
            start, end = ctx.span(keyword.value)
            yield Proposal(((start, end, f"not {ctx.operand(keyword.value)}"),), "paired_builtin", 2)
            return
    if not ctx.on_line(node) or any(k.arg is None for k in node.keywords):
        return
    close = ctx.span(node)[1] - 1
    if ctx.data[close : close + 1] != b")":
        return
    before = ctx.data[:close].rstrip()
    separator = "" if before.endswith((b"(", b",")) else ", "
    yield Proposal(((close, close, f"{separator}reverse=True"),), "paired_builtin", 2)
