"""What a function's syntax tree holds, asked by the suspect-edit rules
(devagent/repair/suspect_edits.py): its calls and returns, its loops and the running values
they build, its base cases, its comparisons with lengths and floats. Pure AST, no IO."""

from __future__ import annotations

import ast
import copy
from collections.abc import Iterator

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_SKIP_PARAMETERS = frozenset({"self", "cls"})
_ORDERING = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def calls_by_callee(function: FunctionNode) -> dict[str, tuple[int, int]]:
    """Each callee's calls in the function: (with arguments, with none)."""
    found: dict[str, tuple[int, int]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Call):
            callee = ast.unparse(node.func)
            with_args, bare = found.get(callee, (0, 0))
            given = bool(node.args or node.keywords)
            found[callee] = (with_args + given, bare + (not given))
    return found


def functions_of(tree: ast.Module) -> dict[str, FunctionNode]:
    """Every function and method by its qualified name (`Class.method`, `outer.inner`)."""
    found: dict[str, FunctionNode] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                found[prefix + child.name] = child
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")

    visit(tree, "")
    return found


def float_constants(tree: ast.Module) -> frozenset[str]:
    """The module-level names set to a float literal (`RATE = 0.2`, `LOW = -1.5`)."""
    names: set[str] = set()
    for statement in tree.body:
        if isinstance(statement, ast.Assign | ast.AnnAssign) and _is_float_literal(statement.value):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return frozenset(names)


def _is_float_literal(node: ast.expr | None) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        node = node.operand
    return isinstance(node, ast.Constant) and isinstance(node.value, float)


def unit_shifted_comparisons(function: FunctionNode) -> list[ast.Compare]:
    """Comparisons with a side that adds or takes 1 (`x - 1 > b`, `x > b + 1`)."""
    return [
        node
        for node in _own_nodes(function)
        if isinstance(node, ast.Compare)
        and any(
            isinstance(side, ast.BinOp)
            and isinstance(side.op, ast.Add | ast.Sub)
            and isinstance(side.right, ast.Constant)
            and side.right.value == 1
            and not isinstance(side.right.value, bool)
            for side in (node.left, *node.comparators)
        )
    ]


def mentions_float(node: ast.AST, floats: frozenset[str]) -> bool:
    return any(
        (isinstance(n, ast.Constant) and isinstance(n.value, float))
        or (isinstance(n, ast.Name) and n.id in floats)
        for n in ast.walk(node)
    )


def truth_tested_bounds(function: FunctionNode) -> list[tuple[ast.BoolOp, str]]:
    """`not x or ... x < y ...` and `x and ... x > y ...`: a name tested for truth in the
    same and/or as an ordering comparison of it."""
    found = []
    for node in _own_nodes(function):
        if not isinstance(node, ast.BoolOp):
            continue
        tested = {
            value.operand.id
            for value in node.values
            if isinstance(node.op, ast.Or)
            and isinstance(value, ast.UnaryOp)
            and isinstance(value.op, ast.Not)
            and isinstance(value.operand, ast.Name)
        } | {
            value.id for value in node.values if isinstance(node.op, ast.And) and isinstance(value, ast.Name)
        }
        for value in node.values:
            if isinstance(value, ast.Compare) and any(isinstance(op, _ORDERING) for op in value.ops):
                compared = {n.id for n in (value.left, *value.comparators) if isinstance(n, ast.Name)}
                found += [(node, name) for name in sorted(tested & compared)]
    return found


def decorator_name(decorator: ast.expr) -> str:
    """`@functools.lru_cache(maxsize=None)` -> "functools.lru_cache"; a property's setter
    (`@total.setter`) -> "property"."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    if isinstance(target, ast.Attribute) and target.attr in ("setter", "getter", "deleter"):
        return "property"
    return ast.unparse(target)


def body_shape(function: FunctionNode) -> str:
    """The function's body without its docstring, its parameters named by position."""
    body = function.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    names = {
        p: f"_arg{i}" for i, p in enumerate(a.arg for a in [*function.args.posonlyargs, *function.args.args])
    }

    class Renamed(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.Name:
            return ast.Name(id=names.get(node.id, node.id), ctx=node.ctx)

    return ast.dump(ast.Module(body=[Renamed().visit(copy.deepcopy(s)) for s in body], type_ignores=[]))


def _own_nodes(function: FunctionNode) -> Iterator[ast.AST]:
    """The function's nodes, without those of the functions and classes nested in it."""
    stack: list[ast.AST] = [*function.body]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(c for c in ast.iter_child_nodes(node) if not isinstance(c, _NESTED))


def self_calls(function: FunctionNode) -> list[ast.Call]:
    """The calls of the function to itself (`f(...)`, `self.f(...)`), also in lambdas and
    comprehensions."""
    name = function.name
    return [
        node
        for node in ast.walk(function)
        if node is not function
        and isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Name) and node.func.id == name)
            or (isinstance(node.func, ast.Attribute) and node.func.attr == name)
        )
    ]


