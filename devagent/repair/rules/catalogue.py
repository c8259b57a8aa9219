"""The catalogue: which rules apply to which node of the ranked line, in which order.

`candidates(source, line)` builds a LineContext (context.py) for the line and asks the
rule modules of this package, in three passes whose order the search's ranking relies on:
1. changes within the line by the older, line-local rules (operators, constants, names,
   off-by-one, negation, returns, deletions), most natural first;
2. changes within the line by the literature's families at every AST position
   (conditions widened or narrowed, calls wrapped or unwrapped, arguments, constants
   with known alternatives, text cleaning, ingredients of the code around the line);
3. whole statements: base cases of a recursion, a missing `return` at the end, then
   statements inserted by analogy, loop updates, swaps, guards, resets, groups, clamps,
   an object's state and ingredients borrowed from the rest of the module.
Each pass's edits keep their order among equal sizes; the three are then ranked by size
(stable), duplicates dropped, and only edits that compile are kept. Every edit changes
bytes at AST positions only, so indentation, comments and the rest of the line stay."""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator, Sequence

from devagent.repair.rules import (
    arguments,
    base_cases,
    borrowed,
    calls,
    clamps,
    conditions,
    constants,
    deletions,
    groups,
    guards,
    ingredients,
    insertions,
    loop_updates,
    names,
    object_state,
    off_by_one,
    operators,
    resets,
    returns,
    statement_order,
    text_cleaning,
)
from devagent.repair.rules.context import FunctionNode, LineContext
from devagent.repair.rules.edit import Edit, Proposal, apply, compiles, rank, splice, split_lines

MAX_PER_LINE = 60
_SCALING = (ast.Mult, ast.Div, ast.FloorDiv, ast.Mod)  # operators whose factors factor_moved moves


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
    for proposal in sorted(_line_local(ctx), key=lambda p: p.size):
        new_text = splice(text, proposal.spans)
        if new_text is None or new_text == text:
            continue
        _add(edits, seen, Edit(line, text, new_text, proposal.template, proposal.size))
    for proposal in sorted(_at_every_position(ctx), key=lambda p: p.size):
        new_text = splice(text, proposal.spans)
        if new_text is None or new_text == text:
            continue
        _add(edits, seen, Edit(line, text, new_text, proposal.template, proposal.size))
    for edit in itertools.chain(_function_level(ctx, lines), _whole_statements(ctx, lines)):
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


def _line_local(ctx: LineContext) -> Iterator[Proposal]:
    """Pass 1: the line-local rules, node by node."""
    for node in ctx.nodes():
        if isinstance(node, ast.BinOp):
            yield from operators.arithmetic(ctx, node)
        elif isinstance(node, ast.AugAssign):
            yield from operators.augmented(ctx, node)
        elif isinstance(node, ast.Compare):
            yield from operators.comparison(ctx, node)
        elif isinstance(node, ast.BoolOp):
            yield from operators.boolean(ctx, node)
        elif isinstance(node, ast.UnaryOp):
            yield from operators.unary(ctx, node)
        elif isinstance(node, ast.Constant):
            yield from constants.literal(ctx, node)
        elif isinstance(node, ast.Call):
            yield from calls.paired_builtins(ctx, node)
            yield from calls.whole_number_conversions(ctx, node)
            yield from off_by_one.range_bounds(ctx, node)
            yield from calls.reverse_flag(ctx, node)
            yield from arguments.adjacent_swapped(ctx, node)
        elif isinstance(node, ast.Name):
            yield from names.renamed(ctx, node)
        elif isinstance(node, ast.Subscript | ast.Slice):
            yield from off_by_one.index_moved(ctx, node)
        elif isinstance(node, ast.Tuple | ast.List | ast.Set):
            yield from constants.kin_added(ctx, node)
        if isinstance(node, ast.If | ast.While | ast.Assert | ast.IfExp):
            yield from conditions.negated(ctx, node.test, "negate", 2)
        elif isinstance(node, ast.comprehension):
            for cond in node.ifs:
                yield from conditions.negated(ctx, cond, "negate", 2)
        elif isinstance(node, ast.Return) and node.value is not None:
            if isinstance(node.value, ast.Compare | ast.BoolOp | ast.Call):
                yield from conditions.negated(ctx, node.value, "negate", 3)
            yield from off_by_one.returned_moved(ctx, node.value)
        if isinstance(node, ast.Assign):
            yield from names.self_assigned(ctx, node)
        if isinstance(node, ast.stmt):
            yield from returns.missing_return(ctx, node)
            yield from deletions.deleted(ctx, node)


