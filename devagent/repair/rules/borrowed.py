"""Fix ingredients borrowed from the rest of the module: the redundancy GenProg, ssFix and
SimFix exploit (the code a one-line fix needs often exists elsewhere in the same program).

Three families, each reading only the module's own code:
- borrowed_condition: a clause of another condition in the module, added to the line's
  condition (`T and C`, `C or T`, or with C negated);
- borrowed_statement: a simple statement from elsewhere in the module (a call, an
  assignment, `continue`/`break`), inserted next to the line;
- borrowed_guard: another function's opening `if C: return V`, as the first statement
  of the line's function (the base case a recursion or an early exit lacks).

Names adapt by role (SimFix's variable mapping): a name the line's function binds is kept;
a parameter maps to the parameter at the same position, a loop variable to the loop
variable of the line's innermost loop. An ingredient with a name that cannot be bound in
the line's scope is dropped. The families are general, so their candidates are sized to
come after the specific families' (a size is the catalogue's naturalness cost, catalogue.py).

Pure functions of a LineContext (context.py), no IO."""

from __future__ import annotations

import ast
import builtins
import io
import itertools
import tokenize
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from devagent.repair.rules.context import LineContext
from devagent.repair.rules.edit import Edit, Proposal
from devagent.repair.rules.ingredients import innermost_loop, made_empty, recursive_calls

_Function = ast.FunctionDef | ast.AsyncFunctionDef
_BUILTINS = frozenset(dir(builtins))
_MAX_CONDITIONS = 6  # clauses per condition, the closest first
_MAX_STATEMENTS = 6  # statements per line, the closest first
_MAX_GUARDS = 12  # borrowed base cases per function
_MAX_MAPPINGS = 3  # ways to bind one ingredient's names
CONDITION_SIZE = 4
STATEMENT_SIZE = 4
GUARD_SIZE = 4
# a recursion with no base case borrowing from a sibling recursion: the sibling walks the
# same kind of data and stops where this one must, so it ranks before the generic guards
SIBLING_GUARD_SIZE = 3
_NEGATED = {
    ast.Eq: "!=",
    ast.NotEq: "==",
    ast.Lt: ">=",
    ast.GtE: "<",
    ast.Gt: "<=",
    ast.LtE: ">",
    ast.In: "not in",
    ast.NotIn: "in",
    ast.Is: "is not",
    ast.IsNot: "is",
}


@dataclass(frozen=True)
class _Ingredient:
    node: ast.AST
    function: _Function | None  # where it was found (None: module level)


# --------------------------------------------------------------------------- names


def _functions(tree: ast.Module) -> list[_Function]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


def _params(function: _Function) -> list[str]:
    args = function.args
    return [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]


def _bound(function: _Function) -> set[str]:
    """Names the function binds: parameters, assignment and loop targets, with-as, imports."""
    names = set(_params(function))
    names.update(a.arg for a in (function.args.vararg, function.args.kwarg) if a is not None)
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def _module_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for statement in tree.body:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(statement.name)
        elif isinstance(statement, ast.Import | ast.ImportFrom):
            names.update((a.asname or a.name).split(".")[0] for a in statement.names)
        else:
            names.update(
                n.id for n in ast.walk(statement) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
            )
    return names


def _loop_variable(ctx: LineContext, node: ast.AST, function: _Function | None) -> str | None:
    """The plain-name target of the innermost `for` loop around `node`, inside `function`."""
    parent = ctx.parents.get(node)
    while parent is not None and parent is not function:
        if isinstance(parent, ast.For | ast.AsyncFor) and isinstance(parent.target, ast.Name):
            return parent.target.id
        parent = ctx.parents.get(parent)
    return None


def _element_names(ctx: LineContext, node: ast.AST) -> list[str]:
    """The names the innermost comprehension around `node` binds, in order."""
    parent = ctx.parents.get(node)
    while parent is not None and not isinstance(parent, ast.stmt):
        if isinstance(parent, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            return [n.id for g in parent.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)]
        parent = ctx.parents.get(parent)
    return []


