"""Edits that delete meaning: suspect on their own, whatever the tests say.

A fix that passes the tests can still take out what a function is for: its recursion, a
parameter it was given, everything it computes. Each rule below compares one function
before and after the edit (pure AST, no IO) and names what it finds, in the code's own
words; `suspect_edits(original, edited)` runs them over every function the edit
changed, and checks that none of those now does exactly what another function does. A
finding does not say the fix is wrong, only that the tests cannot have decided it: a
change of that kind is what weak tests let through (issue 40: a search whose recursive
call was replaced by its argument, an accumulator started at 1, a loop bound widened
past the end, a base case shadowed by a new one above it)."""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from devagent.repair.rules.operators import BINOP_TEXT

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_SKIP_PARAMETERS = frozenset({"self", "cls"})
_ORDERING = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
# Decorators that wrap or register the function and leave its body what a call runs
_BODY_KEEPING_DECORATORS = frozenset(
    {
        "staticmethod", "classmethod", "property", "abstractmethod", "abc.abstractmethod",
        "functools.wraps", "wraps", "functools.lru_cache", "lru_cache", "functools.cache", "cache",
        "functools.cached_property", "cached_property", "functools.total_ordering",
        "typing.overload", "overload", "typing.final", "final", "typing.override", "override",
        "contextlib.contextmanager", "contextmanager", "pytest.fixture",
    }
)  # fmt: skip
# The value an accumulator starts from for each operator: where `x op= v` begins
_IDENTITY: dict[type[ast.operator], tuple[object, ...]] = {
    ast.Add: (0, 0.0, "", ()),
    ast.Sub: (0, 0.0),
    ast.Mult: (1, 1.0),
    ast.Div: (1, 1.0),
    ast.BitOr: (0, False),
    ast.BitAnd: (-1, True),
}


@dataclass(frozen=True)
class Finding:
    """One suspect change: its kind (a rule's name), the function (empty for a finding
    about a whole file), what changed."""

    kind: str
    function: str
    detail: str

    def text(self) -> str:
        return f"{self.function}(): {self.detail}" if self.function else self.detail

    def record(self) -> dict[str, str]:
        return {"kind": self.kind, "function": self.function, "detail": self.detail}


def suspect_edits(original: str, edited: str) -> list[Finding]:
    """The findings of every rule on every function whose syntax tree the edit changed
    (functions matched by their qualified name: `Class.method`)."""
    try:
        edited_tree = ast.parse(edited)
        before, after = functions_of(ast.parse(original)), functions_of(edited_tree)
    except (SyntaxError, ValueError):
        return []
    floats = float_constants(edited_tree)
    found: list[Finding] = []
    for name, new in after.items():
        old = before.get(name)
        if old is not None:
            found += function_findings(name, old, new, after, floats)
    return found


def function_findings(
    name: str,
    before: FunctionNode,
    after: FunctionNode,
    module: dict[str, FunctionNode],
    floats: frozenset[str] = frozenset(),
) -> list[Finding]:
    """Every rule's finding on one function edited from `before` to `after` (none when its
    tree is unchanged); `module` holds the functions of the module it is now in, `floats`
    the module constants set to a float."""
    if ast.dump(before) == ast.dump(after):
        return []
    found = [Finding(rule.__name__, name, d) for rule in RULES if (d := rule(before, after)) is not None]
    shifted = float_bound_shifted(before, after, floats)
    if shifted is not None:
        found.append(Finding("float_bound_shifted", name, shifted))
    twin = same_as_another_function(name, module)
    if twin is not None:
        found.append(Finding("same_as_another_function", name, twin))
    return found


def recursive_call_removed(before: FunctionNode, after: FunctionNode) -> str | None:
    """A call of the function to itself taken out: the recursion is gone or shorter.
    Example: `any(dfs(n, goal) for n in node.successors)` -> `any(n for n in node.successors)`."""
    old, new = len(_self_calls(before)), len(_self_calls(after))
    if new >= old:
        return None
    return f"a recursive call of {before.name}() was removed ({old} -> {new})"


def parameter_unread(before: FunctionNode, after: FunctionNode) -> str | None:
    """A parameter the function read and now ignores.
    Example: `return price * (1 - rate)` -> `return price * (1 - 0.1)` (`rate` unread)."""
    old, new = _read_names(before), _read_names(after)
    lost = [p for p in _parameters(after) if p in old and p not in new]
    if not lost:
        return None
    return f"parameter `{lost[0]}` is no longer read"