def _at_every_position(ctx: LineContext) -> Iterator[Proposal]:
    """Pass 2: the literature's families, at every node that lies on the line."""
    for node in ctx.nodes():
        if isinstance(node, ast.Call):
            yield from ingredients.clamp_other_end(ctx, node)
            yield from text_cleaning.method_chained(ctx, node)
            yield from off_by_one.arguments_moved(ctx, node)
            yield from calls.unwrapped(ctx, node)
            yield from arguments.argument_changes(ctx, node)
        elif isinstance(node, ast.Compare):
            for operand in [node.left, *node.comparators]:
                yield from off_by_one.shifted(ctx, operand, "off_by_one", 3)
            yield from text_cleaning.case_folded(ctx, node)
        elif isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign) and node.value is not None:
            yield from off_by_one.shifted(ctx, node.value, "off_by_one", 3)
            yield from calls.wrapped_value(ctx, node.value)
        elif isinstance(node, ast.Name):
            yield from calls.wrapped_name(ctx, node)
            yield from ingredients.capped_by_unread_constant(ctx, node)
        if isinstance(node, ast.BinOp) and isinstance(node.op, _SCALING):
            for operand in (node.left, node.right):
                yield from off_by_one.factor_moved(ctx, operand)
        if isinstance(node, ast.Subscript | ast.Attribute | ast.Call):
            yield from calls.wrapped_lookup(ctx, node)
        if isinstance(node, ast.Name | ast.Subscript):
            yield from text_cleaning.text_folded(ctx, node)
        if isinstance(node, ast.Subscript):
            yield from calls.lookup_with_default(ctx, node)
        elif isinstance(node, ast.Constant):
            yield from constants.known_alternatives(ctx, node)
        elif isinstance(node, ast.BoolOp):
            yield from conditions.clause_dropped(ctx, node)
        elif isinstance(node, ast.BinOp):
            yield from ingredients.distance_and_rounding(ctx, node)
            yield from operators.regrouped(ctx, node)
        elif isinstance(node, ast.Return) and node.value is not None:
            yield from returns.returned_value(ctx, node.value)
            yield from calls.wrapped_value(ctx, node.value)
        if isinstance(node, ast.For):
            yield from calls.pairs_iterated(ctx, node)
        if isinstance(node, ast.If | ast.While | ast.Assert | ast.IfExp):
            yield from conditions.widened_or_narrowed(ctx, node.test)
            yield from conditions.constant_made_variable(ctx, node.test)
            yield from borrowed.conditions(ctx, node.test)
        elif isinstance(node, ast.Assign | ast.Return) and isinstance(node.value, ast.Compare | ast.BoolOp):
            # `left = xs[i - 1] < x`: a condition computed into a name is still a condition
            yield from conditions.widened_or_narrowed(ctx, node.value)
            yield from borrowed.conditions(ctx, node.value)
        elif isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            for generator in node.generators:  # (a comprehension clause has no line number)
                for condition in generator.ifs:
                    yield from conditions.widened_or_narrowed(ctx, condition)
                    yield from borrowed.conditions(ctx, condition)
                yield from conditions.element_checked(ctx, node, generator)


def _function_level(ctx: LineContext, lines: Sequence[str]) -> Iterator[Edit]:
    """Pass 3, first part: a base case before the first statement of a recursive function;
    `return <name>` after the last statement of a function that ends without one."""
    function = ctx.function
    if function is None or not _in_body_statement(ctx, function):
        return
    yield from base_cases.base_cases(ctx, function, lines)
    yield from returns.return_at_end(ctx, function, lines)


def _in_body_statement(ctx: LineContext, function: FunctionNode) -> bool:
    """Whether the line holds code of the function's body (not its header or docstring)."""
    statements = [
        node
        for node in ctx.nodes()
        if isinstance(node, ast.stmt) and node is not function and node.lineno > function.lineno
    ]
    if not statements:
        return False
    innermost = max(reversed(statements), key=lambda node: node.lineno)  # the deepest on ties
    return not (isinstance(innermost, ast.Expr) and isinstance(innermost.value, ast.Constant))


def _whole_statements(ctx: LineContext, lines: Sequence[str]) -> Iterator[Edit]:
    """Pass 3, second part: whole statements added next to the line's statement, or the
    statement moved."""
    statement = _statement_on_line(ctx)
    function = ctx.function
    if statement is None or function is None:
        return
    yield from insertions.inserted_by_analogy(ctx, statement, lines)
    yield from loop_updates.lagging_value_updated(ctx, lines)
    yield from loop_updates.written_back(ctx, lines)
    yield from loop_updates.accumulated(ctx, statement, lines)
    yield from loop_updates.reset_by_analogy(ctx, statement, lines)
    yield from constants.default_flipped(ctx, lines)
    yield from statement_order.swapped_statements(ctx, statement, lines)
    yield from ingredients.twin_statement(ctx, statement, lines)
    yield from statement_order.missing_jump(ctx, statement, lines)
    yield from guards.before(ctx, statement, lines)
    yield from guards.wrapped(ctx, statement, lines)
    for rule in _STATEMENT_FAMILIES:
        yield from rule(ctx, function, statement, lines)
    yield from borrowed.statements(ctx, statement, lines)
    yield from borrowed.guards(ctx, lines)


_STATEMENT_FAMILIES = (
    resets.companion_reset,
    resets.reset_in_else,
    groups.remainder_flushed,
    clamps.mirrored_clamp,
    object_state.attribute_counted,
    object_state.attribute_remembered,
    object_state.attribute_collected,
    loop_updates.branch_step,
    resets.hoisted_start,
    clamps.held_to_limit,
    resets.entry_started,
    resets.initialised,
    resets.skipped_update,
    groups.copy_sorted,
    groups.entry_made,
    text_cleaning.loop_value_cleaned,
    groups.item_kept,
    resets.reset_before_skip,
)


def _statement_on_line(ctx: LineContext) -> ast.stmt | None:
    """The innermost statement that starts on the line."""
    found = [n for n in ctx.nodes() if isinstance(n, ast.stmt) and n.lineno == ctx.line]
    if not found:
        return None
    return max(found, key=lambda n: (n.col_offset, -(n.end_lineno or n.lineno)))
