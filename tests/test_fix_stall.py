"""When the fix loop stalls (FixState.stalled, the `stalled` route outcome): only after
Repair found nothing, two of the model's diffs were refused or repeated, and no new test
outcome came for `stall_s`. Pure state checks; the end-to-end stop is in
tests/test_repair_step.py."""

from __future__ import annotations

from pathlib import Path

from devagent.config import RepairConfig
from devagent.errors import ExitCode
from devagent.messages import Envelope, Metadata
from devagent.phase import PhaseSpec
from devagent.pytest_output import Failure
from devagent.workflow import OUTCOME_EXIT, ROUTE_OUTCOMES, Subject
from devagent.workflows.fix.events import FixEvent
from devagent.workflows.fix.specs import FIX_SPECS
from devagent.workflows.fix.state import FixState
from devagent.workflows.fix.state import TestRun as Run

DIFF = "--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n"


def state(tmp_path: Path, stall_s: float = 0.0) -> FixState:
    phase = PhaseSpec(tmp_path / "spec.md", "Fix", "Fix it.", None)
    return FixState(phase, 10, "0" * 40, "main", "fix-1", stall_s=stall_s)


def refused() -> Envelope:
    return Envelope(
        role="GitTool",
        type="status",
        content="no",
        metadata=Metadata(iteration=1, event=FixEvent.PATCH_REFUSED),
    )


def patch() -> Envelope:
    return Envelope(
        role="DevAgent",
        type="patch",
        content="p",
        diff=DIFF,
        metadata=Metadata(iteration=1, event=FixEvent.PATCH),
    )


def failing(message: str) -> Run:
    return Run("pytest", 1, "out", False, Failure("t.py::test_x", message))


def test_stalled_needs_a_fruitless_search_and_two_refusals(tmp_path: Path) -> None:
    s = state(tmp_path)
    s.record_output("GitTool", refused())
    s.record_output("GitTool", refused())
    assert not s.stalled()  # Repair did not run (or found a fix)
    s.repair_summary = "repair found no fix: ..."
    assert s.stalled() and s.snapshot()["stalled"] is True
    assert FIX_SPECS.holds(["stalled"], _subject(s))


def test_a_repeated_patch_counts_as_a_refusal(tmp_path: Path) -> None:
    s = state(tmp_path)
    s.repair_summary = "none"
    s.record_output("DevAgent", patch())
    assert not s.stalled()  # a first patch is not a refusal
    s.record_output("DevAgent", patch())
    s.record_output("GitTool", refused())
    assert s.stalled()


def test_a_new_test_outcome_is_news_and_an_old_one_is_not(tmp_path: Path) -> None:
    s = state(tmp_path)
    s.repair_summary = "none"
    s.note_test(failing("assert 1 == 2"))
    s.record_output("GitTool", refused())
    s.record_output("GitTool", refused())
    s.note_test(failing("assert 1 == 2"))  # the same outcome again: no news
    assert s.stalled()
    s.note_test(failing("assert 2 == 3"))  # a different failure: news
    assert not s.stalled() and s.refusals_since_news == 0


def test_not_stalled_before_stall_s_has_passed(tmp_path: Path) -> None:
    s = state(tmp_path, stall_s=3600)
    s.repair_summary = "none"
    for _ in range(5):
        s.record_output("GitTool", refused())
    assert not s.stalled()


def test_stall_keys_are_volatile_so_loop_detection_is_unchanged(tmp_path: Path) -> None:
    assert {"quiet_s", "refusals_since_news", "stalled"} <= FixState.volatile_keys


def test_stalled_is_a_route_outcome_with_exit_code_8() -> None:
    assert "stalled" in ROUTE_OUTCOMES
    assert OUTCOME_EXIT["stalled"] == ExitCode.LOOP_DETECTED


def _subject(s: FixState) -> Subject:
    return Subject(None, s.snapshot())


def test_the_model_turn_deadline_follows_the_last_news_once_the_search_found_nothing(tmp_path: Path) -> None:
    s = state(tmp_path, stall_s=30)
    assert s.turn_deadline() is None  # before Repair (or after a fix): model.timeout_s alone
    s.repair_summary = "repair found no fix: ..."
    first = s.turn_deadline()
    assert first == s.news_at + 30
    s.note_test(failing("a new failure"))  # news moves the window
    later = s.turn_deadline()
    assert later is not None and later >= first


def test_stall_window_defaults_to_15s_for_the_embedded_model_only() -> None:
    assert RepairConfig().stall_window("llama-cpp:embedded") == 15.0
    assert RepairConfig().stall_window("ollama:qwen2.5-coder:7b") == 300.0
    assert RepairConfig(stall_s=12).stall_window("ollama:qwen2.5-coder:7b") == 12.0
