"""A plan run for review, from its log records alone (light: `runs show` imports it
without loading the workflow): the plan's tasks, and for each the files the Coder
wrote, whether its edits were refused, and the Tester's accepted result with the report."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class TaskReview:
    task_id: str
    title: str
    artifacts: list[str]
    files: list[str] = field(default_factory=list)  # what the Coder wrote
    refusals: list[str] = field(default_factory=list)  # why edits were refused
    passed: bool | None = None  # None: never tested
    exit_code: int | None = None
    report: str = ""
    commit: str | None = None

    @property
    def status(self) -> str:
        if self.passed is None:
            return "refused" if self.refusals else "not run"
        return "passed" if self.passed else "FAILED"


def review_plan(records: Iterable[Mapping[str, Any]]) -> tuple[str | None, list[TaskReview]]:
    """(plan_id, tasks in order); (None, []) for a run without an accepted plan."""
    plan_id: str | None = None
    tasks: dict[str, TaskReview] = {}
    for record in records:
        kind, data = record.get("type"), record.get("data") or {}
        if kind == "plan":
            plan_id = data.get("plan_id")
            tasks = {
                t["id"]: TaskReview(t["id"], str(t.get("title", "")), list(t.get("artifacts") or []))
                for t in data.get("tasks") or []
            }
        task = tasks.get(str(data.get("task_id")))
        if task is None:
            continue
        if kind == "patch":
            task.files = list(data.get("files") or [])
        elif kind == "edits_refused":
            task.refusals.append(str(data.get("reason", "")))
        elif kind == "test_result":
            task.passed = bool(data.get("passed"))
            task.exit_code = data.get("exit_code")
            task.report = str(data.get("report", ""))
        elif kind == "commit":
            task.commit = str(data.get("sha", ""))
    return plan_id, list(tasks.values())


def plan_lines(records: Iterable[Mapping[str, Any]], report_lines: int = 12) -> list[str]:
    """`runs show`'s plan section: one block per task, the report's last lines."""
    plan_id, tasks = review_plan(records)
    if plan_id is None:
        return []
    lines = [f"plan {plan_id}: {len(tasks)} task(s)"]
    for task in tasks:
        lines.append(f"  {task.task_id} {task.status:<8} {task.title} [{', '.join(task.artifacts)}]")
        if task.files:
            lines.append(f"      edits: {', '.join(task.files)}")
        for reason in task.refusals:
            lines.append(f"      refused: {reason}")
        if task.passed is not None:
            lines.append(f"      test exit code {task.exit_code}; report (last lines):")
            lines.extend(f"        {line}" for line in task.report.rstrip().splitlines()[-report_lines:])
        if task.commit:
            lines.append(f"      commit {task.commit[:10]}")
    return lines


def stage_links(runs_dir: Path, run_id: str, records: Sequence[Mapping[str, Any]]) -> list[str]:
    """`run --idea` stages: the run this one follows (its `run_started.previous_run`) and
    the runs that follow it (theirs naming this one), read from first log lines only."""
    import json

    lines = []
    started = records[0].get("data") or {} if records else {}
    if started.get("previous_run"):
        lines.append(f"stage: follows run {started['previous_run']}")
    for path in sorted(runs_dir.glob("*.log.jsonl")):
        try:
            with path.open(encoding="utf-8") as handle:
                first = json.loads(handle.readline() or "{}")
        except (OSError, ValueError):
            continue
        if isinstance(first, dict) and (first.get("data") or {}).get("previous_run") == run_id:
            lines.append(f"stage: followed by run {path.name.removesuffix('.log.jsonl')}")
    return lines
