"""The Python environment the project's tests run in: the interpreter and packages its own
developers use, not dev-agent's.

The choice, first match wins: `shell.python` in the config (or `--python`), the active
virtualenv (`VIRTUAL_ENV`) or conda environment (`CONDA_PREFIX`), a `.venv` or `venv`
folder at the repository's root, and only then the Python dev-agent itself runs on (the
run says so). The chosen environment is probed once inside the sandbox (running its
interpreter on the host would run whatever its `.pth` files hold outside the sandbox):
its version, its site-packages folders, and whether pytest is importable. Every
sandboxed command then shows it read-only, wherever it lives (under /tmp too).

Which folders of the repository the environment imports from (editable installs, a
`src/` layout) is devagent/import_roots.py's part."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from devagent.errors import EnvironmentProblem, UsageError
from devagent.process import run_captured
from devagent.tools.sandbox import Sandbox

# Where each choice came from, as the run log and the terminal name it.
FROM_CONFIG = "shell.python"
FROM_VIRTUAL_ENV = "VIRTUAL_ENV"
FROM_CONDA = "CONDA_PREFIX"
FROM_REPOSITORY = "repository"
FROM_DEV_AGENT = "dev-agent"
_REPO_ENV_FOLDERS = (".venv", "venv")
PYTHON_PROGRAMS = frozenset({"python", "python3"})
PYTEST_PROGRAMS = frozenset({"pytest", "py.test"})
_PROBE_TIMEOUT_S = 60.0
# Runs isolated (-I): nothing of the current folder or PYTHONPATH is imported. It reports
# what the tests' interpreter is and where its packages live.
_PROBE = """\
import importlib.util, json, site, sys
dirs = list(site.getsitepackages()) if hasattr(site, "getsitepackages") else []
print(json.dumps({
    "version": "%d.%d.%d" % sys.version_info[:3],
    "prefix": sys.prefix,
    "base_prefix": getattr(sys, "base_prefix", sys.prefix),
    "site_packages": dirs,
    "pytest": importlib.util.find_spec("pytest") is not None,
}))
"""


@dataclass(frozen=True)
class ProjectEnvironment:
    """The interpreter the tests run with and where it came from (FROM_*)."""

    python: Path  # absolute, not resolved: a venv's bin/python is a link whose place matters
    source: str
    root: Path | None = None  # the virtualenv or conda folder; None for a bare interpreter
    # Filled by `probe`: the interpreter's own account of itself.
    version: str | None = None
    site_packages: tuple[Path, ...] = ()
    base_prefix: Path | None = None
    has_pytest: bool | None = None
    passed_over: tuple[str, ...] = field(default=())
    # Folders of the repository the tests import the project from (devagent/import_roots.py).
    import_roots: tuple[str, ...] = ()

    @property
    def bin_dir(self) -> Path:
        """The folder first on the tests' PATH (the environment's scripts: pytest, ...)."""
        return self.python.parent

    @property
    def own(self) -> bool:
        """True when no project environment was found and dev-agent's own is used."""
        return self.source == FROM_DEV_AGENT

    def shown(self) -> tuple[Path, ...]:
        """Folders a sandbox must show (read-only) for this interpreter to start and import
        its packages: the environment, the interpreter's installation behind its links, and
        the base installation a virtualenv's pyvenv.cfg names."""
        paths: list[Path] = [self.bin_dir]
        if self.root is not None:
            paths.append(self.root)
        real = Path(os.path.realpath(self.python))
        paths.append(real.parent.parent if real.parent.name == "bin" else real.parent)
        home = _pyvenv_home(self.root)
        if home is not None:
            paths.append(home.parent if home.name == "bin" else home)
        if self.base_prefix is not None:
            paths.append(self.base_prefix)
        paths += self.site_packages
        unique: list[Path] = []
        for path in paths:
            if path not in unique:
                unique.append(path)
        return tuple(unique)

    def variables(self) -> tuple[tuple[str, str], ...]:
        """Variables every test command gets, as the environment's activation sets them."""
        if self.root is not None and (self.root / "pyvenv.cfg").is_file():
            return (("VIRTUAL_ENV", str(self.root)),)
        if self.root is not None and (self.root / "conda-meta").is_dir():
            return (("CONDA_PREFIX", str(self.root)),)
        return ()

    def describe(self) -> str:
        """One line for the terminal and `runs show`."""
        version = f"Python {self.version}" if self.version else "Python"
        if self.own:
            return (
                f"{version} at {self.python}: dev-agent's own environment (no --python, shell.python, "
                "VIRTUAL_ENV, CONDA_PREFIX, .venv or venv found; set one to test with the project's packages)"
            )
        return f"{version} at {self.python} (from {self.source})"

    def record(self) -> dict[str, Any]:
        """The run_started record's "environment" value."""
        return {
            "description": self.describe(),
            "python": str(self.python),
            "source": self.source,
            "root": None if self.root is None else str(self.root),
            "version": self.version,
            "site_packages": [str(p) for p in self.site_packages],
            "pytest": self.has_pytest,
            "import_roots": list(self.import_roots),
            "passed_over": list(self.passed_over),
        }


