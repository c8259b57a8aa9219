"""The shape of Repair's rule catalogue (devagent/repair/rules/): a module per kind of
edit, none over 700 lines, every rule the catalogue applies a function whose docstring
shows one before/after example, and the package's `__init__` only handing names on."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path

import devagent.repair
from devagent.repair.rules import catalogue

REPAIR = Path(devagent.repair.__file__).parent
MAX_LINES = 700
EXAMPLE = re.compile(r"`[^`]+` ->\s+`[^`]+`")


def _rules() -> list[tuple[str, str]]:
    """(module, function) of every rule module's function the catalogue calls."""
    tree = ast.parse(Path(catalogue.__file__).read_text(encoding="utf-8"))
    modules = {
        alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module == "devagent.repair.rules"
        for alias in node.names
    }
    return sorted(
        {
            (node.value.id, node.attr)
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
        }
    )


def test_every_rule_the_catalogue_applies_shows_a_before_and_after_example() -> None:
    rules = _rules()
    assert len(rules) > 60  # the catalogue's calls were found, not an empty list
    missing = []
    for module, name in rules:
        rule = getattr(importlib.import_module(f"devagent.repair.rules.{module}"), name)
        if not EXAMPLE.search(inspect.getdoc(rule) or ""):
            missing.append(f"{module}.{name}")
    assert missing == []


def test_no_module_of_the_repair_package_is_over_700_lines() -> None:
    sizes = {
        path.relative_to(REPAIR).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in REPAIR.rglob("*.py")
    }
    assert "rules/off_by_one.py" in sizes and "search.py" in sizes
    assert {name: n for name, n in sizes.items() if n > MAX_LINES} == {}


def test_the_package_init_only_hands_names_on() -> None:
    for init in (REPAIR / "__init__.py", REPAIR / "rules" / "__init__.py"):
        tree = ast.parse(init.read_text(encoding="utf-8"))
        kinds = {type(node).__name__ for node in tree.body}
        assert kinds <= {"Expr", "ImportFrom", "Import", "Assign"}, init
        assigned = [
            t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)
        ]
        assert assigned == ["__all__"], init
