"""Debate mode end to end through the real CLI (`python dev_agent.py debate ...` as a
subprocess) on scripted replies, for deterministic control flow: 3 agents x 2 rounds
with the carry-forward rule, summaries at the threshold, clarifications, prompt-file
and role fallbacks, every validation error with its exit code, the state file after
every contribution, the report's sections, and `debate eval`."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from devagent.workflows.debate.state import DebateState
from tests.debate_scripted import (
    AGENTS,
    JUDGE,
    PROBLEM,
    questions,
    round_replies,
    summary,
    synthesis,
    write_config,
    write_replies,
)

Runner = Callable[..., subprocess.CompletedProcess[str]]
Log = Callable[[Path], list[dict[str, Any]]]
IDS = [a[0] for a in AGENTS]


def two_round_replies(ids: list[str] = IDS) -> dict[str, list[str]]:
    replies = {}
    for who in ids:
        others = [o for o in ids if o != who]
        replies[who] = round_replies(who, others, 1, propose=True) + round_replies(
            who, others, 2, propose=False
        )
    replies[JUDGE] = [synthesis()]
    return replies


def only_state(tmp_path: Path) -> tuple[Path, DebateState]:
    (path,) = sorted((tmp_path / "debates").glob("deb-*.json"))
    return path, DebateState.model_validate_json(path.read_text(encoding="utf-8"))


def test_scripted_three_agents_two_rounds_carry_refinements_forward(
    dev_agent: Runner, run_log: Log, tmp_path: Path
) -> None:
    model = write_replies(tmp_path / "replies.yaml", two_round_replies())
    config = write_config(tmp_path / "debate.json", model)
    proc = dev_agent("debate", PROBLEM, "--config", config, "--report", "report", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip() == "Use a token bucket per API key in the gateway."
    assert "Saved debate to " in proc.stderr and "Round 2/2" in proc.stderr
    assert proc.stderr.count("Critiques (6 task(s))") == 2 and proc.stderr.count("Proposals (3 task(s))") == 2
    path, state = only_state(tmp_path)
    assert path.name.startswith("deb-") and state.status == "completed" and state.current_round == 2
    for r in state.rounds:
        kinds = [c.type for c in r.contributions]
        assert (
            kinds.count("proposal") == 3 and kinds.count("critique") == 6 and kinds.count("refinement") == 3
        )
    # Round 2's proposals are round 1's refinements, with no model call.
    round1 = {c.agent_id: c for c in state.rounds[0].contributions if c.type == "refinement"}
    for c in state.rounds[1].contributions:
        if c.type == "proposal":
            assert c.content == round1[c.agent_id].content
            assert (c.metadata.tokens_used, c.metadata.latency_ms, c.metadata.model) == (
                0,
                0,
                round1[c.agent_id].metadata.model,
            )
    critiques = [c for c in state.rounds[0].contributions if c.type == "critique"]
    assert {(c.agent_id, c.target_agent_id) for c in critiques} == {
        (a, b) for a in IDS for b in IDS if a != b
    }
    assert state.final_solution is not None and state.final_solution.synthesized_by == JUDGE
    assert state.final_solution.confidence == 80
    # The judge's recommendations, then the roles' concerns no final refinement mentions.
    recommendations = state.final_solution.recommendations
    assert recommendations[0] == "load test it" and len(recommendations) <= 8
    assert (
        "Decide the components and their responsibilities (no final proposal covers it)." in recommendations
    )
    assert "Decide authentication (no final proposal covers it)." in recommendations
    assert len(recommendations) == 8  # capped: the last gaps (security input validation) are left out
    # The seed's JSON keys.
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert {
        "id",
        "problem",
        "status",
        "currentRound",
        "rounds",
        "finalSolution",
        "createdAt",
        "updatedAt",
    } <= set(raw)
    assert set(raw["rounds"][0]["contributions"][0]) >= {
        "agentId",
        "agentRole",
        "type",
        "content",
        "metadata",
    }
    records = run_log(tmp_path / "runs")
    calls = [r["data"] for r in records if r["type"] == "model_call"]
    steps = [r["data"] for r in records if r["type"] == "step"]
    proposals_round2 = [s for s in steps if s["step"] == "Proposals"][1]
    assert not [c for c in calls if c["execution"] == proposals_round2["execution"]]
    assert len(calls) == 3 * (1 + 2 + 1) + 3 * (2 + 1) + 1  # every call valid, none for round 2's proposals
    assert [s["step"] for s in steps] == [
        "Questions", "Round", "Summaries", "Proposals", "Critiques", "Refinements",
        "Round", "Summaries", "Proposals", "Critiques", "Refinements", "JudgeSummary", "Synthesis",
    ]  # fmt: skip
    assert steps[0]["status"] == "skipped" and steps[-2]["status"] == "skipped"
    assert proposals_round2["agents"] == [f"{i.replace('-', '_')}_proposers" for i in IDS]
    (finished,) = [r["data"] for r in records if r["type"] == "run_finished"]
    assert (finished["outcome"], finished["exit_code"]) == ("completed", 0)
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "Generated report: " in proc.stderr
    order = ["## Problem Description", "## Agents", "## Clarifications", "## Rounds",
             "### Round 1", "### Round 2", "## Final Synthesis", "## Totals"]  # fmt: skip
    positions = [report.index(h) for h in order]
    assert positions == sorted(positions)
    assert "_tokens: 0 · latency: 0 ms · model: scripted:" in report
    listing = dev_agent("runs", "--workflow", "debate", cwd=tmp_path)
    assert listing.returncode == 0 and " debate " in listing.stdout and "completed" in listing.stdout
    run_id = records[0]["data"]["run_id"]
    shown = dev_agent("runs", "show", run_id, cwd=tmp_path)
    # Each agent's part of a parallel step is shown under it.
    assert shown.returncode == 0 and "agent-security event=proposal" in shown.stdout
    assert "agent-performance event=critique" in shown.stdout and "intact" in shown.stdout


# --- Summaries at the threshold --------------------------------------------------------


def architect_history_chars(state: DebateState) -> int:
    """What the architect's summary turn of round 2 measures: its perspective of round 1."""
    from devagent.workflows.debate.prompts import perspective, rounds_text

    names = {i: n for i, n, _ in AGENTS}
    return len(rounds_text(perspective(state, "agent-architect", 2), names))