def returns_constant(before: FunctionNode, after: FunctionNode) -> str | None:
    """Every `return` now hands back a constant, where one computed a value before.
    Example: `return is_valid(code) and code[0] != "0"` -> `return True`."""
    old, new = _returned(before), _returned(after)
    if not new or not all(_constant(v) for v in new) or all(_constant(v) for v in old):
        return None
    values = ", ".join(dict.fromkeys(f"`{ast.unparse(v)}`" for v in new))
    return f"now returns only {values}"


def accumulator_start_changed(before: FunctionNode, after: FunctionNode) -> str | None:
    """A value a loop adds to (or multiplies) starts elsewhere than that operation's
    identity, where it started there before.
    Example: `balance = 0` -> `balance = 1` (with `balance += amount` in the loop)."""
    for name, op in _accumulated(after).items():
        old, new = _start(before, name), _start(after, name)
        identity = _IDENTITY.get(op, ())
        if old is None or new is None or old == new:
            continue
        if _is_value_of(old, identity) and not _is_value_of(new, identity):
            return f"accumulator `{name}` now starts at {new!r}, not {old!r}"
    return None


def guard_before_base_case(before: FunctionNode, after: FunctionNode) -> str | None:
    """A new early return placed above a base case the recursive function already had,
    testing other names than that base case does (or the values it is computed from):
    where both hold, the new one now decides, and nothing says it should (on the same
    names it only refines an edge).
    Example: `if total == 0: return 1` -> `if not coins: return 0 | if total == 0: return 1`."""
    if not _self_calls(after):
        return None
    old = {ast.dump(s) for s in before.body if _base_case(s, before.name)}
    body = after.body
    for i, statement in enumerate(body):
        if not _base_case(statement, after.name) or ast.dump(statement) in old:
            continue
        tested = _tested_names(statement, after)
        shadowed = next(
            (
                s
                for s in body[i + 1 :]
                if _base_case(s, after.name) and ast.dump(s) in old and not tested & _tested_names(s, after)
            ),
            None,
        )
        if shadowed is not None:
            new_text, old_text = _first_line(statement), _first_line(shadowed)
            return f"new `{new_text}` comes before the existing base case `{old_text}`"
    return None


def bound_past_length(before: FunctionNode, after: FunctionNode) -> str | None:
    """A loop bound moved past the length of a container: `range(len(xs) + k)`, or an
    index compared with `<= len(xs)`, where the function did not have it before.
    Example: `range(len(s) - len(sub) + 1)` -> `range(len(s) + len(sub))`."""
    old = {ast.dump(node) for node in _past_length(before)}
    for node in _past_length(after):
        if ast.dump(node) not in old:
            return f"loop bound `{ast.unparse(node)}` goes past the length of a container"
    return None


def call_arguments_dropped(before: FunctionNode, after: FunctionNode) -> str | None:
    """A call that passed values now passes none: what it computed no longer depends on them.
    Example: `return hash(tuple(self.items()))` -> `return hash(tuple())`."""
    old, new = _calls(before), _calls(after)
    for callee, (with_args, bare) in new.items():
        old_with_args, old_bare = old.get(callee, (0, 0))
        if with_args < old_with_args and bare > old_bare:
            return f"`{callee}()` is now called with no arguments, where it was given some"
    return None


def accumulator_reversed(before: FunctionNode, after: FunctionNode) -> str | None:
    """A target every update moved one way by different amounts (`x += a`, `x += b`) now
    moved back by one of them: a counter that only grew now also shrinks, so whatever it is
    compared with is no longer reached the way it was. Where two updates were the same
    statement (`if deposit: b += amount` / `else: b += amount`), an if whose branches agree
    is the bug's own mark, and making them differ is no finding.
    Example: `self.received += datalen` -> `self.received -= datalen` (beside `+= index`)."""
    old, new = _updates(before), _updates(after)
    for target, updates in new.items():
        was = old.get(target, [])
        ops = {op for op, _ in updates}
        if len(was) != len(updates) or len(updates) < 2 or len({op for op, _ in was}) != 1 or len(ops) < 2:
            continue
        if len(set(was)) == len(was):
            operator = BINOP_TEXT[was[0][0]]
            return f"`{target}` was only ever changed by `{operator}=`, now also by another operator"
    return None


