"""GitTool's action: applies DevAgent's (or Repair's) patches on the fix branch, and
publishes an approved fix. A refused patch is not terminating: it is rolled back and its
reason goes back to DevAgent as context."""

from __future__ import annotations

import time

from devagent.errors import GitError, StepRefused
from devagent.messages import Envelope
from devagent.tools.patch_policy import PatchRefused
from devagent.tools.pull_request import PullRequest, open_pull_request, render_body
from devagent.workflows.fix.events import FixAgent, FixEvent
from devagent.workflows.fix.state import FixState
from devagent.workflows.fix.tools import FixTools

GIT = FixAgent.GIT_TOOL


def _since(started: float) -> float:
    return round(time.perf_counter() - started, 4)


class GitStep:
    def __init__(self, state: FixState, tools: FixTools) -> None:
        self._state = state
        self._tools = tools

    def act(self, trigger: Envelope) -> Envelope:
        # Patches come from DevAgent, or from the Repair step's validated candidate.
        if trigger.role in (FixAgent.DEV_AGENT, FixAgent.REPAIR) and trigger.type == "patch" and trigger.diff:
            return self._apply(trigger.diff, trigger.content)
        if trigger.role == FixAgent.SUPERVISOR and trigger.metadata.approved:
            return self._publish(trigger.content)
        return self._state.message(
            GIT, "status", "GitTool received nothing it can act on", FixEvent.GIT_ERROR
        )

    def _apply(self, diff: str, summary: str) -> Envelope:
        state, tools = self._state, self._tools
        test = state.test_name or "(unknown test)"
        message = f"dev-agent: iteration {state.iteration}: fix {test}\n\n{summary.strip()}\n"
        started = time.perf_counter()
        try:
            commit = tools.git.apply_and_commit(diff, message)
        except PatchRefused as exc:
            tools.log.write(GIT, "patch_refused", {"reason": exc.reason, "duration_s": _since(started)})
            raise StepRefused(
                FixEvent.PATCH_REFUSED,
                f"patch refused: {exc.reason}",
                f"Your patch was refused and rolled back: {exc.reason}",
            ) from None
        except GitError as exc:
            return state.message(GIT, "status", f"git error: {exc.message}", FixEvent.GIT_ERROR)
        state.commits.append(commit)
        state.feedback = None  # a new situation: the old feedback no longer applies
        tools.log.write(
            GIT,
            "commit",
            {
                "sha": commit.sha,
                "files": commit.files,
                "message": message,
                "apply_stage": commit.apply_stage,
                "duration_s": _since(started),
            },
        )
        files = ", ".join(commit.files)
        content = f"committed {commit.sha[:10]} on {state.branch}: {files}"
        return state.message(GIT, "status", content, FixEvent.PATCH_COMMITTED)

    def _publish(self, verdict: str) -> Envelope:
        state, tools = self._state, self._tools
        state.verdict = verdict
        branch = state.branch
        started = time.perf_counter()
        try:
            tools.git.push(branch)
        except GitError as exc:
            return state.message(GIT, "status", f"git error: {exc.message}", FixEvent.GIT_ERROR)
        base = state.base_branch
        pr = PullRequest(
            title=f"Dev Agent: {state.phase.title}",
            body=render_body(
                phase_summary=state.phase.text,
                diffstat=tools.git.diffstat_from(state.base_sha),
                test_report=state.last_test.output if state.last_test else "",
                verdict=verdict,
                branch=branch,
                base=base,
                warnings=state.repair_warnings,
            ),
            branch=branch,
            base=base,
        )
        try:
            result = open_pull_request(
                pr,
                remote_url=tools.git.remote_url(),
                record_dir=tools.log.path.parent,
                record_name=f"{tools.log.run_id}.pr.md",
                cwd=tools.worktree,
                auto_pr=tools.config.git.auto_pr,
            )
        except OSError as exc:  # the record lives beside the log: same disk, same exit code
            reason = exc.strerror or exc
            raise tools.log.fail(f"cannot write the PR record in {tools.log.path.parent}: {reason}") from None
        state.pull_request = result
        where = result.url or (str(result.record_path) if result.record_path else "no PR")
        tools.log.write(
            GIT,
            "pull_request",
            {"url": result.url, "record": str(result.record_path or ""), "duration_s": _since(started)},
        )
        content = f"pushed {branch} to {tools.config.git.remote}; pull request: {where}"
        return state.message(GIT, "status", content, FixEvent.PUSHED)
