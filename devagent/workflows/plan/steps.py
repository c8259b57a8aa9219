"""The plan workflow's tool steps, the orchestrator's hands: Workspace applies the Coder's
edits (refusing, in code, any path its task does not own), ShellTool runs the test
command in the sandbox, GitTool commits each passed task and publishes the branch."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from devagent.config import Config
from devagent.errors import GitError, StepRefused
from devagent.messages import Envelope
from devagent.runlog import RunLog, duration_s
from devagent.text import truncate_output
from devagent.tools.git_tool import GitTool
from devagent.tools.patch_policy import PatchPolicy, PatchRefused
from devagent.tools.shell import CommandRejected, ProgramNotFound, ShellTool
from devagent.verdict import Baseline, ReportChannel, judge
from devagent.workflows.fix.state import TestRun
from devagent.workflows.plan.checks import edit_problems
from devagent.workflows.plan.events import PlanAgent, PlanEvent
from devagent.workflows.plan.state import PlanState
from devagent.workflows.publish import PullRequestText, publish_branch
from devagent.worktree_files import (
    OutsideWorktree,
    is_file_inside,
    read_text_inside,
    remove_inside,
    write_text_inside,
)


@dataclass(frozen=True)
class PlanTools:
    config: Config
    worktree: Path
    tests: ShellTool  # runs the configured test command in the sandbox
    git: GitTool
    log: RunLog
    title: str  # the PR's title


def inside(worktree: Path, rel: str) -> bool:
    """The path, symlinks resolved, stays inside the worktree (and not in its .git)."""
    root = worktree.resolve()
    target = (worktree / rel).resolve()
    return target != root and target.is_relative_to(root) and not target.is_relative_to(root / ".git")


class PlanToolStep:
    """A tool step of the plan workflow: it acts on the run's state with the run's tools."""

    def __init__(self, state: PlanState, tools: PlanTools) -> None:
        self._state = state
        self._tools = tools


class WorkspaceStep(PlanToolStep):
    def act(self, trigger: Envelope) -> Envelope:
        state, tools = self._state, self._tools
        task = state.task
        assert task is not None
        paths = [e.path for e in state.edits]
        problems = edit_problems(
            paths, task.artifacts, state.protected_paths, state.allow_tests, state.automation_paths
        )
        problems += [
            f"'{p}' leaves the worktree" for p in paths if not problems and not inside(tools.worktree, p)
        ]
        if not problems:
            try:  # the patch rules: symlinks on the way, submodules, git control files
                tools.git.policy.check_paths(paths, tools.worktree)
            except PatchRefused as exc:
                problems.append(exc.reason)
        if problems:
            raise self._refused(task.id, "; ".join(problems))
        try:
            if state.tests_first:
                self._tests_fail_first(task.id)
            for edit in state.edits:
                self._write(edit.path, edit.content)
        except OutsideWorktree as exc:  # a test run since the checks put a symlink there
            raise self._refused(task.id, str(exc)) from None
        state.edits_by_task[task.id] = paths
        state.note = ""
        tools.log.write(PlanAgent.WORKSPACE, "patch", {"task_id": task.id, "files": paths})
        return state.message(
            PlanAgent.WORKSPACE, "status", f"{task.id}: wrote {', '.join(paths)}", PlanEvent.EDITS_APPLIED
        )

    def _write(self, rel: str, content: str) -> None:
        """Write on the host, refusing a symlink at the moment of the write: the tests
        (run in the sandbox since the paths were checked) could have planted one."""
        write_text_inside(self._tools.worktree, rel, content)

    def _tests_fail_first(self, task_id: str) -> None:
        """Tests first: the task's test files alone must make the suite fail (else they do
        not test the new work); the code is written only after that."""
        state, tools = self._state, self._tools
        policy = PatchPolicy(protected=state.protected_paths)
        tests = [e for e in state.edits if policy.is_protected(e.path)]
        originals = {e.path: _read(tools.worktree, e.path) for e in tests}
        for edit in tests:
            self._write(edit.path, edit.content)
        result = tools.tests.run(tools.config.test_command)
        tools.log.write(
            PlanAgent.WORKSPACE,
            "tests_first",
            {"task_id": task_id, "files": [e.path for e in tests], "exit_code": result.exit_code},
        )
        if result.exit_code != 0 or result.timed_out:
            return
        for rel, content in originals.items():  # back to how it was: the edit set is refused
            if content is None:
                remove_inside(tools.worktree, rel)
            else:
                self._write(rel, content)
        raise self._refused(
            task_id, "the task's tests pass before its code is written: they do not test the new work"
        )

    def _refused(self, task_id: str, reason: str) -> StepRefused:
        """The Coder's edit set refused: counted, logged, and the reason goes back to it."""
        self._state.coder_refusals += 1
        self._tools.log.write(PlanAgent.WORKSPACE, "edits_refused", {"task_id": task_id, "reason": reason})
        return StepRefused(
            PlanEvent.EDITS_REFUSED, f"edits refused: {reason}", f"Your edits were refused: {reason}"
        )