def _line_loop_variable(function: _Function, line: int) -> str | None:
    """The plain-name target of the innermost `for` loop whose body holds the line."""
    loop = innermost_loop(function, line, (ast.For, ast.AsyncFor))
    if isinstance(loop, ast.For | ast.AsyncFor) and isinstance(loop.target, ast.Name):
        return loop.target.id
    return None


class _Adapter:
    """Maps an ingredient's names into the ranked line's scope (see the module docstring)."""

    def __init__(self, ctx: LineContext, target: ast.AST | None = None) -> None:
        function = ctx.function
        assert function is not None
        self.ctx = ctx
        self.local = _bound(function)
        self.module = _module_names(ctx.tree) | _BUILTINS
        self.params = _params(function)
        self.loop_variable = _line_loop_variable(function, ctx.line)
        self.kinds = _initial_kinds(function)
        self.elements: list[str] = []
        self._cache: dict[int, tuple[list[str], set[str], dict[str, str]]] = {}
        if target is not None:
            self.elements = _element_names(ctx, target)

    def _facts(self, function: _Function | None) -> tuple[list[str], set[str], dict[str, str]]:
        """A function's parameters, bound names and initial kinds, read once per function."""
        if function is None:
            return [], set(), {}
        key = id(function)
        if key not in self._cache:
            self._cache[key] = (_params(function), _bound(function), _initial_kinds(function))
        return self._cache[key]

    def mappings(self, ingredient: _Ingredient) -> list[dict[str, str]]:
        """Each way (old -> new for the names that must change) to bind the ingredient's
        names in the line's scope, at most _MAX_MAPPINGS; none when some name cannot be."""
        source = ingredient.function
        source_params, source_local, source_kinds = self._facts(source)
        loop_variable = _loop_variable(self.ctx, ingredient.node, source)
        choices: dict[str, list[str]] = {}
        for node in ast.walk(ingredient.node):
            if not isinstance(node, ast.Name) or node.id in choices:
                continue
            name = node.id
            if name in self.local or (name in self.module and name not in source_local):
                continue
            options: list[str] = []
            if name in source_params:
                position = source_params.index(name)
                if position < len(self.params):
                    options.append(self.params[position])
            elif name == loop_variable and self.loop_variable is not None:
                options.append(self.loop_variable)
            elif name in (source_elements := _element_names(self.ctx, ingredient.node)) and self.elements:
                # `p` of `[p for p in posts if ...]` -> the line's own comprehension variable
                position = source_elements.index(name)
                options.append(self.elements[min(position, len(self.elements) - 1)])
            elif name in source_kinds:
                # a local made the same way (`done = set()` -> `seen = set()`)
                options += [n for n, kind in self.kinds.items() if kind == source_kinds[name]]
            if not options:
                return []
            choices[name] = options
        names = list(choices)
        combos = itertools.islice(itertools.product(*(choices[n] for n in names)), _MAX_MAPPINGS)
        return [dict(zip(names, combo, strict=True)) for combo in combos]

    def adapted(self, ingredient: _Ingredient) -> list[tuple[str, int]]:
        """The ingredient's texts in the line's scope, each with how many names it renamed."""
        found: list[tuple[str, int]] = []
        for renames in self.mappings(ingredient):
            node = _Renamer(renames).visit(_copy(ingredient.node)) if renames else ingredient.node
            found.append((ast.unparse(node), len(renames)))
        return found


def _initial_kinds(function: _Function) -> dict[str, str]:
    """Locals assigned an empty container or a literal: name -> what made it (`set()`,
    `[]`, an int ...), for names assigned exactly once."""
    counts: dict[str, int] = {}
    kinds: dict[str, str] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            counts[name] = counts.get(name, 0) + 1
            value = node.value
            if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and not value.args:
                kinds[name] = f"{value.func.id}()"
            elif (
                isinstance(value, ast.List | ast.Dict | ast.Set | ast.Tuple) and not ast.unparse(value)[1:-1]
            ):
                kinds[name] = ast.unparse(value)
            elif isinstance(value, ast.Constant):
                kinds[name] = type(value.value).__name__
    return {n: k for n, k in kinds.items() if counts[n] == 1}


