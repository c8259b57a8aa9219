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


def test_draft_parts_reads_the_table_spec_mode_writes() -> None:
    from devagent.messages import ArchitectReply
    from devagent.workflows.spec.checks import Part
    from devagent.workflows.spec.output import draft_markdown

    draft = ArchitectReply.model_validate(
        {
            "components": [
                {"name": "RecipeStore", "type": "DataStore", "purpose": "Keeps a | b and\nmore"},
                {"name": "Name", "type": "Agent", "purpose": "A component called Name"},
            ],
            "design_rationale": "",
        }
    )
    assert load_demo().draft_parts(draft_markdown(draft)) == [
        Part("RecipeStore", "DataStore", "Keeps a | b and more"),
        Part("Name", "Agent", "A component called Name"),
    ]


def _scripted_config(tmp_path: Path, fix_replies: dict[str, list[str]]) -> dict[str, str]:
    """An environment whose config puts every role the demo does not name on scripted
    replies: the fix loop's from `fix_replies`, spec mode's from a noise draft (what the
    embedded model writes)."""
    from tests.spec_scripted import architect, reviewer

    fix = tmp_path / "fix_replies.yaml"
    fix.write_text(yaml.safe_dump(fix_replies))
    noise = tmp_path / "noise.yaml"
    draft = [{"name": "Awesome", "type": "Agent", "purpose": "Awesome"}] * 2
    noise.write_text(
        yaml.safe_dump({"Architect": [architect(draft)], "Reviewer": [reviewer(("ambiguity", "100000"))]})
    )
    models = {"dev_agent": fix, "supervisor": fix, "architect": noise, "reviewer": noise}
    config = tmp_path / "config.yaml"
    settings = {
        "model": {role: f"scripted:{path}" for role, path in models.items()},
        "repair": {"templates": True},  # as for the embedded model (scripted DevAgents turn them off)
    }
    config.write_text(yaml.safe_dump(settings))
    env = {k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "PYTEST_CURRENT_TEST")}
    return {**env, "DEV_AGENT_CONFIG": str(config)}


def _run_demo(env: dict[str, str]) -> tuple[int, list[str], int]:
    """The demo's exit code, its stdout lines, and how many lines the terminal shows (the
    CLI's live transcript, on stderr, among them)."""
    proc = subprocess.run(
        [sys.executable, str(DEMO)], capture_output=True, text=True, env=env, timeout=600, check=False
    )
    assert "Traceback" not in proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    return proc.returncode, lines, len(lines) + len(proc.stderr.splitlines())


APPROVAL = '```json\n{"approved": true, "content": "The divisor is the number of values now."}\n```\n'
REJECTION = '```json\n{"approved": false, "content": "Not convinced yet."}\n```\n'


def _parts(lines: list[str]) -> dict[str, list[str]]:
    """The demo's output by part: each `== ` heading and the lines up to the next one."""
    parts: dict[str, list[str]] = {}
    current = ""
    for line in lines:
        if line.startswith("== "):
            current = line
            parts[current] = []
        elif current:
            parts[current].append(line)
    return parts


def test_scripted_demo_labels_every_part_fits_two_screens_and_ends_with_the_fix_runs_facts(
    tmp_path: Path, git_identity: None
) -> None:
    """The whole demo, its models scripted (the embedded model's place taken by a noise
    draft and an approving Supervisor): every part names what produced it, spec mode's
    challenges name their source, the noise is not shown, the output is about two
    screens, and it ends with the fix run's facts from its log and the remote."""
    code, lines, shown = _run_demo(_scripted_config(tmp_path, {"DevAgent": [], "Supervisor": [APPROVAL]}))
    assert code == 0, "\n".join(lines)
    assert shown <= 100, "\n".join(lines)
    parts = _parts(lines)
    headings = list(parts)
    assert [h.split(" ", 2)[1] for h in headings] == ["1.", "2.", "3.", "The", "Runs"], headings
    for heading in headings[:3]:  # the runs' parts say what produced their output
        assert any(word in parts[heading][0] for word in ("no model", "embedded model", "scripted")), heading
    assert "embedded model" in headings[0] and "embedded model" in headings[2]
    assert "scripted" in headings[1]
    spec_scripted = "\n".join(parts[headings[1]])
    assert spec_scripted.count("(pure check)") == 2 and spec_scripted.count("(Reviewer's reply)") == 1
    assert "-- round 2, the draft the Reviewer verified, in " in spec_scripted
    assert (
        "   DigestJob (Agent): Nightly job that emails each friend a digest of new recipes." in spec_scripted
    )
    spec_embedded = "\n".join(parts[headings[2]])
    draft = "-- the embedded model's draft (noise at this size): Awesome (Agent), Awesome (Agent)"
    assert draft in spec_embedded
    assert "   1. [completeness] The idea names " in spec_embedded  # a pure check's challenge, shown
    assert "(1 more of the model's own, not shown: noise)" in spec_embedded
    assert "100000" not in spec_embedded
    facts = parts[headings[3]]
    assert "(1)" in headings[3]
    assert [f.split(":")[0].split(" ")[1] for f in facts if f.startswith("-- ")] == [
        "exit", "sandbox", "outcome", "branch", "pushed", "pull",
    ]  # fmt: skip
    assert facts[0] == "-- exit code 0" and "-- outcome: approved after 1 iteration(s)" in facts
    assert any(f.startswith("-- pushed to ") and ": yes, at " in f for f in facts)
    assert lines[-1].startswith("Demo ended approved; files in ")


def test_scripted_demo_shows_the_approval_path_when_the_first_run_is_not_approved(
    tmp_path: Path, git_identity: None
) -> None:
    """The Supervisor rejects the first run's fix and DevAgent has no reply: the run
    finishes unapproved, the scripted loop (1b) follows, and the facts are 1b's."""
    code, lines, _ = _run_demo(_scripted_config(tmp_path, {"DevAgent": [], "Supervisor": [REJECTION]}))
    assert code == 0, "\n".join(lines)
    parts = _parts(lines)
    headings = list(parts)
    assert headings[1].startswith("== 1b. The same loop with a capable model's replies (scripted")
    assert parts[headings[1]][0].strip().startswith("The embedded model's run ended ")
    assert "(1b)" in headings[4]
    assert lines[-1].startswith("Demo ended approved; files in ")
