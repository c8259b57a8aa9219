"""Conditions synthesised from runtime values (after Nopol and ACS): guards and clauses
that the tests' own executions single out, instead of one template per bug.

Pure functions, no IO. `sites(source, path, line)` names the places around a ranked
line where a condition may be missing or wrong (the statement on the line; the first
statement of its function, where a base case goes) and the boolean `atoms` to observe
there: checks over the names in scope (`n <= 1`, `node is None`, `i >= len(xs)`,
`key in seen`, ...), the line's own condition first. The plugin (_coverage_plugin.py,
watch mode) evaluates every atom each time a test reaches the site. `synthesize` then
keeps only what that evidence supports:

- a guard `if A: return v | continue | break | raise E` before the statement, when A
  is false at every visit of every passing test and true at a visit of a failing one:
  passing tests never take it, so they run exactly as before;
- `A or T` (`not A and T`) for the line's condition T, when A is false wherever a
  passing test saw T false (true), and true where a failing test saw T false (true);
- `A` instead of T, when A equals T at every passing visit and differs at a failing one.

An atom that raised at any visit is dropped: as a guard it would raise there too. Where
no passing test reached the site nothing rules an atom out, so those edits rank lower."""

from __future__ import annotations

import ast
import dataclasses
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from devagent.repair.edit import Edit, apply, compiles, split_lines

__all__ = ["Run", "Site", "sites", "synthesize"]

