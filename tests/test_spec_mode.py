"""Spec mode end to end through the real CLI (`python dev_agent.py spec ...` as a
subprocess), on scripted replies for deterministic control flow: verified in round 2,
a timeout with the seed's trace log, an Architect reply invalid then valid or invalid
twice, a rationale that skips a challenge, summaries on a small context, bad input."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from devagent.phase import load_phase
from tests.scripted import approval_model
from tests.spec_scripted import GOOD_DRAFT, IDEA, ROUGH_DRAFT, architect, reviewer, summary, write_replies

Runner = Callable[..., subprocess.CompletedProcess[str]]


def spec_run(
    dev_agent: Runner, tmp_path: Path, model: str, *args: str | Path
) -> subprocess.CompletedProcess[str]:
    return dev_agent(
        "spec", *args, "--architect-model", model, "--reviewer-model", model, "--quiet", cwd=tmp_path
    )


def records_of(
    run_log: Callable[[Path], list[dict[str, Any]]], tmp_path: Path, kind: str
) -> list[dict[str, Any]]:
    return [r["data"] for r in run_log(tmp_path / "runs") if r["type"] == kind]


def test_scripted_spec_verified_on_round_2(
    dev_agent: Runner, run_log: Callable[[Path], list[dict[str, Any]]], tmp_path: Path
) -> None:
    model = write_replies(
        tmp_path / "replies.yaml",
        [architect(ROUGH_DRAFT), architect(GOOD_DRAFT, "1: added NotePage; 2: NoteStore says what it keeps")],
        [reviewer(), reviewer()],  # the model finds nothing: round 1's challenges are the checks'
    )
    proc = spec_run(dev_agent, tmp_path, model, IDEA)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "outcome: verified (exit 0)" in proc.stdout and "iterations: 2" in proc.stdout
    spec = (tmp_path / "output" / "spec.md").read_text(encoding="utf-8")
    assert spec.startswith(f"# Spec: {IDEA}\n")
    assert "| NotePage | UIComponent | Displays the stored notes on one page, newest first. |" in spec
    assert "1: added NotePage; 2: NoteStore says what it keeps" in spec
    assert "ARD Trace Log" not in spec
    # The first round's challenges came from the pure checks, the model having found none.
    steps = records_of(run_log, tmp_path, "step")
    assert [(s["step"], s["status"], s["output"]["metadata"]["event"]) for s in steps] == [
        ("Architect", "ok", "design"),
        ("Reviewer", "ok", "needs_revision"),
        ("Architect", "ok", "design"),
        ("Reviewer", "ok", "verified"),
    ]
    assert steps[1]["output"]["content"] == (
        "Needs revision: 2 challenge(s)\n\n"
        '1. [completeness] The idea names "page", but no component\'s name or purpose covers it.\n'
        '2. [ambiguity] NoteStore: the purpose "Stores notes" is too vague.'
    )
    (finished,) = records_of(run_log, tmp_path, "run_finished")
    assert (finished["outcome"], finished["exit_code"], finished["status"]) == ("verified", 0, "verified")
    (item,) = records_of(run_log, tmp_path, "extracted_item")
    assert (item["kind"], item["content"]) == ("spec", spec)
    # The fix loop takes the spec as a phase spec.
    assert load_phase(tmp_path / "output" / "spec.md").title == f"Spec: {IDEA}"
    listing = dev_agent("runs", "--workflow", "spec", cwd=tmp_path)
    assert listing.returncode == 0 and " spec " in listing.stdout and "verified" in listing.stdout
    (run_id,) = [p.name.removesuffix(".log.jsonl") for p in (tmp_path / "runs").glob("*.log.jsonl")]
    shown = dev_agent("runs", "show", run_id, cwd=tmp_path)
    assert shown.returncode == 0 and "Reviewer" in shown.stdout and "intact" in shown.stdout


TRACE_LOG = (
    "---\n"
    "## ARD Trace Log — Max Iterations Reached\n"
    "\n"
    "Unresolved challenges at termination:\n"
    "1. [consistency] NotePage shows notes but nothing says who may see them.\n"
    "2. [completeness] Nothing handles deleting a note.\n"
)


def test_scripted_spec_timeout_appends_the_trace_log_in_the_seed_format(
    dev_agent: Runner, run_log: Callable[[Path], list[dict[str, Any]]], tmp_path: Path
) -> None:
    model = write_replies(
        tmp_path / "replies.yaml",
        [architect(GOOD_DRAFT), architect(GOOD_DRAFT, "1: NotePage is public by design")],
        [
            reviewer(("consistency", "NotePage shows notes but nothing says who may see them.")),
            reviewer(
                ("consistency", "NotePage shows notes but nothing says who may see them."),
                ("completeness", "Nothing handles deleting a note."),
            ),
        ],
    )
    out = tmp_path / "docs" / "idea-spec.md"
    proc = spec_run(dev_agent, tmp_path, model, IDEA, "--max-iterations", "2", "--output", out)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert "max_iterations: 2 challenge(s) unresolved after 2 round(s)" in proc.stderr
    spec = out.read_text(encoding="utf-8")
    assert spec.endswith("\n\n" + TRACE_LOG)
    assert "| NoteStore | DataStore |" in spec  # the last draft, before the trace log
    (finished,) = records_of(run_log, tmp_path, "run_finished")
    assert (finished["outcome"], finished["status"], finished["iterations"]) == (
        "max_iterations",
        "max_iterations_reached",
        2,
    )


def test_scripted_spec_architect_invalid_then_valid_is_reprompted_once(
    dev_agent: Runner, run_log: Callable[[Path], list[dict[str, Any]]], tmp_path: Path
) -> None:
    missing_purpose = (
        '```json\n{"components": [{"name": "NoteStore", "type": "DataStore"}], "design_rationale": ""}\n```'
    )
    model = write_replies(tmp_path / "replies.yaml", [missing_purpose, architect(GOOD_DRAFT)], [reviewer()])
    proc = spec_run(dev_agent, tmp_path, model, IDEA)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    calls = [c for c in records_of(run_log, tmp_path, "model_call") if c["role"] == "Architect"]
    assert [(c["attempt"], c["valid"]) for c in calls] == [(1, False), (2, True)]
    assert calls[0]["error"] == "field components.0.purpose: Field required"


def test_scripted_spec_architect_invalid_twice_exits_5_with_one_line(
    dev_agent: Runner, tmp_path: Path
) -> None:
    no_components = '```json\n{"design_rationale": ""}\n```'
    model = write_replies(tmp_path / "replies.yaml", [no_components, no_components], [])
    proc = spec_run(dev_agent, tmp_path, model, IDEA)
    assert proc.returncode == 5, proc.stdout + proc.stderr
    (line,) = proc.stderr.splitlines()
    assert line.startswith(
        "dev-agent: spec: model_error: Architect reply invalid after one re-prompt: field components"
    )
    assert not (tmp_path / "output").exists()


def test_scripted_spec_rationale_skipping_a_challenge_is_rejected(
    dev_agent: Runner, run_log: Callable[[Path], list[dict[str, Any]]], tmp_path: Path
) -> None:
    model = write_replies(
        tmp_path / "replies.yaml",
        [
            architect(ROUGH_DRAFT),
            architect(GOOD_DRAFT, "1: added NotePage"),  # skips challenge 2: sent back once
            architect(GOOD_DRAFT, "1: added NotePage; 2: NoteStore says what it keeps"),
        ],
        [reviewer(), reviewer()],
    )
    proc = spec_run(dev_agent, tmp_path, model, IDEA)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    steps = [s for s in records_of(run_log, tmp_path, "step") if s["step"] == "Architect"]
    assert [(s["attempt"], s["status"]) for s in steps] == [(1, "ok"), (1, "retry"), (2, "ok")]
    failed = [r for r in steps[1]["specs"] if not r["passed"]]
    assert [r["spec"] for r in failed] == ["rationale_addresses_challenges"]
    prompts = [c["prompt"] for c in records_of(run_log, tmp_path, "model_call") if c["role"] == "Architect"]
    assert "# Your last reply was not accepted\ndesign_rationale does not address challenge 2" in prompts[2]
    assert "# Round 2 of 10" in prompts[2]  # the re-prompt is the same round

    # The same mistake twice ends the run: exit 5, one line naming the problem.
    (tmp_path / "runs").rename(tmp_path / "runs-1")
    model = write_replies(
        tmp_path / "replies.yaml",
        [architect(ROUGH_DRAFT), architect(GOOD_DRAFT, "1: added NotePage"), architect(GOOD_DRAFT, "fixed")],
        [reviewer()],
    )
    proc = spec_run(dev_agent, tmp_path, model, IDEA)
    assert proc.returncode == 5, proc.stdout + proc.stderr
    (line,) = proc.stderr.splitlines()
    assert (
        "Architect reply invalid after one re-prompt: design_rationale does not address challenge 1, 2"
        in line
    )


LONG = "The draft leaves this part of the idea unexplained, so a reader cannot tell what it does. " * 2


def test_scripted_spec_summarises_early_rounds_on_a_small_context(
    dev_agent: Runner, run_log: Callable[[Path], list[dict[str, Any]]], tmp_path: Path
) -> None:
    rationale = "1: clarified; 2: clarified; 3: clarified; 4: clarified; 5: clarified"
    verdict = reviewer(*[("ambiguity", f"Round note {i}. {LONG}"[:200]) for i in range(1, 6)])
    model = write_replies(
        tmp_path / "replies.yaml",
        [architect(GOOD_DRAFT)] + [architect(GOOD_DRAFT, rationale)] * 4,
        [verdict] * 5,
        [summary("Round 1 found five vague parts of the draft.")],
    )
    config = tmp_path / "small.yaml"
    config.write_text("model:\n  context_size: 2000\n  max_tokens: 16\n", encoding="utf-8")
    proc = spec_run(dev_agent, tmp_path, model, IDEA, "--max-iterations", "5", "--config", config)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    (budget,) = [r for r in records_of(run_log, tmp_path, "context_budget")]
    assert budget["summarised"]["rounds"] == [1]
    assert budget["summarised"]["verbatim_rounds"] == [2, 3, 4]
    assert budget["summarised"]["by"] == "model"
    assert budget["cuts"][0]["action"] == "summarised"
    prompts = [c["prompt"] for c in records_of(run_log, tmp_path, "model_call") if c["role"] == "Architect"]
    last = prompts[-1]
    assert "# Earlier reviews, summarised\nRound 1 found five vague parts of the draft." in last
    assert "## Review of round 1" not in last
    for n in (2, 3, 4):  # the last three rounds, verbatim
        assert f"## Review of round {n}\n1. [ambiguity] Round note 1." in last
    assert all("Earlier reviews" not in p for p in prompts[:-1])


@pytest.mark.bad_input
@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "give the rough idea as text or with --idea-file, exactly one of them"),
        (("  \n\t ",), "spec: the rough idea is empty"),
        (("idea", "--idea-file", "idea.md"), "exactly one of them"),
        (("--idea-file", "missing.md"), "missing.md: idea file not found"),
        (("--idea-file", "folder"), "folder: idea file is a directory, expected a text file"),
        (("--idea-file", "fifo"), "fifo: idea file is not a regular file (a pipe, device or socket)"),
        (("--idea-file", "blank.md"), "blank.md: idea file is empty"),
        (
            ("an idea", "--max-iterations", "0"),
            "--max-iterations: Input should be greater than or equal to 1 (got 0)",
        ),
        (("an idea", "--output", "folder"), "--output is a directory"),
    ],
)
def test_spec_bad_input_is_one_line_and_exit_3_before_any_model_loads(
    dev_agent: Runner, tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "blank.md").write_text("  \n")
    (tmp_path / "idea.md").write_text("an idea\n")
    os.mkfifo(tmp_path / "fifo")
    # A model that would fail to load (exit 4) shows the input was checked first.
    proc = dev_agent(
        "spec", *args, "--architect-model", "llama-cpp:/nonexistent.gguf", cwd=tmp_path, timeout=60
    )
    assert proc.returncode == 3, proc.stdout + proc.stderr
    (line,) = proc.stderr.splitlines()
    assert line.startswith("dev-agent: ") and message in line
    assert not (tmp_path / "runs").exists()


def test_scripted_spec_md_is_a_phase_spec_for_the_fix_loop(
    dev_agent: Runner, tmp_path: Path, calc_example_repo: Path
) -> None:
    model = write_replies(
        tmp_path / "replies.yaml",
        [architect(GOOD_DRAFT)],
        [reviewer(("completeness", "Nothing checks that mean() divides by the number of values."))],
    )
    proc = spec_run(dev_agent, tmp_path, model, IDEA, "--max-iterations", "1")
    assert proc.returncode == 1, proc.stdout + proc.stderr  # a timeout still writes spec.md
    spec = tmp_path / "output" / "spec.md"
    fixed = dev_agent("--phase", spec, "--model", approval_model(tmp_path), "--quiet", cwd=calc_example_repo)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert "outcome: approved (exit 0)" in fixed.stdout
