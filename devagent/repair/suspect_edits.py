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
import math
from collections.abc import Callable
from dataclasses import dataclass

from devagent.repair.function_queries import (
    FunctionNode,
    accumulated_names,
    augmented_updates,
    base_case,
    body_shape,
    built_on_itself,
    calls_by_callee,
    decided_comparisons,
    decorator_name,
    first_line,
    float_constants,
    functions_of,
    is_constant,
    is_value_of,
    loop_assigned,
    mentions_float,
    parameter_names,
    past_length,
    read_names,
    returned_values,
    self_calls,
    start_value,
    tested_names,
    truth_tested_bounds,
    unit_shifted_comparisons,
)
from devagent.repair.rules.operators import BINOP_TEXT

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
    old, new = len(self_calls(before)), len(self_calls(after))
    if new >= old:
        return None
    return f"a recursive call of {before.name}() was removed ({old} -> {new})"


def parameter_unread(before: FunctionNode, after: FunctionNode) -> str | None:
    """A parameter the function read and now ignores.
    Example: `return price * (1 - rate)` -> `return price * (1 - 0.1)` (`rate` unread)."""
    old, new = read_names(before), read_names(after)
    lost = [p for p in parameter_names(after) if p in old and p not in new]
    if not lost:
        return None
    return f"parameter `{lost[0]}` is no longer read"


def returns_constant(before: FunctionNode, after: FunctionNode) -> str | None:
    """Every `return` now hands back a constant, where one computed a value before.
    Example: `return is_valid(code) and code[0] != "0"` -> `return True`."""
    old, new = returned_values(before), returned_values(after)
    if not new or not all(is_constant(v) for v in new) or all(is_constant(v) for v in old):
        return None
    values = ", ".join(dict.fromkeys(f"`{ast.unparse(v)}`" for v in new))
    return f"now returns only {values}"


def accumulator_start_changed(before: FunctionNode, after: FunctionNode) -> str | None:
    """A value a loop adds to (or multiplies) starts elsewhere than that operation's
    identity, where it started there before.
    Example: `balance = 0` -> `balance = 1` (with `balance += amount` in the loop)."""
    for name, op in accumulated_names(after).items():
        old, new = start_value(before, name), start_value(after, name)
        identity = _IDENTITY.get(op, ())
        if old is None or new is None or old == new:
            continue
        if is_value_of(old, identity) and not is_value_of(new, identity):
            return f"accumulator `{name}` now starts at {new!r}, not {old!r}"
    return None


def guard_before_base_case(before: FunctionNode, after: FunctionNode) -> str | None:
    """A new early return placed above a base case the recursive function already had,
    testing other names than that base case does (or the values it is computed from):
    where both hold, the new one now decides, and nothing says it should (on the same
    names it only refines an edge).
    Example: `if total == 0: return 1` -> `if not coins: return 0 | if total == 0: return 1`."""
    if not self_calls(after):
        return None
    old = {ast.dump(s) for s in before.body if base_case(s, before.name)}
    body = after.body
    for i, statement in enumerate(body):
        if not base_case(statement, after.name) or ast.dump(statement) in old:
            continue
        tested = tested_names(statement, after)
        shadowed = next(
            (
                s
                for s in body[i + 1 :]
                if base_case(s, after.name) and ast.dump(s) in old and not tested & tested_names(s, after)
            ),
            None,
        )
        if shadowed is not None:
            new_text, old_text = first_line(statement), first_line(shadowed)
            return f"new `{new_text}` comes before the existing base case `{old_text}`"
    return None


def bound_past_length(before: FunctionNode, after: FunctionNode) -> str | None:
    """A loop bound moved past the length of a container: `range(len(xs) + k)`, or an
    index compared with `<= len(xs)`, where the function did not have it before.
    Example: `range(len(s) - len(sub) + 1)` -> `range(len(s) + len(sub))`."""
    old = {ast.dump(node) for node in past_length(before)}
    for node in past_length(after):
        if ast.dump(node) not in old:
            return f"loop bound `{ast.unparse(node)}` goes past the length of a container"
    return None