MAX_NAMES = 6  # names in scope the atoms are built from
MAX_ATTRIBUTES = 3
MAX_INTS = 4
MAX_GUARD_ATOMS = 3
MAX_EXITS = 10
MAX_RAISES = 2
MAX_CLAUSES = 4  # per kind: widening, narrowing
MAX_REPLACEMENTS = 2
UNCHECKED_PENALTY = 2  # an edit no passing visit constrains
_SKIP_NAMES = frozenset({"self", "cls", "_"})
_FALLBACK_RETURNS = ("None", "0", "1", "-1", "[]", "True", "False", '""')
_NEGATED = {
    ast.Lt: ast.GtE,
    ast.LtE: ast.Gt,
    ast.Gt: ast.LtE,
    ast.GtE: ast.Lt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
_Function = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Site:
    path: str
    line: int  # the statement's first line: where the atoms are evaluated, before it runs
    text: str  # that line as written
    atoms: tuple[str, ...]  # when `test` is set, atoms[0] is the test itself
    exits: tuple[str, ...]  # what a guard before the statement may do
    test: tuple[int, int] | None = None  # byte columns of the line's own condition
    guards: bool = True  # a statement may be preceded by a guard (not an `elif`)


@dataclass(frozen=True)
class Run:
    """One test's visits of a site: one string per visit, a character per atom."""

    passed: bool
    visits: tuple[str, ...]


def sites(source: str, path: str, line: int) -> list[Site]:
    """The sites of a ranked line: its statement, then its function's first statement."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    lines = [text.rstrip("\r\n") for text in split_lines(source)]
    parents = {child: parent for parent in ast.walk(tree) for child in ast.iter_child_nodes(parent)}
    statement = _statement_at(tree, line)
    function = _function_of(tree, line)
    if statement is None or function is None or statement is function:
        return []
    raised = [
        n.exc.func.id
        for n in ast.walk(tree)
        if isinstance(n, ast.Raise) and isinstance(n.exc, ast.Call) and isinstance(n.exc.func, ast.Name)
    ]
    found = [_site(path, lines, parents, function, statement, raised)]
    first = _first_statement(function)
    if first is not None and first.lineno != statement.lineno:
        found.append(_site(path, lines, parents, function, first, raised))
    return [site for site in found if site is not None]


def synthesize(source: str, site: Site, runs: Sequence[Run]) -> list[Edit]:
    """Edits the runs support at `site` (see the module docstring), most supported
    first; each one compiles."""
    passing = [visit for run in runs if run.passed for visit in run.visits]
    failing = [run.visits for run in runs if not run.passed and run.visits]
    if not failing or len(site.text.strip()) == 0:
        return []
    first = 1 if site.test is not None else 0
    usable = [
        i
        for i in range(first, len(site.atoms))
        if all(len(v) == len(site.atoms) and v[i] != "e" for visits in [passing, *failing] for v in visits)
    ]
    edits: list[Edit] = []
    if site.test is not None:
        edits += _clauses(site, usable, passing, failing)
    if site.guards:
        edits += _guards(site, usable, passing, failing)
    if not passing:
        # No passing test reached the site: nothing rules an atom out, so the evidence is
        # no better than a template's guess (and a guard that fires on every input the
        # tests never tried overfits): such edits rank behind the templates' own.
        edits = [dataclasses.replace(edit, size=edit.size + UNCHECKED_PENALTY) for edit in edits]
    return [edit for edit in edits if compiles(apply(source, edit))]


def _guards(
    site: Site, usable: list[int], passing: list[str], failing: list[tuple[str, ...]]
) -> Iterator[Edit]:
    covered: list[tuple[int, int]] = []
    for i in usable:
        if any(v[i] == "1" for v in passing):
            continue
        count = sum(any(v[i] == "1" for v in visits) for visits in failing)
        if count:
            covered.append((-count, i))
    indent = site.text[: len(site.text) - len(site.text.lstrip())]
    chosen = [site.atoms[i] for _, i in sorted(covered)[:MAX_GUARD_ATOMS]]
    for rank, (atom, exit_) in enumerate(itertools.product(chosen, site.exits)):
        yield Edit(
            site.line, site.text, f"{indent}if {atom}: {exit_}\n{site.text}", "runtime_guard", 3 + rank // 8
        )


def _clauses(
    site: Site, usable: list[int], passing: list[str], failing: list[tuple[str, ...]]
) -> Iterator[Edit]:
    assert site.test is not None
    data = site.text.encode("utf-8")
    start, end = site.test
    test = data[start:end].decode("utf-8")
    tree = ast.parse(test, mode="eval").body
    loose = isinstance(tree, ast.IfExp | ast.Lambda | ast.NamedExpr)
    failing_visits = [v for visits in failing for v in visits]

    def replaced(new: str) -> str:
        return (data[:start] + new.encode("utf-8") + data[end:]).decode("utf-8")

    # `A or T`: A is the case T misses; passing tests never meet it where T is false
    widen = [
        i
        for i in usable
        if all(v[i] == "0" for v in passing if v[0] != "1")
        and any(v[i] == "1" and v[0] != "1" for v in failing_visits)
    ]
    body = f"({test})" if loose else test
    for rank, i in enumerate(widen[:MAX_CLAUSES]):
        yield Edit(
            site.line, site.text, replaced(f"{site.atoms[i]} or {body}"), "runtime_clause", 2 + rank // 2
        )
    # `not A and T`: A is the case T wrongly lets through
    narrow = [
        i
        for i in usable
        if all(v[i] == "0" for v in passing if v[0] != "0")
        and any(v[i] == "1" and v[0] != "0" for v in failing_visits)
    ]
    body = f"({test})" if loose or (isinstance(tree, ast.BoolOp) and isinstance(tree.op, ast.Or)) else test
    for rank, i in enumerate(narrow[:MAX_CLAUSES]):
        new = f"{_negation(site.atoms[i])} and {body}"
        yield Edit(site.line, site.text, replaced(new), "runtime_clause", 2 + rank // 2)
    same = [
        i
        for i in usable
        if all(v[i] == v[0] for v in passing) and any(v[0] != "e" and v[i] != v[0] for v in failing_visits)
    ]
    for i in same[:MAX_REPLACEMENTS]:
        yield Edit(site.line, site.text, replaced(site.atoms[i]), "runtime_clause", 4)


def _negation(atom: str) -> str:
    node = ast.parse(atom, mode="eval").body
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return ast.unparse(node.operand)
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _NEGATED:
        return ast.unparse(ast.Compare(node.left, [_NEGATED[type(node.ops[0])]()], node.comparators))
    return f"not {atom}"


def _statement_at(tree: ast.Module, line: int) -> ast.stmt | None:
    found = [n for n in ast.walk(tree) if isinstance(n, ast.stmt) and n.lineno == line]
    return max(found, key=lambda n: n.col_offset) if found else None


def _function_of(tree: ast.Module, line: int) -> _Function | None:
    best: _Function | None = None
    for node in ast.walk(tree):
        inside = isinstance(node, _Function) and node.lineno <= line <= (node.end_lineno or node.lineno)
        if inside and isinstance(node, _Function) and (best is None or node.lineno >= best.lineno):
            best = node
    return best


def _first_statement(function: _Function) -> ast.stmt | None:
    body = function.body
    if isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        return body[1] if len(body) > 1 else None  # after the docstring
    return body[0]


def _site(
    path: str,
    lines: list[str],
    parents: dict[ast.AST, ast.AST],
    function: _Function,
    statement: ast.stmt,
    raised: list[str],
) -> Site | None:
    if statement.lineno > len(lines) or isinstance(statement, _Function | ast.ClassDef):
        return None
    text = lines[statement.lineno - 1]
    test_node = statement.test if isinstance(statement, ast.If | ast.While) else None
    test: tuple[int, int] | None = None
    atoms: list[str] = []
    if test_node is not None and test_node.lineno == test_node.end_lineno == statement.lineno:
        test = (test_node.col_offset, test_node.end_col_offset or test_node.col_offset)
        atoms.append(ast.unparse(test_node))
    elif test_node is not None:
        return None  # a condition over several lines: no clause, and no guard in front of it either
    atoms += [a for a in _atoms(function, statement) if a not in atoms]
    is_elif = (
        isinstance(statement, ast.If)
        and isinstance(parents.get(statement), ast.If)
        and statement in getattr(parents.get(statement), "orelse", [])
        and text.lstrip().startswith("elif")
    )
    return Site(
        path,
        statement.lineno,
        text,
        tuple(atoms),
        _exits(function, statement, parents, raised),
        test,
        not is_elif,
    )


def _names_in_scope(function: _Function, statement: ast.stmt) -> list[str]:
    """Names the statement reads first, then the parameters, then locals bound before it."""
    args = function.args
    params = [a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]]
    called = {id(n.func) for n in ast.walk(statement) if isinstance(n, ast.Call)}
    read = [
        n.id
        for n in ast.walk(statement)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and id(n) not in called
    ]
    bound = [
        n.id
        for n in _own_nodes(function)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.lineno < statement.lineno
    ]
    ordered = dict.fromkeys(name for name in [*read, *params, *bound] if name not in _SKIP_NAMES)
    return [name for name in ordered if name in params or name in bound][:MAX_NAMES]


def _own_nodes(function: _Function) -> list[ast.AST]:
    """The nodes of `function` outside its nested functions, lambdas and classes."""
    found: list[ast.AST] = []
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        found.append(node)
        if not isinstance(node, _Function | ast.Lambda | ast.ClassDef):
            stack.extend(ast.iter_child_nodes(node))
    return found


def _atoms(function: _Function, statement: ast.stmt) -> Iterator[str]:
    names = _names_in_scope(function, statement)
    attributes = list(
        dict.fromkeys(
            ast.unparse(n)
            for n in ast.walk(statement)
            if isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name)
            and n.value.id in names
            and not isinstance(getattr(n, "ctx", None), ast.Store)
        )
    )[:MAX_ATTRIBUTES]
    ints = list(
        dict.fromkeys(
            [0, 1]
            + [
                n.value
                for n in ast.walk(function)
                if isinstance(n, ast.Constant) and type(n.value) is int and abs(n.value) <= 1000
            ]
        )
    )[:MAX_INTS]
    # Checks the code's own structure suggests first (None, emptiness, an index against
    # its container, membership), then comparisons with 0, then between two names; a
    # threshold of another constant fits the tests' inputs most easily, so it comes last.
    for name in [*names, *attributes]:
        yield f"{name} is None"
        yield f"not {name}"
    pairs = list(itertools.permutations(names, 2))
    for a, b in pairs:
        # two-sided first: a negative index reads from the end instead of failing
        yield f"not 0 <= {a} < len({b})"
        yield f"{a} >= len({b})"
        yield f"{a} == len({b}) - 1"
        yield f"{a} in {b}"
    for name in names:
        yield f"{name} == 0"
        yield f"{name} < 0"
        yield f"{name} <= 0"
        yield f"{name} > 0"
    for a, b in pairs:
        if a < b:
            yield f"{a} == {b}"
        yield f"{a} < {b}"
        yield f"{a} <= {b}"
    for name in names:
        for k in ints:
            if k != 0:
                yield f"{name} == {k}"
                yield f"{name} < {k}"
                yield f"{name} <= {k}"
                yield f"{name} > {k}"
        yield f"len({name}) <= 1"


def _exits(
    function: _Function, statement: ast.stmt, parents: dict[ast.AST, ast.AST], raised: list[str]
) -> tuple[str, ...]:
    """Loop exits inside a loop; returns of the function's own values, of the names in
    scope and of common constants; and a `raise` of each exception the module raises."""
    exits: list[str] = []
    node: ast.AST | None = parents.get(statement)
    while node is not None and node is not function:
        if isinstance(node, ast.For | ast.While | ast.AsyncFor):
            exits += ["continue", "break"]
            break
        node = parents.get(node)
    returned = [n.value for n in _own_nodes(function) if isinstance(n, ast.Return) and n.value is not None]
    raises = [f"raise {name}" for name in dict.fromkeys(raised)][:MAX_RAISES]
    if not returned:
        return tuple([*exits, "return", *raises])
    # the values the function already returns, then a raise (a missing validation),
    # then the names in scope and common constants
    own = [f"return {ast.unparse(v)}" for v in returned if isinstance(v, ast.Name | ast.Constant)]
    others = [f"return {v}" for v in [*_names_in_scope(function, statement), *_FALLBACK_RETURNS]]
    ordered = list(dict.fromkeys([*exits, *own, *raises, *others]))
    return tuple(ordered[:MAX_EXITS])
