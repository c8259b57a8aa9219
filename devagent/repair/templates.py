"""General fix templates: candidate one-line edits of a Python source line.

Pure functions, no IO. `candidates(source, line)` looks at the AST nodes that lie on
`line` and proposes small, local rewrites (operator swaps, off-by-one, negation,
swapped operands, a name replaced by another name in scope, paired built-ins, missing
return, ...). Every edit changes bytes at AST positions only, so indentation, comments
and the rest of the line stay as they were; every candidate compiles.

An `Edit` (edit.py) replaces physical lines (`line`, and `span` lines from it; their
text without line endings in `old_text`) by `new_text`, which may hold several lines (an
inserted `return`). Its `size` is a naturalness cost: lower is more natural, `rank` sorts
by it. The operator families of the repair literature, applied at every AST position of
the line, are in families.py; `candidates` merges both."""

from __future__ import annotations

import ast
import itertools
import re
from collections.abc import Iterable, Iterator, Sequence

from devagent.repair import families, guards, ingredients
from devagent.repair.edit import Edit, Proposal, Span, apply, compiles, rank, splice, split_lines
from devagent.repair.ingredients import recursive_calls

__all__ = ["MAX_PER_LINE", "Edit", "LineContext", "apply", "candidates", "rank", "split_lines"]

MAX_PER_LINE = 60
_MAX_RENAMES = 8
_MAX_GUARDS = 40
_MAX_MEETING_GUARDS = 24
_MAX_LEAF_FIELDS = 3  # fields a recursion's leaf record may hold (_leaf_field_guards)
_FIRST_GUARDS = 8  # generic guards (`if not p: return 0`) tried before the meeting ones
_MAX_RETURN_VARS = 3


def candidates(
    source: str, line: int, limit: int = MAX_PER_LINE, data_fields: Sequence[str] = ()
) -> list[Edit]:
    """Compiling candidate edits for `line` (1-based), most natural first, at most `limit`.
    `data_fields` are the record fields the tests' data holds (oracles.data_fields)."""
    lines = split_lines(source)
    if not 1 <= line <= len(lines):
        return []
    text = lines[line - 1].rstrip("\r\n")
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return []
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    ctx = LineContext(source, tree, line, text, data_fields)
    edits: list[Edit] = []
    seen: set[tuple[int, int, str]] = set()
    for proposal in sorted(ctx.proposals(), key=lambda p: p.size):
        new_text = splice(text, proposal.spans)
        if new_text is None or new_text == text:
            continue
        _add(edits, seen, Edit(line, text, new_text, proposal.template, proposal.size))
    for proposal in sorted(families.proposals(ctx), key=lambda p: p.size):
        new_text = splice(text, proposal.spans)
        if new_text is None or new_text == text:
            continue
        _add(edits, seen, Edit(line, text, new_text, proposal.template, proposal.size))
    for edit in itertools.chain(ctx.insertions(lines), families.insertions(ctx, lines)):
        _add(edits, seen, edit)
    out: list[Edit] = []
    for edit in rank(edits):
        if len(out) >= limit:
            break
        if compiles(apply(source, edit)):
            out.append(edit)
    return out


def _add(edits: list[Edit], seen: set[tuple[int, int, str]], edit: Edit) -> None:
    key = (edit.line, edit.span, edit.new_text)
    if key not in seen:
        seen.add(key)
        edits.append(edit)


# --------------------------------------------------------------------------- operator tables

_BINOP_TEXT: dict[type[ast.operator], str] = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.Pow: "**",
    ast.LShift: "<<",
    ast.RShift: ">>",
    ast.BitAnd: "&",
    ast.BitOr: "|",
    ast.BitXor: "^",
    ast.MatMult: "@",
}
# Swaps within an arithmetic family, each with its cost.
_BINOP_SWAPS: dict[type[ast.operator], tuple[tuple[str, int], ...]] = {
    ast.Add: (("-", 1), ("*", 3)),
    ast.Sub: (("+", 1),),
    ast.Mult: (("/", 2), ("//", 2), ("**", 2), ("+", 3)),
    ast.Div: (("//", 1), ("*", 2)),
    ast.FloorDiv: (("/", 1), ("*", 2), ("%", 3)),
    ast.Mod: (("//", 2),),
    ast.Pow: (("*", 2),),
    ast.LShift: ((">>", 2),),
    ast.RShift: (("<<", 2),),
    ast.BitAnd: (("|", 2), ("^", 3)),
    ast.BitOr: (("&", 2), ("^", 2)),
    ast.BitXor: (("|", 2), ("&", 2)),
}
_NON_COMMUTATIVE = (ast.Sub, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.LShift, ast.RShift, ast.MatMult)