def decorator_added(before: FunctionNode, after: FunctionNode) -> str | None:
    """A decorator added that may return another callable: the def still shows its body,
    but a call runs whatever the decorator made of it. The builtins and functools
    decorators that keep the body in charge are not findings.
    Example: `def reachable(node, goal):` -> `@shortcut` above it."""
    old = {ast.dump(d) for d in before.decorator_list}
    for decorator in after.decorator_list:
        if ast.dump(decorator) not in old and _decorator_name(decorator) not in _BODY_KEEPING_DECORATORS:
            return f"a decorator `@{ast.unparse(decorator)}` was added: a call runs what it returns"
    return None


def zero_taken_as_unset(before: FunctionNode, after: FunctionNode) -> str | None:
    """A running value (one a loop assigns) tested for truth beside an ordering comparison
    of it (`not low or x < low`, `low and x > low`): the test means "not set yet", which a
    real 0 also passes, so a running minimum or maximum that meets a 0 is overwritten. A
    name only a loop's target binds is no running value: its test guards (a division).
    Example: `if score < lowest:` -> `if not lowest or score < lowest:` (lowest = 0)."""
    old = {ast.dump(node) for node, _name in _truth_tested_bounds(before)}
    running = _loop_assigned(after)
    for node, name in _truth_tested_bounds(after):
        if ast.dump(node) not in old and name in running:
            return f"`{ast.unparse(node)}` takes a {name} of 0 for one not set yet"
    return None


def condition_decided(before: FunctionNode, after: FunctionNode) -> str | None:
    """A comparison that can no longer go both ways: a length (or a name only ever bound to
    one) against a number it can never be below, or always is above.
    Example: `if rel_idx < 0:` -> `if len_list < 0:` (`len_list = len(...)`: the guard is dead)."""
    old, new = _decided(before), _decided(after)
    added = [(text, always) for text, always in new if (text, always) not in old]
    if not added:
        return None
    text, always = added[0]
    what = (
        "always true: the branch it decides is always taken"
        if always
        else "never true: the code it guards is dead"
    )
    return f"`{text}` is {what} (a length is never negative)"


def running_value_overwritten(before: FunctionNode, after: FunctionNode) -> str | None:
    """A value a loop built on its own last value (`best = max(best, gain)`, `total += x`)
    is now set afresh on every pass and still set there: after the loop it holds what the
    last pass computed, whatever came before.
    Example: `best = max(best, after - before)` -> `best = after - before`."""
    lost = sorted(_built_on_itself(before) - _built_on_itself(after))
    assigned = _loop_assigned(after)
    for name in lost:
        if name in assigned:
            return f"`{name}` no longer builds on its own value in the loop: it keeps the last pass's only"
    return None


def float_bound_shifted(before: FunctionNode, after: FunctionNode, floats: frozenset[str]) -> str | None:
    """A whole unit added to or taken from one side of a comparison with a float (a float
    literal, or a module constant set to one; `floats` names those): off by one belongs
    to counts and indices, and on a float bound it moves the bound by whatever amount the
    tests happened to allow.
    Example: `if ph > ALKALINE_ABOVE:` -> `if ph - 1 > ALKALINE_ABOVE:` (ALKALINE_ABOVE = 7.0)."""
    old = {ast.dump(node) for node in _unit_shifted_comparisons(before)}
    for node in _unit_shifted_comparisons(after):
        if ast.dump(node) not in old and _mentions_float(node, floats):
            return f"`{ast.unparse(node)}` moves a bound on a float by a whole unit"
    return None


def same_as_another_function(name: str, functions: dict[str, FunctionNode]) -> str | None:
    """The edited function now computes what another function of the module does (the
    same body, its parameters renamed): two conversions meant as inverses made one.
    Example: `return round(km * MILES_PER_KM, 2)` -> `return round(km / MILES_PER_KM, 2)`
    (as `miles_to_km()` returns `round(miles / MILES_PER_KM, 2)`)."""
    shape = _body_shape(functions[name])
    for other, function in functions.items():
        if other != name and function.name != functions[name].name and _body_shape(function) == shape:
            return f"now does exactly what {other}() does"
    return None


RULES: tuple[Callable[[FunctionNode, FunctionNode], str | None], ...] = (
    recursive_call_removed,
    parameter_unread,
    returns_constant,
    accumulator_start_changed,
    guard_before_base_case,
    bound_past_length,
    call_arguments_dropped,
    accumulator_reversed,
    decorator_added,
    zero_taken_as_unset,
    condition_decided,
    running_value_overwritten,
)


