"""The projects of the history benchmark (projects.yaml beside this file), each one a project
of the fidelity benchmark: where its mirror is, the commit its history is walked back from,
its virtualenv, the checkout that virtualenv's editable install points at, and the pytest
options its tasks' test commands add."""

from __future__ import annotations

import os
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bench.fidelity.projects import Project, ProjectsError, load_projects

DATA_FILE = Path(__file__).with_name("projects.yaml")
# Where mining keeps its cache and scratch trees, and where tasks are laid out to run (never
# in the repository: the trees hold the projects' code).
WORK = Path(os.environ.get("HISTORY_HOME", "/work/history"))
# The bare git dirs `fetch` brought, with their history (<owner>+<name>/repo); never committed.
MIRRORS = Path(os.environ.get("HISTORY_MIRRORS", "/work/.mirror"))
EXCLUDED = frozenset(
    {"more-itertools", "boltons", "tomli", "toolz", "pluggy", "quixbugs", "humaneval", "human-eval"}
)


class Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    pytest_options: tuple[str, ...] = ()


class Entries(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    projects: tuple[Entry, ...] = Field(min_length=1)


class HistoryProject(BaseModel):
    """A fidelity project as the history benchmark uses it."""

    model_config = ConfigDict(frozen=True)

    fidelity: Project
    pytest_options: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.fidelity.name

    @property
    def repo(self) -> str:
        return self.fidelity.repo

    @property
    def mirror(self) -> Path:
        return MIRRORS / self.fidelity.repo.replace("/", "+") / "repo"

    @property
    def start(self) -> str:
        """The commit the walk starts from: the one the venv was installed at."""
        return self.fidelity.commit

    @property
    def venv(self) -> Path:
        return self.fidelity.venv

    @property
    def python(self) -> Path:
        return self.fidelity.venv / "bin" / "python"

    @property
    def checkout(self) -> Path:
        """The checkout the venv's editable install points at (never a task's tree)."""
        return self.fidelity.checkout


def load_history_projects(path: Path = DATA_FILE) -> list[HistoryProject]:
    """The projects of `path`; raises ProjectsError with one line naming the file and entry."""
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        entries = Entries.model_validate(raw)
    except OSError as exc:
        raise ProjectsError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    except yaml.YAMLError as exc:
        raise ProjectsError(f"{path}: not valid YAML: {str(exc).splitlines()[0]}") from None
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"])
        raise ProjectsError(f"{path}: {where}: {error['msg']}") from None
    fidelity = {p.name: p for p in load_projects()}
    projects = []
    for entry in entries.projects:
        if entry.name.lower() in EXCLUDED:
            raise ProjectsError(f"{path}: {entry.name} is kept for an independent check (issue 40)")
        if entry.name not in fidelity:
            raise ProjectsError(
                f"{path}: {entry.name} is not a project of bench/fidelity/projects.yaml "
                f"(known: {', '.join(sorted(fidelity))})"
            )
        projects.append(HistoryProject(fidelity=fidelity[entry.name], pytest_options=entry.pytest_options))
    return projects


def project_named(projects: list[HistoryProject], name: str) -> HistoryProject:
    for project in projects:
        if project.name == name:
            return project
    raise ProjectsError(f"unknown project {name!r} (known: {', '.join(p.name for p in projects)})")
