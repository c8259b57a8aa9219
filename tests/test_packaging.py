"""The package as pip builds it: silent (no setuptools warning for a newcomer to read as
breakage), and carrying every bundled config and prompt file the code reads.

The build runs offline, on a copy of the build inputs (setuptools writes build/ and
*.egg-info/ next to them), through the project's own PEP 517 backend, recording warnings
exactly as pip's hook runner does: pip prints every UserWarning the backend emits."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parent.parent
BUILD_INPUTS = ("pyproject.toml", "README.md", "devagent", "config", "prompts", "scripts")
# The wheel's place for each bundled folder (pyproject's package-dir).
BUNDLED = {"config": "devagent/resources/config", "prompts": "devagent/resources/prompts"}

# pip's in-process hook runner, reduced: call the backend's hook, record the warnings.
_HOOK_RUNNER = """
import importlib, json, sys, tomllib, warnings
hook, out = sys.argv[1], sys.argv[2]
system = tomllib.load(open("pyproject.toml", "rb"))["build-system"]
sys.path[:0] = system.get("backend-path", [])
backend = importlib.import_module(system["build-backend"])
with warnings.catch_warnings(record=True) as seen:
    warnings.simplefilter("always")
    name = getattr(backend, hook)(out)
print(json.dumps({"file": name, "warnings": [
    f"{w.category.__name__}: {w.message}" for w in seen if issubclass(w.category, UserWarning)
]}))
"""


def _copy_build_inputs(dest: Path) -> Path:
    for name in BUILD_INPUTS:
        source = PROJECT_ROOT / name
        if source.is_dir():
            shutil.copytree(source, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, dest / name)
    return dest


@pytest.fixture(scope="module")
def source_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _copy_build_inputs(tmp_path_factory.mktemp("source"))


def _build(source: Path, hook: str, out: Path) -> tuple[Path, list[str]]:
    """Run `hook` (build_wheel, build_editable) offline; the wheel and the warnings seen."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONWARNINGS"}
    proc = subprocess.run(
        [sys.executable, "-c", _HOOK_RUNNER, hook, str(out)],
        cwd=source,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    return out / result["file"], result["warnings"]


@pytest.fixture(scope="module")
def wheel(source_copy: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    return _build(source_copy, "build_wheel", tmp_path_factory.mktemp("wheel"))


def test_the_wheel_builds_without_a_setuptools_warning(wheel: tuple[Path, list[str]]) -> None:
    _, warnings_seen = wheel
    assert warnings_seen == []


def test_the_editable_install_builds_without_a_setuptools_warning(source_copy: Path, tmp_path: Path) -> None:
    """What `pip install -e .` (and `make install`) runs; the notice our backend silences
    is the only one it silences: a real warning would still fail this test."""
    _, warnings_seen = _build(source_copy, "build_editable", tmp_path)
    assert warnings_seen == []


def test_the_wheel_carries_every_bundled_config_and_prompt_file(wheel: tuple[Path, list[str]]) -> None:
    path, _ = wheel
    with zipfile.ZipFile(path) as archive:
        packed = {
            name: archive.read(name) for name in archive.namelist() if name.startswith("devagent/resources/")
        }
    expected = {
        f"{BUNDLED[folder]}/{file.relative_to(PROJECT_ROOT / folder).as_posix()}": file.read_bytes()
        for folder in BUNDLED
        for file in sorted((PROJECT_ROOT / folder).rglob("*"))
        if file.is_file() and "__pycache__" not in file.parts
    }
    assert sorted(set(expected) - set(packed)) == []
    assert {name: packed[name] for name in expected} == expected


def test_an_installed_wheel_reads_its_bundled_files(wheel: tuple[Path, list[str]], tmp_path: Path) -> None:
    """Unpacked outside any checkout (a pure-Python wheel installs by unpacking), the code
    finds the default config, the workflows it names, every role's prompt and every debate
    prompt inside the package."""
    path, _ = wheel
    site = tmp_path / "site"
    with zipfile.ZipFile(path) as archive:
        archive.extractall(site)
    debate = sorted(
        (file.parent.name, file.stem) for file in (PROJECT_ROOT / "prompts" / "debate").glob("*/*.md")
    )
    probe = (
        "import json, sys\n"
        "from devagent.agents.roles import ROLES\n"
        "from devagent.config import load_config\n"
        "from devagent.resources import default_config_path\n"
        "from devagent.workflows.debate.prompts import builtin_prompt\n"
        "config = load_config(default_config_path())\n"
        "read = [str(default_config_path()), config.workflow, config.spec.workflow, config.plan.workflow]\n"
        "assert all(role.system_prompt() for role in ROLES.values())\n"
        "assert all(builtin_prompt(folder, name) for folder, name in json.loads(sys.argv[1]))\n"
        "print(json.dumps(read))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(site)}
    env.pop("DEV_AGENT_CONFIG", None)
    proc = subprocess.run(
        [sys.executable, "-c", probe, json.dumps(debate)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    read = [Path(p) for p in json.loads(proc.stdout)]
    assert all(p.is_file() and p.is_relative_to(site) for p in read), read
