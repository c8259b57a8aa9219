"""No import cycles: the module graph of devagent/tools/ (bench/import_cycles.py) has none,
and the checker itself finds module and folder cycles where there are some."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.import_cycles import cycles_in, find_cycles, folder_graph, main, module_graph

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("lazy", [False, True], ids=["at-import", "with-function-imports"])
def test_tools_modules_have_no_import_cycle(lazy: bool) -> None:
    assert cycles_in(ROOT / "devagent" / "tools", lazy=lazy) == []


def test_git_tool_uses_the_patch_applier_not_the_reverse() -> None:
    graph = module_graph(ROOT / "devagent" / "tools")
    assert "devagent.tools.patch_apply" in graph["devagent.tools.git_tool"]
    applier = {m: t for m, t in graph.items() if m.startswith("devagent.tools.patch_apply")}
    assert applier and not any("devagent.tools.git_tool" in t for t in applier.values())


def _package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "pkg"


def test_finds_module_cycles_of_every_import_form(tmp_path: Path) -> None:
    pkg = _package(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg import b\n",
            "pkg/b.py": "from . import c\n",
            "pkg/c.py": "import pkg.a\nimport os\n",
            "pkg/d.py": "def later():\n    from pkg import a\n",
            "pkg/e.py": "from pkg.d import later\n",
        },
    )
    assert cycles_in(pkg) == [["pkg.a", "pkg.b", "pkg.c"]]
    assert module_graph(pkg)["pkg.d"] == set()
    assert module_graph(pkg, lazy=True)["pkg.d"] == {"pkg.a"}
    assert main([str(pkg)]) == 1


def test_folder_graph_and_its_cycles(tmp_path: Path) -> None:
    pkg = _package(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/top.py": "",
            "pkg/x/__init__.py": "",
            "pkg/x/one.py": "from pkg.y.two import f\n",
            "pkg/x/deep/__init__.py": "",
            "pkg/x/deep/three.py": "import pkg.top\n",
            "pkg/y/__init__.py": "",
            "pkg/y/two.py": "from pkg.x.deep import three\ndef f(): ...\n",
        },
    )
    assert cycles_in(pkg) == []
    assert folder_graph(pkg) == {
        "pkg": set(),
        "pkg.x": {"pkg.y"},
        "pkg.x.deep": {"pkg"},
        "pkg.y": {"pkg.x.deep"},
    }
    assert cycles_in(pkg, folders=True) == []
    assert folder_graph(pkg, depth=1)["pkg.x"] == {"pkg", "pkg.y"}
    assert cycles_in(pkg, folders=True, depth=1) == [["pkg.x", "pkg.y"]]
    assert main([str(pkg), "--folders"]) == 0
    assert main([str(pkg), "--folders", "--depth", "1"]) == 1


def test_find_cycles_on_a_plain_graph() -> None:
    graph = {"a": {"b"}, "b": {"a", "c"}, "c": {"d"}, "d": {"c"}, "e": {"e"}}
    assert find_cycles(graph) == [["a", "b"], ["c", "d"]]


# --- The whole of devagent/ -------------------------------------------------------------


def layer_graph(root: Path, lazy: bool) -> dict[str, set[str]]:
    """Folders as nodes (each subpackage its own, nested ones too), except the modules at
    the package root, which stand alone: `errors.py` or `messages.py` are leaves every
    folder may use, `cli.py` the top that may use every folder."""
    modules = module_graph(root, lazy=lazy)
    packages = {m for m in modules if (root.parent / m.replace(".", "/")).is_dir()}

    def node(module: str) -> str:
        if module in packages:
            return module
        parent = module.rsplit(".", 1)[0]
        return module if parent == root.name else parent

    graph: dict[str, set[str]] = {}
    for module, targets in modules.items():
        edges = graph.setdefault(node(module), set())
        edges.update(node(t) for t in targets if node(t) != node(module))
    return graph


@pytest.mark.parametrize("lazy", [False, True], ids=["at-import", "with-function-imports"])
def test_devagent_has_no_module_cycle(lazy: bool) -> None:
    assert cycles_in(ROOT / "devagent", lazy=lazy) == []


@pytest.mark.parametrize("lazy", [False, True], ids=["at-import", "with-function-imports"])
def test_devagent_has_no_folder_cycle(lazy: bool) -> None:
    # e.g. workflow/ -> agents/ -> a root module -> workflow/, or tools/ <-> tools/patch_apply/
    assert find_cycles(layer_graph(ROOT / "devagent", lazy)) == []


def test_the_engine_knows_no_workflow() -> None:
    graph = layer_graph(ROOT / "devagent", lazy=True)
    assert not any(t.startswith("devagent.workflows") for t in graph["devagent.workflow"])
    assert not any(
        t.startswith(("devagent.workflow", "devagent.workflows")) for t in graph["devagent.agents"]
    )


def test_every_package_is_in_the_wheel() -> None:
    """`pip install .` ships the packages pyproject.toml lists: a new folder must be there."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "devagent").rglob("__init__.py")
    }
    assert found - listed == set()
