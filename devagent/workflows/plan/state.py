"""One plan run's state: the goal, the plan, the task in progress, its edits, test run
and verdict, and what was committed. Step actions update it, prompts read it, and the
engine sees it through `snapshot`."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, ClassVar

from devagent.messages import Envelope, MessageType, Metadata
from devagent.tools.automation_paths import AUTOMATION_PATHS
from devagent.tools.git_tool import CommitInfo
from devagent.tools.pull_request import PullRequestResult
from devagent.workflows.fix.state import TestRun
from devagent.workflows.plan.events import AGENT_KINDS, PlanEvent
from devagent.workflows.plan.replies import Edit, Plan, PlanTask, TesterReport


@dataclass
class PlanState:
    goal: str
    plan_id: str  # the id the Planner must echo: plan_0001 unless --plan-id gave one
    max_tasks: int
    allow_tests: bool  # the goal asks for tests: test files may be artifacts
    protected_paths: tuple[str, ...]  # what counts as a test or test-config file
    known_files: tuple[str, ...]  # the repository's tracked files, for the artifact rules
    repo_summary: str
    branch: str
    base_sha: str
    base_branch: str
    publish: bool = True  # push and open the PR after the last task (off when a later stage does)
    automation_paths: tuple[str, ...] = AUTOMATION_PATHS  # CI/automation files: never artifacts
    repair: bool = False  # --repair: a failing task goes to the fix loop before the run halts
    repair_tried: bool = False  # for the task in progress
    tests_first: bool = False  # each task lists a test file first, which must fail before the code lands
    plan: Plan | None = None
    plan_problems: list[str] = field(default_factory=list)
    current: int = 0  # index of the task in progress
    iteration: int = 0  # the task in progress, from 1 (0 while planning)
    edits: list[Edit] = field(default_factory=list)  # the Coder's edits for the task in progress
    edits_by_task: dict[str, list[str]] = field(default_factory=dict)  # task id -> paths written
    coder_refusals: int = 0  # refused edit sets for the task in progress
    last_test: TestRun | None = None
    tester: TesterReport | None = None  # the Tester's last reply
    results: list[dict[str, Any]] = field(default_factory=list)  # every accepted test_result
    commits: list[CommitInfo] = field(default_factory=list)
    error: dict[str, str] | None = None  # {"role", "reason"} of an error reply
    note: str = ""  # why the last reply or edit set was not accepted ("" if it was)
    pull_request: PullRequestResult | None = None
    tokens_used: int = 0
    budget_tokens: int = 0
    budget_wall_time_s: float = 0.0
    started: float = field(default_factory=time.monotonic)

    volatile_keys: ClassVar[frozenset[str]] = frozenset({"iteration", "tokens_used", "elapsed_s"})

    @property
    def task(self) -> PlanTask | None:
        if self.plan is None or self.current >= len(self.plan.tasks):
            return None
        return self.plan.tasks[self.current]

    def message(
        self, role: str, type_: MessageType, content: str, event: PlanEvent, status: int | None = None
    ) -> Envelope:
        metadata = Metadata(iteration=self.iteration, event=event)
        return Envelope(role=role, type=type_, content=content, status=status, metadata=metadata)

    def tester_agrees(self) -> bool:
        """The Tester's reply names the task in progress and says passed exactly when the
        tests are green (exit code 0, not timed out)."""
        task, test, reply = self.task, self.last_test, self.tester
        if task is None or test is None or reply is None:
            return False
        return reply.task_id == task.id and reply.passed == test.passed

    def next_task(self) -> None:
        self.current += 1
        self.edits = []
        self.coder_refusals = 0
        self.last_test = None
        self.tester = None
        self.repair_tried = False
        self.note = ""

    def snapshot(self) -> dict[str, Any]:
        task, test = self.task, self.last_test
        total = len(self.plan.tasks) if self.plan else 0
        return {
            "goal": self.goal,
            "plan_id": self.plan_id,
            "max_tasks": self.max_tasks,
            "allow_tests": self.allow_tests,
            "plan": self.plan.model_dump() if self.plan else None,
            "plan_problems": list(self.plan_problems),
            "iteration": self.iteration,
            "max_iterations": total,
            "task_id": task.id if task else None,
            "tasks_total": total,
            "tasks_done": sum(1 for r in self.results if r["passed"]),
            "edits": [e.path for e in self.edits],
            "coder_refusals": self.coder_refusals,
            "test_exit_code": test.exit_code if test else None,
            "tests_green": test is not None and test.passed,
            "tester": self.tester.model_dump() if self.tester else None,
            "tester_agrees": self.tester_agrees(),
            "results": [{"task_id": r["task_id"], "passed": r["passed"]} for r in self.results],
            "commits": len(self.commits),
            "tests_first": self.tests_first,
            "repair": self.repair,
            "repair_tried": self.repair_tried,
            "error": dict(self.error) if self.error else None,
            "note": self.note,
            "tokens_used": self.tokens_used,
            "budget_tokens": self.budget_tokens,
            "elapsed_s": round(time.monotonic() - self.started, 3),
            "budget_wall_time_s": self.budget_wall_time_s,
        }

    def add_failure(self, step: str, reasons: list[str]) -> None:
        # The note replaces an earlier one, so the same failure twice leaves the same state.
        if AGENT_KINDS.get(step) == "tool":
            self.note = "; ".join(reasons)
        elif self.plan_problems and step == "Planner":
            self.note = "; ".join(self.plan_problems)
        else:
            self.note = "; ".join(reasons)

    def record_output(self, step: str, output: Envelope) -> None:
        return None  # the envelope builders and step actions already updated the state
