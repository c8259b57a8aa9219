"""What a repair rule reads of the ranked line: `LineContext`, the line's place in its
module's syntax tree (the nodes on it, the enclosing function, the names in scope), and
the small AST helpers the rule modules of this package share. No edits are made here."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator, Sequence

# Expressions that need no parentheses wherever an operand or argument may stand.
ATOMIC = (ast.Name, ast.Constant, ast.Attribute, ast.Subscript, ast.Call, ast.List, ast.Tuple, ast.Dict)


# Names no rule puts in or takes out of code; SKIP_VALUE_NAMES also the constants' names.
SKIP_NAMES = frozenset({"self", "cls", "_", "__name__", "__file__"})
SKIP_VALUE_NAMES = SKIP_NAMES | {"True", "False", "None"}
MAX_FILL_NAMES = 4  # names tried where a rule fills in a name of the scope
FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
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
    """The ranked line of `source` (1-based `line`, its `text`), parsed once, and what the
    rules ask of it. `data_fields` are the record fields the tests' data holds
    (oracles.data_fields)."""

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

    def on_line(self, node: ast.AST) -> bool:
        return getattr(node, "lineno", None) == self.line and getattr(node, "end_lineno", None) == self.line

    def span(self, node: ast.AST) -> tuple[int, int]:
        return int(getattr(node, "col_offset", 0)), int(getattr(node, "end_col_offset", 0))

    def source_of(self, node: ast.AST) -> str:
        start, end = self.span(node)
        return self.data[start:end].decode("utf-8", errors="replace")

    def operand(self, node: ast.AST) -> str:
        text = self.source_of(node)
        return text if isinstance(node, ATOMIC) else f"({text})"

    def _enclosing_function(self) -> FunctionNode | None:
        best: FunctionNode | None = None
        for node in ast.walk(self.tree):
            if (
                isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                and node.lineno <= self.line <= (node.end_lineno or node.lineno)
                and (best is None or node.lineno >= best.lineno)
            ):
                best = node
        return best

    def gap_match(self, left: ast.AST, right: ast.AST, pattern: re.Pattern[bytes]) -> tuple[int, int] | None:
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
            local += stored_names(self.function.body)
        module_vars: list[str] = []
        module_funcs: list[str] = []
        for stmt in self.tree.body:
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                module_funcs.append(stmt.name)
            elif isinstance(stmt, ast.Assign | ast.AnnAssign | ast.AugAssign):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                module_vars += [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
        return unique(local), unique(module_vars), unique(module_funcs)

    def result_names(self) -> list[str]:
        """Names a function likely meant to return: the locals it assigns, most recently
        assigned first, then its parameters, then its loop variables."""
        if self.function is None:
            return []
        assigned = list(reversed(stored_names(self.function.body, ordered_by_last=True)))
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
        return [n for n in unique(ordered) if n not in SKIP_NAMES]


def stored_names(body: Sequence[ast.stmt], ordered_by_last: bool = False) -> list[str]:
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
    return unique(name for _, _, name in sorted(found))


def unique(names: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(names))
