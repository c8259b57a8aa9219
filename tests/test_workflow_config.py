"""Roles join the fix loop by configuration: a Reviewer between green tests and the
Supervisor, with scripted replies (deterministic control flow)."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "calc"

REVIEWER_NEEDS_REVISION = """```json
{"status": "needs_revision", "challenges": [{"id": 1, "category": "completeness", "description": "Say why."}]}
```
"""
REVIEWER_VERIFIED = '```json\n{"status": "verified", "challenges": []}\n```\n'


Runner = Callable[..., subprocess.CompletedProcess[str]]
LogReader = Callable[[Path], list[dict[str, Any]]]


def _run(
    dev_agent: Runner, run_log: LogReader, repo: Path, phase_spec: Path, replies: dict[str, list[str]]
) -> tuple[subprocess.CompletedProcess[str], list[dict[str, Any]]]:
    (repo / "replies.json").write_text(json.dumps(replies))
    config = repo.parent / "config.yaml"
    config.write_text("workflow: workflows/fix_reviewed.yaml\n")
    proc = dev_agent("--phase", phase_spec, "--config", config, "--model", "scripted:replies.json", cwd=repo)
    return proc, run_log(repo / "runs")


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


def test_scripted_reviewer_added_by_config_sends_challenges_back_to_dev_agent(
    dev_agent: Runner, run_log: LogReader, calc_example_repo: Path, phase_spec: Path
) -> None:
    base = yaml.safe_load((EXAMPLE / "replies.yaml").read_text())
    replies = {
        "DevAgent": [base["DevAgent"][0], DOCSTRING_PATCH],
        "Reviewer": [REVIEWER_NEEDS_REVISION, REVIEWER_VERIFIED],
        "Supervisor": base["Supervisor"],
    }
    proc, records = _run(dev_agent, run_log, calc_example_repo, phase_spec, replies)
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


def test_scripted_reviewer_verified_hands_over_to_supervisor(
    dev_agent: Runner, run_log: LogReader, calc_example_repo: Path, phase_spec: Path
) -> None:
    base = yaml.safe_load((EXAMPLE / "replies.yaml").read_text())
    replies = {
        "DevAgent": base["DevAgent"],
        "Reviewer": [REVIEWER_VERIFIED],
        "Supervisor": base["Supervisor"],
    }
    proc, records = _run(dev_agent, run_log, calc_example_repo, phase_spec, replies)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    routes = [(r["data"]["from"], r["data"]["to"]) for r in records if r["type"] == "route"]
    assert ("ShellTool", "Reviewer") in routes
    assert ("Reviewer", "Supervisor") in routes
    assert ("Supervisor", "GitTool") in routes
