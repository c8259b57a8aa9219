"""The history tasks (tasks.yaml beside this file): data about real fixing commits, no source
text. A task is a fixing commit C of a project: the source files of C's parent with the
test files of C; some of those tests fail there and all of them pass at C.

The development/holdout split is the repair benchmark's (bench/repair/split.py): the parity
of the first byte of sha256(task id). Holdout tasks measure whether a change to Repair
generalises: nothing here hands one out unless the holdout run is asked for by name."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from bench.repair.split import HALVES, Half, half_of
from devagent.yaml_text import load_yaml

TASKS_FILE = Path(__file__).with_name("tasks.yaml")
Size = Literal["one-line", "one-hunk", "multi-hunk"]
SIZES: tuple[Size, ...] = ("one-line", "one-hunk", "multi-hunk")
_SHA = re.compile(r"^[0-9a-f]{40}$")


class TaskDataError(ValueError):
    """The task file, or an id asked for, cannot be used; one line naming the file or id."""


class DiffFigures(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    files: int = Field(ge=0)
    hunks: int = Field(ge=0)
    added: int = Field(ge=0)
    removed: int = Field(ge=0)


class ChangedFunction(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    path: str
    name: str  # "function" or "Class.method"


class TestChange(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    status: Literal["A", "M", "D", "T"]
    path: str


class HistoryTask(BaseModel):
    """One real bug: a fixing commit and what its tests say about its parent."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9._-]*-[0-9a-f]{10}$")
    project: str
    commit: str
    parent: str
    date: str = ""
    subject: str = ""
    test_files: tuple[str, ...] = Field(min_length=1)  # the test modules C touched: the task's command
    test_changes: tuple[TestChange, ...]  # every test file C changed (data, conftest included)
    failing: tuple[str, ...] = Field(min_length=1)  # failing on the parent's source, passing at C
    exceptions: dict[str, int] = {}  # exception type -> failing tests raising it
    passing_at_fix: int = Field(ge=1)
    source_files: tuple[str, ...] = Field(min_length=1)  # Python files C changed outside the tests
    other_files: tuple[str, ...] = ()  # the rest C changed outside the tests (docs, changelog ...)
    diff: DiffFigures
    size: Size
    functions: tuple[ChangedFunction, ...] = ()  # functions C changed or added

    @field_validator("commit", "parent")
    @classmethod
    def _sha(cls, value: str) -> str:
        if not _SHA.match(value):
            raise ValueError("must be a full 40-hex commit")
        return value

    @property
    def half(self) -> Half:
        return half_of(self.id)

    @property
    def one_line(self) -> bool:
        return self.size == "one-line"


def task_id(project: str, commit: str) -> str:
    return f"{project.lower()}-{commit[:10]}"


def load_tasks(path: Path = TASKS_FILE) -> list[HistoryTask]:
    """The tasks of `path`, validated; TaskDataError names the file, the task and the key."""
    try:
        raw = load_yaml(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise TaskDataError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    except yaml.YAMLError as exc:
        raise TaskDataError(f"{path}: not valid YAML: {str(exc).splitlines()[0]}") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("tasks"), list):
        raise TaskDataError(f"{path}: must be a mapping with a `tasks` list")
    tasks: list[HistoryTask] = []
    for i, item in enumerate(raw["tasks"]):
        try:
            task = HistoryTask.model_validate(item)
        except ValidationError as exc:
            error = exc.errors()[0]
            name = item.get("id") if isinstance(item, dict) else None
            where = ".".join(str(part) for part in error["loc"])
            raise TaskDataError(
                f"{path}: tasks[{i}]{f' ({name})' if name else ''}.{where}: {error['msg']}"
            ) from None
        if task.id != task_id(task.project, task.commit):
            raise TaskDataError(
                f"{path}: tasks[{i}] ({task.id}): the id must be {task_id(task.project, task.commit)}"
            )
        tasks.append(task)
    ids = Counter(t.id for t in tasks)
    twice = sorted(i for i, n in ids.items() if n > 1)
    if twice:
        raise TaskDataError(f"{path}: task id(s) used twice: {', '.join(twice)}")
    return tasks


def dump_tasks(tasks: Sequence[HistoryTask], path: Path = TASKS_FILE, header: str = "") -> None:
    data: dict[str, Any] = {"tasks": [t.model_dump(mode="json") for t in sorted(tasks, key=lambda t: t.id)]}
    text = yaml.safe_dump(data, sort_keys=False, width=110, allow_unicode=True)
    path.write_text(header + text, encoding="utf-8")


def select(
    tasks: Sequence[HistoryTask], half: Half, ids: Sequence[str] = (), *, holdout: bool = False
) -> list[HistoryTask]:
    """The tasks of `half` (the named ones, when ids are given). The holdout half, and any
    holdout id, only with `holdout=True`: the explicit holdout run (SPLIT.md's rule)."""
    if half == "holdout" and not holdout:
        raise TaskDataError("the holdout half is measured once, at the end: ask for it with --holdout")
    known = {t.id: t for t in tasks}
    unknown = [i for i in ids if i not in known]
    if unknown:
        raise TaskDataError(f"unknown history task id(s): {', '.join(unknown)}")
    held = [i for i in ids if half_of(i) == "holdout"]
    if held and not holdout:
        raise TaskDataError(
            f"{', '.join(held)}: holdout task(s); Repair is worked on against development tasks only "
            "(the holdout run is asked for with --holdout)"
        )
    wrong_half = [i for i in ids if half_of(i) != half]
    if wrong_half:
        raise TaskDataError(f"{', '.join(wrong_half)}: not in the {half} half")
    if ids:
        return [known[i] for i in ids]
    return [t for t in tasks if t.half == half]


def split_listing(tasks: Sequence[HistoryTask]) -> str:
    """Per project: how many tasks each half holds (ids of the development half only)."""
    lines = [f"split: sha256(task id) first byte even -> development, odd -> holdout ({len(tasks)} tasks)"]
    for project in sorted({t.project for t in tasks}):
        mine = [t for t in tasks if t.project == project]
        dev = [t.id for t in mine if t.half == "development"]
        lines.append(f"{project}: {len(dev)} development, {len(mine) - len(dev)} holdout")
        lines.append(f"  development {' '.join(dev) or '-'}")
    counts = Counter[str](t.half for t in tasks)
    sizes = {half: Counter[str](t.size for t in tasks if t.half == half) for half in HALVES}
    for half in HALVES:
        shown = ", ".join(f"{s} {sizes[half][s]}" for s in SIZES)
        lines.append(f"{half} {counts[half]} ({shown})")
    return "\n".join(lines)
