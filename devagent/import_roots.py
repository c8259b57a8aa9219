"""Which folders of the repository the tests import the project from, so that a worktree
or a throwaway copy can put its own folders first and the tests import the code under
repair, not the user's checkout.

A project installed in editable mode in its own environment points that environment at
the checkout: a `.pth` line naming the checkout's `src/` (setuptools' compat mode, flit,
hatch, pdm, poetry), or setuptools' editable finder, whose MAPPING and NAMESPACES name the
checkout's package folders. Run in a worktree, such tests would import the unedited code.
Putting the worktree's matching folders first on PYTHONPATH makes the path-based import
system find them first (editable finders come after it on sys.meta_path). The environment
is only read here, never run: these files are parsed, not imported.

The verdict's pytest plugin still checks where the project's modules came from
(`foreign_imports`): a layout this mapping misses ends the run with a clear message
instead of a green run that tested the checkout."""

from __future__ import annotations

import ast
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

_FINDER_GLOB = "__editable___*finder.py"
_MAX_PTH_BYTES = 256 * 1024
_SRC_DEPTH = 3  # how deep a src/ folder may hold its first Python file


def import_roots(checkout: Path, site_packages: Sequence[Path]) -> tuple[str, ...]:
    """Folders of `checkout` (relative, POSIX; "." for the root) its environment imports the
    project from, editable installs first, then `src/` when it holds Python code."""
    root = Path(os.path.realpath(checkout))
    found: list[str] = []
    for path in _editable_paths(site_packages):
        real = Path(os.path.realpath(path))
        if real == root or root in real.parents:
            _add(found, real.relative_to(root).as_posix() or ".")
    if _holds_python(root / "src"):
        _add(found, "src")
    return tuple(found)


def pythonpath_for(tree: Path, roots: Iterable[str]) -> list[str]:
    """The PYTHONPATH entries of `roots` inside `tree` (a worktree or a copy) that exist."""
    return [str(tree / root) if root != "." else str(tree) for root in roots if (tree / root).is_dir()]


def _add(found: list[str], rel: str) -> None:
    if rel not in found:
        found.append(rel)


def _editable_paths(site_packages: Sequence[Path]) -> list[Path]:
    """Folders the environment's editable installs put on sys.path or map packages into."""
    paths: list[Path] = []
    for site in site_packages:
        try:
            entries = sorted(site.iterdir())
        except OSError:
            continue
        for entry in entries:
            if entry.suffix == ".pth" and entry.is_file():
                paths += _pth_paths(entry)
            elif entry.match(_FINDER_GLOB) and entry.is_file():
                paths += _finder_paths(entry)
    return paths


def _pth_paths(pth: Path) -> list[Path]:
    """The folders a .pth file adds (its `import` lines are code, and skipped)."""
    try:
        if pth.stat().st_size > _MAX_PTH_BYTES:
            return []
        lines = pth.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
    paths = []
    for line in lines:
        text = line.rstrip()
        if not text or text.startswith("#") or text.startswith(("import ", "import\t")):
            continue
        path = Path(text)
        paths.append(path if path.is_absolute() else pth.parent / path)
    return paths


def _finder_paths(finder: Path) -> list[Path]:
    """The import roots behind setuptools' editable finder: for `MAPPING = {"pkg.sub":
    ".../src/pkg/sub"}` the folder holding `pkg` (".../src"); likewise for NAMESPACES."""
    try:
        tree = ast.parse(finder.read_text(encoding="utf-8", errors="replace"))
    except (OSError, SyntaxError, ValueError):
        return []
    paths: list[Path] = []
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target = node.targets[0]
        if not (isinstance(target, ast.Name) and target.id in ("MAPPING", "NAMESPACES")):
            continue
        try:
            value = ast.literal_eval(node.value)
        except ValueError:
            continue
        if not isinstance(value, dict):
            continue
        for name, where in value.items():
            places = where if isinstance(where, list) else [where]
            for place in places:
                if isinstance(name, str) and isinstance(place, str) and place:
                    path = Path(place)
                    depth = name.count(".")
                    if depth < len(path.parents):
                        paths.append(path.parents[depth])
    return paths


def _holds_python(folder: Path) -> bool:
    if not folder.is_dir():
        return False
    return any(any(folder.glob("/".join(["*"] * depth) + ".py")) for depth in range(1, _SRC_DEPTH + 1))