def _read(worktree: Path, rel: str) -> str | None:
    return read_text_inside(worktree, rel) if is_file_inside(worktree, rel) else None


class TestStep(PlanToolStep):
    def act(self, trigger: Envelope) -> Envelope:
        state, tools = self._state, self._tools
        command = tools.config.test_command
        # The fix loop's verdict (devagent/verdict.py): green means exit code 0 within the
        # timeout AND the tests ran, as the signed report of the pytest plugin says.
        channel = ReportChannel(tools.worktree)
        try:
            result = channel.run(tools.tests, command)
        except CommandRejected as exc:
            return state.message(
                PlanAgent.SHELL_TOOL, "status", f"test command rejected: {exc.reason}", PlanEvent.TOOL_ERROR
            )
        except ProgramNotFound as exc:
            reason = f"test_command: program '{exc.program}' not found on PATH"
            return state.message(PlanAgent.SHELL_TOOL, "status", reason, PlanEvent.TOOL_ERROR)
        verdict = judge(
            result.exit_code, result.timed_out, result.output, channel.report, Baseline(), tools.worktree
        )
        tools.log.write(
            PlanAgent.SHELL_TOOL,
            "tool_call",
            {
                "argv": result.argv,
                "exit_code": result.exit_code,
                "timed_out": result.timed_out,
                "duration_s": round(result.duration_s, 3),
            },
        )
        tools.log.write(
            PlanAgent.SHELL_TOOL,
            "verdict",
            {"green": verdict.green, "reason": verdict.reason, "ran": verdict.ran},
        )
        output = result.output
        if not verdict.green and result.passed:  # exit 0, yet not green: say why, first
            output = f"NOT GREEN: {verdict.reason}\n\n{output}"
        state.last_test = TestRun(command, result.exit_code, output, result.timed_out, None, verdict)
        state.tester = None
        return state.message(
            PlanAgent.SHELL_TOOL, "output", output, PlanEvent.TESTS_RAN, status=result.exit_code
        )


def test_result(state: PlanState) -> dict[str, object]:
    """The accepted Tester result, keys in the seed's order: the report is the test
    output by the truncation rule (first 2500 + "\\n...\\n" + last 1000 past 4000)."""
    task, test = state.task, state.last_test
    assert task is not None and test is not None
    return {"task_id": task.id, "passed": test.passed, "report": truncate_output(test.output)}


class GitStep(PlanToolStep):
    def act(self, trigger: Envelope) -> Envelope:
        state, tools = self._state, self._tools
        task = state.task
        assert task is not None
        message = f"dev-agent: {task.id}: {task.title}\n\n{task.acceptance}\n"
        started = time.perf_counter()
        paths = state.edits_by_task.get(task.id, [])
        try:
            commit = tools.git.commit_paths(paths, message) if paths else None
        except (GitError, PatchRefused) as exc:
            reason = exc.message if isinstance(exc, GitError) else exc.reason
            return state.message(PlanAgent.GIT_TOOL, "status", f"git error: {reason}", PlanEvent.GIT_ERROR)
        if commit is None:
            tools.log.write(PlanAgent.GIT_TOOL, "commit_skipped", {"task_id": task.id, "reason": "no change"})
            content = f"{task.id}: nothing to commit (the edits changed nothing)"
        else:
            state.commits.append(commit)
            tools.log.write(
                PlanAgent.GIT_TOOL,
                "commit",
                {"task_id": task.id, "sha": commit.sha, "files": commit.files, "message": message,
                 "duration_s": duration_s(started)},
            )  # fmt: skip
            content = f"{task.id}: committed {commit.sha[:10]} on {state.branch}: {', '.join(commit.files)}"
        state.next_task()
        if state.task is not None or not state.publish or not state.commits:
            return state.message(PlanAgent.GIT_TOOL, "status", content, PlanEvent.TASK_COMMITTED)
        return self._publish()

    def _publish(self) -> Envelope:
        state, tools = self._state, self._tools
        report = state.results[-1]["report"] if state.results else ""
        done = ", ".join(str(r["task_id"]) for r in state.results if r["passed"])
        text = PullRequestText(
            title=f"Dev Agent: {tools.title}",
            summary=state.goal,
            test_report=str(report),
            verdict=f"Plan {state.plan_id}: every task passed its tests ({done}).",
        )
        published = publish_branch(state, tools, PlanAgent.GIT_TOOL, text)
        event = PlanEvent.PUSHED if published.pushed else PlanEvent.GIT_ERROR
        return state.message(PlanAgent.GIT_TOOL, "status", published.status, event)
