"""The projects the fidelity benchmark measures, read from projects.yaml beside this file.

Each entry names a public repository pinned at a commit, how its contributors run its tests,
the features of issue 38 it covers, and one injected bug: a file, the exact line as it stands
at that commit, its replacement, and the one test the replacement makes fail. Data only: how
the projects are prepared is not committed (fetched code and the recipes that build it stay
outside the repository).

The benchmark takes them prepared under the projects directory (`--projects-dir`, default
/work/fidelity or $FIDELITY_HOME; nothing there is committed): `<name>/repo` (the checkout at
the commit) and `<name>/venv` (the project's own virtualenv, the project installed editable
in it) as a contributor has them, and `<name>/fix/repo` + `<name>/fix/venv`, the same pair
for the injected-bug runs (which add their bare remote and runs dir beside them)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from devagent.yaml_text import load_yaml

DATA_FILE = Path(__file__).with_name("projects.yaml")
DEFAULT_HOME = Path(os.environ.get("FIDELITY_HOME", "/work/fidelity"))
HOME = DEFAULT_HOME  # the projects directory; the CLI's --projects-dir sets it (use_projects_dir)

# The features issue 38 asks the set to cover (each must be covered by some project).
FEATURES = (
    "src-layout",
    "flat-layout",
    "namespace-package",
    "loopback-sockets",
    "registry-dependencies",
    "tmp-path-fixtures",
    "pytest-plugin",
    "long-suite",
)
Feature = Literal[
    "src-layout",
    "flat-layout",
    "namespace-package",
    "loopback-sockets",
    "registry-dependencies",
    "tmp-path-fixtures",
    "pytest-plugin",
    "long-suite",
]
_NAME = re.compile(r"^[a-z0-9][a-z0-9._-]*$")
_REPO = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9][A-Za-z0-9_.-]*$")
_SHA = re.compile(r"^[0-9a-f]{40}$")
_PREPARE = "lay it out first: README.md, the bench.fidelity entry"


class ProjectsError(Exception):
    """The data file is unusable; the message names the file and the entry."""


class Bug(BaseModel):
    """One injected bug: `original` (one whole line, as it stands at the pinned commit,
    indentation included) becomes `replacement`; `test` then fails: a pytest node id, or a
    test function's id without parameters when the bug fails some of its cases."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    file: str
    original: str
    replacement: str
    test: str

    @field_validator("file")
    @classmethod
    def _relative(cls, value: str) -> str:
        if value.startswith("/") or ".." in Path(value).parts:
            raise ValueError("must be a path inside the repository")
        return value

    @field_validator("original", "replacement")
    @classmethod
    def _one_line(cls, value: str) -> str:
        if "\n" in value or not value.strip():
            raise ValueError("must be one non-empty line")
        return value


class Project(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    repo: str  # owner/name on GitHub
    commit: str
    layout: Literal["src", "flat"]
    features: tuple[Feature, ...]
    test_command: str  # as ShellTool takes it (the fix loop's test_command)
    suite_note: str = ""  # what the command selects, when not the whole suite
    bug: Bug | None = None
    notes: str = ""

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        if not _NAME.match(value):
            raise ValueError("must be lower-case letters, digits, '.', '_' or '-'")
        return value

    @field_validator("repo")
    @classmethod
    def _repo(cls, value: str) -> str:
        if not _REPO.match(value):
            raise ValueError("must be owner/name")
        return value

    @field_validator("commit")
    @classmethod
    def _commit(cls, value: str) -> str:
        if not _SHA.match(value):
            raise ValueError("must be a full 40-hex commit")
        return value

    @property
    def home(self) -> Path:
        return HOME / self.name

    @property
    def checkout(self) -> Path:
        return self.home / "repo"

    @property
    def venv(self) -> Path:
        return self.home / "venv"

    @property
    def fix_home(self) -> Path:
        return self.home / "fix"

    @property
    def fix_checkout(self) -> Path:
        return self.fix_home / "repo"

    @property
    def fix_venv(self) -> Path:
        return self.fix_home / "venv"


def use_projects_dir(path: Path) -> None:
    """Take the prepared projects from `path` (the CLI's --projects-dir)."""
    global HOME
    HOME = path


def not_prepared(project: Project, *, for_fix: bool = False) -> str | None:
    """None when `project` is laid out as the benchmark needs (its checkout at the pinned
    commit's history and its venv's python; with `for_fix`, the fix runs' pair too), else one
    line naming what is missing."""
    pairs = [(project.checkout, project.venv)]
    if for_fix:
        pairs.append((project.fix_checkout, project.fix_venv))
    for checkout, venv in pairs:
        if not (checkout / ".git").exists():
            return f"{project.name} is not prepared: no git checkout at {checkout} ({_PREPARE})"
        if not (venv / "bin" / "python").exists():
            return f"{project.name} is not prepared: no virtualenv at {venv}/bin/python ({_PREPARE})"
    return None


class Dropped(BaseModel):
    """A candidate left out, and why (data only)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    repo: str
    commit: str
    why: str


class ProjectSet(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    projects: tuple[Project, ...] = Field(min_length=1)
    dropped: tuple[Dropped, ...] = ()


def load_projects(path: Path = DATA_FILE) -> list[Project]:
    """The projects of `path`, validated; raises ProjectsError with one line naming the
    file, the entry and the key."""
    return list(load_set(path).projects)


def load_dropped(path: Path = DATA_FILE) -> list[Dropped]:
    """The candidates left out, and why."""
    return list(load_set(path).dropped)


def load_set(path: Path = DATA_FILE) -> ProjectSet:
    """The whole data file, validated (see load_projects)."""
    try:
        raw = load_yaml(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ProjectsError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    except yaml.YAMLError as exc:
        raise ProjectsError(f"{path}: not valid YAML: {str(exc).splitlines()[0]}") from None
    try:
        data = ProjectSet.model_validate(raw)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = _where(raw, error["loc"])
        raise ProjectsError(f"{path}: {where}: {error['msg']}") from None
    names = [p.name for p in data.projects]
    duplicated = sorted({n for n in names if names.count(n) > 1})
    if duplicated:
        raise ProjectsError(f"{path}: project name(s) used twice: {', '.join(duplicated)}")
    return data


def _where(raw: object, loc: tuple[int | str, ...]) -> str:
    """`projects[3] (attrs).bug.test` for an error location."""
    parts: list[str] = []
    node = raw
    for key in loc:
        if isinstance(key, int):
            label = f"[{key}]"
            if isinstance(node, list) and key < len(node):
                node = node[key]
                if isinstance(node, dict) and isinstance(node.get("name"), str):
                    label += f" ({node['name']})"
            parts.append(label)
        else:
            parts.append(f".{key}" if parts else str(key))
            node = node.get(key) if isinstance(node, dict) else None
    return "".join(parts) or "top level"


def uncovered(projects: list[Project]) -> list[str]:
    """The features no project covers."""
    covered = {f for p in projects for f in p.features}
    return [f for f in FEATURES if f not in covered]


def select(projects: list[Project], names: list[str]) -> list[Project]:
    """`names` of `projects` (all when empty); an unknown name raises ProjectsError."""
    if not names:
        return projects
    known = {p.name: p for p in projects}
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ProjectsError(f"unknown project(s): {', '.join(unknown)} (known: {', '.join(known)})")
    return [known[n] for n in names]