_CMP_TEXT: dict[type[ast.cmpop], str] = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.In: "in",
    ast.NotIn: "not in",
}
_CMP_PATTERN: dict[type[ast.cmpop], re.Pattern[bytes]] = {
    ast.Lt: re.compile(rb"<(?!=)"),
    ast.LtE: re.compile(rb"<="),
    ast.Gt: re.compile(rb">(?!=)"),
    ast.GtE: re.compile(rb">="),
    ast.Eq: re.compile(rb"=="),
    ast.NotEq: re.compile(rb"!="),
    ast.Is: re.compile(rb"\bis\b"),
    ast.IsNot: re.compile(rb"\bis\s+not\b"),
    ast.In: re.compile(rb"\bin\b"),
    ast.NotIn: re.compile(rb"\bnot\s+in\b"),
}
# Boundary slips cost 1, flips and negations 2, unlikely changes 3.
_CMP_SWAPS: dict[type[ast.cmpop], tuple[tuple[str, int], ...]] = {
    ast.Lt: (("<=", 1), (">", 2), (">=", 2), ("!=", 3)),
    ast.LtE: (("<", 1), (">=", 2), (">", 2), ("==", 3)),
    ast.Gt: ((">=", 1), ("<", 2), ("<=", 2), ("!=", 3)),
    ast.GtE: ((">", 1), ("<=", 2), ("<", 2), ("==", 3)),
    ast.Eq: (("!=", 1), ("<=", 3), (">=", 3), ("<", 3), (">", 3)),
    ast.NotEq: (("==", 1), ("<", 3), (">", 3)),
    ast.Is: (("is not", 1), ("==", 3)),
    ast.IsNot: (("is", 1), ("!=", 3)),
    ast.In: (("not in", 1),),
    ast.NotIn: (("in", 1),),
}
_BOOL_PATTERN: dict[type[ast.boolop], re.Pattern[bytes]] = {
    ast.And: re.compile(rb"\band\b"),
    ast.Or: re.compile(rb"\bor\b"),
}
_BOOL_SWAP: dict[type[ast.boolop], str] = {ast.And: "or", ast.Or: "and"}

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
# Expressions that need no parentheses wherever an operand or argument may stand.
_ATOMIC = (ast.Name, ast.Constant, ast.Attribute, ast.Subscript, ast.Call, ast.List, ast.Tuple, ast.Dict)
_NOT_WITHOUT_PARENS = (ast.Name, ast.Constant, ast.Attribute, ast.Subscript, ast.Call, ast.Compare)
_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)
_SKIP_NAMES = frozenset({"self", "cls", "_", "__name__", "__file__"})
_FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
_NESTED_SCOPES = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.Lambda,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
)


