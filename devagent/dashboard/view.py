"""What the dashboard shows, computed from the trace store without Streamlit: the run
list, a run's iterations side by side (what the authoring agent produced on the left;
tests, tools, reviews and spec results on the right), its status badge and outputs."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from devagent.run_status import status_of
from devagent.trace_store import RunFilter, get_setting, query_items, query_runs, query_steps

# Agents whose output is the work under review; every other step judges or executes it.
AUTHORS = frozenset({"DevAgent", "Repair", "Architect", "Planner", "Coder"})
# A status's tone (devagent/run_status.py) as a badge colour.
COLOURS = {"running": "blue", "success": "green", "review": "violet", "timeout": "orange", "failure": "red"}
# Download names and MIME types per extracted item kind.
DOWNLOADS = {
    "patch": ("text/x-diff", ".diff"),
    "pull_request": ("text/markdown", ".md"),
    "spec": ("text/markdown", ".md"),
    "plan": ("application/json", ".json"),
    "debate": ("application/json", ".json"),
}


@dataclass
class StepView:
    execution: int
    step: str
    iteration: int
    attempt: int
    status: str
    event: str | None
    content: str
    diff: str | None
    route: str
    specs: list[dict[str, Any]]

    @property
    def failed_specs(self) -> list[dict[str, Any]]:
        return [s for s in self.specs if not s["passed"]]


@dataclass
class IterationView:
    number: int
    authored: list[StepView] = field(default_factory=list)  # left column
    checks: list[StepView] = field(default_factory=list)  # right column


@dataclass
class RunView:
    run_id: str
    workflow: str
    plugin: str
    status: str
    outcome: str | None
    phase: str
    iterations: int
    detail: str | None
    steps: list[StepView]
    downloads: list[tuple[str, str, str, bytes]]  # (label, file name, mime, data)
    settings: dict[str, Any] | None = None  # the run's effective configuration

    @property
    def column_captions(self) -> tuple[str, str]:
        """What the two columns of an iteration hold (the spec debate names its roles)."""
        if self.plugin == "spec":
            return ("Architect draft", "Reviewer challenges")
        if self.plugin == "plan":  # iteration 0 is the plan, then one per task
            return ("Planner plan / Coder edits", "edits applied, tests, Tester report")
        return ("agent output", "tests, reviews and specs")

    @property
    def badge(self) -> tuple[str, str]:
        """The label and colour of the workflow's own word for the run's state."""
        status = status_of(self.outcome, self.plugin)  # a killed run's outcome is "killed"
        return status.label, COLOURS[status.tone]

    def by_iteration(self) -> list[IterationView]:
        grouped: dict[int, IterationView] = {}
        for step in self.steps:
            view = grouped.setdefault(step.iteration, IterationView(step.iteration))
            (view.authored if step.step in AUTHORS else view.checks).append(step)
        return [grouped[n] for n in sorted(grouped)]


def list_runs(db: sqlite3.Connection, where: RunFilter | None = None) -> list[sqlite3.Row]:
    """Newest first: the run a user looks for is usually the last one."""
    return list(reversed(query_runs(db, where)))


def load_run(db: sqlite3.Connection, run_id: str) -> RunView | None:
    row = db.execute("SELECT * FROM workflow_runs WHERE run_id = ?", (run_id,)).fetchone()
    if row is None:
        return None
    steps = [_step_view(s) for s in query_steps(db, run_id)]
    iterations = row["iterations"] or max((s.iteration for s in steps), default=0)
    downloads = []
    for item in query_items(db, run_id):
        if item["kind"] not in DOWNLOADS:
            continue
        mime, suffix = DOWNLOADS[item["kind"]]
        name = item["name"] if item["name"].endswith(suffix) else f"{item['name']}{suffix}"
        downloads.append(
            (item["kind"].replace("_", " "), name.replace("/", "-"), mime, item["content"].encode())
        )
    stored = get_setting(db, f"run:{run_id}:config", "")
    return RunView(
        run_id=run_id,
        workflow=row["workflow"],
        plugin=row["plugin"],
        status=row["status"],
        outcome=row["outcome"],
        phase=row["phase"] or "",
        iterations=iterations,
        detail=row["detail"],
        steps=steps,
        downloads=downloads,
        settings=json.loads(stored) if stored else None,
    )


def _step_view(step: dict[str, Any]) -> StepView:
    output = json.loads(step["output"]) if step["output"] else {}
    route = step["route_to"] or ""
    if step["outcome"]:
        route = f"end: {step['outcome']}"
    return StepView(
        execution=step["execution"],
        step=step["step"],
        iteration=step["iteration"] or 0,
        attempt=step["attempt"],
        status=step["status"],
        event=step["event"],
        content=str(output.get("content", "")),
        diff=step["diff"],
        route=route,
        specs=step["specs"],
    )
