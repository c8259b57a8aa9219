"""The projects of the history benchmark (projects.yaml beside this file), each one a project
of the fidelity benchmark: where its mirror is, the commit its history is walked back from,
its virtualenv, the checkout that virtualenv's editable install points at, and the pytest
options its tasks' test commands add.

A second set, the independent check of issue 40 (independent.yaml beside this file), holds
the projects left out of the benchmark on purpose; each entry carries its own repository,
pinned commit and test command (the fidelity benchmark's shape), and is prepared under
INDEPENDENT_HOME. A third, independent2.yaml (prepared under INDEPENDENT2_HOME), has the same
shape: projects used nowhere else, kept first-sight once the first had been read.
`PROJECT_SETS` names each set's files: its projects, its tasks, its mining summary."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bench.fidelity.projects import Project, ProjectsError, load_projects
from bench.repair.history.tasks import TASKS_FILE
from devagent.yaml_text import load_yaml

DATA_FILE = Path(__file__).with_name("projects.yaml")
INDEPENDENT_FILE = Path(__file__).with_name("independent.yaml")
INDEPENDENT2_FILE = Path(__file__).with_name("independent2.yaml")
# Where the independent sets' projects are prepared: <name>/repo and <name>/venv (never
# committed; separate from the fidelity benchmark's /work/fidelity, which stays as it is).
INDEPENDENT_HOME = Path(os.environ.get("INDEPENDENT_HOME", "/work/independent"))
INDEPENDENT2_HOME = Path(os.environ.get("INDEPENDENT2_HOME", "/work/independent2"))
# Where mining keeps its cache and scratch trees, and where tasks are laid out to run (never
# in the repository: the trees hold the projects' code).
WORK = Path(os.environ.get("HISTORY_HOME", "/work/history"))
# The bare git dirs `fetch` brought, with their history (<owner>+<name>/repo); never committed.
MIRRORS = Path(os.environ.get("HISTORY_MIRRORS", "/work/.mirror"))
EXCLUDED = frozenset(
    {"more-itertools", "boltons", "tomli", "toolz", "pluggy", "quixbugs", "humaneval", "human-eval"}
)
# Fetched for other work (cattrs beside attrs; dateutil is a fidelity project): no later
# independent set may take them.
ELSEWHERE = frozenset({"python-attrs/cattrs", "dateutil/dateutil"})


class Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    pytest_options: tuple[str, ...] = ()


class Entries(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    projects: tuple[Entry, ...] = Field(min_length=1)


class IndependentEntry(Project):
    """A project of the independent set: the fidelity benchmark's data, with the pytest
    options of its tasks' test commands."""

    pytest_options: tuple[str, ...] = ()