def choose_environment(
    repo: Path, configured: str | None, environ: Mapping[str, str] | None = None
) -> ProjectEnvironment:
    """The environment the tests of `repo` run in (see the module docstring). A choice that
    names no usable interpreter is a one-line UsageError naming its source: the user meant
    that environment, and testing with another one would mislead."""
    env = os.environ if environ is None else environ
    passed_over: list[str] = []
    if configured:
        python = Path(configured).expanduser()
        if not python.is_absolute():
            python = Path.cwd() / python
        if python.is_dir():  # a virtualenv's folder stands for its interpreter
            return _from_root(python, FROM_CONFIG, f"{FROM_CONFIG} (--python)")
        _check_interpreter(python, f"{FROM_CONFIG} (--python)")
        return ProjectEnvironment(python, FROM_CONFIG, _root_of(python))
    for variable in (FROM_VIRTUAL_ENV, FROM_CONDA):
        value = env.get(variable, "").strip()
        if value:
            return _from_root(Path(value).expanduser(), variable, f"{variable}={value}")
    for name in _REPO_ENV_FOLDERS:
        folder = repo / name
        if (folder / "pyvenv.cfg").is_file() or (folder / "conda-meta").is_dir():
            found = _interpreter_in(folder)
            if found is not None:
                return ProjectEnvironment(found, FROM_REPOSITORY, folder)
            passed_over.append(f"{folder} holds no bin/python")
    own = Path(sys.executable)
    return ProjectEnvironment(own, FROM_DEV_AGENT, Path(sys.prefix), passed_over=tuple(passed_over))


def probe(environment: ProjectEnvironment, sandbox: Sandbox | None) -> ProjectEnvironment:
    """Ask the interpreter about itself, inside `sandbox` (None: unsandboxed, as the run's
    commands are then). A probe that fails is a one-line EnvironmentProblem."""
    argv = [str(environment.python), "-I", "-c", _PROBE]
    with tempfile.TemporaryDirectory(prefix="dev-agent-env-probe-") as scratch:
        program: str | None = None
        if sandbox is not None:
            program = sandbox.start_program()  # the relay's Python with host services
            argv = sandbox.wrap(argv, Path(scratch))
        proc = run_captured(
            argv,
            executable=program,
            cwd=Path(scratch),
            stdin=subprocess.DEVNULL,
            timeout=_PROBE_TIMEOUT_S,
            text=True,
        )
    where = f"{environment.python} (from {environment.source})"
    if isinstance(proc, subprocess.TimeoutExpired):
        raise EnvironmentProblem(f"the project's Python {where} did not answer within {_PROBE_TIMEOUT_S:g}s")
    if isinstance(proc, OSError):
        raise EnvironmentProblem(f"the project's Python {where} cannot be started: {proc.strerror or proc}")
    try:
        facts = json.loads(proc.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        last = (proc.stderr.strip().splitlines() or [f"exit code {proc.returncode}"])[-1]
        raise EnvironmentProblem(f"the project's Python {where} does not start: {last.strip()}") from None
    return replace(
        environment,
        version=str(facts.get("version")),
        site_packages=tuple(Path(p) for p in facts.get("site_packages") or ()),
        base_prefix=Path(str(facts["base_prefix"])) if facts.get("base_prefix") else None,
        has_pytest=bool(facts.get("pytest")),
    )


def check_runs_pytest(environment: ProjectEnvironment, test_command: str) -> None:
    """A test command that runs pytest needs pytest in the environment: said before anything
    runs, with the command that installs it."""
    program = _program(test_command)
    needs_module = program in PYTHON_PROGRAMS and "pytest" in shlex.split(test_command)[1:3]
    needs_script = program in PYTEST_PROGRAMS
    if not (needs_module or needs_script):
        return
    missing = (needs_module and environment.has_pytest is False) or (
        needs_script and not (environment.bin_dir / program).is_file()
    )
    if missing:
        raise EnvironmentProblem(
            f"the project's environment {environment.python} (from {environment.source}) has no pytest: "
            f"install it with `{environment.python} -m pip install pytest`, or name another environment "
            "with --python (shell.python)"
        )


def _program(test_command: str) -> str:
    try:
        words = shlex.split(test_command)
    except ValueError:
        return ""
    return words[0] if words else ""


def _from_root(root: Path, source: str, named: str) -> ProjectEnvironment:
    python = _interpreter_in(root)
    if python is None:
        raise UsageError(f"{named}: no Python interpreter there (no bin/python); name one with --python")
    return ProjectEnvironment(python, source, root)


def _interpreter_in(root: Path) -> Path | None:
    for name in ("bin/python", "bin/python3"):
        candidate = root / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return Path(os.path.abspath(candidate))
    return None


def _check_interpreter(python: Path, named: str) -> None:
    if not python.exists():
        raise UsageError(f"{named}: {python} does not exist")
    if not python.is_file() or not os.access(python, os.X_OK):
        raise UsageError(f"{named}: {python} is not an executable file")


def _root_of(python: Path) -> Path | None:
    """The virtualenv or conda folder an interpreter belongs to (its bin/'s parent), if any."""
    parent = python.parent.parent
    if python.parent.name == "bin" and (
        (parent / "pyvenv.cfg").is_file() or (parent / "conda-meta").is_dir()
    ):
        return parent
    return None


def _pyvenv_home(root: Path | None) -> Path | None:
    """The `home` a virtualenv's pyvenv.cfg names: the base interpreter's folder."""
    if root is None:
        return None
    try:
        lines = (root / "pyvenv.cfg").read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    for line in lines:
        key, _, value = line.partition("=")
        if key.strip() == "home" and value.strip():
            return Path(value.strip())
    return None