def test_scripted_summary_at_the_threshold_and_not_below(dev_agent: Runner, tmp_path: Path) -> None:
    first = tmp_path / "plain"
    first.mkdir()
    model = write_replies(first / "replies.yaml", two_round_replies())
    proc = dev_agent("debate", PROBLEM, "--config", write_config(first / "d.json", model), cwd=first)
    assert proc.returncode == 0, proc.stderr
    length = architect_history_chars(only_state(first)[1])
    assert length > 100
    long_summary = "The architect keeps the gateway plan; critics asked for tests and cost limits. " * 3
    for threshold, summarised in ((length, True), (length + 1, False)):
        where = tmp_path / f"t{threshold}"
        where.mkdir()
        replies = two_round_replies()
        if summarised:  # the summary is asked for before round 2's critiques
            replies["agent-architect"].insert(4, summary(long_summary))
        replies[JUDGE] = [summary("judge digest " * 20), synthesis()]
        override = {"summarization": {"enabled": True, "threshold": threshold, "maxLength": 60}}
        config = write_config(
            where / "d.json",
            write_replies(where / "replies.yaml", replies),
            extra={"agent-architect": override},
            judge_extra={"summarization": {"enabled": True, "threshold": 1, "maxLength": 100}},
        )
        proc = dev_agent("debate", PROBLEM, "--config", config, "--verbose", cwd=where)
        assert proc.returncode == 0, proc.stderr
        _, state = only_state(where)
        assert state.rounds[0].summaries == {}
        if summarised:
            (only,) = state.rounds[1].summaries.values()
            assert only.agent_id == "agent-architect" and only.summary == long_summary[:60]
            meta = only.metadata
            assert (meta.before_chars, meta.after_chars, meta.method) == (length, 60, "length-based")
            assert f"System Architect summarised its history: {length} -> 60 chars" in proc.stderr
        else:
            assert state.rounds[1].summaries == {}
        # The judge condensed the last round (threshold 1), within its max length.
        assert state.judge_summary is not None and state.judge_summary.summary == ("judge digest " * 20)[:100]


