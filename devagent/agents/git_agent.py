"""GitTool: applies DevAgent's patches on the fix branch, and publishes an approved fix."""

from __future__ import annotations

import time

from devagent.errors import GitError
from devagent.messages import Envelope
from devagent.session import FixSession
from devagent.tools.patch_policy import PatchRefused
from devagent.tools.pull_request import PullRequest, open_pull_request, render_body


def _since(started: float) -> float:
    return round(time.perf_counter() - started, 4)


class GitToolActions:
    def __init__(self, session: FixSession) -> None:
        self._s = session

    def act(self, trigger: Envelope | None) -> Envelope:
        # Patches come from DevAgent, or from the Repair step's validated candidate.
        if (
            trigger is not None
            and trigger.role in ("DevAgent", "Repair")
            and trigger.type == "patch"
            and trigger.diff
        ):
            return self._apply(trigger.diff, trigger.content)
        if trigger is not None and trigger.role == "Supervisor" and trigger.metadata.approved:
            return self._publish(trigger.content)
        return self._s.envelope("GitTool", "status", "GitTool received nothing it can act on", "git_error")

    def _apply(self, diff: str, summary: str) -> Envelope:
        s = self._s
        test = s.state.test_name or "(unknown test)"
        message = f"dev-agent: iteration {s.state.iteration}: fix {test}\n\n{summary.strip()}\n"
        started = time.perf_counter()
        try:
            commit = s.git.apply_and_commit(diff, message)
        except PatchRefused as exc:
            s.state.feedback = f"Your patch was refused and rolled back: {exc.reason}"
            s.log.write("GitTool", "patch_refused", {"reason": exc.reason, "duration_s": _since(started)})
            return s.envelope("GitTool", "status", f"patch refused: {exc.reason}", "patch_refused")
        except GitError as exc:
            return s.envelope("GitTool", "status", f"git error: {exc.message}", "git_error")
        s.state.commits.append(commit)
        s.state.feedback = None  # a new situation: the old feedback no longer applies
        s.log.write(
            "GitTool",
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
        return s.envelope(
            "GitTool",
            "status",
            f"committed {commit.sha[:10]} on {s.state.branch}: {files}",
            "patch_committed",
        )

    def _publish(self, verdict: str) -> Envelope:
        s = self._s
        s.state.verdict = verdict
        branch = s.state.branch
        started = time.perf_counter()
        try:
            s.git.push(branch)
        except GitError as exc:
            return s.envelope("GitTool", "status", f"git error: {exc.message}", "git_error")
        base = s.state.base_branch
        pr = PullRequest(
            title=f"Dev Agent: {s.state.phase.title}",
            body=render_body(
                phase_summary=s.state.phase.text,
                diffstat=s.git.diffstat_from(s.state.base_sha),
                test_report=s.state.last_test.output if s.state.last_test else "",
                verdict=verdict,
                branch=branch,
                base=base,
            ),
            branch=branch,
            base=base,
        )
        try:
            result = open_pull_request(
                pr,
                remote_url=s.git.remote_url(),
                record_dir=s.log.path.parent,
                record_name=f"{s.log.run_id}.pr.md",
                cwd=s.worktree,
                auto_pr=s.config.git.auto_pr,
            )
        except OSError as exc:  # the record lives beside the log: same disk, same exit code
            reason = exc.strerror or exc
            raise s.log.fail(f"cannot write the PR record in {s.log.path.parent}: {reason}") from None
        s.state.pull_request = result
        where = result.url or (str(result.record_path) if result.record_path else "no PR")
        s.log.write(
            "GitTool",
            "pull_request",
            {"url": result.url, "record": str(result.record_path or ""), "duration_s": _since(started)},
        )
        return s.envelope(
            "GitTool", "status", f"pushed {branch} to {s.config.git.remote}; pull request: {where}", "pushed"
        )
