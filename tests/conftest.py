"""Shared fixtures: real git repositories in tmp_path, independent of the user's git config."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest


def _git(*args: str, cwd: Path) -> str:
    proc = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True)
    return proc.stdout


@pytest.fixture
def git_identity(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A commit identity from the environment, so fixtures work without a global user.name."""
    for var, value in {
        "GIT_AUTHOR_NAME": "Test Author",
        "GIT_AUTHOR_EMAIL": "author@example.invalid",
        "GIT_COMMITTER_NAME": "Test Author",
        "GIT_COMMITTER_EMAIL": "author@example.invalid",
        # Repository discovery must never climb out of tmp_path into an enclosing repo.
        "GIT_CEILING_DIRECTORIES": str(tmp_path),
    }.items():
        monkeypatch.setenv(var, value)


@pytest.fixture
def bare_remote(tmp_path: Path, git_identity: None) -> Path:
    """An empty bare repository to serve as `origin`."""
    bare = tmp_path / "remote.git"
    _git("init", "-q", "--bare", "-b", "main", str(bare), cwd=tmp_path)
    return bare


@pytest.fixture
def git_repo(tmp_path: Path, bare_remote: Path) -> Path:
    """A user repository on `main` with one commit (calc.py, tests/test_calc.py, README.md),
    `origin` pointing at `bare_remote` and main pushed there."""
    repo = tmp_path / "user"
    _git("init", "-q", "-b", "main", str(repo), cwd=tmp_path)
    (repo / "calc.py").write_text("def add(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a * b\n")
    (repo / "tests").mkdir()
    (repo / "tests" / "test_calc.py").write_text(
        "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n"
    )
    (repo / "README.md").write_text("# demo\n")
    _git("add", "-A", cwd=repo)
    _git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "initial", cwd=repo)
    _git("remote", "add", "origin", str(bare_remote), cwd=repo)
    _git("push", "-q", "origin", "main", cwd=repo)
    return repo
