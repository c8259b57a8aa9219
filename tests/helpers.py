"""Helpers shared by the tests: git in a subprocess, and what the agent must never
change in the user's checkout."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any


def git(*args: str, cwd: Path) -> str:
    proc = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True)
    return proc.stdout.strip()


def worktrees(repo: Path) -> list[str]:
    return [
        line.split(" ", 1)[1]
        for line in git("worktree", "list", "--porcelain", cwd=repo).splitlines()
        if line.startswith("worktree ")
    ]


def checkout_state(repo: Path) -> dict[str, Any]:
    """Everything about the user's checkout the agent must never change."""
    return {
        "status": git("status", "--porcelain", "--untracked-files=all", cwd=repo),
        "head": git("rev-parse", "HEAD", cwd=repo),
        "branch": git("symbolic-ref", "--short", "HEAD", cwd=repo),
        "index": git("ls-files", "--stage", cwd=repo),
        "files": {
            rel: (repo / rel).read_bytes()
            for rel in ("calc.py", "conftest.py", "tests/test_calc.py")
            if (repo / rel).exists()
        },
        "git_config": (repo / ".git" / "config").read_bytes(),
    }