class _Renamer(ast.NodeTransformer):
    def __init__(self, renames: dict[str, str]) -> None:
        self.renames = renames

    def visit_Name(self, node: ast.Name) -> ast.Name:
        return ast.Name(id=self.renames.get(node.id, node.id), ctx=node.ctx)


def _copy(node: ast.AST) -> ast.AST:
    return (
        ast.parse(ast.unparse(node)).body[0]
        if isinstance(node, ast.stmt)
        else ast.parse(ast.unparse(node), mode="eval").body
    )


def _closeness(
    ctx: LineContext, ingredient: _Ingredient, text: str, renamed: int, near: set[str]
) -> tuple[int, ...]:
    """Likelier ingredients first: from the line's own function, sharing more names with
    what is around the line, with fewer names renamed, found nearer the line."""
    names = {n.id for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Name)}
    same_function = 0 if ingredient.function is ctx.function else 1
    distance = abs(getattr(ingredient.node, "lineno", ctx.line) - ctx.line)
    return same_function, -len(names & near), renamed, distance


def _names_near(ctx: LineContext, nodes: Sequence[ast.AST]) -> set[str]:
    return {n.id for node in nodes for n in ast.walk(node) if isinstance(n, ast.Name)}


# --------------------------------------------------------------------------- conditions


def _clauses(node: ast.expr) -> Iterator[ast.expr]:
    if isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from _clauses(value)
    elif not isinstance(node, ast.Constant):
        yield node


def _condition_ingredients(tree: ast.Module) -> Iterator[_Ingredient]:
    """Every clause of every condition in the module, with the function it lies in."""
    for function in [None, *_functions(tree)]:
        scope = tree if function is None else function
        for node in _own_nodes(scope):
            tests: list[ast.expr] = []
            if isinstance(node, ast.If | ast.While | ast.IfExp | ast.Assert):
                tests.append(node.test)
            elif isinstance(node, ast.comprehension):
                tests += node.ifs
            elif isinstance(node, ast.Return | ast.Assign) and isinstance(
                node.value, ast.Compare | ast.BoolOp
            ):
                tests.append(node.value)
            for test in tests:
                for clause in _clauses(test):
                    yield _Ingredient(clause, function)


