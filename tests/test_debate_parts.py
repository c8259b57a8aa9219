"""Debate mode's parts on plain values: the reply grammars stay small (bounded strings, no
nested optional rules), the config's fallbacks and errors, the atomic state writes, the
report's section order on a failed debate, the manifest against its plug-in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from devagent.agents import strict_schema
from devagent.errors import UsageError
from devagent.models.base import ReplyFormat
from devagent.models.grammar import reply_grammar
from devagent.resources import resource_dir
from devagent.workflow import load_manifest
from devagent.workflows.debate import DEBATE, replies
from devagent.workflows.debate.config import ROLES, load_debate_config, parse_roles, resolve
from devagent.workflows.debate.prompts import KINDS, builtin_prompt
from devagent.workflows.debate.report import SECTIONS, debate_report
from devagent.workflows.debate.state import DebateState, load_debate, new_debate_id, write_atomically

REPLIES = (
    replies.ProposalReply,
    replies.CritiqueReply,
    replies.RefinementReply,
    replies.QuestionsReply,
    replies.SummaryReply,
    replies.SynthesisReply,
    replies.ScoreReply,
)


@pytest.mark.parametrize("model", REPLIES, ids=lambda m: m.__name__)
def test_reply_grammars_bound_every_string_without_nesting(model: type) -> None:
    grammar = reply_grammar(ReplyFormat(strict_schema(model)))
    # "(char (char ..." is llama.cpp's form for a minLength string: it fails to parse
    # (and crashed the process) for a few hundred characters.
    assert "(char (char" not in grammar and len(grammar) < 2000


def test_every_role_has_its_prompt_files() -> None:
    for role in ROLES:
        for kind in ("system", *KINDS):
            assert builtin_prompt(role, kind), (role, kind)
    for kind in ("system", "synthesis", "summary"):
        assert builtin_prompt("judge", kind)
    assert "{problem}" in builtin_prompt("architect", "proposal")
    assert "{proposal}" in builtin_prompt("security", "critique")


def test_bundled_manifest_loads_against_the_plugin() -> None:
    manifest = load_manifest(resource_dir("config") / "workflows" / "debate.yaml", DEBATE)
    assert manifest.start == "Questions"
    panels = {s.panel for s in manifest.steps.values() if s.panel}
    assert panels == set(DEBATE.panels)


def test_config_fallbacks_warn() -> None:
    loaded = resolve({"agents": [{"id": "x", "name": "X", "role": "poet"}]}, "c.json", Path("."), None)
    assert [a.role for a in loaded.agents] == ["architect"]
    assert loaded.judge.id == "judge-main" and loaded.debate.rounds == 3
    assert loaded.warnings == [
        "c.json: no judge configured; using the default judge",
        "c.json: no debate settings; using the defaults",
        "agent x: unknown role 'poet'; using architect",
    ]
    configured = {
        "agents": [{"id": "x", "name": "X", "role": "kiss"}, {"id": "y", "name": "Y", "role": "testing"}]
    }
    filtered = resolve(configured, "c", Path("."), ["security", "kiss"])
    assert [(a.id, a.role) for a in filtered.agents] == [("x", "kiss"), ("agent-security", "security")]
    off = {"agents": [{"id": "x", "name": "X", "role": "kiss", "enabled": False}]}
    assert [a.id for a in resolve(off, "c", Path("."), None).agents] == [
        "agent-architect",
        "agent-performance",
    ]
    assert "no agents left after filtering" in resolve(off, "c", Path("."), None).warnings[-1]


def test_config_errors_name_the_key(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text("agents:\n  - {id: 'a b', name: A, role: architect}\n", encoding="utf-8")
    with pytest.raises(UsageError, match=r"c.yaml: agents.0.id: Value error, must start with a letter"):
        load_debate_config(path, {}, tmp_path / "tool.yaml", None)
    same = {
        "agents": [{"id": "a-b", "name": "A", "role": "kiss"}, {"id": "a_b", "name": "B", "role": "kiss"}]
    }
    path.write_text(json.dumps(same), encoding="utf-8")
    with pytest.raises(UsageError, match="ids 'a-b' and 'a_b' name the same agent"):
        load_debate_config(path, {}, tmp_path / "tool.yaml", None)
    with pytest.raises(UsageError, match="--agents: give at least one role"):
        parse_roles(" , ")


def test_provider_key_becomes_the_spec_scheme() -> None:
    loaded = resolve(
        {"agents": [{"id": "a", "name": "A", "role": "kiss", "provider": "ollama", "model": "qwen2.5:7b"}]},
        "c",
        Path("."),
        None,
    )
    assert loaded.agents[0].model_spec("llama-cpp:embedded") == "ollama:qwen2.5:7b"


def test_atomic_write_leaves_no_temp_file_and_the_old_file_on_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    path = tmp_path / "d" / "x.json"
    write_atomically(path, "one")
    write_atomically(path, "two")
    assert path.read_text() == "two" and [p.name for p in path.parent.iterdir()] == ["x.json"]

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space left"):
        write_atomically(path, "three")
    assert path.read_text() == "two" and [p.name for p in path.parent.iterdir()] == ["x.json"]


def test_debate_id_pattern_and_loading_errors(tmp_path: Path) -> None:
    import re

    assert re.fullmatch(r"deb-\d{8}-\d{6}-[0-9a-f]{4}", new_debate_id())
    bad = tmp_path / "bad.json"
    bad.write_text('{"id": 3}', encoding="utf-8")
    with pytest.raises(UsageError, match=r"bad\.json: not a debate state"):
        load_debate(bad)


def test_report_of_a_failed_debate_keeps_the_section_order() -> None:
    from devagent.workflows.debate.config import default_agents, default_judge

    state = DebateState(id="deb-1", problem="p", status="failed")
    text = debate_report(state, default_agents(), default_judge(), {})
    positions = [text.index(s) for s in SECTIONS]
    assert positions == sorted(positions)
    assert "No solution: the debate ended failed." in text and "No clarifications were asked." in text


def test_role_checklists_name_what_a_proposal_leaves_out() -> None:
    from devagent.workflows.debate.checks import checklist_text, missing_concerns

    text = "A gateway service keeps a token bucket per API key in Redis, checked on every call within 2 ms."
    # "token" reads as authentication: the checks are keyword lists, deliberately simple.
    assert missing_concerns("security", text) == [
        "authorisation of each action",
        "protection of data in transit and at rest",
        "validation of input",
    ]
    assert missing_concerns("architect", text) == []
    assert missing_concerns("performance", text) == ["caching", "scaling under load"]
    assert checklist_text("architect", text) == ""
    assert checklist_text("testing", text).startswith("**Checklist (no model)**\n- The proposal does not say")


def test_scripted_round_two_proposal_without_a_refinement_asks_the_model_with_a_warning(
    tmp_path: Path,
) -> None:
    from devagent.errors import ExitCode
    from devagent.messages import Envelope, Metadata
    from devagent.models.scripted import ScriptedBackend
    from devagent.traced_log import RunEnd, finish_traced_log, open_traced_log
    from devagent.workflow import Trace
    from devagent.workflows.debate.config import DebateSettings, default_judge, role_agent
    from devagent.workflows.debate.progress import Progress
    from devagent.workflows.debate.prompts import prompt_set
    from devagent.workflows.debate.run_state import DebateRun
    from devagent.workflows.debate.state import DebateStore
    from devagent.workflows.debate.team import DebateTeam, Member
    from tests.debate_scripted import proposal, write_replies

    spec = write_replies(tmp_path / "r.yaml", {"agent-kiss": [proposal("agent-kiss", 2)]})
    agent, judge = role_agent("kiss"), default_judge()
    settings = DebateSettings(rounds=2)
    backend = ScriptedBackend(spec, Path(spec.removeprefix("scripted:")), agent.id)
    member = Member(agent, backend, prompt_set(agent, "kiss", tmp_path, print), settings.summarization)
    judge_member = Member(judge, backend, prompt_set(judge, "judge", tmp_path, print), settings.summarization)
    store = DebateStore(tmp_path / "debates", DebateState(id="deb-x", problem="p"))
    run = DebateRun(store, settings, judge, clarify=False)
    run.begin_round()  # round 1 ended without the agent's refinement
    run.begin_round()
    log = open_traced_log(tmp_path / "runs")
    progress = Progress(quiet=True)
    team = DebateTeam(run, [member], judge_member, log, Trace(log.write), 8192, 768, progress, lambda _: "")
    trigger = Envelope(role="Summaries", type="status", content="", metadata=Metadata(iteration=2))
    out = team._propose(member, trigger)  # the turn itself, as its TurnAgent runs it
    finish_traced_log(log, RunEnd("completed", ExitCode.OK, ""), {})
    assert progress.warnings == [
        "agent agent-kiss: missing previous refinement; falling back to a model proposal"
    ]
    (made,) = store.state.rounds[1].contributions
    assert made.type == "proposal" and "agent-kiss plan 2" in made.content == out.content
    saved = DebateState.model_validate_json(store.path.read_text(encoding="utf-8"))
    assert saved.rounds[1].contributions == [made]


def test_the_judge_sees_the_clarifications_under_the_problem_and_the_debate_in_its_place() -> None:
    """The synthesis template has two slots: `{context}` (the user's clarifications) and
    `{debate}` (the rounds, cut to the budget). Each gets its own text, and a user's
    answer that happens to spell a placeholder is kept as written."""
    from devagent.workflows.debate.prompts import builtin_prompt, synthesis_prompt

    template = builtin_prompt("judge", "synthesis")
    clarifications = "## Clarifications from the user\n\n- Q (q1): Which store?\n  A: Redis, not {debate}"
    fitted = synthesis_prompt(template, "Rate-limit the API.", clarifications, "ROUND 1 TEXT", 10_000, len)
    text = fitted.text
    assert "{context}" not in text and text.count("ROUND 1 TEXT") == 1
    assert "A: Redis, not {debate}" in text
    problem, rest = text.split("## The debate", 1)
    assert "Rate-limit the API." in problem and "Which store?" in problem
    assert "ROUND 1 TEXT" in rest and "Which store?" not in rest