def call_arguments_dropped(before: FunctionNode, after: FunctionNode) -> str | None:
    """A call that passed values now passes none: what it computed no longer depends on them.
    Example: `return hash(tuple(self.items()))` -> `return hash(tuple())`."""
    old, new = calls_by_callee(before), calls_by_callee(after)
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
    old, new = augmented_updates(before), augmented_updates(after)
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
        if ast.dump(decorator) not in old and decorator_name(decorator) not in _BODY_KEEPING_DECORATORS:
            return f"a decorator `@{ast.unparse(decorator)}` was added: a call runs what it returns"
    return None


def zero_taken_as_unset(before: FunctionNode, after: FunctionNode) -> str | None:
    """A running value (one a loop assigns) tested for truth beside an ordering comparison
    of it (`not low or x < low`, `low and x > low`): the test means "not set yet", which a
    real 0 also passes, so a running minimum or maximum that meets a 0 is overwritten. A
    name only a loop's target binds is no running value: its test guards (a division).
    Example: `if score < lowest:` -> `if not lowest or score < lowest:` (lowest = 0)."""
    old = {ast.dump(node) for node, _name in truth_tested_bounds(before)}
    running = loop_assigned(after)
    for node, name in truth_tested_bounds(after):
        if ast.dump(node) not in old and name in running:
            return f"`{ast.unparse(node)}` takes a {name} of 0 for one not set yet"
    return None


def condition_decided(before: FunctionNode, after: FunctionNode) -> str | None:
    """A comparison that can no longer go both ways: a length (or a name only ever bound to
    one) against a number it can never be below, or always is above.
    Example: `if rel_idx < 0:` -> `if len_list < 0:` (`len_list = len(...)`: the guard is dead)."""
    old, new = decided_comparisons(before), decided_comparisons(after)
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
    lost = sorted(built_on_itself(before) - built_on_itself(after))
    assigned = loop_assigned(after)
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
    old = {ast.dump(node) for node in unit_shifted_comparisons(before)}
    for node in unit_shifted_comparisons(after):
        if ast.dump(node) not in old and mentions_float(node, floats):
            return f"`{ast.unparse(node)}` moves a bound on a float by a whole unit"
    return None


def same_as_another_function(name: str, functions: dict[str, FunctionNode]) -> str | None:
    """The edited function now computes what another function of the module does (the
    same body, its parameters renamed): two conversions meant as inverses made one.
    Example: `return round(km * MILES_PER_KM, 2)` -> `return round(km / MILES_PER_KM, 2)`
    (as `miles_to_km()` returns `round(miles / MILES_PER_KM, 2)`)."""
    shape = body_shape(functions[name])
    for other, function in functions.items():
        if other != name and function.name != functions[name].name and body_shape(function) == shape:
            return f"now does exactly what {other}() does"
    return None


# How each conversion to a whole number maps a value with a fraction
_WHOLE: dict[str, Callable[[float], int]] = {
    "int": int,
    "round": round,
    "ceil": math.ceil,
    "floor": math.floor,
}
_FRACTIONS = (0.3, 0.7, -0.3, -0.7, 2.5)


def rounding_changed(before: FunctionNode, after: FunctionNode) -> str | None:
    """One conversion to a whole number (int, round, ceil, floor) swapped for another on
    the same value: they differ on some fractions, which tests with whole or half values
    never show, so a test can pass with the wrong one (the value shown is one they
    differ on). Example: `return int(seconds / 86400)` -> `return round(seconds / 86400)`."""
    old = _conversions(before)
    for argument, (new_name, new_text) in _conversions(after).items():
        old_name, old_text = old.get(argument, (new_name, ""))
        if old_name != new_name:
            x = next(v for v in _FRACTIONS if _WHOLE[old_name](v) != _WHOLE[new_name](v))
            return (
                f"`{old_text}` became `{new_text}`: they differ where the value has a fraction "
                f"({x} gives {_WHOLE[old_name](x)} and {_WHOLE[new_name](x)})"
            )
    return None


def _conversions(function: FunctionNode) -> dict[str, tuple[str, str]]:
    """One-argument whole-number conversions by the source of their argument: (which, call)."""
    found: dict[str, tuple[str, str]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
            func = node.func
            name = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else ""
            )
            if name in _WHOLE:
                found.setdefault(ast.unparse(node.args[0]), (name, ast.unparse(node)))
    return found


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
    rounding_changed,
)
