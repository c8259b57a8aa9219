"""Helpers shared by the tests: git in a subprocess, what the agent must never change in
the user's checkout, and a result computed once for all of a session's xdist workers."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

# A function body (4-space indent) that never returns. The loop spins, as a real endless
# loop does, but at the lowest priority: it is cut by a timeout either way, and niced it
# takes almost no CPU from the tests running beside it.
SPIN_FOREVER = "    __import__('os').nice(19)\n    while True:\n        pass\n"


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


def _tree(root: Path, skip: tuple[str, ...]) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if any(rel == s or rel.startswith(f"{s}/") for s in skip):
            continue
        if path.is_symlink():
            files[rel] = b"-> " + str(path.readlink()).encode()
        elif path.is_file():
            files[rel] = path.read_bytes()
    return files


class OutsideGuard:
    """Snapshots of everything outside the agent's worktree that a case must not change.

    `watch_repo(repo)` covers the user's checkout: every working-tree file (the run log
    folder `runs/` excepted), and in `.git` the config, hooks, HEAD, index, info/ and
    every ref but the agent's branches and their remote-tracking refs. `watch_dir(path)` covers a whole folder
    (a canary next to the repo, a fake home)."""

    AGENT_REFS = "refs/heads/dev-agent/"

    def __init__(self) -> None:
        self._watched: list[tuple[str, Path, dict[str, bytes]]] = []

    def watch_repo(self, repo: Path) -> None:
        self._watched.append(("repo", repo, self._repo_state(repo)))

    def watch_dir(self, path: Path) -> None:
        self._watched.append(("dir", path, _tree(path, ())))

    def _repo_state(self, repo: Path) -> dict[str, bytes]:
        state = {f"worktree/{k}": v for k, v in _tree(repo, (".git", "runs")).items()}
        dot_git = repo / ".git"
        for name in ("config", "HEAD", "index"):
            if (dot_git / name).is_file():
                state[f".git/{name}"] = (dot_git / name).read_bytes()
        for folder in ("hooks", "info"):
            if (dot_git / folder).is_dir():
                state.update({f".git/{folder}/{k}": v for k, v in _tree(dot_git / folder, ()).items()})
        refs = subprocess.run(
            ["git", "for-each-ref", "--format=%(refname) %(objectname)"],
            cwd=repo,
            capture_output=True,
            text=True,
            check=False,
        ).stdout
        agent_branch = "/" + self.AGENT_REFS.removeprefix("refs/heads/")
        for line in refs.splitlines():
            name, _, sha = line.partition(" ")
            # The agent's branch, and its remote-tracking ref a push updates, are the agent's.
            theirs = name.startswith(self.AGENT_REFS) or (
                name.startswith("refs/remotes/") and agent_branch in name
            )
            if not theirs:
                state[f"ref/{name}"] = sha.encode()
        return state

    def changed(self) -> list[str]:
        """Paths (prefixed by the watched folder) that were added, removed or modified."""
        changes: list[str] = []
        for kind, path, before in self._watched:
            after = self._repo_state(path) if kind == "repo" else _tree(path, ())
            for key in sorted(before.keys() | after.keys()):
                if before.get(key) != after.get(key):
                    changes.append(f"{path}:{key}")
        return changes


def computed_once(
    config: pytest.Config, factory: pytest.TempPathFactory, name: str, compute: Callable[[], Any]
) -> Any:
    """compute()'s result (JSON), computed by the first of this session's xdist workers to
    ask and read by the others: a module-scoped fixture runs once per worker that runs any
    of its tests, and the suite spreads the real-model tests over the workers, so a model's
    replies were drawn two or three times over. The file lives in the session's own folder,
    which its workers share and no later session reads; in one process it is just compute()."""
    if not hasattr(config, "workerinput"):
        return compute()
    shared = factory.getbasetemp().parent / "computed-once"
    shared.mkdir(exist_ok=True)
    result = shared / f"{name}.json"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # a second worker waits for the first's result
        if result.is_file():
            return json.loads(result.read_text(encoding="utf-8"))
        value = compute()
        partial = result.with_suffix(".partial")
        partial.write_text(json.dumps(value), encoding="utf-8")
        os.replace(partial, result)
        return value
