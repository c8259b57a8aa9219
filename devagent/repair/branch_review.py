"""The review of a whole branch at approval: every Python file the run changed, whoever
wrote it, read as Python itself reads it.

suspect_edits.py compares each function with itself inside one file. A branch can take
meaning out of sight of that comparison in other ways, and each is a finding here:
- a function moved to another file (or its file renamed): it is matched by its qualified
  name across the changed files and compared with what it was;
- a function no longer defined by any def (renamed, made a lambda, deleted):
  `function_removed`;
- a def left in place while its name is bound to other code or deleted, in its own module
  or class (`depth = ...`, `from x import depth`, `del depth`, a function's `global depth`
  and a store) or from a module that imports it
  (`mod.depth = ...`, `setattr(mod, "depth", ...)`): `function_rebound`;
- a declared source encoding under which Python reads other code than the UTF-8 text a
  diff shows (`# coding: utf-7` turns a comment into statements): `source_encoding`;
- a changed file the review cannot parse, where it could before: `unreadable`, and a
  changed file that is not Python (data the code may read): `not_reviewed` (no claim is
  made about what nobody read), except release notes and docs pages with no runnable code.
Pure: the caller reads the blobs and answers whether a name was a function at the base."""

from __future__ import annotations

import ast
import importlib.util
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from devagent.repair import behaviour_change
from devagent.repair.function_queries import FunctionNode, float_constants, functions_of
from devagent.repair.prose_files import is_prose_change
from devagent.repair.review import Review
from devagent.repair.suspect_edits import Finding, function_findings

# path -> (bytes at the run's base, bytes now); None where the file does not exist
BranchChanges = Mapping[str, tuple[bytes | None, bytes | None]]
_CODING = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)", re.MULTILINE)


@dataclass(frozen=True)
class _Module:
    """One side of a changed file: Python's reading of it, or why there is none."""

    functions: dict[str, FunctionNode] | None
    tree: ast.Module | None
    problem: str = ""
    misread: str = ""  # the declared encoding, when Python's reading differs from UTF-8's
    floats: frozenset[str] = frozenset()  # its module constants set to a float


def review_of_branch(
    changes: BranchChanges,
    repair: Review | None,
    defined_at_base: Callable[[str], bool] = lambda _name: False,
) -> Review:
    """The review of everything a run changed. `defined_at_base(name)` says whether some
    file of the repository defined a function `name` at the base (for patches of modules
    the branch did not change). The ambiguity is Repair's, when its search found the fix."""
    python = {path: change for path, change in changes.items() if path.endswith(".py")}
    before = {path: _read(old) for path, (old, _new) in python.items() if old is not None}
    after = {path: _read(new) for path, (_old, new) in python.items() if new is not None}
    findings = [
        Finding("not_reviewed", "", f"{path} changed; it is not Python, and the review read nothing in it")
        for path, (old, new) in changes.items()
        if (path not in python and old != new and not is_prose_change(path, old, new)) or old is new is None
    ]  # old and new None: a submodule's commit, which nobody read
    findings += _file_findings(before, after)
    for path, module in before.items():
        for name, old in (module.functions or {}).items():
            findings += _function_findings(path, name, old, before, after)
    findings += _rebinding_findings(before, after, defined_at_base)
    if repair is not None:  # what the search's runs showed: no reading of the branch finds it
        findings = [f for f in repair.findings if f.kind in behaviour_change.KINDS] + findings
    path = repair.path if repair is not None else next(iter(changes), "")
    return Review(path, repair.ambiguity if repair is not None else None, tuple(findings))


def _rebinding_findings(
    before: dict[str, _Module], after: dict[str, _Module], defined_at_base: Callable[[str], bool]
) -> list[Finding]:
    """New bindings of a name that runs a def at the base: over the def in its own module
    or class (while the def is still there: a def that is gone is function_removed), or
    as an attribute of an imported module or class."""
    base_names = {name.rsplit(".", 1)[-1] for module in before.values() for name in module.functions or {}}
    findings = []
    for path, module in after.items():
        if module.tree is None:
            continue
        was = before.get(path)
        for target, name, scope in _new_bindings(was.tree if was else None, module.tree):
            if scope is None:
                rebound = name in base_names or defined_at_base(name)
                why = "replacing a function of another module at run time"
            else:
                defined = scope + name
                rebound = (
                    was is not None
                    and defined in (was.functions or {})
                    and defined in (module.functions or {})
                )
                why = "the name no longer runs the def the diff shows"
            if rebound:
                findings.append(Finding("function_rebound", name, f"{path} has `{target}`: {why}"))
    return findings


def _function_findings(
    path: str, name: str, old: FunctionNode, before: dict[str, _Module], after: dict[str, _Module]
) -> list[Finding]:
    """`name` (defined in `path` at the base) compared with its def now: in the same file,
    else in a changed file that did not define it before (moved); else removed."""
    here = after.get(path)
    if here is not None:
        if here.functions is None:
            return []  # the file is unreadable now: that is its finding
        if name in here.functions:
            return function_findings(name, old, here.functions[name], here.functions, here.floats)
    for other, module in after.items():
        functions, was = module.functions or {}, before.get(other)
        if other != path and name in functions and (was is None or name not in (was.functions or {})):
            return function_findings(name, old, functions[name], functions, module.floats)  # moved here
    return [Finding("function_removed", name, f"was defined in {path}; no def in the branch defines it now")]


