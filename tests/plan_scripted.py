"""Scripted replies for plan mode (`scripted:<yaml>`): Planner plans, Coder edits and
Tester reports written as the models would write them, for the control-flow tests of
tests/test_plan_mode.py. The repository is conftest's `git_repo` (calc.py's add()
subtracts; tests/test_calc.py checks add(2, 3) == 5)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from tests.helpers import git

GOOD_CALC = "def add(a, b):\n    return a + b\n\n\ndef mul(a, b):\n    return a * b\n"
BAD_CALC = "def add(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a * b + 0\n"
USAGE = "# Usage\n\n`add(2, 3)` returns 5.\n"


def fenced(data: dict[str, Any]) -> str:
    return f"```json\n{json.dumps(data)}\n```\n"


def plan_task(n: int, title: str, artifacts: list[str]) -> dict[str, Any]:
    return {
        "id": f"T{n}",
        "title": title,
        "rationale": f"{title} is part of the goal",
        "acceptance": "pytest -q passes",
        "artifacts": artifacts,
    }


def plan(*tasks: dict[str, Any], plan_id: str = "plan_0001") -> str:
    return fenced({"plan_id": plan_id, "tasks": list(tasks)})


TWO_TASKS = plan(plan_task(1, "Fix add", ["calc.py"]), plan_task(2, "Document add", ["docs/usage.md"]))
ONE_TASK = plan(plan_task(1, "Fix add", ["calc.py"]))


def edits(*files: tuple[str, str]) -> str:
    return fenced({"edits": [{"path": p, "content": c} for p, c in files]})


def says_tester(task_id: str, passed: bool, report: str = "ok") -> str:
    return fenced({"task_id": task_id, "passed": passed, "report": report})


def error(reason: str) -> str:
    return fenced({"status": "error", "reason": reason})


def write_replies(path: Path, planner: list[str], coder: list[str], tester_: list[str]) -> str:
    """Write the replies file; returns its model spec."""
    data = {"Planner": planner, "Coder": coder, "Tester": tester_}
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return f"scripted:{path}"


def make_repo(root: Path, remote: Path) -> Path:
    """A user repository on `main`: calc.py (add() subtracts), conftest.py (puts the root
    on sys.path), tests/test_calc.py, README.md; `origin` is `remote`, main pushed."""
    repo = root / "user"
    git("init", "-q", "-b", "main", str(repo), cwd=root)
    (repo / "calc.py").write_text("def add(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a * b\n")
    (repo / "conftest.py").write_text("")
    (repo / "tests").mkdir()
    (repo / "tests" / "test_calc.py").write_text(
        "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n"
    )
    (repo / "README.md").write_text("# demo\n")
    git("add", "-A", cwd=repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "initial", cwd=repo)
    git("remote", "add", "origin", str(remote), cwd=repo)
    git("push", "-q", "origin", "main", cwd=repo)
    return repo


CALC = "def add(a, b):\n    return a + b\n"


def green_repo(tmp_path: Path, bare_remote: Path) -> Path:
    repo = tmp_path / "user"
    git("init", "-q", "-b", "main", str(repo), cwd=tmp_path)
    (repo / "calc.py").write_text(CALC)
    (repo / "conftest.py").write_text("")
    (repo / "tests").mkdir()
    (repo / "tests" / "test_calc.py").write_text(
        "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n"
    )
    git("add", "-A", cwd=repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "green", cwd=repo)
    git("remote", "add", "origin", str(bare_remote), cwd=repo)
    git("push", "-q", "origin", "main", cwd=repo)
    return repo
