"""Open a pull request with `gh`, or record it as a Markdown file when that is not possible.

A PR is a courtesy at the end of a successful run: any problem with `gh` falls back to the
record file, and only a failure to write that file is an error."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from devagent.process import first_line, host_environment, run_captured
from devagent.secret_values import redact
from devagent.text import printable

_GH_TIMEOUT_S = 120.0

_GITHUB_URL_RES = (
    re.compile(r"^https?://([^@/]+@)?(www\.)?github\.com/[^/]+/[^/]+", re.IGNORECASE),
    re.compile(r"^git@github\.com:[^/]+/[^/]+", re.IGNORECASE),
    re.compile(r"^ssh://git@github\.com(:\d+)?/[^/]+/[^/]+", re.IGNORECASE),
)
_OWNER_REPO_RE = re.compile(r"github\.com(?::\d+)?[:/]([^/]+)/([^/]+?)(?:\.git)?/*$", re.IGNORECASE)


@dataclass(frozen=True)
class PullRequest:
    title: str
    body: str
    branch: str
    base: str
    draft: bool = False  # opened as a draft with gh: a fix that needs the user's review


@dataclass(frozen=True)
class PullRequestResult:
    url: str | None
    record_path: Path | None
    opened_with_gh: bool


def _fence(text: str) -> str:
    """A fenced block that survives backticks inside `text`."""
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}\n{text.rstrip()}\n{fence}"


def render_body(
    phase_summary: str,
    diffstat: str,
    test_report: str,
    verdict: str,
    branch: str,
    base: str,
    warnings: Sequence[str] = (),
    review: str = "",
) -> str:
    """The PR description: summary, diffstat, test report, Supervisor verdict, branches;
    and `warnings` (Repair's overfit suspicions) when there are any. `review` (Markdown:
    a fix the tests do not decide, devagent/repair/review.py) opens the description."""
    sections = [
        "## Summary\n\n" + (phase_summary.strip() or "(no summary)"),
        "## Changes\n\n" + _fence(diffstat.strip("\n") or "(no changes)"),
        "## Tests\n\n" + _fence(test_report.strip("\n") or "(no test report)"),
        "## Supervisor verdict\n\n" + (verdict.strip() or "(no verdict)"),
        f"## Branch\n\n`{branch}` -> `{base}`",
    ]
    if warnings:
        notes = "\n".join(f"- {w}" for w in warnings)
        sections.insert(
            3, "## Possible overfitting\n\nThe tests pass, but on inputs derived from them:\n\n" + notes
        )
    if review.strip():
        sections.insert(0, review.strip())
    return "\n\n".join(sections) + "\n"


def is_github_url(url: str) -> bool:
    """True for https://github.com/..., git@github.com:... and ssh://git@github.com/... remotes."""
    url = url.strip()
    return any(pattern.match(url) for pattern in _GITHUB_URL_RES)


def _owner_repo(url: str) -> str | None:
    match = _OWNER_REPO_RE.search(url.strip())
    return f"{match.group(1)}/{match.group(2)}" if match else None


def _gh(args: list[str]) -> subprocess.CompletedProcess[str] | str:
    """Run gh; return the finished process, or a one-line reason it could not run."""
    env = host_environment()  # gh authenticates as the user
    # gh must never wait for input: the agent runs unattended.
    env.update({"GH_PROMPT_DISABLED": "1", "GIT_TERMINAL_PROMPT": "0", "NO_COLOR": "1"})
    # Outside the repository: gh would run git there, and git reads the repository's
    # config (fsmonitor, ...). The PR names its repository with --repo.
    with tempfile.TemporaryDirectory(prefix="dev-agent-gh-") as neutral:
        proc = run_captured(["gh", *args], text=True, cwd=Path(neutral), env=env, timeout=_GH_TIMEOUT_S)
    if isinstance(proc, subprocess.TimeoutExpired):
        return f"gh {args[0]} timed out after {_GH_TIMEOUT_S:.0f}s"
    if isinstance(proc, OSError):
        return f"gh {args[0]} could not run: {proc}"
    return proc


def _try_gh(pr: PullRequest, remote_url: str, cwd: Path) -> tuple[str | None, str]:
    """Open the PR with gh; return (url, "") or (None, reason it was not opened)."""
    if shutil.which("gh") is None:
        return None, "gh is not installed"
    auth = _gh(["auth", "status"])
    if isinstance(auth, str):
        return None, auth
    if auth.returncode != 0:
        return None, "gh is not authenticated: " + first_line(auth.stderr or auth.stdout)
    args = ["pr", "create", "--title", pr.title, "--body", pr.body, "--head", pr.branch, "--base", pr.base]
    if pr.draft:
        args.append("--draft")
    repo = _owner_repo(remote_url)
    if not repo:
        return None, f"cannot tell the GitHub repository from the remote URL {remote_url}"
    # Naming the repository keeps gh from asking which remote to use (and from reading it).
    args += ["--repo", repo]
    created = _gh(args)
    if isinstance(created, str):
        return None, created
    if created.returncode != 0:
        return None, "gh pr create failed: " + first_line(created.stderr or created.stdout)
    lines = [line.strip() for line in created.stdout.splitlines() if line.strip()]
    return (lines[-1] if lines else None), ""


def open_pull_request(
    pr: PullRequest,
    remote_url: str | None,
    record_dir: Path,
    record_name: str,
    cwd: Path,
    auto_pr: bool,
) -> PullRequestResult:
    """Open the PR with gh when allowed and possible, else write `record_dir/record_name`.

    Never raises for PR problems; only an OSError from writing the record escapes."""
    # Test output is in the body: no secret it printed and no terminal escape goes out.
    pr = replace(pr, title=printable(redact(pr.title)), body=printable(redact(pr.body)))
    if not auto_pr:
        reason = "auto_pr is off"
    elif remote_url is None:
        reason = "no remote configured"
    elif not is_github_url(remote_url):
        reason = f"remote is not on GitHub ({remote_url})"
    else:
        url, reason = _try_gh(pr, remote_url, cwd)
        if not reason:
            return PullRequestResult(url=url, record_path=None, opened_with_gh=True)

    record_dir.mkdir(parents=True, exist_ok=True)
    record_path = record_dir / Path(record_name).name  # a bare file name, never a path elsewhere
    note = f"> Pull request not opened automatically: {reason}.\n\n"
    if pr.draft:
        note += "> Open it as a draft: the fix needs your review (see below).\n\n"
    record_path.write_text(f"# {pr.title}\n\n{note}{pr.body.rstrip()}\n", encoding="utf-8")
    return PullRequestResult(url=None, record_path=record_path, opened_with_gh=False)