def _own_nodes(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a module or function outside the functions nested in it."""
    for child in ast.iter_child_nodes(scope):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            if isinstance(child, ast.ClassDef):
                yield from _own_nodes(child)
            continue
        yield child
        yield from _own_nodes(child)


def negated(clause: str) -> str:
    """`a < b` -> `a >= b`, `not x` -> `x`, anything else -> `not (x)`."""
    node = ast.parse(clause, mode="eval").body
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _NEGATED:
        op = _NEGATED[type(node.ops[0])]
        return f"{ast.unparse(node.left)} {op} {ast.unparse(node.comparators[0])}"
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return ast.unparse(node.operand)
    if isinstance(node, ast.Name | ast.Attribute | ast.Subscript | ast.Call):
        return f"not {clause}"
    return f"not ({clause})"


def conditions(ctx: LineContext, test: ast.expr) -> Iterator[Proposal]:
    """The line's condition `T` with a clause from another condition of the module:
    `T and C`, `C or T`, `T and not C`, `not C or T` (the closest clauses first).
    Example: `if age >= 18:` -> `if age >= 18 and member:`."""
    if ctx.function is None or not ctx.on_line(test) or isinstance(test, ast.Constant):
        return
    adapter = _Adapter(ctx, test)
    present = {ast.dump(c) for c in _clauses(test)}
    near = _names_near(ctx, [test])
    scored: dict[str, tuple[int, ...]] = {}
    for ingredient in _condition_ingredients(ctx.tree):
        if ingredient.node is test or (ctx.on_line(ingredient.node) and ingredient.function is ctx.function):
            continue
        for text, renamed in adapter.adapted(ingredient):
            if ast.dump(ast.parse(text, mode="eval").body) in present:
                continue
            key = _closeness(ctx, ingredient, text, renamed, near)
            if key[1] == 0:  # a clause sharing no name with the condition is noise
                continue
            scored[text] = min(scored.get(text, key), key)
    start, end = ctx.span(test)
    body = ctx.source_of(test)
    parenthesised = (
        f"({body})" if isinstance(test, ast.BoolOp | ast.IfExp | ast.Lambda | ast.NamedExpr) else body
    )
    for clause in sorted(scored, key=lambda c: scored[c])[:_MAX_CONDITIONS]:
        opposite = negated(clause)
        for new in (
            f"{parenthesised} and {clause}",
            f"{clause} or {parenthesised}",
            f"{parenthesised} and {opposite}",
            f"{opposite} or {parenthesised}",
        ):
            yield Proposal(((start, end, new),), "borrowed_condition", CONDITION_SIZE)


# --------------------------------------------------------------------------- statements


def _is_simple(statement: ast.stmt) -> bool:
    if isinstance(statement, ast.Continue | ast.Break):
        return True
    if isinstance(statement, ast.Expr):
        return isinstance(statement.value, ast.Call)
    if isinstance(statement, ast.AugAssign):
        return True
    if isinstance(statement, ast.Assign):
        return len(statement.targets) == 1 and isinstance(
            statement.targets[0], ast.Name | ast.Subscript | ast.Attribute
        )
    return False


def _statement_ingredients(tree: ast.Module) -> Iterator[_Ingredient]:
    for function in _functions(tree):
        for node in _own_nodes(function):
            if isinstance(node, ast.stmt) and _is_simple(node) and node.lineno == node.end_lineno:
                yield _Ingredient(node, function)


def _indent(text: str) -> str:
    return text[: len(text) - len(text.lstrip())]


def statements(ctx: LineContext, statement: ast.stmt, lines: Sequence[str]) -> Iterator[Edit]:
    """A simple statement from elsewhere in the module, adapted, just before or after the
    line's statement (or opening the body the line's header starts).
    Example: `total += price` -> `total += price | count += 1`."""
    function = ctx.function
    if function is None:
        return
    adapter = _Adapter(ctx)
    block = _block_of(ctx, statement)
    present = {ast.dump(s) for s in block}
    near = _names_near(ctx, block or [statement])
    loops = _inside_loop(ctx, statement, function)
    scored: dict[str, tuple[int, ...]] = {}
    for ingredient in _statement_ingredients(ctx.tree):
        node = ingredient.node
        if node is statement or (isinstance(node, ast.Continue | ast.Break) and not loops):
            continue
        for text, renamed in adapter.adapted(ingredient):
            if ast.dump(ast.parse(text).body[0]) in present:
                continue
            if loops and _empties_result(text, function):
                continue
            key = _closeness(ctx, ingredient, text, renamed, near)
            if key[1] == 0 and not isinstance(node, ast.Continue | ast.Break):
                continue
            scored[text] = min(scored.get(text, key), key)
    chosen = sorted(scored, key=lambda t: scored[t])[:_MAX_STATEMENTS]
    text = lines[ctx.line - 1].rstrip("\r\n")
    body = getattr(statement, "body", None)
    if isinstance(body, list) and body and body[0].lineno > ctx.line:
        if not text.split("#", 1)[0].rstrip().endswith(":"):
            return
        inner = _indent(lines[body[0].lineno - 1])
        for new in chosen:
            yield Edit(ctx.line, text, f"{text}\n{inner}{new}", "borrowed_statement", STATEMENT_SIZE)
        return
    if statement.end_lineno != ctx.line or statement.lineno != ctx.line:
        return
    indent = _indent(text)
    for new in chosen:
        if not _has_comment(text):  # a line's trailing comment stays last
            yield Edit(ctx.line, text, f"{text}\n{indent}{new}", "borrowed_statement", STATEMENT_SIZE)
        yield Edit(ctx.line, text, f"{indent}{new}\n{text}", "borrowed_statement", STATEMENT_SIZE)


def _empties_result(text: str, function: _Function) -> bool:
    """`gaps = []` for a `gaps` the function returns: inside a loop, only the last round's
    items would survive (Tan et al.'s anti-patterns of plausible but wrong repairs)."""
    new = ast.parse(text).body[0]
    if not (
        isinstance(new, ast.Assign)
        and len(new.targets) == 1
        and isinstance(new.targets[0], ast.Name)
        and (
            made_empty(new.value)
            or (isinstance(new.value, ast.Constant) and new.value.value in (0, "", None))
        )
    ):
        return False
    name = new.targets[0].id
    return any(
        isinstance(node, ast.Return)
        and node.value is not None
        and any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node.value))
        for node in ast.walk(function)
    )


