"""A debate run in the review dashboard: the view model (rounds as columns per agent, the
judge's solution) and the Streamlit page (AppTest), on a real scripted debate."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from devagent.dashboard.debate_view import debate_board
from devagent.trace_store import connect, sync
from tests.debate_scripted import (
    AGENTS,
    JUDGE,
    PROBLEM,
    round_replies,
    synthesis,
    write_config,
    write_replies,
)

streamlit_testing = pytest.importorskip("streamlit.testing.v1")

APP = Path(__file__).resolve().parent.parent / "devagent" / "dashboard" / "app.py"
IDS = ["agent-architect", "agent-performance"]


@pytest.fixture
def debate_runs(
    dev_agent: Callable[..., subprocess.CompletedProcess[str]], tmp_path: Path
) -> tuple[Path, str]:
    replies: dict[str, list[str]] = {}
    for who in IDS:
        other = [o for o in IDS if o != who]
        replies[who] = round_replies(who, other, 1, propose=True) + round_replies(
            who, other, 2, propose=False
        )
    replies[JUDGE] = [synthesis()]
    config = write_config(tmp_path / "d.json", write_replies(tmp_path / "r.yaml", replies), agents=AGENTS[:2])
    proc = dev_agent("debate", PROBLEM, "--config", config, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    (log,) = (tmp_path / "runs").glob("*.log.jsonl")
    return tmp_path / "runs", log.name.removesuffix(".log.jsonl")


def test_view_shows_rounds_as_columns_per_agent(debate_runs: tuple[Path, str]) -> None:
    runs, run_id = debate_runs
    with closing(connect(sync(runs))) as db:
        board = debate_board(db, run_id)
    assert board.agents == IDS and board.rounds == [1, 2]
    first = board.cell("agent-architect", 1)
    assert [kind for kind, _ in first] == ["proposal", "critiques", "refinement"]
    assert "agent-architect plan 1" in first[0][1]
    second = board.cell("agent-architect", 2)
    assert second[0][1].startswith("(carried forward)") and "agent-architect refined 1" in second[0][1]
    assert board.solution == "Use a token bucket per API key in the gateway."
    assert board.details["confidence"] == 80 and board.details["recommendations"][0] == "load test it"


def test_app_shows_a_debate_run(debate_runs: tuple[Path, str], monkeypatch: pytest.MonkeyPatch) -> None:
    runs, run_id = debate_runs
    monkeypatch.setenv("DEV_AGENT_RUNS_DIR", str(runs))
    at = streamlit_testing.AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    assert not at.exception, at.exception
    shown: list[Any] = [e.value for kind in ("markdown", "caption", "subheader") for e in getattr(at, kind)]
    text = "\n".join(str(s) for s in shown)
    assert "workflow **debate**" in text and run_id in text
    assert [s.value for s in at.subheader] == [*IDS, "Judge's solution"]
    assert [c.value for c in at.caption if str(c.value).startswith("Round ")] == ["Round 1", "Round 2"] * 2
    assert "Use a token bucket per API key in the gateway." in text
    assert "confidence 80/100 · synthesised by judge-main" in text
    (download,) = at.get("download_button")
    assert "debate" in str(download.proto.label)
