"""`dev-agent run --idea`: spec mode, then the fix loop with plan mode for the new work,
then one PR, through the real CLI on scripted replies, real git and a bare remote; the
two run logs linked in `runs show`. And its bad input."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from tests.helpers import checkout_state, git
from tests.plan_scripted import edits, green_repo, plan, plan_task, says_tester
from tests.scripted import APPROVAL, supervisor
from tests.spec_scripted import GOOD_DRAFT, IDEA, architect, reviewer

Runner = Callable[..., subprocess.CompletedProcess[str]]

NOTES = "NOTES = []\n\n\ndef add_note(text):\n    NOTES.append(text)\n    return len(NOTES)\n"
TEST_NOTES = "from notes import add_note\n\n\ndef test_add_note():\n    assert add_note('a') == 1\n"


def test_scripted_idea_becomes_a_spec_then_tests_and_code_then_one_pr(
    dev_agent: Runner, tmp_path: Path, bare_remote: Path
) -> None:
    repo = green_repo(tmp_path, bare_remote)
    before = checkout_state(repo)
    replies = {
        "Architect": [architect(GOOD_DRAFT)],
        "Reviewer": [reviewer()],
        "Supervisor": [supervisor(False, "Nothing stores notes yet: the phase is not met."), APPROVAL],
        "DevAgent": [],
        "Planner": [plan(plan_task(1, "Store notes", ["tests/test_notes.py", "notes.py"]))],
        "Coder": [edits(("notes.py", NOTES), ("tests/test_notes.py", TEST_NOTES))],
        "Tester": [says_tester("T1", True, "2 passed")],
    }
    (tmp_path / "replies.yaml").write_text(yaml.safe_dump(replies), encoding="utf-8")
    runs = tmp_path / "runs"
    model = f"scripted:{tmp_path / 'replies.yaml'}"
    proc = dev_agent("run", "--idea", IDEA, "--model", model, "--runs-dir", runs, "--quiet", cwd=repo)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert checkout_state(repo) == before  # spec.md went to the runs folder, not the checkout
    lines = proc.stdout.splitlines()
    spec_line, fix_line = lines[0], lines[1]
    assert spec_line.startswith("stage spec: ") and spec_line.endswith(" verified (exit 0)")
    assert fix_line.startswith("stage fix: ") and fix_line.endswith(" approved (exit 0)")
    assert "outcome: approved (exit 0)" in proc.stdout and "pull request: " in proc.stdout
    spec_id, fix_id = spec_line.split()[2], fix_line.split()[2]
    branch = next(line.split(": ", 1)[1] for line in lines if line.startswith("branch: "))
    assert git("show", f"{branch}:notes.py", cwd=repo) + "\n" == NOTES
    assert git("show", f"{branch}:tests/test_notes.py", cwd=repo) + "\n" == TEST_NOTES
    assert git("rev-parse", branch, cwd=bare_remote) == git("rev-parse", branch, cwd=repo)
    assert len(list(runs.glob("*.pr.md"))) == 1  # one PR for the whole chain
    shown_fix = dev_agent("runs", "show", fix_id, "--runs-dir", runs, cwd=tmp_path)
    assert f"stage: follows run {spec_id}" in shown_fix.stdout
    assert "plan plan_0001: 1 task(s)" in shown_fix.stdout and "T1 passed" in shown_fix.stdout
    shown_spec = dev_agent("runs", "show", spec_id, "--runs-dir", runs, cwd=tmp_path)
    assert f"stage: followed by run {fix_id}" in shown_spec.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "run: give the idea with --idea TEXT or --idea-file FILE, exactly one of them"),
        (("--idea", "x", "--idea-file", "i.md"), "exactly one of them"),
        (("--idea", " "), "run: --idea is empty"),
        (("--idea-file", "missing.md"), "missing.md: idea file not found"),
    ],
)
def test_run_bad_input_is_one_line_and_exit_3(
    dev_agent: Runner, tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    proc = dev_agent("run", *args, "--runs-dir", tmp_path / "runs", cwd=tmp_path)
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert proc.stderr.count("\n") == 1 and message in proc.stderr and not (tmp_path / "runs").exists()


def test_run_outside_a_repository_stops_before_the_spec_stage(dev_agent: Runner, tmp_path: Path) -> None:
    proc = dev_agent("run", "--idea", IDEA, "--runs-dir", tmp_path / "runs", cwd=tmp_path)
    assert proc.returncode == 3 and "not a git repository" in proc.stderr, proc.stderr
    assert not (tmp_path / "runs").exists()
