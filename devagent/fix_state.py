"""What the fix loop knows between turns. Tool agents update it; prompts and the
router's conditions read it."""

from __future__ import annotations

from dataclasses import dataclass, field

from devagent.phase import PhaseSpec
from devagent.test_report import Failure
from devagent.tools.git_tool import CommitInfo
from devagent.tools.pull_request import PullRequestResult


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


@dataclass(frozen=True)
class RunFacts:
    """The read-only view the router's pure conditions get."""

    iteration: int
    max_iterations: int
    commits: int
    tests_green: bool


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

    def facts(self) -> RunFacts:
        return RunFacts(
            iteration=self.iteration,
            max_iterations=self.max_iterations,
            commits=len(self.commits),
            tests_green=self.last_test is not None and self.last_test.passed,
        )

    @property
    def test_name(self) -> str | None:
        return self.last_failure.test_name if self.last_failure else None