# ---------------------------------------------------------------------------- AST queries


def _calls(function: FunctionNode) -> dict[str, tuple[int, int]]:
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


def _unit_shifted_comparisons(function: FunctionNode) -> list[ast.Compare]:
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


def _mentions_float(node: ast.AST, floats: frozenset[str]) -> bool:
    return any(
        (isinstance(n, ast.Constant) and isinstance(n.value, float))
        or (isinstance(n, ast.Name) and n.id in floats)
        for n in ast.walk(node)
    )


def _truth_tested_bounds(function: FunctionNode) -> list[tuple[ast.BoolOp, str]]:
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


def _decorator_name(decorator: ast.expr) -> str:
    """`@functools.lru_cache(maxsize=None)` -> "functools.lru_cache"; a property's setter
    (`@total.setter`) -> "property"."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    if isinstance(target, ast.Attribute) and target.attr in ("setter", "getter", "deleter"):
        return "property"
    return ast.unparse(target)


def _body_shape(function: FunctionNode) -> str:
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


def _self_calls(function: FunctionNode) -> list[ast.Call]:
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


def _parameters(function: FunctionNode) -> list[str]:
    args = function.args
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    every += [a for a in (args.vararg, args.kwarg) if a is not None]
    return [a.arg for a in every if a.arg not in _SKIP_PARAMETERS and not a.arg.startswith("_")]


def _read_names(function: FunctionNode) -> set[str]:
    return {
        node.id
        for node in ast.walk(function)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
    }


def _returned(function: FunctionNode) -> list[ast.expr]:
    """The values the function's own `return` statements hand back (None for a bare one)."""
    return [
        node.value if node.value is not None else ast.Constant(None)
        for node in _own_nodes(function)
        if isinstance(node, ast.Return)
    ]


def _constant(value: ast.expr) -> bool:
    """A literal: `True`, `-1`, `""`, `[]`, `{}`, `()`."""
    if isinstance(value, ast.Constant):
        return True
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub | ast.UAdd):
        return isinstance(value.operand, ast.Constant)
    if isinstance(value, ast.List | ast.Tuple | ast.Set):
        return not value.elts
    return isinstance(value, ast.Dict) and not value.keys


def _accumulated(function: FunctionNode) -> dict[str, type[ast.operator]]:
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


def _built_on_itself(function: FunctionNode) -> set[str]:
    """Names a loop sets from their own value (`x += v`, `x = max(x, v)`, `a, b = b, a + b`)."""
    found: set[str] = set()
    for names, value in _loop_assignments(function):
        read = None if value is None else {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}
        found.update(n for n in names if read is None or n in read)
    return found


def _loop_assigned(function: FunctionNode) -> set[str]:
    """Names any loop of the function assigns."""
    return {name for names, _value in _loop_assignments(function) for name in names}


def _updates(function: FunctionNode) -> dict[str, list[tuple[type[ast.operator], str]]]:
    """Each target's augmented assignments in the function (`self.n += 1`): operator and
    value, in order."""
    found: dict[str, list[tuple[type[ast.operator], str]]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.AugAssign):
            found.setdefault(ast.unparse(node.target), []).append((type(node.op), ast.dump(node.value)))
    return found


def _start(function: FunctionNode, name: str) -> object | None:
    """The constant `name` is first given (`total = 0`), or None."""
    for statement in function.body:
        if (
            isinstance(statement, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == name for t in statement.targets)
            and _constant(statement.value)
        ):
            try:
                value: object = ast.literal_eval(statement.value)
            except ValueError:
                return None
            return value
    return None


def _is_value_of(value: object, identities: tuple[object, ...]) -> bool:
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


def _base_case(statement: ast.stmt, name: str) -> bool:
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


def _tested_names(statement: ast.stmt, function: FunctionNode) -> set[str]:
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


def _first_line(statement: ast.stmt) -> str:
    if isinstance(statement, ast.If):
        return f"if {ast.unparse(statement.test)}: {ast.unparse(statement.body[0])}"
    return ast.unparse(statement).splitlines()[0]


def _past_length(function: FunctionNode) -> list[ast.expr]:
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


def _decided(function: FunctionNode) -> list[tuple[str, bool]]:
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
    parameters = set(_parameters(function))
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
