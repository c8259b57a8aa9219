"""Import cycles in a Python package, read from the source with `ast` (nothing is imported).

The module graph has an edge A -> B when module A imports module B, both inside the package
root: `import x.y`, `from x import y` (to the module x.y when there is one, else to x) and
relative imports. Imports inside functions are left out by default: they run on call, not on
import, and are the usual way to defer a heavy or optional dependency. Importing a.b.c also
runs a/__init__.py and a/b/__init__.py; those implicit edges are left out too (a package that
re-exports its modules would otherwise always form a cycle with them).

The folder graph has an edge A -> B between two folders (packages) when any module in A
imports one in B; `depth` merges every folder below the root's first `depth` levels into its
ancestor (depth=1 under devagent/: devagent.tools takes in devagent.tools.patch_apply).

`python -m bench.import_cycles [ROOT ...] [--folders] [--depth N] [--lazy]` prints each cycle
and exits 1 if there is any (default root: devagent/tools)."""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

Graph = dict[str, set[str]]

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_ROOTS = (ROOT / "devagent" / "tools",)


def _module_name(path: Path, base: Path) -> str:
    parts = list(path.relative_to(base).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_package(name: str, modules: Mapping[str, Path]) -> bool:
    return name in modules and modules[name].name == "__init__.py"


def _top_level_imports(tree: ast.Module, lazy: bool) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements run when the module is imported (all of them with `lazy`)."""
    stack: list[ast.AST] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif lazy or not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            stack.extend(ast.iter_child_nodes(node))


def _targets(node: ast.Import | ast.ImportFrom, importer: str, modules: Mapping[str, Path]) -> set[str]:
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    base = node.module or ""
    if node.level:
        package = importer if _is_package(importer, modules) else importer.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{base}" if base else package
    found = set()
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        found.add(sub if sub in modules else base)
    return found


def _scan(root: Path) -> dict[str, Path]:
    """Dotted name -> file of every module in the package folder `root` (named from the
    top-level package that holds it)."""
    root = root.resolve()
    base = root.parent
    while (base / "__init__.py").is_file():
        base = base.parent
    return {_module_name(p, base): p for p in sorted(root.rglob("*.py"))}


def module_graph(root: Path, *, lazy: bool = False) -> Graph:
    """Dotted module name -> the modules inside `root` (a package folder) it imports."""
    modules = _scan(root)
    graph: Graph = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in _top_level_imports(tree, lazy):
            for target in _targets(node, name, modules):
                # `import a.b.c` names a.b.c; the nearest module of the root it reaches counts.
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def folder_graph(root: Path, *, depth: int | None = None, lazy: bool = False) -> Graph:
    """Dotted folder (package) name -> the folders inside `root` its modules import; folders
    more than `depth` levels below the root merge into their ancestor."""
    modules = _scan(root)
    graph = module_graph(root, lazy=lazy)
    root_name = min(modules, key=len)
    keep = None if depth is None else len(root_name.split(".")) + depth

    def folder(module: str) -> str:
        # A package (its __init__) is its own folder; any other module lies in its parent.
        name = module if _is_package(module, modules) else module.rpartition(".")[0]
        return name if keep is None else ".".join(name.split(".")[:keep])

    folders: Graph = {}
    for module, targets in graph.items():
        mine = folder(module)
        folders.setdefault(mine, set()).update(folder(t) for t in targets if folder(t) != mine)
    return folders


def find_cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Every cycle, as the sorted members of a strongly connected component with more than
    one node (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                members: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(member)
                    if member == node:
                        break
                if len(members) > 1:
                    cycles.append(sorted(members))
    return sorted(cycles)


def cycles_in(
    root: Path, *, folders: bool = False, depth: int | None = None, lazy: bool = False
) -> list[list[str]]:
    """The import cycles among the modules (or, with `folders`, the folders) of the package at `root`."""
    if folders:
        return find_cycles(folder_graph(root, depth=depth, lazy=lazy))
    return find_cycles(module_graph(root, lazy=lazy))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.import_cycles", description=__doc__.split("\n")[0])
    parser.add_argument("roots", nargs="*", type=Path, help="package folders (default: devagent/tools)")
    parser.add_argument("--folders", action="store_true", help="the folder-level graph")
    parser.add_argument(
        "--depth", type=int, default=None, help="with --folders: merge folders below N levels"
    )
    parser.add_argument("--lazy", action="store_true", help="count imports inside functions too")
    args = parser.parse_args(argv)
    found = False
    for root in args.roots or DEFAULT_ROOTS:
        cycles = cycles_in(root, folders=args.folders, depth=args.depth, lazy=args.lazy)
        kind = "folder" if args.folders else "module"
        for cycle in cycles:
            found = True
            print(f"{root}: {kind} cycle: {' <-> '.join(cycle)}")
        if not cycles:
            print(f"{root}: no {kind} import cycle")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
