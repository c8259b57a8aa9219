"""What the user gets, end to end through the real CLI (scripted Supervisor replies stand
in for the model: deterministic control flow; Repair's search, its probes, git, the
local bare remote and the PR record are real): a fix the tests do not decide is
committed and pushed, but the run ends `approved_needs_review` with exit code 11, the PR
record opens with "Needs your review" (the distinguishing input, both behaviours and a
test to paste), the Supervisor's verdict says no more than the evidence, and `runs`,
`runs show` show the label; a fix the tests decide ends `approved`, exit 0, unlabelled."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from devagent.errors import ExitCode
from tests.helpers import git
from tests.scripted import APPROVAL, write_replies

Runner = Callable[..., subprocess.CompletedProcess[str]]
LogReader = Callable[[Path], list[dict[str, Any]]]

BUGGY = '"""Distances on a line."""\n\n\ndef gap(a, b):\n    return a - b\n'
WEAK = "from gap import gap\n\n\ndef test_gap():\n    assert gap(1, 3) == 2\n"
DECIDING = WEAK + "\n\ndef test_gap_the_other_way():\n    assert gap(3, 1) == 2\n"


def _repo(tmp_path: Path, bare_remote: Path, tests: str) -> Path:
    repo = tmp_path / "user"
    git("init", "-q", "-b", "main", str(repo), cwd=tmp_path)
    (repo / "gap.py").write_text(BUGGY)
    (repo / "conftest.py").write_text("")
    (repo / "tests").mkdir()
    (repo / "tests" / "test_gap.py").write_text(tests)
    git("add", "-A", cwd=repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "gap with a bug", cwd=repo)
    git("remote", "add", "origin", str(bare_remote), cwd=repo)
    git("push", "-q", "origin", "main", cwd=repo)
    return repo


def _run(dev_agent: Runner, repo: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    spec = tmp_path / "spec.md"
    spec.write_text("# Fix gap()\n\nThe test of gap() fails; fix gap.py.\n")
    config = tmp_path / "config.yaml"
    config.write_text("repair: {templates: true, model_edits: 0}\n")
    model = write_replies(tmp_path / "replies.yaml", [], [APPROVAL])  # DevAgent is never asked
    return dev_agent("--phase", spec, "--model", model, "--config", config, cwd=repo, timeout=300)


def test_scripted_a_fix_the_tests_do_not_decide_is_pushed_as_needing_review(
    dev_agent: Runner, run_log: LogReader, tmp_path: Path, bare_remote: Path
) -> None:
    repo = _repo(tmp_path, bare_remote, WEAK)
    proc = _run(dev_agent, repo, tmp_path)
    assert proc.returncode == ExitCode.NEEDS_REVIEW == 11, proc.stdout + proc.stderr
    assert "outcome: approved_needs_review (exit 11)" in proc.stdout
    assert (
        "approved_needs_review: fix pushed, needs your review: the tests do not decide the fix" in proc.stderr
    )

    records = run_log(repo / "runs")
    finished = next(r["data"] for r in records if r["type"] == "run_finished")
    assert finished["outcome"] == "approved_needs_review"
    (review,) = [r["data"] for r in records if r["type"] == "repair_review"]
    assert review["label"] == "needs_review" and review["ambiguity"]["call"].startswith("gap(")
    (search,) = [r["data"] for r in records if r["type"] == "repair"]
    assert search["ambiguity"] == review["ambiguity"] and search["alternatives"] >= 1

    # committed and pushed as any fix
    branch = finished["branch"]
    assert git("ls-remote", "--heads", str(bare_remote), branch, cwd=tmp_path)
    # the PR (recorded: the remote is not on GitHub) opens with what to review, as a draft
    (record,) = (repo / "runs").glob("*.pr.md")
    text = record.read_text()
    assert "> Open it as a draft: the fix needs your review" in text
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings[0] == "## Needs your review"
    call = review["ambiguity"]["call"]
    assert f"behaves differently on `{call}`" in text and "```python" in text
    assert f"assert {call} ==" in text and f"# assert {call} ==" in text
    # the Supervisor's verdict says what the evidence says, not the model's "the tests are untouched"
    verdict = text.split("## Supervisor verdict", 1)[1].split("## ", 1)[0]
    assert "Not decided by the tests:" in verdict and "Supervisor:" not in verdict
    dropped = [r["data"] for r in records if r["type"] == "text_dropped"]
    assert any(d["what"] == "verdict on a fix the tests do not decide" for d in dropped)
    # the user's checkout is untouched
    assert (repo / "gap.py").read_text() == BUGGY

    listing = dev_agent("runs", cwd=repo)
    assert "needs_review" in listing.stdout and "approved_needs_review" in listing.stdout
    shown = dev_agent("runs", "show", finished_run_id(records), cwd=repo)
    assert "NEEDS REVIEW" in shown.stdout and "the tests do not decide the fix" in shown.stdout
    only = dev_agent("runs", "--status", "needs_review", cwd=repo)
    assert finished_run_id(records) in only.stdout


def test_scripted_a_fix_the_tests_decide_is_approved_without_a_label(
    dev_agent: Runner, run_log: LogReader, tmp_path: Path, bare_remote: Path
) -> None:
    repo = _repo(tmp_path, bare_remote, DECIDING)
    proc = _run(dev_agent, repo, tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    records = run_log(repo / "runs")
    finished = next(r["data"] for r in records if r["type"] == "run_finished")
    assert finished["outcome"] == "approved"
    (review,) = [r["data"] for r in records if r["type"] == "repair_review"]
    assert review == {"label": "verified", "ambiguity": None, "findings": [], "reasons": []}
    (record,) = (repo / "runs").glob("*.pr.md")
    assert "Needs your review" not in record.read_text() and "draft" not in record.read_text()
    shown = dev_agent("runs", "show", finished_run_id(records), cwd=repo)
    assert "verified by the tests" in shown.stdout


def finished_run_id(records: list[dict[str, Any]]) -> str:
    return str(next(r["data"]["run_id"] for r in records if r["type"] == "run_started"))