def _file_findings(before: dict[str, _Module], after: dict[str, _Module]) -> Iterator[Finding]:
    for path, module in after.items():
        was = before.get(path)
        if module.misread and not (was and was.misread):
            yield Finding(
                "source_encoding",
                "",
                f"{path} declares the source encoding {module.misread}: Python reads other code "
                "in it than the text the diff shows",
            )
        if module.tree is None and (was is None or was.tree is not None):
            yield Finding(
                "unreadable",
                "",
                f"{path}: the review cannot read it ({module.problem}); nothing in it was checked",
            )


def _read(blob: bytes) -> _Module:
    """The file as Python reads it: its declared encoding, universal newlines."""
    try:
        text = importlib.util.decode_source(blob)
    except (UnicodeDecodeError, SyntaxError, LookupError) as exc:
        return _Module(None, None, f"its encoding: {exc}")
    as_utf8 = blob.decode("utf-8", "replace").removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    coding = _CODING.search(b"\n".join(blob.splitlines()[:2]))
    misread = coding.group(1).decode("ascii", "replace") if coding and text != as_utf8 else ""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError) as exc:
        line = getattr(exc, "lineno", None)
        return _Module(
            None, None, f"{getattr(exc, 'msg', exc)}" + (f", line {line}" if line else ""), misread
        )
    return _Module(functions_of(tree), tree, "", misread, float_constants(tree))


def _new_bindings(before: ast.Module | None, after: ast.Module) -> list[tuple[str, str, str | None]]:
    """Bindings `after` has that `before` had not: (the target as written, the name bound,
    the scope: "" or "Class." for a name bound in a module or class body, None for an
    attribute of an imported module or class set from here)."""
    old = set(_bindings(before)) if before is not None else set()
    return [binding for binding in _bindings(after) if binding not in old]


def _bindings(tree: ast.Module) -> list[tuple[str, str, str | None]]:
    found: list[tuple[str, str, str | None]] = []

    def scope_body(body: list[ast.stmt], scope: str) -> None:
        for statement in body:
            if isinstance(statement, ast.ClassDef):
                scope_body(statement.body, f"{scope}{statement.name}.")
                continue
            if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(statement):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
                    target = f"del {node.id}" if isinstance(node.ctx, ast.Del) else node.id
                    found.append((target, node.id, scope))
            if isinstance(statement, ast.Import | ast.ImportFrom):
                for alias in statement.names:
                    bound = alias.asname or alias.name.split(".", 1)[0]
                    found.append(
                        (f"import {alias.name}" + (f" as {bound}" if alias.asname else ""), bound, scope)
                    )

    scope_body(tree.body, "")
    found += _global_stores(tree)
    imported = _imported_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            if _is_module(node.value, imported):
                found.append((ast.unparse(node), node.attr, None))
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
            key = node.slice.value if isinstance(node.slice, ast.Constant) else None
            if isinstance(key, str) and _is_namespace(node.value):
                found.append((ast.unparse(node), key, ""))  # the module's own name, from anywhere
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
            args = node.args
            if (
                len(args) >= 2
                and _is_module(args[0], imported)
                and isinstance(args[1], ast.Constant)
                and isinstance(args[1].value, str)
            ):
                found.append((ast.unparse(node), args[1].value, None))
    return found


def _global_stores(tree: ast.Module) -> list[tuple[str, str, str | None]]:
    """Module names a function body binds or deletes after declaring them `global`: from
    the first call of that function on, the module's name runs other code."""
    found: list[tuple[str, str, str | None]] = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        own = list(_own_nodes(function))
        declared = {name for node in own if isinstance(node, ast.Global) for name in node.names}
        for node in own:
            if (
                isinstance(node, ast.Name)
                and node.id in declared
                and isinstance(node.ctx, ast.Store | ast.Del)
            ):
                found.append((f"global {node.id} (in {function.name}())", node.id, ""))
    return found


def _own_nodes(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.AST]:
    """The nodes of a function's body, not those of the functions and classes nested in it
    (a `global` statement holds for its own function only)."""
    nested = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda
    todo: list[ast.AST] = [node for node in function.body if not isinstance(node, nested)]
    while todo:
        node = todo.pop()
        yield node
        todo += [child for child in ast.iter_child_nodes(node) if not isinstance(child, nested)]


def _is_module(node: ast.expr, imported: set[str]) -> bool:
    """An imported name, or a module fetched by name (`sys.modules[...]`,
    `importlib.import_module(...)`, `__import__(...)`)."""
    if isinstance(node, ast.Name):
        return node.id in imported
    if isinstance(node, ast.Subscript):
        return ast.unparse(node.value) == "sys.modules"
    return isinstance(node, ast.Call) and ast.unparse(node.func) in ("importlib.import_module", "__import__")


def _is_namespace(node: ast.expr) -> bool:
    """`globals()`, `vars()` or a module's `__dict__`: a subscript store there binds a name."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id in ("globals", "vars") and not node.args
    return isinstance(node, ast.Attribute) and node.attr == "__dict__"


def _imported_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names.update(alias.asname or alias.name.split(".", 1)[0] for alias in node.names)
    return names
