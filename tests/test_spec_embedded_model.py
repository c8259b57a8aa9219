"""Spec mode on the real embedded model (SmolLM2-135M in-process, the default config's
`llama-cpp:embedded`): its drafts are noise, but under the grammar every reply is
schema-valid and follows the Architect's rules, the pure checks give the Reviewer real
challenges, a spec.md is written and the run is listed by `runs`."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from devagent.messages import ArchitectReply, ReviewerReply
from devagent.workflows.spec.checks import PASCAL_CASE, rationale_references

pytestmark = pytest.mark.model

IDEA = "A web app where users upload recipes and share them with friends; a nightly job emails a digest."


def test_embedded_model_spec_run_is_schema_valid_and_listed(
    dev_agent: Callable[..., subprocess.CompletedProcess[str]],
    run_log: Callable[[Path], list[dict[str, Any]]],
    tmp_path: Path,
) -> None:
    proc = dev_agent("spec", IDEA, "--max-iterations", "2", cwd=tmp_path, timeout=400)
    # Verified (0) would need the noise to pass every check; a timeout (1) is the usual end.
    assert proc.returncode in (0, 1), proc.stdout + proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr
    records = run_log(tmp_path / "runs")
    calls = [r["data"] for r in records if r["type"] == "model_call"]
    assert calls and all(c["valid"] for c in calls), [c.get("error") for c in calls]
    assert all(c["backend"] == "llama-cpp:embedded" for c in calls)
    steps = [r["data"] for r in records if r["type"] == "step"]
    assert all(s["status"] == "ok" for s in steps)  # no reply broke the Architect's rules
    for step in steps:
        after = step["after"]
        if step["step"] == "Architect":
            names = [c["name"] for c in after["components"]]
            assert names and all(PASCAL_CASE.match(n) for n in names)
            history = after["challenge_history"]
            ids = [c["id"] for c in history[-1]["challenges"]] if history else []
            assert all(rationale_references(after["design_rationale"], i) for i in ids)
        else:  # the final verdict is a valid Reviewer reply
            verdict = after["challenge_history"][-1]
            body = {"status": verdict["status"], "challenges": verdict["challenges"]}
            ReviewerReply.model_validate(body)
    design = {
        "components": steps[-2]["after"]["components"],
        "design_rationale": steps[-2]["after"]["design_rationale"],
    }
    ArchitectReply.model_validate(design)
    spec = (tmp_path / "output" / "spec.md").read_text(encoding="utf-8")
    assert spec.startswith("# Spec: A web app where users upload recipes")
    assert "## Components\n\n| Name | Type | Purpose |" in spec
    if proc.returncode == 1:
        assert (
            "## ARD Trace Log — Max Iterations Reached\n\nUnresolved challenges at termination:\n1. [" in spec
        )
    listing = dev_agent("runs", cwd=tmp_path)
    assert listing.returncode == 0
    (row,) = [line for line in listing.stdout.splitlines() if " spec " in line]
    assert ("verified" if proc.returncode == 0 else "max_iterations_reached") in row
