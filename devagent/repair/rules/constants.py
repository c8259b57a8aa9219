"""Constants changed: a literal flipped or one digit off (`True` -> `False`, `100` ->
`10`), or replaced by one of its known alternatives (a number base, a unit count, the
start of a sum or a product, a short string the module uses, a letter of the other
case), a boolean default on the `def` line flipped when the line reads it, and a set of
one-character strings of one kind given the member it lacks.
(A literal moved by one is off_by_one.py's as well as this module's `literal`.)

Rules of a LineContext (context.py), yielding Proposals or whole-line Edits."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence

from devagent.repair.rules.context import LineContext
from devagent.repair.rules.edit import Edit, Proposal

_BASES = (16, 10, 8, 2)


_MAX_STRINGS = 4


# Numbers that count one unit in another (time, calendar, size, percent): a conversion
# that divides by 60 where a day has 24 hours mixes up two of them.
_UNIT_NUMBERS = (7, 12, 24, 52, 60, 100, 365, 1000, 1024, 3600, 86400)


_MAX_UNITS = 6


# One-character strings that come as a kind: a set of them missing one of its kin
_KINS = (
    ('"', "'", "`"),
    ("(", "[", "{", "<"),
    (")", "]", "}", ">"),
    (" ", "\t", "\n", "\r"),
    (",", ";", ":", "|"),
    (".", "!", "?"),
    ("+", "-"),
)


def kin_added(ctx: LineContext, node: ast.Tuple | ast.List | ast.Set) -> Iterator[Proposal]:
    """A literal of one-character strings, all of one kind (quotes, brackets, blanks,
    separators), given a member of that kind it lacks.
    Example: `val[0] in ('"', "'")` -> `val[0] in ('"', "'", '`')`."""
    items = node.elts
    if not ctx.on_line(node) or len(items) < 2:
        return
    if not all(isinstance(i, ast.Constant) and isinstance(i.value, str) and len(i.value) == 1 for i in items):
        return
    have = {i.value for i in items if isinstance(i, ast.Constant)}
    for kin in _KINS:
        if have <= set(kin):
            end = ctx.span(items[-1])[1]
            for missing in (c for c in kin if c not in have):
                yield Proposal(((end, end, f", {missing!r}"),), "kin_added", 2)
            return


def known_alternatives(ctx: LineContext, node: ast.Constant) -> Iterator[Proposal]:
    """Constants with a known set of alternatives: a number base of `int(s, base)`; a
    unit count (60 seconds, 24 hours, 1000 or 1024 bytes); the start of a product (1) or
    a sum (0); a short string the module writes elsewhere (a separator: ssFix and CapGen
    take such ingredients from the same file).
    Example: `divmod(hours, 60)` -> `divmod(hours, 24)`."""
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


def default_flipped(ctx: LineContext, lines: Sequence[str]) -> Iterator[Edit]:
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


def literal(ctx: LineContext, node: ast.Constant) -> Iterator[Proposal]:
    """Example: `sort(reverse=True)` -> `sort(reverse=False)`."""
    if not ctx.on_line(node):
        return
    start, end = ctx.span(node)
    value = node.value
    if isinstance(value, bool):
        yield Proposal(((start, end, str(not value)),), "constant", 1)
    elif isinstance(value, int):
        for new in (value + 1, value - 1):
            yield Proposal(((start, end, str(new)),), "off_by_one", 1)
        if abs(value) >= 2:  # a digit too many or too few: 10 for 100
            for new in (value * 10, value // 10):
                yield Proposal(((start, end, str(new)),), "constant", 3)
