"""Debate mode on the real embedded model (SmolLM2-135M in-process, the default
`llama-cpp:embedded`): 2 agents, 1 round. Its words are noise, but under the grammar
every reply is schema-valid, every contribution lands in a valid state file, the report
is written and the run is listed by `runs`."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from devagent.workflows.debate.state import DebateState

pytestmark = pytest.mark.model

PROBLEM = "Design a URL shortener service for a small company."


def test_embedded_model_debate_two_agents_one_round(
    dev_agent: Callable[..., subprocess.CompletedProcess[str]],
    run_log: Callable[[Path], list[dict[str, Any]]],
    tmp_path: Path,
) -> None:
    proc = dev_agent(
        "debate", PROBLEM, "--agents", "architect,security", "--rounds", "1", "--report", "report.md",
        cwd=tmp_path, timeout=1500,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    (path,) = sorted((tmp_path / "debates").glob("deb-*.json"))
    state = DebateState.model_validate_json(path.read_text(encoding="utf-8"))
    assert state.status == "completed" and state.current_round == 1
    kinds = sorted(c.type for c in state.rounds[0].contributions)
    assert kinds == ["critique", "critique", "proposal", "proposal", "refinement", "refinement"]
    assert all(c.metadata.model == "llama-cpp:embedded" for c in state.rounds[0].contributions)
    assert all((c.metadata.tokens_used or 0) > 0 for c in state.rounds[0].contributions)
    assert state.final_solution is not None and state.final_solution.description.strip()
    assert proc.stdout.strip() == state.final_solution.description.strip()
    records = run_log(tmp_path / "runs")
    calls = [r["data"] for r in records if r["type"] == "model_call"]
    assert len([c for c in calls if c["valid"]]) == 7  # 2 proposals, 2 critiques, 2 refinements, 1 synthesis
    assert all(c["backend"] == "llama-cpp:embedded" for c in calls)
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert report.index("## Rounds") < report.index("## Final Synthesis")
    listing = dev_agent("runs", "--workflow", "debate", cwd=tmp_path)
    assert listing.returncode == 0
    (row,) = [line for line in listing.stdout.splitlines() if " debate " in line]
    assert "completed" in row


@pytest.mark.fault
def test_embedded_model_debate_killed_mid_run_leaves_a_valid_state_file(
    cli_env: dict[str, str], tmp_path: Path
) -> None:
    """SIGKILL once the first contribution is saved: the state file is the last complete
    state (atomic writes), readable as a DebateState."""
    import signal
    import sys
    import time

    from tests.conftest import PROJECT_ROOT

    proc = subprocess.Popen(
        [sys.executable, str(PROJECT_ROOT / "dev_agent.py"), "debate", PROBLEM, "--agents", "architect",
         "--rounds", "1"],
        cwd=tmp_path, env=cli_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 900
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            files = sorted((tmp_path / "debates").glob("deb-*.json"))
            if files and '"type": "proposal"' in files[0].read_text(encoding="utf-8"):
                break
            time.sleep(0.05)
        assert proc.poll() is None, "the debate ended before it could be killed"
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait()
    (path,) = sorted((tmp_path / "debates").glob("deb-*.json"))
    state = DebateState.model_validate_json(path.read_text(encoding="utf-8"))
    assert state.status == "running" and state.final_solution is None
    assert [c.type for c in state.rounds[0].contributions][:1] == ["proposal"]
