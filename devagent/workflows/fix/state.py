"""One fix run's state: what the loop knows between turns. Step actions update it,
prompts read it, and the engine sees it through `snapshot` (what the specs and the
trace store read), `add_failure` and `record_output`."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, ClassVar

from devagent.messages import Envelope, MessageType, Metadata
from devagent.phase import PhaseSpec
from devagent.pytest_output import Failure
from devagent.repair.review import Review
from devagent.tools.git_tool import CommitInfo
from devagent.tools.pull_request import PullRequestResult
from devagent.verdict import Baseline, Verdict
from devagent.workflows.fix.events import AGENT_KINDS, FixEvent
from devagent.workflows.fix.specs import patch_digest

REJECTION_NOTE = "Your last reply was not accepted:"


@dataclass(frozen=True)
class TestRun:
    command: str
    exit_code: int
    output: str  # already truncated by the output rule
    timed_out: bool
    failure: Failure | None
    verdict: Verdict | None = None  # None: no verdict was taken (exit code only)

    @property
    def passed(self) -> bool:
        """Green by the verdict's rules (devagent/verdict.py), not by the exit code alone."""
        if self.verdict is not None:
            return self.verdict.green
        return self.exit_code == 0 and not self.timed_out


@dataclass
class FixState:
    phase: PhaseSpec
    max_iterations: int
    base_sha: str
    base_branch: str  # the PR's base: the user's branch when the run started
    branch: str
    iteration: int = 0  # DevAgent replies and Repair searches so far
    last_test: TestRun | None = None
    last_failure: Failure | None = None  # survives green runs, for commit messages
    baseline: Baseline | None = None  # the run's first test run (devagent/verdict.py)
    feedback: str | None = None  # what DevAgent must see next: refusal, critique, command output
    commits: list[CommitInfo] = field(default_factory=list)
    verdict: str | None = None
    pull_request: PullRequestResult | None = None
    tokens_used: int = 0  # prompt + completion tokens of every model call so far
    tried_patches: set[str] = field(default_factory=set)  # digests of the patches DevAgent sent
    repair_tried: bool = False  # the Repair step ran (once per run)
    plan_tried: bool = False  # plan mode ran for new work the phase asks for (once per run)
    repair_summary: str | None = None  # what a search that found no fix tried (for the user)
    repair_warnings: list[str] = field(default_factory=list)  # overfit suspicions of its fix, for the PR
    # What the evidence says about Repair's fix (devagent/repair/review.py), or None
    repair_review: Review | None = None
    # The review of the whole branch at the Supervisor's approval (Repair's ambiguity and
    # the suspect edits of every changed file, a model's diff included): its `needed`
    # makes the run end `approved_needs_review` and opens the PR with it
    fix_review: Review | None = None
    news_at: float = field(default_factory=time.monotonic)  # the last new information
    refusals_since_news: int = 0  # the model's diffs refused or repeated since then
    outcomes_seen: set[str] = field(default_factory=set)  # test outcomes (see `note_test`)
    stall_s: float = 30.0  # repair.stall_s
    # Settings the specs read, fixed for the run:
    repair_enabled: bool = False
    interim_critique: bool = False  # red results go to the Supervisor before DevAgent
    budget_tokens: int = 0  # 0: no ceiling
    budget_wall_time_s: float = 0.0
    started: float = field(default_factory=time.monotonic)

    volatile_keys: ClassVar[frozenset[str]] = frozenset(
        {"iteration", "tokens_used", "elapsed_s", "quiet_s", "refusals_since_news", "stalled"}
    )

    @property
    def test_name(self) -> str | None:
        return self.last_failure.test_name if self.last_failure else None

    def failing_evidence(self) -> tuple[list[str], str]:
        """The failing tests (the baseline's, else the last failure's) and the failure's text:
        what, besides the diff, a model's words may name (devagent/workflows/fix/grounding.py)."""
        failing = sorted(self.baseline.failing | self.baseline.broken_files) if self.baseline else []
        if self.last_failure is not None and self.last_failure.test_name:
            failing.append(self.last_failure.test_name)
        return failing, self.last_failure.message if self.last_failure else ""

    def message(
        self,
        role: str,
        type_: MessageType,
        content: str,
        event: FixEvent,
        *,
        status: int | None = None,
        approved: bool | None = None,
        diff: str | None = None,
    ) -> Envelope:
        """An envelope stamped with the run's iteration and failing test."""
        metadata = Metadata(
            iteration=self.iteration, test_name=self.test_name, approved=approved, event=event
        )
        return Envelope(role=role, type=type_, content=content, status=status, diff=diff, metadata=metadata)

    def snapshot(self) -> dict[str, Any]:
        test = self.last_test
        return {
            "phase": self.phase.title,
            "branch": self.branch,
            "iteration": self.iteration,
            "max_iterations": self.max_iterations,
            "commits": len(self.commits),
            "tests_green": test is not None and test.passed,
            "test_name": self.test_name,
            "test_exit_code": test.exit_code if test is not None else None,
            "test_output": test.output if test is not None else None,
            "feedback": self.feedback,
            "tried_patches": sorted(self.tried_patches),
            "repair_enabled": self.repair_enabled,
            "repair_tried": self.repair_tried,
            "needs_review": self.fix_review is not None and self.fix_review.needed,
            "plan_tried": self.plan_tried,
            "interim_critique": self.interim_critique,
            "tokens_used": self.tokens_used,
            "budget_tokens": self.budget_tokens,
            "elapsed_s": round(time.monotonic() - self.started, 3),
            "budget_wall_time_s": self.budget_wall_time_s,
            "quiet_s": round(time.monotonic() - self.news_at, 3),
            "refusals_since_news": self.refusals_since_news,
            "stalled": self.stalled(),
        }

    def news(self) -> None:
        """Something the user did not know: a new test outcome, Repair's verdict."""
        self.news_at = time.monotonic()
        self.refusals_since_news = 0

    def note_test(self, run: TestRun) -> None:
        """A test run is news when its outcome (exit code, first failing test and its
        message) was not seen before in this run."""
        failure = run.failure
        outcome = f"{run.exit_code}|{run.timed_out}|{failure.test_name if failure else ''}|"
        outcome += failure.message if failure else ""
        if outcome not in self.outcomes_seen:
            self.outcomes_seen.add(outcome)
            self.news()

    def stalled(self) -> bool:
        """Repair found nothing, and since the last news `stall_s` passed and at least two
        of the model's diffs were refused or repeated: more turns would tell nothing new."""
        return (
            self.repair_summary is not None
            and self.refusals_since_news >= 2
            and time.monotonic() - self.news_at >= self.stall_s
        )

    def turn_deadline(self) -> float | None:
        """When the model's turn must be over (time.monotonic()): `stall_s` after the last
        news, once Repair found nothing; None before (a model turn is bounded by
        model.timeout_s alone)."""
        return None if self.repair_summary is None else self.news_at + self.stall_s

    def add_failure(self, step: str, reasons: list[str]) -> None:
        if AGENT_KINDS.get(step) == "tool":  # a refused patch or command: the reason is the news
            self.feedback = "; ".join(reasons)
            return
        # A model's reply that failed a post spec: the note replaces an earlier one, so the
        # same failure twice leaves the same state (what loop detection compares).
        earlier = (self.feedback or "").split(REJECTION_NOTE, 1)[0].rstrip()
        note = f"{REJECTION_NOTE} {'; '.join(reasons)}."
        self.feedback = f"{earlier}\n\n{note}" if earlier else note

    def record_output(self, step: str, output: Envelope) -> None:
        if output.metadata.event == FixEvent.PATCH_REFUSED:
            self.refusals_since_news += 1
        if output.type == "patch" and output.diff:
            digest = patch_digest(output.diff)
            if digest in self.tried_patches:
                self.refusals_since_news += 1  # a repeat
            self.tried_patches.add(digest)