def parameter_names(function: FunctionNode) -> list[str]:
    args = function.args
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    every += [a for a in (args.vararg, args.kwarg) if a is not None]
    return [a.arg for a in every if a.arg not in _SKIP_PARAMETERS and not a.arg.startswith("_")]


def read_names(function: FunctionNode) -> set[str]:
    return {
        node.id
        for node in ast.walk(function)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
    }


def returned_values(function: FunctionNode) -> list[ast.expr]:
    """The values the function's own `return` statements hand back (None for a bare one)."""
    return [
        node.value if node.value is not None else ast.Constant(None)
        for node in _own_nodes(function)
        if isinstance(node, ast.Return)
    ]


def is_constant(value: ast.expr) -> bool:
    """A literal: `True`, `-1`, `""`, `[]`, `{}`, `()`."""
    if isinstance(value, ast.Constant):
        return True
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub | ast.UAdd):
        return isinstance(value.operand, ast.Constant)
    if isinstance(value, ast.List | ast.Tuple | ast.Set):
        return not value.elts
    return isinstance(value, ast.Dict) and not value.keys


def accumulated_names(function: FunctionNode) -> dict[str, type[ast.operator]]:
    """Names a loop of the function changes by `x op= value`, with the operator."""
    found: dict[str, type[ast.operator]] = {}
    for loop in _own_nodes(function):
        if isinstance(loop, ast.For | ast.While | ast.AsyncFor):
            for node in ast.walk(loop):
                if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
                    found.setdefault(node.target.id, type(node.op))
    return found


def _loop_assignments(function: FunctionNode) -> Iterator[tuple[list[str], ast.expr | None]]:
    """Each assignment inside a loop of the function: the plain names it sets, and the
    value it reads (None for an augmented one, which always reads its target)."""
    for loop in _own_nodes(function):
        if not isinstance(loop, ast.For | ast.While | ast.AsyncFor):
            continue
        for node in ast.walk(loop):
            if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
                yield [node.target.id], None
            elif isinstance(node, ast.Assign):
                names = [
                    n.id
                    for t in node.targets
                    for n in ast.walk(t)
                    if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
                ]
                yield names, node.value


def built_on_itself(function: FunctionNode) -> set[str]:
    """Names a loop sets from their own value (`x += v`, `x = max(x, v)`, `a, b = b, a + b`)."""
    found: set[str] = set()
    for names, value in _loop_assignments(function):
        read = None if value is None else {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}
        found.update(n for n in names if read is None or n in read)
    return found


def loop_assigned(function: FunctionNode) -> set[str]:
    """Names any loop of the function assigns."""
    return {name for names, _value in _loop_assignments(function) for name in names}


def augmented_updates(function: FunctionNode) -> dict[str, list[tuple[type[ast.operator], str]]]:
    """Each target's augmented assignments in the function (`self.n += 1`): operator and
    value, in order."""
    found: dict[str, list[tuple[type[ast.operator], str]]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.AugAssign):
            found.setdefault(ast.unparse(node.target), []).append((type(node.op), ast.dump(node.value)))
    return found


def start_value(function: FunctionNode, name: str) -> object | None:
    """The constant `name` is first given (`total = 0`), or None."""
    for statement in function.body:
        if (
            isinstance(statement, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == name for t in statement.targets)
            and is_constant(statement.value)
        ):
            try:
                value: object = ast.literal_eval(statement.value)
            except ValueError:
                return None
            return value
    return None


def is_value_of(value: object, identities: tuple[object, ...]) -> bool:
    """`value` is one of `identities`, type included (`True` is not `1`)."""
    return any(type(value) is type(i) and value == i for i in identities)


def _early_return(statement: ast.stmt) -> bool:
    """`if C: return V` with nothing else: a base case or a guard."""
    return (
        isinstance(statement, ast.If)
        and not statement.orelse
        and len(statement.body) == 1
        and isinstance(statement.body[0], ast.Return)
    )


def base_case(statement: ast.stmt, name: str) -> bool:
    """`if C: return V` where V does not call the function `name` again (a step is no base)."""
    if not _early_return(statement):
        return False
    assert isinstance(statement, ast.If)
    return not any(
        isinstance(n, ast.Call)
        and (
            (isinstance(n.func, ast.Name) and n.func.id == name)
            or (isinstance(n.func, ast.Attribute) and n.func.attr == name)
        )
        for n in ast.walk(statement.body[0])
    )