# --- Clarifications ------------------------------------------------------------------------


def test_scripted_clarifications_empty_answer_is_na_and_the_cap_warns(
    tmp_path: Path, cli_env: dict[str, str]
) -> None:
    import sys

    from tests.conftest import PROJECT_ROOT

    agents = AGENTS[:2]
    ids = [a[0] for a in agents]
    replies = {
        "agent-architect": [
            questions("What is the peak load?", "Which clients?"),
            *round_replies("agent-architect", ["agent-performance"], 1, propose=True),
        ],
        "agent-performance": [
            questions(*(f"Question {i}?" for i in range(1, 8))),
            *round_replies("agent-performance", ["agent-architect"], 1, propose=True),
        ],
        JUDGE: [synthesis()],
    }
    model = write_replies(tmp_path / "replies.yaml", replies)
    config = write_config(tmp_path / "d.json", model, agents=agents, rounds=1)
    proc = subprocess.run(
        [sys.executable, str(PROJECT_ROOT / "dev_agent.py"), "debate", PROBLEM, "--config", str(config),
         "--clarify", "--report", "r.md"],
        cwd=tmp_path, env=cli_env, input="10k requests per second\n\nweb and mobile\n",
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "Q (q1): What is the peak load?" in proc.stderr
    assert "agent agent-performance asked 7 questions; keeping the first 5" in proc.stderr
    _, state = only_state(tmp_path)
    assert state.clarifications is not None
    answers = {(g.agent_id, i.id): (i.question, i.answer) for g in state.clarifications for i in g.items}
    assert answers[("agent-architect", "q1")] == ("What is the peak load?", "10k requests per second")
    assert answers[("agent-architect", "q2")] == ("Which clients?", "NA")  # Enter
    assert answers[("agent-performance", "q1")] == ("Question 1?", "web and mobile")
    assert [answers[("agent-performance", f"q{i}")][1] for i in range(2, 6)] == ["NA"] * 4  # end of input
    assert ("agent-performance", "q6") not in answers
    report = (tmp_path / "r.md").read_text(encoding="utf-8")
    block = (
        "### System Architect (architect)\n\n"
        "```text\nQ (q1): What is the peak load?\nA: 10k requests per second\n```"
    )
    assert block in report
    assert "A: NA" in report and report.index("## Clarifications") < report.index("## Rounds")
    assert ids == [g.agent_id for g in state.clarifications]


# --- Fallbacks: a prompt file that cannot be read, an unknown role, no config file ---------


def test_scripted_missing_prompt_file_and_unknown_role_fall_back_with_warnings(
    dev_agent: Runner, tmp_path: Path
) -> None:
    agents = (("agent-architect", "System Architect", "architect"), ("agent-odd", "Odd One", "wizard"))
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "odd.md").write_text("You are terse.\n", encoding="utf-8")
    replies = {
        "agent-architect": round_replies("agent-architect", ["agent-odd"], 1, propose=True),
        "agent-odd": round_replies("agent-odd", ["agent-architect"], 1, propose=True),
        JUDGE: [synthesis()],
    }
    model = write_replies(tmp_path / "replies.yaml", replies)
    extra = {
        "agent-architect": {"systemPromptPath": "prompts/missing.md", "summaryPromptPath": "prompts"},
        "agent-odd": {"systemPromptPath": "prompts/odd.md"},
    }
    config = write_config(tmp_path / "d.json", model, agents=agents, rounds=1, extra=extra)
    proc = dev_agent("debate", PROBLEM, "--config", config, "--verbose", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    missing = tmp_path / "prompts" / "missing.md"
    assert f"Warning: agent agent-architect: systemPromptPath {missing} cannot be read" in proc.stderr
    assert "using the built-in prompt" in proc.stderr
    assert "Warning: agent agent-odd: unknown role 'wizard'; using architect" in proc.stderr
    _, state = only_state(tmp_path)
    assert state.prompt_sources is not None
    sources = {s.agent_id: s.source for s in state.prompt_sources.agents}
    assert sources == {"agent-architect": "built-in", "agent-odd": str(tmp_path / "prompts" / "odd.md")}
    assert {c.agent_role for c in state.rounds[0].contributions if c.agent_id == "agent-odd"} == {"architect"}
    assert f"System prompt of agent-odd: {tmp_path / 'prompts' / 'odd.md'}" in proc.stderr


def test_scripted_missing_config_file_uses_the_defaults_with_a_warning(
    dev_agent: Runner, tmp_path: Path
) -> None:
    ids = ["agent-architect", "agent-performance"]
    replies = {i: round_replies(i, [o for o in ids if o != i], 1, propose=True) for i in ids}
    replies["judge-main"] = [synthesis()]
    model = write_replies(tmp_path / "replies.yaml", replies)
    proc = dev_agent(
        "debate", PROBLEM, "--config", "nothere.json", "--model", model, "--rounds", "1", cwd=tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    assert "Warning: nothere.json: config file not found; using the built-in defaults" in proc.stderr
    _, state = only_state(tmp_path)
    assert {c.agent_id for c in state.rounds[0].contributions} == set(ids)


# --- Validation: one line, exit 3, nothing created ------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["the problem", "--problemDescription", "p.md"], "not both"),
        ([], "give the problem as text or with --problemDescription FILE"),
        (["--problemDescription", "absent.md"], "absent.md: problem description file not found"),
        (["--problemDescription", "folder"], "folder: problem description file is a directory"),
        (["--problemDescription", "blank.md"], "blank.md: problem description file is empty"),
        (["--problemDescription", "fifo"], "fifo: problem description file is not a regular file"),
        (["   "], "debate: the problem is empty"),
        (["p", "--rounds", "0"], "--rounds must be 1 or more, not 0"),
        (["p", "--rounds", "two"], "argument --rounds: invalid int value"),
        (["p", "--agents", "architect,wizard"], "--agents: unknown role 'wizard'"),
        (["p", "--config", "broken.json"], "broken.json: invalid JSON"),
        (
            ["p", "--config", "zero.json"],
            "zero.json: debate.rounds: Input should be greater than or equal to 1",
        ),
        (["p", "--config", "typo.json"], "typo.json: agents.0.temprature: unknown key"),
        (["p", "--output", "folder"], "--output is a directory"),
        (["p", "--model", "gpt4"], "--model: 'gpt4' is not a model spec"),
    ],
)
def test_bad_input_is_one_line_and_exit_3(
    dev_agent: Runner, tmp_path: Path, args: list[str], message: str
) -> None:
    (tmp_path / "p.md").write_text("a problem\n", encoding="utf-8")
    (tmp_path / "blank.md").write_text("  \n\t\n", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "fifo")  # reading it would wait forever
    (tmp_path / "broken.json").write_text("{agents: ", encoding="utf-8")
    (tmp_path / "zero.json").write_text(json.dumps({"debate": {"rounds": 0}}), encoding="utf-8")
    typo = {"agents": [{"id": "a", "name": "A", "role": "architect", "temprature": 1}]}
    (tmp_path / "typo.json").write_text(json.dumps(typo), encoding="utf-8")
    proc = dev_agent("debate", *args, cwd=tmp_path)
    assert proc.returncode == 3, proc.stderr
    assert message in proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert not (tmp_path / "debates").exists() and not (tmp_path / "runs").exists()