class IndependentEntries(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    projects: tuple[IndependentEntry, ...] = Field(min_length=1)


class HistoryProject(BaseModel):
    """A fidelity project as the history benchmark uses it; `home` (the independent set)
    holds its repo and venv instead of the fidelity benchmark's projects directory."""

    model_config = ConfigDict(frozen=True)

    fidelity: Project
    pytest_options: tuple[str, ...] = ()
    home: Path | None = None

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
        return self.home / "venv" if self.home is not None else self.fidelity.venv

    @property
    def python(self) -> Path:
        return self.venv / "bin" / "python"

    @property
    def checkout(self) -> Path:
        """The checkout the venv's editable install points at (never a task's tree)."""
        return self.home / "repo" if self.home is not None else self.fidelity.checkout


def _read_entries(path: Path, model: type[BaseModel]) -> BaseModel:
    """`path` validated as `model`; ProjectsError with one line naming the file and entry."""
    try:
        raw = load_yaml(path.read_text(encoding="utf-8"))
        return model.model_validate(raw)
    except OSError as exc:
        raise ProjectsError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    except yaml.YAMLError as exc:
        raise ProjectsError(f"{path}: not valid YAML: {str(exc).splitlines()[0]}") from None
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"])
        raise ProjectsError(f"{path}: {where}: {error['msg']}") from None


def load_history_projects(path: Path = DATA_FILE) -> list[HistoryProject]:
    """The projects of `path`; raises ProjectsError with one line naming the file and entry."""
    entries = _read_entries(path, Entries)
    assert isinstance(entries, Entries)
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


def load_independent_projects(
    path: Path = INDEPENDENT_FILE, home: Path | None = None, *, first: bool = True
) -> list[HistoryProject]:
    """The independent set's projects of `path`, prepared under `home` (INDEPENDENT_HOME
    when None), each named once. The first set (`first`) takes only the projects kept out
    of the benchmark for it (EXCLUDED); a later set only projects used nowhere else: not
    kept for the first set, not of the fidelity benchmark (which holds the benchmark's),
    not in the first set's file, not in ELSEWHERE. ProjectsError (one line) otherwise."""
    entries = _read_entries(path, IndependentEntries)
    assert isinstance(entries, IndependentEntries)
    base = INDEPENDENT_HOME if home is None else home
    taken = set() if first else _taken_elsewhere(path)
    projects: list[HistoryProject] = []
    for entry in entries.projects:
        if first and entry.name.lower() not in EXCLUDED:
            raise ProjectsError(
                f"{path}: {entry.name} is not one of the projects kept for the independent check "
                f"({', '.join(sorted(EXCLUDED))})"
            )
        if not first and (entry.name.lower() in taken or entry.repo.lower() in taken):
            raise ProjectsError(
                f"{path}: {entry.name} ({entry.repo}) is used elsewhere (the benchmark, the fidelity "
                "benchmark or the first independent set); a later independent set must be first-sight"
            )
        if any(p.name == entry.name for p in projects):
            raise ProjectsError(f"{path}: {entry.name} is named twice")
        fidelity = Project.model_validate(entry.model_dump(exclude={"pytest_options"}))
        projects.append(
            HistoryProject(fidelity=fidelity, pytest_options=entry.pytest_options, home=base / entry.name)
        )
    return projects


def _taken_elsewhere(path: Path) -> set[str]:
    """The names and repositories (lower case) a later independent set (`path`) must not
    take."""
    taken = set(EXCLUDED) | set(ELSEWHERE)
    for project in load_projects():
        taken |= {project.name.lower(), project.repo.lower()}
    if path.resolve() != INDEPENDENT_FILE.resolve():
        for project in load_independent_projects(INDEPENDENT_FILE):
            taken |= {project.name.lower(), project.repo.lower()}
    return taken


@dataclass(frozen=True)
class ProjectSet:
    """A set of projects (its data file; `home`: where they are prepared, None for the
    fidelity benchmark's) and the files its tasks and mining summary are kept in. `split`:
    its tasks are split development/holdout (the benchmark); a set without a split is
    measured as a whole, once, and its figures go under its own name (`half`). `first`:
    the first independent set (its projects are the ones kept for it); a later one takes
    only projects used nowhere else."""

    name: str
    projects_file: Path
    home: Path | None
    tasks_file: Path
    mining_file: Path
    split: bool
    first: bool = True

    @property
    def half(self) -> str:
        return self.name

    def projects(self) -> list[HistoryProject]:
        if self.split:
            return load_history_projects(self.projects_file)
        return load_independent_projects(self.projects_file, self.home, first=self.first)


HERE = Path(__file__).parent
PROJECT_SETS = {
    "benchmark": ProjectSet("benchmark", DATA_FILE, None, TASKS_FILE, HERE / "mining.json", split=True),
    "independent": ProjectSet(
        "independent",
        INDEPENDENT_FILE,
        INDEPENDENT_HOME,
        HERE / "independent_tasks.yaml",
        HERE / "independent_mining.json",
        split=False,
    ),
    # The second independent set, kept first-sight after the first had been read in detail.
    "independent2": ProjectSet(
        "independent2",
        INDEPENDENT2_FILE,
        INDEPENDENT2_HOME,
        HERE / "independent2_tasks.yaml",
        HERE / "independent2_mining.json",
        split=False,
        first=False,
    ),
}


def project_named(projects: list[HistoryProject], name: str) -> HistoryProject:
    for project in projects:
        if project.name == name:
            return project
    raise ProjectsError(f"unknown project {name!r} (known: {', '.join(p.name for p in projects)})")