class LineContext:
    def __init__(
        self, source: str, tree: ast.Module, line: int, text: str, data_fields: Sequence[str] = ()
    ) -> None:
        self.source = source
        self.data_fields = tuple(data_fields)
        self.tree = tree
        self.line = line
        self.text = text
        self.data = text.encode("utf-8")
        self.parents: dict[ast.AST, ast.AST] = {}
        for parent in ast.walk(tree):
            for child in ast.iter_child_nodes(parent):
                self.parents[child] = parent
        self.function = self._enclosing_function()

    # -- helpers

    def on_line(self, node: ast.AST) -> bool:
        return getattr(node, "lineno", None) == self.line and getattr(node, "end_lineno", None) == self.line

    def span(self, node: ast.AST) -> tuple[int, int]:
        return int(getattr(node, "col_offset", 0)), int(getattr(node, "end_col_offset", 0))

    def source_of(self, node: ast.AST) -> str:
        start, end = self.span(node)
        return self.data[start:end].decode("utf-8", errors="replace")

    def operand(self, node: ast.AST) -> str:
        text = self.source_of(node)
        return text if isinstance(node, _ATOMIC) else f"({text})"

    def _enclosing_function(self) -> _FunctionNode | None:
        best: _FunctionNode | None = None
        for node in ast.walk(self.tree):
            if (
                isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                and node.lineno <= self.line <= (node.end_lineno or node.lineno)
                and (best is None or node.lineno >= best.lineno)
            ):
                best = node
        return best

    def _gap_match(self, left: ast.AST, right: ast.AST, pattern: re.Pattern[bytes]) -> tuple[int, int] | None:
        """Where `pattern` (an operator) lies between two operands on this line."""
        if getattr(left, "end_lineno", None) != self.line or getattr(right, "lineno", None) != self.line:
            return None
        start, end = self.span(left)[1], self.span(right)[0]
        match = pattern.search(self.data, start, end)
        return (match.start(), match.end()) if match else None

    def nodes(self) -> Iterator[ast.AST]:
        for node in ast.walk(self.tree):
            lineno = getattr(node, "lineno", None)
            end = getattr(node, "end_lineno", None)
            if lineno is not None and end is not None and lineno <= self.line <= end:
                yield node

    # -- proposals (changes within the line)

    def proposals(self) -> Iterator[Proposal]:
        for node in self.nodes():
            if isinstance(node, ast.BinOp):
                yield from self._binop(node)
            elif isinstance(node, ast.AugAssign):
                yield from self._augassign(node)
            elif isinstance(node, ast.Compare):
                yield from self._compare(node)
            elif isinstance(node, ast.BoolOp):
                yield from self._boolop(node)
            elif isinstance(node, ast.UnaryOp):
                yield from self._unary(node)
            elif isinstance(node, ast.Constant):
                yield from self._constant(node)
            elif isinstance(node, ast.Call):
                yield from self._call(node)
            elif isinstance(node, ast.Name):
                yield from self._rename(node)
            elif isinstance(node, ast.Subscript | ast.Slice):
                yield from self._index(node)
            if isinstance(node, ast.If | ast.While | ast.Assert | ast.IfExp):
                yield from self._negate(node.test, "negate", 2)
            elif isinstance(node, ast.comprehension):
                for cond in node.ifs:
                    yield from self._negate(cond, "negate", 2)
            elif isinstance(node, ast.Return) and node.value is not None:
                if isinstance(node.value, ast.Compare | ast.BoolOp | ast.Call):
                    yield from self._negate(node.value, "negate", 3)
                yield from self._shift(node.value)
            if isinstance(node, ast.stmt):
                yield from self._statement(node)

    def _binop(self, node: ast.BinOp) -> Iterator[Proposal]:
        op_text = _BINOP_TEXT.get(type(node.op))
        if op_text is None:
            return
        if (
            isinstance(node.op, ast.Add | ast.Sub)
            and isinstance(node.right, ast.Constant)
            and type(node.right.value) is int
            and self.on_line(node)
            and self.on_line(node.left)
        ):
            # `x - 1` that should be `x`: dropping the offset reads better than `x - 0`.
            start, end = self.span(node)
            yield Proposal(((start, end, self.source_of(node.left)),), "off_by_one", 1)
        where = self._gap_match(node.left, node.right, re.compile(re.escape(op_text.encode())))
        if where is not None:
            for new, size in _BINOP_SWAPS.get(type(node.op), ()):
                yield Proposal(((where[0], where[1], new),), "binop", size)
        if isinstance(node.op, _NON_COMMUTATIVE) and self.on_line(node.left) and self.on_line(node.right):
            yield self._swap(node.left, node.right, "swap_operands", 3)

    def _augassign(self, node: ast.AugAssign) -> Iterator[Proposal]:
        op_text = _BINOP_TEXT.get(type(node.op))
        if op_text is None:
            return
        where = self._gap_match(node.target, node.value, re.compile(re.escape(op_text.encode()) + rb"="))
        if where is None:
            return
        for new, size in _BINOP_SWAPS.get(type(node.op), ()):
            yield Proposal(((where[0], where[1], new + "="),), "binop", size)
        # `x += e` that should have been `x = e`
        yield Proposal(((where[0], where[1], "="),), "binop", 3)

    def _compare(self, node: ast.Compare) -> Iterator[Proposal]:
        operands = [node.left, *node.comparators]
        for i, op in enumerate(node.ops):
            where = self._gap_match(operands[i], operands[i + 1], _CMP_PATTERN[type(op)])
            if where is None:
                continue
            for new, size in _CMP_SWAPS[type(op)]:
                yield Proposal(((where[0], where[1], new),), "compare", size)
        if len(node.ops) == 1 and self.on_line(node.left) and self.on_line(node.comparators[0]):
            yield self._swap(node.left, node.comparators[0], "swap_operands", 3)

    def _boolop(self, node: ast.BoolOp) -> Iterator[Proposal]:
        pattern = _BOOL_PATTERN[type(node.op)]
        new = _BOOL_SWAP[type(node.op)]
        spans: list[Span] = []
        for left, right in itertools.pairwise(node.values):
            where = self._gap_match(left, right, pattern)
            if where is not None:
                spans.append((where[0], where[1], new))
                yield Proposal(((where[0], where[1], new),), "boolop", 2)
        if len(spans) > 1:
            yield Proposal(tuple(spans), "boolop", 2)
        for value in node.values:
            yield from self._negate(value, "negate", 3)

    def _unary(self, node: ast.UnaryOp) -> Iterator[Proposal]:
        if not self.on_line(node) or not self.on_line(node.operand):
            return
        start, end = self.span(node)
        if isinstance(node.op, ast.Not):
            yield Proposal(((start, end, self.operand(node.operand)),), "negate", 2)
        elif isinstance(node.op, ast.USub):
            yield Proposal(((start, end, self.operand(node.operand)),), "constant", 3)

    def _negate(self, test: ast.expr, template: str, size: int) -> Iterator[Proposal]:
        if not self.on_line(test) or (isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)):
            return
        start, end = self.span(test)
        text = self.source_of(test)
        wrapped = f"not {text}" if isinstance(test, _NOT_WITHOUT_PARENS) else f"not ({text})"
        yield Proposal(((start, end, wrapped),), template, size)

    def _constant(self, node: ast.Constant) -> Iterator[Proposal]:
        if not self.on_line(node):
            return
        start, end = self.span(node)
        value = node.value
        if isinstance(value, bool):
            yield Proposal(((start, end, str(not value)),), "constant", 1)
        elif isinstance(value, int):
            for new in (value + 1, value - 1):
                yield Proposal(((start, end, str(new)),), "off_by_one", 1)
            if abs(value) >= 2:  # a digit too many or too few: 10 for 100
                for new in (value * 10, value // 10):
                    yield Proposal(((start, end, str(new)),), "constant", 3)

    def _call(self, node: ast.Call) -> Iterator[Proposal]:
        func = node.func
        if isinstance(func, ast.Name) and self.on_line(func):
            start, end = self.span(func)
            for other in _PAIRED_FUNCTIONS.get(func.id, ()):
                yield Proposal(((start, end, other),), "paired_builtin", 2)
            if func.id == "range":
                for arg in node.args:
                    yield from self._bound(arg)
        elif isinstance(func, ast.Attribute) and getattr(func, "end_lineno", None) == self.line:
            end = self.span(func)[1]
            start = end - len(func.attr.encode("utf-8"))
            if self.data[start:end] == func.attr.encode("utf-8"):
                for other in _PAIRED_METHODS.get(func.attr, ()):
                    yield Proposal(((start, end, other),), "paired_builtin", 2)
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name in ("sorted", "sort"):
            yield from self._reverse_keyword(node)
        positional = [a for a in node.args if not isinstance(a, ast.Starred)]
        if len(positional) == len(node.args) >= 2:
            for left, right in itertools.pairwise(positional):
                if self.on_line(left) and self.on_line(right):
                    yield self._swap(left, right, "swap_args", 3, bare=True)

    def _reverse_keyword(self, node: ast.Call) -> Iterator[Proposal]:
        for keyword in node.keywords:
            if keyword.arg == "reverse":
                if isinstance(keyword.value, ast.Constant) or not self.on_line(keyword.value):
                    return  # a constant is flipped by the constant template
                start, end = self.span(keyword.value)
                yield Proposal(((start, end, f"not {self.operand(keyword.value)}"),), "paired_builtin", 2)
                return
        if not self.on_line(node) or any(k.arg is None for k in node.keywords):
            return
        close = self.span(node)[1] - 1
        if self.data[close : close + 1] != b")":
            return
        before = self.data[:close].rstrip()
        separator = "" if before.endswith((b"(", b",")) else ", "
        yield Proposal(((close, close, f"{separator}reverse=True"),), "paired_builtin", 2)

    def _index(self, node: ast.Subscript | ast.Slice) -> Iterator[Proposal]:
        if isinstance(node, ast.Subscript):
            if not isinstance(node.slice, ast.Slice | ast.Tuple):
                yield from self._bound(node.slice)
        else:
            for bound in (node.lower, node.upper):
                if bound is not None:
                    yield from self._bound(bound)

    def _bound(self, expr: ast.expr) -> Iterator[Proposal]:
        """An index, slice bound or range() argument: drop its offset or shift it by one."""
        if not self.on_line(expr) or isinstance(expr, ast.Constant | ast.Starred):
            return
        start, end = self.span(expr)
        if (
            isinstance(expr, ast.BinOp)
            and isinstance(expr.op, ast.Add | ast.Sub)
            and isinstance(expr.right, ast.Constant)
            and self.on_line(expr.left)
        ):
            yield Proposal(((start, end, self.source_of(expr.left)),), "off_by_one", 1)
        text = self.source_of(expr)
        tight = isinstance(expr, ast.BinOp) and isinstance(expr.op, _ARITHMETIC)
        base = text if tight or isinstance(expr, _ATOMIC) else f"({text})"
        for delta in ("+ 1", "- 1"):
            yield Proposal(((start, end, f"{base} {delta}"),), "off_by_one", 2)

    def _shift(self, value: ast.expr) -> Iterator[Proposal]:
        """A returned number one off: `return e` -> `return e + 1` / `e - 1`."""
        if not self.on_line(value) or not isinstance(value, ast.Name | ast.Attribute | ast.Call | ast.BinOp):
            return
        if isinstance(value, ast.BinOp) and not isinstance(value.op, _ARITHMETIC):
            return
        start, end = self.span(value)
        for delta in ("+ 1", "- 1"):
            yield Proposal(((start, end, f"{self.source_of(value)} {delta}"),), "off_by_one", 3)

    def _swap(
        self, left: ast.expr, right: ast.expr, template: str, size: int, bare: bool = False
    ) -> Proposal:
        """Exchange two operands (parenthesised unless atomic) or, `bare`, two call arguments."""
        (ls, le), (rs, re_) = self.span(left), self.span(right)
        show = self.source_of if bare else self.operand
        return Proposal(((ls, le, show(right)), (rs, re_, show(left))), template, size)

    # -- names

    def _rename(self, node: ast.Name) -> Iterator[Proposal]:
        if not isinstance(node.ctx, ast.Load) or not self.on_line(node) or node.id in _SKIP_NAMES:
            return
        parent = self.parents.get(node)
        called = isinstance(parent, ast.Call) and parent.func is node
        local, module_vars, module_funcs = self.scope_names()
        if called:
            if node.id not in module_funcs:
                return
            pool = [(n, 4) for n in module_funcs]
        else:
            if node.id not in local and node.id not in module_vars:
                return
            pool = [(n, 3) for n in self.nearest(node, local)] + [(n, 4) for n in module_vars]
        start, end = self.span(node)
        count = 0
        for name, size in pool:
            if name == node.id or name in _SKIP_NAMES:
                continue
            yield Proposal(((start, end, name),), "rename", size)
            count += 1
            if count >= _MAX_RENAMES:
                return

    def nearest(self, node: ast.Name, names: list[str]) -> list[str]:
        """`names` in the order a slip is likeliest: in an index, the function's other index
        names first; then by how close to the line the name is used or bound."""
        function = self.function
        if function is None:
            return names
        usage: dict[str, list[int]] = {}
        index_names: set[str] = set()
        for other in ast.walk(function):
            if isinstance(other, ast.Name):
                usage.setdefault(other.id, []).append(other.lineno)
                if self._is_index(other):
                    index_names.add(other.id)
        for arg in ast.walk(function.args):
            if isinstance(arg, ast.arg):
                usage.setdefault(arg.arg, []).append(arg.lineno)
        as_index = self._is_index(node)

        def key(name: str) -> tuple[int, int]:
            role = 1 if as_index and name not in index_names else 0
            return role, min((abs(n - self.line) for n in usage.get(name, [])), default=10**6)

        return sorted(names, key=key)

    def _is_index(self, node: ast.AST) -> bool:
        child = node
        parent = self.parents.get(child)
        while parent is not None and not isinstance(parent, ast.stmt):
            if isinstance(parent, ast.Subscript) and parent.slice is child:
                return True
            child, parent = parent, self.parents.get(parent)
        return False

    def scope_names(self) -> tuple[list[str], list[str], list[str]]:
        local: list[str] = []
        if self.function is not None:
            args = self.function.args
            every = [*args.posonlyargs, *args.args, *args.kwonlyargs]
            every += [a for a in (args.vararg, args.kwarg) if a is not None]
            local += [a.arg for a in every]
            local += _stored_names(self.function.body)
        module_vars: list[str] = []
        module_funcs: list[str] = []
        for stmt in self.tree.body:
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                module_funcs.append(stmt.name)
            elif isinstance(stmt, ast.Assign | ast.AnnAssign | ast.AugAssign):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                module_vars += [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
        return _unique(local), _unique(module_vars), _unique(module_funcs)

    # -- statements

    def _statement(self, node: ast.stmt) -> Iterator[Proposal]:
        if node.lineno != self.line:
            return
        if (
            isinstance(node, ast.Expr)
            and not isinstance(node.value, ast.Constant | ast.Yield | ast.YieldFrom)
            and self.function is not None
        ):
            # A value computed and dropped; most likely at the function's very end.
            start = self.span(node)[0]
            size = 1 if self.function.body[-1] is node else 2
            yield Proposal(((start, start, "return "),), "missing_return", size)
        if isinstance(node, ast.Return) and node.value is None and self.function is not None:
            start, end = self.span(node)
            for name in self.result_names()[:_MAX_RETURN_VARS]:
                yield Proposal(((start, end, f"return {name}"),), "missing_return", 2)
        if (
            (
                isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign)
                or (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call | ast.Await))
            )
            and self.on_line(node)
            and _only_comment(self.data[self.span(node)[1] :])
            and not self.data[: self.span(node)[0]].strip()
        ):
            start, end = self.span(node)
            early = self._resets_in_a_loop(node) or self._made_twice(node)
            yield Proposal(((start, end, "pass"),), "delete", 3 if early else 5)
        if isinstance(node, ast.Return) and self.on_line(node) and self._ends_loop_body(node):
            # a loop whose body always returns never reaches its second element
            start, end = self.span(node)
            yield Proposal(((start, end, "pass"),), "delete", 3)
        if isinstance(node, ast.Break | ast.Continue) and self.on_line(node):
            # a stray `break` ends the loop at its first match (Kali's statement removal)
            start, end = self.span(node)
            yield Proposal(((start, end, "pass"),), "delete", 4)

    def _ends_loop_body(self, node: ast.stmt) -> bool:
        """The last statement of a loop's own body (no branch around it), in a function
        that goes on after the loop."""
        loop = self.parents.get(node)
        if not isinstance(loop, ast.For | ast.While) or loop.body[-1] is not node:
            return False
        function = self.function
        return function is not None and any(
            s.lineno > (loop.end_lineno or loop.lineno) for s in ast.walk(function) if isinstance(s, ast.stmt)
        )

    def _made_twice(self, node: ast.stmt) -> bool:
        """`balance += amount` written again elsewhere in the function: an update copied
        into a branch that must not make it (the copy is the likelier extra)."""
        function = self.function
        if function is None or not isinstance(node, ast.AugAssign | ast.Expr):
            return False
        shape = ast.dump(node)
        return any(
            other is not node and isinstance(other, ast.stmt) and ast.dump(other) == shape
            for other in ast.walk(function)
        )

    def _resets_in_a_loop(self, node: ast.stmt) -> bool:
        """`count = 0` or `totals[k] = []` inside a loop: a reset that may come too early."""
        value = getattr(node, "value", None)
        constant = isinstance(value, ast.Constant) or (
            isinstance(value, ast.List | ast.Dict)
            and not getattr(value, "elts", getattr(value, "keys", None))
        )
        parent = self.parents.get(node)
        while parent is not None and not isinstance(parent, _FunctionNode):
            if isinstance(parent, ast.For | ast.While):
                return constant and isinstance(node, ast.Assign)
            parent = self.parents.get(parent)
        return False

    def result_names(self) -> list[str]:
        """Names a function likely meant to return: the locals it assigns, most recently
        assigned first, then its parameters, then its loop variables."""
        if self.function is None:
            return []
        assigned = list(reversed(_stored_names(self.function.body, ordered_by_last=True)))
        loop_targets = {
            n.id
            for node in ast.walk(self.function)
            if isinstance(node, ast.For | ast.AsyncFor | ast.comprehension)
            for n in ast.walk(node.target)
            if isinstance(n, ast.Name)
        }
        args = self.function.args
        params = [a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]]
        ordered = (
            [n for n in assigned if n not in loop_targets]
            + params
            + [n for n in assigned if n in loop_targets]
        )
        return [n for n in _unique(ordered) if n not in _SKIP_NAMES]

    def _guards(self, function: _FunctionNode, lines: Sequence[str]) -> Iterator[Edit]:
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
        params = [
            a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs] if a.arg not in _SKIP_NAMES
        ]
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
            and self._recurses(s, function.name)
        ]
        yield from self._local_guards(body, anchors[1:], params, lines, function.name)
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
        chosen += [
            f"if {step} == {goal}: return [{step}]" for step in _path_steps(function) for goal in carried
        ]
        # a parameter the recursion moves stops where it meets another one: a search at
        # its goal (`if start == goal: return 1`), a range that closed (`if lo >= hi: return
        # lo`); after the likeliest generic guards, before the rest
        meeting = _meeting_guards(function, params, carried)[:_MAX_MEETING_GUARDS]
        ends = _index_end_guards(function, params) + _far_corner_guards(function, params)
        chosen[_FIRST_GUARDS:_FIRST_GUARDS] = ends + meeting + self._leaf_field_guards(function, params)
        chosen = guards.with_float_zero(chosen)
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

    def _leaf_field_guards(self, function: _FunctionNode, params: Sequence[str]) -> list[str]:
        """A recursion over records that reads fields of a parameter (`block["blocks"]`)
        stops at a leaf that holds a field the code never reads, one the docstring names or
        the tests' records hold: `if "minutes" in block: return block["minutes"]`."""
        named, held = ingredients.unread_keys(self)
        records = _read_by_key(function, params)
        return [
            f'if "{key}" in {record}: return {record}["{key}"]'
            for record in records
            for key in [*named, *held][:_MAX_LEAF_FIELDS]
        ]

    @classmethod
    def _local_guards(
        cls,
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
            walked = {
                n.id for n in ast.walk(anchor) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
            }
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

    @staticmethod
    def _recurses(node: ast.AST, name: str) -> bool:
        return any(
            isinstance(n, ast.Call)
            and (
                (isinstance(n.func, ast.Name) and n.func.id == name)
                or (isinstance(n.func, ast.Attribute) and n.func.attr == name)
            )
            for n in ast.walk(node)
        )

    def _in_body_statement(self, function: _FunctionNode) -> bool:
        """Whether the line holds code of the function's body (not its header or docstring)."""
        statements = [
            node
            for node in self.nodes()
            if isinstance(node, ast.stmt) and node is not function and node.lineno > function.lineno
        ]
        if not statements:
            return False
        innermost = max(reversed(statements), key=lambda node: node.lineno)  # the deepest on ties
        return not (isinstance(innermost, ast.Expr) and isinstance(innermost.value, ast.Constant))

    def insertions(self, lines: Sequence[str]) -> Iterator[Edit]:
        """`return <name>` after the last statement of a function that ends without one;
        a base case before the first statement of a recursive function."""
        function = self.function
        if function is None or not self._in_body_statement(function):
            return
        yield from self._guards(function, lines)
        last = function.body[-1]
        if isinstance(last, ast.Return | ast.Raise) or last.end_lineno is None:
            return
        if isinstance(last, ast.Expr) and isinstance(last.value, ast.Constant):
            if last is not function.body[0] and last.lineno == last.end_lineno:
                # a value left standing (`"positive"`): compiled away, so no test ever
                # covers its line; it is proposed from any ranked line of the function
                text = lines[last.lineno - 1].rstrip("\r\n")
                start = last.col_offset
                new = f"{text[:start]}return {text[start:]}"
                yield Edit(last.lineno, text, new, "missing_return", 2)
            return  # a docstring, or done
        end_text = lines[last.end_lineno - 1].rstrip("\r\n")
        first_text = lines[last.lineno - 1]
        indent = first_text[: len(first_text) - len(first_text.lstrip())]
        if not end_text.strip() or end_text.rstrip().endswith("\\"):
            return
        for name in self.result_names()[:_MAX_RETURN_VARS]:
            yield Edit(last.end_lineno, end_text, f"{end_text}\n{indent}return {name}", "missing_return", 2)


def _leaf_paths(statement: ast.stmt, name: str, source: str) -> str | None:
    """`[[title]]` for `return [[title] + rest for child in children for rest in f(child)]`
    (f being `name`): the comprehension's element with the recursion's part left empty."""
    if not isinstance(statement, ast.Return) or not isinstance(statement.value, ast.ListComp):
        return None
    comprehension = statement.value
    recursive = [
        g.target.id
        for g in comprehension.generators
        if isinstance(g.target, ast.Name) and LineContext._recurses(g.iter, name)
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


def _recursed_into_items(function: _FunctionNode) -> set[str]:
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


def _shrink_conditions(function: _FunctionNode, params: Sequence[str]) -> dict[str, list[str]]:
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


def _index_end_guards(function: _FunctionNode, params: Sequence[str]) -> list[str]:
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


def _path_steps(function: _FunctionNode) -> list[str]:
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


def _stepped_up(function: _FunctionNode) -> set[str]:
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


def _far_corner_guards(function: _FunctionNode, params: Sequence[str]) -> list[str]:
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


def _carried_params(function: _FunctionNode, params: Sequence[str]) -> list[str]:
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


def _leaf_conditions(function: _FunctionNode) -> dict[str, list[str]]:
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


def _meeting_guards(function: _FunctionNode, params: Sequence[str], carried: Sequence[str]) -> list[str]:
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


def _returns_text(function: _FunctionNode) -> bool:
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


def _stored_names(body: Sequence[ast.stmt], ordered_by_last: bool = False) -> list[str]:
    """Names bound in `body` (assignments, loop targets, with-as), outside nested scopes."""
    found: list[tuple[int, int, str]] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, _NESTED_SCOPES):
                continue
            if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store):
                found.append((child.lineno, child.col_offset, child.id))
            visit(child)

    for stmt in body:
        visit(stmt)
    if ordered_by_last:
        last: dict[str, tuple[int, int]] = {}
        for lineno, col, name in found:
            last[name] = max(last.get(name, (0, 0)), (lineno, col))
        return [name for name, _ in sorted(last.items(), key=lambda item: item[1])]
    return _unique(name for _, _, name in sorted(found))


def _only_comment(rest: bytes) -> bool:
    rest = rest.strip().removeprefix(b";").strip()
    return not rest or rest.startswith(b"#")


def _unique(names: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(names))
