"""examples/run_demo.py reports what happened from the run's own records and the remote,
never a fixed narration: a real bare remote, real run-log records, the real script."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
import yaml

from tests.conftest import PROJECT_ROOT
from tests.helpers import git

DEMO = PROJECT_ROOT / "examples" / "run_demo.py"


def load_demo() -> ModuleType:
    spec = importlib.util.spec_from_file_location("run_demo", DEMO)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def finished(branch: str | None, outcome: str = "approved") -> dict[str, object]:
    return {
        "run_started": {"sandbox": {"kind": "landlock", "enabled": True}},
        "run_finished": {
            "outcome": outcome,
            "exit_code": 0,
            "detail": "",
            "iterations": 1,
            "branch": branch,
            "commits": ["a" * 40],
            "pull_request": {"url": None, "record": "/x/runs/pr.md"},
        },
    }


def test_a_branch_missing_on_the_remote_is_reported_not_pushed(
    bare_remote: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    load_demo().show_result(0, finished("dev-agent/fix-1"), bare_remote)
    out = capsys.readouterr().out
    assert f"-- pushed to {bare_remote}: no" in out
    assert "-- sandbox: landlock" in out and "-- pull request recorded in /x/runs/pr.md" in out


def test_a_pushed_branch_is_reported_with_its_commit(
    git_repo: Path, bare_remote: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    git("push", "-q", "origin", "main:refs/heads/dev-agent/fix-1", cwd=git_repo)
    sha = git("rev-parse", "HEAD", cwd=git_repo)
    load_demo().show_result(0, finished("dev-agent/fix-1"), bare_remote)
    assert f"-- pushed to {bare_remote}: yes, at {sha[:10]}" in capsys.readouterr().out


def test_demo_that_cannot_start_says_so_and_claims_nothing(tmp_path: Path, git_identity: None) -> None:
    """No working sandbox (here: only bwrap allowed, and it is missing): exit 3, the
    refusal, and no narration of a fix, an approval or a push."""
    config = tmp_path / "config.yaml"
    config.write_text(yaml.safe_dump({"shell": {"bwrap": "/nonexistent/bwrap", "sandbox": "bwrap"}}))
    env = {k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "DEV_AGENT_SANDBOX")}
    env["DEV_AGENT_CONFIG"] = str(config)
    proc = subprocess.run(
        [sys.executable, str(DEMO)], capture_output=True, text=True, env=env, timeout=300, check=False
    )
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert "-- exit code 3" in proc.stdout
    assert "no run was recorded" in proc.stdout
    assert "pushed" not in proc.stdout and "approved" not in proc.stdout.replace("did not end approved", "")
    assert "Demo did not end approved (exit 3)" in proc.stdout
    assert "/nonexistent/bwrap" in proc.stderr


def test_newest_run_reads_the_log_records(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    runs.mkdir()
    records = [
        {"type": "run_started", "data": {"sandbox": {"kind": "bwrap"}}},
        {"type": "run_finished", "data": {"outcome": "approved"}},
    ]
    log = runs / "20260101-000000-abcd.log.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in records) + '{"torn')
    run = load_demo().newest_run(tmp_path, set())
    assert run == {"run_started": {"sandbox": {"kind": "bwrap"}}, "run_finished": {"outcome": "approved"}}
    assert load_demo().newest_run(tmp_path, {log}) is None


def test_scripted_spec_demo_shows_the_spec_it_wrote(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.spec_scripted import RECIPES_DRAFT, architect, reviewer, write_replies

    model = write_replies(tmp_path / "replies.yaml", [architect(RECIPES_DRAFT)], [reviewer()])
    monkeypatch.delenv("DEV_AGENT_CONFIG", raising=False)
    code = load_demo().spec_demo(tmp_path, "--architect-model", model, "--reviewer-model", model)
    out = capsys.readouterr().out
    assert code == 0
    assert "-- exit code 0" in out
    assert "# Spec: A web app where users upload recipes" in out and "| DigestJob | Agent |" in out
    assert (tmp_path / "spec" / "runs").is_dir()