@pytest.mark.parametrize(
    ("broken", "code", "outcome"), [("exhausted", 4, "model_unavailable"), ("invalid", 5, "model_error")]
)
def test_scripted_model_failures_end_with_their_code_and_a_failed_state(
    dev_agent: Runner, run_log: Log, tmp_path: Path, broken: str, code: int, outcome: str
) -> None:
    replies = two_round_replies()
    if broken == "exhausted":  # the security agent has no refinement left in round 2
        replies["agent-security"] = replies["agent-security"][:-1]
    else:  # the performance agent's first critique is invalid twice
        replies["agent-performance"][1:2] = ["no json here", '```json\n{"weaknesses": []}\n```']
    config = write_config(tmp_path / "d.json", write_replies(tmp_path / "replies.yaml", replies))
    proc = dev_agent("debate", PROBLEM, "--config", config, cwd=tmp_path)
    assert proc.returncode == code, proc.stderr
    assert f"dev-agent: debate: {outcome}" in proc.stderr and "Traceback" not in proc.stderr
    _, state = only_state(tmp_path)
    assert state.status == "failed" and state.final_solution is None
    (finished,) = [r["data"] for r in run_log(tmp_path / "runs") if r["type"] == "run_finished"]
    assert (finished["outcome"], finished["exit_code"]) == (outcome, code)