def _has_comment(text: str) -> bool:
    try:
        return any(
            t.type == tokenize.COMMENT for t in tokenize.generate_tokens(io.StringIO(text.strip()).readline)
        )
    except (tokenize.TokenError, SyntaxError):
        return "#" in text


def _block_of(ctx: LineContext, statement: ast.stmt) -> list[ast.stmt]:
    parent = ctx.parents.get(statement)
    for field in ("body", "orelse", "finalbody"):
        block = getattr(parent, field, None)
        if isinstance(block, list) and statement in block:
            return block
    return []


def _inside_loop(ctx: LineContext, statement: ast.stmt, function: _Function) -> bool:
    parent: ast.AST | None = statement
    while parent is not None and parent is not function:
        if isinstance(parent, ast.For | ast.AsyncFor | ast.While):
            return True
        parent = ctx.parents.get(parent)
    return False


# --------------------------------------------------------------------------- guards


def _opening_guard(function: _Function) -> ast.If | None:
    """The function's first statement (after its docstring) when it is `if C: return V`."""
    body = function.body
    first = body[1] if len(body) > 1 and _is_docstring(body[0]) else body[0]
    if (
        isinstance(first, ast.If)
        and not first.orelse
        and len(first.body) == 1
        and isinstance(first.body[0], ast.Return)
        and first.body[0].value is not None
    ):
        return first
    return None


def _looked_up(test: str) -> list[str]:
    """What a membership check guards: `k in m` -> `m[k]` and its size."""
    node = ast.parse(test, mode="eval").body
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.In):
        lookup = f"{ast.unparse(node.comparators[0])}[{ast.unparse(node.left)}]"
        return [lookup, f"len({lookup})"]
    return []


def _is_docstring(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)


def guards(ctx: LineContext, lines: Sequence[str]) -> Iterator[Edit]:
    """Another function's opening `if C: return V`, adapted, before the first statement of
    the line's function when that function has no opening guard of its own; V may also be
    the function's first parameter or an empty list.
    Example: `return depth(node.left) + 1` -> `if node is None: return 0 | return depth(node.left) + 1`."""
    function = ctx.function
    if function is None or _opening_guard(function) is not None:
        return
    body = function.body
    first = body[1] if len(body) > 1 and _is_docstring(body[0]) else body[0]
    if first.lineno == function.lineno or ctx.line < first.lineno:
        return
    adapter = _Adapter(ctx)
    params = _params(function)
    recursive = bool(recursive_calls(function))
    found: dict[str, int] = {}  # guard -> size, the smallest a sibling gives it
    for other in _functions(ctx.tree):
        guard = _opening_guard(other) if other is not function else None
        if guard is None:
            continue
        size = SIBLING_GUARD_SIZE if recursive and recursive_calls(other) else GUARD_SIZE
        returned = guard.body[0]
        assert isinstance(returned, ast.Return) and returned.value is not None
        values = [text for text, _ in adapter.adapted(_Ingredient(returned.value, other))]
        values += [*params[:1], "[]"]
        for test, _ in adapter.adapted(_Ingredient(guard.test, other)):
            for result in [*dict.fromkeys(values), *_looked_up(test)]:
                guard_text = f"if {test}: return {result}"
                found[guard_text] = min(size, found.get(guard_text, size))
    text = lines[first.lineno - 1].rstrip("\r\n")
    indent = _indent(text)
    for guard_text, size in list(found.items())[:_MAX_GUARDS]:
        yield Edit(first.lineno, text, f"{indent}{guard_text}\n{text}", "borrowed_guard", size)
