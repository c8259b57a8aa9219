"""Pure checks of plan mode's rules, enforced by the orchestrator in code (the prompts
only repeat them): a plan's ids, order and artifacts; the Coder's edit paths; the
Tester's verdict against the exit code. Plain data in, a list of problems out."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from devagent.tools.patch_policy import PatchPolicy, automation_reason

# "Never tests unless the goal says so": the goal names tests (test, tests, pytest,
# unit test, test file...).
_GOAL_ASKS_FOR_TESTS = re.compile(r"\b(tests?|pytest|unit[- ]tests?|test[- ]files?)\b", re.IGNORECASE)
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def goal_allows_tests(goal: str) -> bool:
    return _GOAL_ASKS_FOR_TESTS.search(goal) is not None


def path_problem(path: str) -> str | None:
    """Why a repository-relative path is not acceptable as an artifact, or None."""
    if not path or path != path.strip():
        return f"'{path}': empty or padded with spaces"
    if _CONTROL.search(path):
        return f"'{path!r}': control characters in the path"
    if path.startswith("/") or re.match(r"^[A-Za-z]:", path) or "\\" in path:
        return f"'{path}': must be a relative POSIX path inside the repository"
    parts = path.split("/")
    if ".." in parts or "." in parts or "" in parts:
        return f"'{path}': must not contain '..', '.' or empty parts"
    if any(p.lower() == ".git" for p in parts) or parts[-1].lower() in (".gitattributes", ".gitmodules"):
        return f"'{path}': git's own files are not artifacts"
    return None


def artifact_problems(
    paths: Sequence[str],
    known_files: Collection[str],
    protected: Sequence[str],
    allow_tests: bool,
    automation: Sequence[str] = (),
) -> list[str]:
    """An artifact is an existing file of the repository or a clearly new file inside it;
    a test file (the protected patterns) only when the goal asks for tests; a CI or
    automation file (`automation`) never."""
    problems = []
    policy = PatchPolicy(protected=tuple(protected), automation=tuple(automation))
    for path in paths:
        problem = path_problem(path)
        if problem is None and not allow_tests and policy.is_protected(path):
            problem = f"'{path}' is a test or test-config file and the goal does not ask for tests"
        if problem is None and policy.is_automation(path):
            problem = automation_reason(path)
        if problem is None and any(path.startswith(f"{f}/") for f in known_files):
            problem = f"'{path}': {path.split('/')[0]} is a file, not a folder"
        if problem is not None:
            problems.append(problem)
    return problems


def plan_problems(context: Mapping[str, Any]) -> list[str]:
    """The Planner's rules on the state snapshot: plan_id echoed (plan_0001 by default),
    tasks T1..Tn in order, at most max_tasks, every artifact acceptable."""
    plan = context.get("plan")
    if not isinstance(plan, Mapping):
        return []
    problems = []
    expected = context.get("plan_id")
    if plan.get("plan_id") != expected:
        problems.append(f"plan_id must be '{expected}'")
    tasks = list(plan.get("tasks") or [])
    ids = [t.get("id") for t in tasks]
    if ids != [f"T{i}" for i in range(1, len(tasks) + 1)]:
        problems.append("task ids must be T1..Tn in execution order")
    limit = int(context.get("max_tasks") or 0)
    if limit and len(tasks) > limit:
        problems.append(f"at most {limit} tasks")
    known = set(context.get("known_files") or [])
    for task in tasks:
        found = artifact_problems(
            list(task.get("artifacts") or []),
            known,
            list(context.get("protected_paths") or []),
            bool(context.get("allow_tests")),
            list(context.get("automation_paths") or []),
        )
        problems.extend(f"{task.get('id')}: {p}" for p in found)
        first = (list(task.get("artifacts") or []) or [""])[0]
        tests = PatchPolicy(tuple(context.get("protected_paths") or []))
        if context.get("tests_first") and not tests.is_protected(first):
            problems.append(f"{task.get('id')}: the first artifact must be a test file (tests first)")
        if len(set(task.get("artifacts") or [])) != len(task.get("artifacts") or []):
            problems.append(f"{task.get('id')}: an artifact is listed twice")
    return problems


def edit_problems(
    paths: Sequence[str],
    artifacts: Sequence[str],
    protected: Sequence[str],
    allow_tests: bool,
    automation: Sequence[str] = (),
) -> list[str]:
    """The Coder may write only its task's artifacts, each once, never a test file unless
    the goal asks for tests, never a CI or automation file (`automation`)."""
    problems = []
    policy = PatchPolicy(protected=tuple(protected), automation=tuple(automation))
    for path in paths:
        problem = path_problem(path)
        if problem is None and path not in artifacts:
            problem = f"'{path}' is not one of the task's artifacts ({', '.join(artifacts)})"
        if problem is None and not allow_tests and policy.is_protected(path):
            problem = f"'{path}' is a test or test-config file and the goal does not ask for tests"
        if problem is None and policy.is_automation(path):
            problem = automation_reason(path)
        if problem is not None:
            problems.append(problem)
    if len(set(paths)) != len(paths):
        problems.append("a path is edited twice")
    return problems