def tested_names(statement: ast.stmt, function: FunctionNode) -> set[str]:
    """The names an `if` tests, and those the function computes them from (`code =
    clean(postcode)` makes a test of `code` one of `postcode` too)."""
    test = statement.test if isinstance(statement, ast.If) else statement
    names = {n.id for n in ast.walk(test) if isinstance(n, ast.Name)}
    sources: dict[str, set[str]] = {}
    for node in _own_nodes(function):
        if isinstance(node, ast.Assign):
            read = {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
            for target in node.targets:
                for bound in ast.walk(target):
                    if isinstance(bound, ast.Name):
                        sources.setdefault(bound.id, set()).update(read)
    frontier = set(names)
    while frontier:
        frontier = set().union(*(sources.get(n, set()) for n in frontier)) - names
        names |= frontier
    return names


def first_line(statement: ast.stmt) -> str:
    if isinstance(statement, ast.If):
        return f"if {ast.unparse(statement.test)}: {ast.unparse(statement.body[0])}"
    return ast.unparse(statement).splitlines()[0]


def past_length(function: FunctionNode) -> list[ast.expr]:
    """`range()` stops of the form `len(x) + e` (e not a negative number), and the
    comparisons `i <= len(x)` or `len(x) >= i`."""
    found: list[ast.expr] = []
    for node in _own_nodes(function):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range":
            if node.args:
                stop = node.args[0] if len(node.args) == 1 else node.args[1]
                if _length_plus(stop):
                    found.append(stop)
        elif isinstance(node, ast.Compare) and len(node.ops) == 1:
            left, right, op = node.left, node.comparators[0], node.ops[0]
            if (isinstance(op, ast.LtE) and _is_len(right)) or (isinstance(op, ast.GtE) and _is_len(left)):
                found.append(node)
    return found


_MIRRORED: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.Gt, ast.Gt: ast.Lt, ast.LtE: ast.GtE, ast.GtE: ast.LtE, ast.Eq: ast.Eq, ast.NotEq: ast.NotEq
}  # fmt: skip


def decided_comparisons(function: FunctionNode) -> list[tuple[str, bool]]:
    """Comparisons of a never-negative value with a number that fix their outcome: (the
    comparison's text, whether it is always true)."""
    lengths = _length_names(function)

    def never_negative(node: ast.expr) -> bool:
        if isinstance(node, ast.Name):
            return node.id in lengths
        return (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("len", "abs")
            and len(node.args) == 1
        )

    found: list[tuple[str, bool]] = []
    for node in _own_nodes(function):
        if not (isinstance(node, ast.Compare) and len(node.ops) == 1):
            continue
        left, right, op = node.left, node.comparators[0], type(node.ops[0])
        if not never_negative(left):
            left, right, op = right, left, _MIRRORED.get(op, op)
        number = _int_value(right)
        if not never_negative(left) or number is None:
            continue
        never = (op is ast.Lt and number <= 0) or (op in (ast.LtE, ast.Eq) and number < 0)
        always = (op is ast.GtE and number <= 0) or (op in (ast.Gt, ast.NotEq) and number < 0)
        if never or always:
            found.append((ast.unparse(node), always))
    return found


def _length_names(function: FunctionNode) -> set[str]:
    """Names every assignment in the function binds to `len(...)` or `abs(...)`."""
    bound: dict[str, bool] = {}
    for node in _own_nodes(function):
        targets: list[ast.expr] = []
        value: ast.expr | None = None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign | ast.AugAssign | ast.NamedExpr):
            targets, value = [node.target], node.value if not isinstance(node, ast.AugAssign) else None
        elif isinstance(node, ast.For | ast.comprehension):
            targets = [node.target]
        for target in targets:
            for name in ast.walk(target):
                if isinstance(name, ast.Name):
                    is_length = (
                        isinstance(target, ast.Name)
                        and isinstance(value, ast.Call)
                        and isinstance(value.func, ast.Name)
                        and value.func.id in ("len", "abs")
                    )
                    bound[name.id] = bound.get(name.id, True) and is_length
    parameters = set(parameter_names(function))
    return {name for name, only in bound.items() if only and name not in parameters}


def _int_value(node: ast.expr) -> int | None:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _int_value(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def _length_plus(node: ast.expr) -> bool:
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)):
        return False
    for side, other in ((node.left, node.right), (node.right, node.left)):
        negative = (
            isinstance(other, ast.Constant) and isinstance(other.value, int | float) and other.value < 0
        )
        if _is_len(side) and not negative:
            return True
    return False


def _is_len(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "len"
        and len(node.args) == 1
    )
