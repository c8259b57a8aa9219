"""What each plan role is shown, rebuilt from the run state every turn: the seed's JSON
input for the role, then, on a re-prompt, why the last reply was not accepted."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from devagent.workflows.plan.state import PlanState
from devagent.worktree_files import is_file_inside, read_text_inside

NOTE = "Your last reply was not accepted:"


def _input(title: str, data: dict[str, Any], note: str) -> str:
    body = json.dumps(data, indent=2, ensure_ascii=False)
    text = f"{title}\n\n```json\n{body}\n```"
    if note:
        text += f"\n\n{NOTE} {note}. Reply again, following the rules."
    return text


def planner_prompt(state: PlanState) -> str:
    data = {"goal": state.goal, "repo_summary": state.repo_summary, "plan_id": state.plan_id}
    rules = f"At most {state.max_tasks} tasks."
    if not state.allow_tests:
        rules += " The goal does not ask for tests: never list test files as artifacts."
    return _input(f"Plan this goal. {rules}", data, state.note)


def context_files(state: PlanState, worktree: Path) -> list[dict[str, str]]:
    """The current content of each of the task's artifacts ("" for a file not yet there)."""
    task = state.task
    assert task is not None
    files = []
    for rel in task.artifacts:
        # Read on the host only inside the worktree: the tests may have left a symlink out.
        content = read_text_inside(worktree, rel, errors="replace") if is_file_inside(worktree, rel) else ""
        files.append({"path": rel, "content": content})
    return files


def coder_prompt(state: PlanState, worktree: Path) -> str:
    task = state.task
    assert task is not None
    data = {"task": task.model_dump(), "context_files": context_files(state, worktree)}
    return _input(f"Implement task {task.id}, editing only its artifacts.", data, state.note)


def tester_prompt(state: PlanState, output: str) -> str:
    task, test = state.task, state.last_test
    assert task is not None and test is not None
    data = {"task_id": task.id, "pytest_exit_code": test.exit_code, "pytest_output": output}
    return _input(f"Report the test run of task {task.id}.", data, state.note)
