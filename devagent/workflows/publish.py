"""Publishing a finished branch, the GitTool step's last act in every workflow that opens a
pull request (fix, plan): push the branch, open the PR (with gh, or as a record beside the
run log), and log it. Each workflow words the PR's text and answers with its own events."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from devagent.config import Config
from devagent.errors import GitError
from devagent.runlog import RunLog, duration_s
from devagent.tools.git_tool import GitTool
from devagent.tools.pull_request import PullRequest, open_pull_request, render_body
from devagent.workflows.run_setup import BranchRun


class BranchTools(Protocol):
    """What publishing needs of a workflow's tools (FixTools and PlanTools have it)."""

    @property
    def config(self) -> Config: ...
    @property
    def worktree(self) -> Path: ...
    @property
    def git(self) -> GitTool: ...
    @property
    def log(self) -> RunLog: ...


@dataclass(frozen=True)
class PullRequestText:
    """What the PR says: its title and the sections of its body (render_body)."""

    title: str
    summary: str
    test_report: str
    verdict: str
    warnings: Sequence[str] = ()
    review: str = ""  # Markdown that opens the body: what the user must review (draft PR)


@dataclass(frozen=True)
class Published:
    """Whether the branch was pushed, and the one line the GitTool step answers with."""

    pushed: bool
    status: str


def publish_branch(state: BranchRun, tools: BranchTools, role: str, text: PullRequestText) -> Published:
    """Push the run's branch and open its pull request against the base branch, setting
    `state.pull_request`. A failed push is answered, not raised; a PR record that cannot be
    written stops the run log (the run ends with IO_ERROR)."""
    branch, base = state.branch, state.base_branch
    started = time.perf_counter()
    try:
        tools.git.push(branch)
    except GitError as exc:
        return Published(False, f"git error: {exc.message}")
    pr = PullRequest(
        title=text.title,
        body=render_body(
            phase_summary=text.summary,
            diffstat=tools.git.diffstat_from(state.base_sha),
            test_report=text.test_report,
            verdict=text.verdict,
            branch=branch,
            base=base,
            warnings=text.warnings,
            review=text.review,
        ),
        branch=branch,
        base=base,
        draft=bool(text.review.strip()),
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
        role,
        "pull_request",
        {
            "url": result.url,
            "record": str(result.record_path or ""),
            "draft": pr.draft,
            "duration_s": duration_s(started),
        },
    )
    return Published(True, f"pushed {branch} to {tools.config.git.remote}; pull request: {where}")
