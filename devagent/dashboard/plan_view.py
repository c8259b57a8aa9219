"""The dashboard's table for a plan run, from its RunView alone (no Streamlit): one row
per task of the accepted plan with its artifacts, the files the Coder's edits wrote (or
why they were refused), and the Tester's verdict. The edits and reports themselves are
in each task's iteration below the table."""

from __future__ import annotations

import json

from devagent.dashboard.view import RunView


def plan_table(run: RunView) -> list[dict[str, str]]:
    plan = next((data for kind, _, _, data in run.downloads if kind == "plan"), None)
    if plan is None:
        return []
    tasks = json.loads(plan.decode("utf-8")).get("tasks") or []
    rows = []
    for number, task in enumerate(tasks, start=1):
        steps = [s for s in run.steps if s.iteration == number]
        edits = [s for s in steps if s.step == "Workspace"]
        verdicts = [s for s in steps if s.step == "Tester" and s.event in ("task_passed", "task_failed")]
        # A verdict contradicting the exit code failed its spec: it is not the task's result.
        tested = [s for s in verdicts if not s.failed_specs]
        status = "not run"
        if tested:
            status = "passed" if tested[-1].event == "task_passed" else "FAILED"
        elif edits and edits[-1].event == "edits_refused":
            status = "edits refused"
        rows.append(
            {
                "task": str(task.get("id", "")),
                "title": str(task.get("title", "")),
                "artifacts": ", ".join(task.get("artifacts") or []),
                "edits": edits[-1].content.split(": ", 1)[-1] if edits else "",
                "tests": status,
            }
        )
    return rows