# --- The state file after every contribution ----------------------------------------------------


def test_scripted_state_file_is_valid_after_every_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from devagent.cli import main
    from devagent.workflows.debate import state as state_module

    model = write_replies(tmp_path / "replies.yaml", two_round_replies())
    config = write_config(tmp_path / "d.json", model)
    seen: list[tuple[str, int]] = []
    original = state_module.DebateStore.save

    def save_and_read(self: state_module.DebateStore) -> None:
        original(self)
        on_disk = DebateState.model_validate_json(self.path.read_text(encoding="utf-8"))
        seen.append((on_disk.status, sum(len(r.contributions) for r in on_disk.rounds)))
        assert on_disk == self.state

    monkeypatch.setattr(state_module.DebateStore, "save", save_and_read)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DEV_AGENT_CONFIG", raising=False)
    assert main(["debate", PROBLEM, "--config", str(config)]) == 0
    counts = [n for _, n in seen]
    total = 2 * (3 + 6 + 3)
    # Every contribution was saved as it came, one at a time; nothing else is in the folder.
    assert counts == sorted(counts) and set(counts) == set(range(total + 1))
    assert all(b - a <= 1 for a, b in itertools.pairwise(counts))
    assert seen[0] == ("running", 0) and seen[-1] == ("completed", total)
    assert [p.name for p in (tmp_path / "debates").iterdir()] == [f"{only_state(tmp_path)[1].id}.json"]
    capsys.readouterr()


# --- eval on a saved debate ---------------------------------------------------------------------


def score(n: int, text: str) -> str:
    from tests.debate_scripted import fence

    criteria = ("functional_completeness", "performance_scalability", "security",
                "maintainability_evolvability", "testability", "requirements_fulfillment")  # fmt: skip
    return fence({**{c: n for c in criteria}, "summary": text})


def test_scripted_eval_scores_a_saved_debate(dev_agent: Runner, tmp_path: Path) -> None:
    model = write_replies(tmp_path / "replies.yaml", two_round_replies())
    assert (
        dev_agent(
            "debate", PROBLEM, "--config", write_config(tmp_path / "d.json", model), cwd=tmp_path
        ).returncode
        == 0
    )
    path, state = only_state(tmp_path)
    evals = write_replies(
        tmp_path / "evals.yaml",
        {"e1": [score(6, "solid")], "e2": [score(9, "strong")], "e3": ["nope", "nope"]},
    )
    agents = [{"id": i, "name": i.upper(), "model": evals} for i in ("e1", "e2", "e3")]
    (tmp_path / "eval.json").write_text(json.dumps({"agents": agents}), encoding="utf-8")
    proc = dev_agent("debate", "eval", path, "--config", "eval.json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "evaluator e3: e3 reply invalid after one re-prompt" in proc.stderr
    result = json.loads(path.with_name(f"{state.id}.eval.json").read_text(encoding="utf-8"))
    assert result["debateId"] == state.id
    assert result["evaluation"]["functional_completeness"] == {"average_score": 7.5}
    assert result["non_functional"]["security"] == {"average_score": 7.5}
    assert [e["summary"] for e in result["evaluators"]] == ["solid", "strong"]
    table = path.with_name(f"{state.id}.eval.md").read_text(encoding="utf-8")
    assert "| functional_completeness | 6 | 9 | 7.5 |" in table and table in proc.stdout
    unfinished = tmp_path / "unfinished.json"
    unfinished.write_text(state.model_copy(update={"final_solution": None, "status": "failed"}).to_json())
    proc = dev_agent("debate", "eval", unfinished, cwd=tmp_path)
    assert proc.returncode == 3 and "the debate has no final solution (status failed)" in proc.stderr
    proc = dev_agent("debate", "eval", "nothing.json", cwd=tmp_path)
    assert proc.returncode == 3 and "nothing.json: debate file not found" in proc.stderr
