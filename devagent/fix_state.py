"""What the fix loop knows between turns. Tool agents update it; prompts read it; the
workflow engine and its specs see it through `FixContext`."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from devagent.messages import Envelope
from devagent.phase import PhaseSpec
from devagent.test_report import Failure
from devagent.tools.git_tool import CommitInfo
from devagent.tools.pull_request import PullRequestResult
from devagent.workflow.specs import SpecResult, patch_digest


@dataclass(frozen=True)
class TestRun:
    command: str
    exit_code: int
    output: str  # already truncated by the output rule
    timed_out: bool
    failure: Failure | None

    @property
    def passed(self) -> bool:
        return self.exit_code == 0 and not self.timed_out


@dataclass
class FixState:
    phase: PhaseSpec
    max_iterations: int
    base_sha: str
    base_branch: str  # the PR's base: the user's branch when the run started
    branch: str
    iteration: int = 0
    last_test: TestRun | None = None
    last_failure: Failure | None = None  # survives green runs, for commit messages
    feedback: str | None = None  # what DevAgent must see next: refusal, critique, command output
    commits: list[CommitInfo] = field(default_factory=list)
    verdict: str | None = None
    pull_request: PullRequestResult | None = None
    closing_reason: str = ""  # the status message that ended the run
    tokens_used: int = 0  # prompt + completion tokens of every model call so far
    tried_patches: set[str] = field(default_factory=set)  # digests of the patches DevAgent sent
    repair_tried: bool = False  # the Repair step ran (once per run)

    @property
    def test_name(self) -> str | None:
        return self.last_failure.test_name if self.last_failure else None


REJECTION_NOTE = "Your last reply was not accepted:"


class FixContext:
    """The fix loop's state as the workflow engine sees it: a JSON snapshot for the
    specs and the trace store, enriched with the failure before a retry."""

    volatile_keys = frozenset({"iteration", "tokens_used", "elapsed_s"})

    def __init__(
        self,
        state: FixState,
        budget_tokens: int | None,
        budget_wall_time_s: float | None,
        repair_enabled: bool = False,
    ) -> None:
        self._state = state
        self._repair_enabled = repair_enabled
        self._budget_tokens = budget_tokens or 0
        self._budget_wall_time_s = budget_wall_time_s or 0.0
        self._started = time.monotonic()

    def snapshot(self) -> dict[str, Any]:
        state = self._state
        test = state.last_test
        return {
            "phase": state.phase.title,
            "branch": state.branch,
            "iteration": state.iteration,
            "max_iterations": state.max_iterations,
            "commits": len(state.commits),
            "tests_green": test is not None and test.passed,
            "test_name": state.test_name,
            "test_exit_code": test.exit_code if test is not None else None,
            "test_output": test.output if test is not None else None,
            "feedback": state.feedback,
            "tried_patches": sorted(state.tried_patches),
            "repair_enabled": self._repair_enabled,
            "repair_tried": state.repair_tried,
            "tokens_used": state.tokens_used,
            "budget_tokens": self._budget_tokens,
            "elapsed_s": round(time.monotonic() - self._started, 3),
            "budget_wall_time_s": self._budget_wall_time_s,
        }

    def add_failure(self, step: str, failures: list[SpecResult]) -> None:
        # The note replaces an earlier one: the same failure twice leaves the same context,
        # which is what the engine's loop detection compares.
        earlier = (self._state.feedback or "").split(REJECTION_NOTE, 1)[0].rstrip()
        note = f"{REJECTION_NOTE} {'; '.join(f.detail for f in failures)}."
        self._state.feedback = f"{earlier}\n\n{note}" if earlier else note

    def record_output(self, step: str, output: Envelope | None) -> None:
        if output is not None and output.type == "patch" and output.diff:
            self._state.tried_patches.add(patch_digest(output.diff))
