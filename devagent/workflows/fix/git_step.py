"""GitTool's action: applies DevAgent's (or Repair's) patches on the fix branch, and
publishes an approved fix. A refused patch is not terminating: it is rolled back and its
reason goes back to DevAgent as context. Publishing is devagent/workflows/publish.py's,
shared with plan mode."""

from __future__ import annotations

import time
from collections.abc import Callable

from devagent.errors import GitError, StepRefused
from devagent.messages import Envelope
from devagent.pytest_output import summary_line
from devagent.runlog import duration_s
from devagent.secret_values import redact
from devagent.text import printable
from devagent.tools.harness_screen import screen_patch
from devagent.tools.patch_policy import PatchRefused
from devagent.verdict import INTROSPECTION_NOTE
from devagent.workflows.fix.events import FixAgent, FixEvent
from devagent.workflows.fix.grounding import dropped_text, evidence_of, files_of, ungrounded
from devagent.workflows.fix.state import FixState, TestRun
from devagent.workflows.fix.tools import FixTools
from devagent.workflows.publish import PullRequestText, publish_branch

GIT = FixAgent.GIT_TOOL


class GitStep:
    def __init__(self, state: FixState, tools: FixTools) -> None:
        self._state = state
        self._tools = tools

    def act(self, trigger: Envelope) -> Envelope:
        # Patches come from DevAgent, or from the Repair step's validated candidate.
        if trigger.role in (FixAgent.DEV_AGENT, FixAgent.REPAIR) and trigger.type == "patch" and trigger.diff:
            # DevAgent's patches are screened for harness-reaching code; Repair's are ours,
            # but with gc allowed its model-sampled lines are screened as a model's too.
            allowed = self._tools.config.verdict.introspection == "allow"
            screen = self._screen if trigger.role == FixAgent.DEV_AGENT or allowed else None
            return self._apply(trigger.diff, trigger.content, screen)
        if trigger.role == FixAgent.SUPERVISOR and trigger.metadata.approved:
            return self._publish(trigger.content)
        return self._state.message(
            GIT, "status", "GitTool received nothing it can act on", FixEvent.GIT_ERROR
        )

    def _screen(self, diff: str) -> None:
        # With gc's object lists allowed (verdict.introspection), the screen refuses more.
        screen_patch(diff, introspection_allowed=self._tools.config.verdict.introspection == "allow")

    def _apply(self, diff: str, summary: str, screen: Callable[[str], None] | None) -> Envelope:
        state, tools = self._state, self._tools
        test = state.test_name or "(unknown test)"
        # The summary is a model's (or Repair's) text, grounded first; no secret or terminal
        # escape in a commit.
        message = printable(
            redact(f"dev-agent: iteration {state.iteration}: fix {test}\n\n{self._grounded(diff, summary)}\n")
        )
        started = time.perf_counter()
        try:
            commit = tools.git.apply_and_commit(diff, message, screen)
        except PatchRefused as exc:
            tools.log.write(GIT, "patch_refused", {"reason": exc.reason, "duration_s": duration_s(started)})
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
                "duration_s": duration_s(started),
            },
        )
        files = ", ".join(commit.files)
        content = f"committed {commit.sha[:10]} on {state.branch}: {files}"
        return state.message(GIT, "status", content, FixEvent.PATCH_COMMITTED)

    def _grounded(self, diff: str, summary: str) -> str:
        """The patch's own description when every code symbol it names is in the patch or
        the failing tests; else the files it changes (and the log says what was dropped)."""
        failing, failure = self._state.failing_evidence()
        missing = ungrounded(summary, evidence_of(diff, failing, failure))
        if not missing and summary.strip():
            return summary.strip()
        self._tools.log.write(GIT, "text_dropped", dropped_text("patch description", summary, missing))
        return f"Changes {', '.join(files_of(diff)) or 'files'}."

    def _publish(self, verdict: str) -> Envelope:
        state = self._state
        state.verdict = verdict
        report = tests_report(state.last_test, self._tools.log.run_id)
        if self._tools.config.verdict.introspection == "allow":
            report = f"The verdict was kept with {INTROSPECTION_NOTE}.\n\n{report}"
        text = PullRequestText(
            title=f"Dev Agent: {state.phase.title}",
            summary=state.phase.text,
            test_report=report,
            verdict=verdict,
            warnings=state.repair_warnings,
            review=state.fix_review.markdown() if state.fix_review is not None else "",
        )
        published = publish_branch(state, self._tools, GIT, text)
        event = FixEvent.PUSHED if published.pushed else FixEvent.GIT_ERROR
        return state.message(GIT, "status", published.status, event)


def tests_report(run: TestRun | None, run_id: str) -> str:
    """The PR's Tests section: the command, pytest's summary line and the tests that failed
    at the start and pass now. The whole output (a screen of progress dots, or thousands
    of lines) stays in the run log, which the last line names."""
    if run is None:
        return ""
    summary = summary_line(run.output) or f"(no pytest summary line; exit code {run.exit_code})"
    fixed = list(run.verdict.fixed) if run.verdict is not None else []
    lines = [f"$ {run.command}", summary, "Failed before, pass now:" + ("" if fixed else " none")]
    lines += [f"  {name}" for name in fixed]
    lines.append(f"Full output: dev-agent runs show {run_id}")
    return "\n".join(lines)
