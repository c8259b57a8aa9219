"""Roles join the fix loop by configuration: a Reviewer between green tests and the
Supervisor, with scripted replies (deterministic control flow)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "calc"

REVIEWER_NEEDS_REVISION = """```json
{"status": "needs_revision", "challenges": [{"id": 1, "category": "completeness", "description": "Say why."}]}
```
"""
REVIEWER_VERIFIED = '```json\n{"status": "verified", "challenges": []}\n```\n'


def _git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


@pytest.fixture
def calc_repo(tmp_path: Path, git_identity: None, bare_remote: Path) -> Path:
    repo = tmp_path / "calc"
    shutil.copytree(EXAMPLE, repo)
    _git("init", "-q", "-b", "main", cwd=repo)
    _git("add", "calc.py", "conftest.py", "tests", cwd=repo)
    _git("commit", "-q", "-m", "init", cwd=repo)
    _git("remote", "add", "origin", str(bare_remote), cwd=repo)
    _git("push", "-q", "origin", "main", cwd=repo)
    return repo


def _run(repo: Path, replies: dict[str, list[str]]) -> tuple[subprocess.CompletedProcess[str], list[dict]]:
    (repo / "replies.json").write_text(json.dumps(replies))
    config = repo.parent / "config.yaml"
    config.write_text("workflow: workflows/fix_reviewed.yaml\n")
    proc = subprocess.run(
        [
            sys.executable,
            str(ROOT / "dev_agent.py"),
            "--phase",
            "spec.md",
            "--config",
            str(config),
            "--model",
            "scripted:replies.json",
        ],
        cwd=repo,
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        check=False,
    )
    log = next((repo / "runs").glob("*.log.jsonl"))
    return proc, [json.loads(line) for line in log.read_text().splitlines()]


DOCSTRING_PATCH = """```json
{"type": "patch", "content": "Say in the docstring why the divisor is len(values).", "commands": []}
```

```diff
--- a/calc.py
+++ b/calc.py
@@ -7,5 +7,5 @@
{blank}
{blank}
 def mean(values):
-    \"\"\"Arithmetic mean of a non-empty list.\"\"\"
+    \"\"\"Arithmetic mean of a non-empty list: the sum divided by the number of values.\"\"\"
     return sum(values) / len(values)
```
""".replace("{blank}", " ")  # diff context lines for blank lines are a single space


def test_scripted_reviewer_added_by_config_sends_challenges_back_to_dev_agent(calc_repo: Path) -> None:
    base = yaml.safe_load((EXAMPLE / "replies.yaml").read_text())
    replies = {
        "DevAgent": [base["DevAgent"][0], DOCSTRING_PATCH],
        "Reviewer": [REVIEWER_NEEDS_REVISION, REVIEWER_VERIFIED],
        "Supervisor": base["Supervisor"],
    }
    proc, records = _run(calc_repo, replies)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    messages = [r for r in records if r["type"] in ("instruction", "patch", "output", "status")]
    events = [(m["role"], m["data"]["metadata"].get("event")) for m in messages]
    first_review = events.index(("Reviewer", "needs_revision"))
    # The challenge went back to DevAgent, whose second patch was reviewed again.
    assert events[first_review + 1] == ("DevAgent", "patch")
    assert ("Reviewer", "verified") in events[first_review + 1 :]
    dev_prompts = [
        r["data"]["prompt"] for r in records if r["type"] == "model_call" and r["role"] == "DevAgent"
    ]
    assert "Say why." not in dev_prompts[0]
    assert "The Reviewer raised: 1. [completeness] Say why." in dev_prompts[1]
    finished = records[-1]
    assert finished["type"] == "run_finished" and finished["data"]["outcome"] == "approved"
    assert len(finished["data"]["commits"]) == 2


def test_scripted_reviewer_verified_hands_over_to_supervisor(calc_repo: Path) -> None:
    base = yaml.safe_load((EXAMPLE / "replies.yaml").read_text())
    replies = {
        "DevAgent": base["DevAgent"],
        "Reviewer": [REVIEWER_VERIFIED],
        "Supervisor": base["Supervisor"],
    }
    proc, records = _run(calc_repo, replies)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    routes = [(r["data"]["from"], r["data"]["to"]) for r in records if r["type"] == "route"]
    assert ("ShellTool", "Reviewer") in routes
    assert ("Reviewer", "Supervisor") in routes
    assert ("Supervisor", "GitTool") in routes
