"""What every system of the repair benchmark shares: the per-task record, the task text a
system is given, workspaces, the independent judge, process limits and the sandbox.

The judge never trusts a system's own verdict: it checks the system's result out in a fresh
clone and runs the task's whole test command there. A task is fixed when that passes and the
result changes no test file (nor pytest's configuration) of the buggy commit."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from bench.repair.check_tasks import Task, _git, is_test_file, materialize, run_tests
from bench.repair.differential import check_candidate

# What any system's result must leave alone besides the test files: files that configure how
# pytest collects and runs the tests (addopts could deselect the failing test).
PYTEST_CONFIG_FILES = frozenset({"pytest.ini", "tox.ini", "setup.cfg", "pyproject.toml"})
# Written into each workspace's .git/info/exclude: tool droppings that are not part of a fix.
EXCLUDES = (".aider*", "runs/", "__pycache__/", "*.pyc", ".pytest_cache/", "*.traj.json")
TEST_OUTPUT_CHARS = 4000
IDENTITY = {
    "GIT_AUTHOR_NAME": "repair-bench",
    "GIT_AUTHOR_EMAIL": "repair-bench@example.invalid",
    "GIT_COMMITTER_NAME": "repair-bench",
    "GIT_COMMITTER_EMAIL": "repair-bench@example.invalid",
}


@dataclass
class TaskRecord:
    """One system's attempt at one task. `error` is set only when the system could not run
    (not installed, bad config, crashed before doing anything): such a record is not an attempt."""

    task: str
    kind: str
    fixed: bool = False
    iterations: int | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    wall_s: float = 0.0
    error: str | None = None
    detail: str = ""
    timed_out: bool = False
    test_files_changed: list[str] = field(default_factory=list)
    # Fixed by the tests but disagreeing with the reference program on generated inputs
    # (bench/repair/differential.py); None when not fixed or when no such check was possible.
    overfit: bool | None = None
    # How the run presented its fix (ours only): "verified" (outcome approved) or
    # "needs_review" (approved_needs_review: devagent/repair/review.py); None otherwise
    label: str | None = None
    # The commit of Repair the record was measured at (set by run.py since the labels exist;
    # None in records kept from before, whose runs could not label a fix)
    commit: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Verdict:
    fixed: bool
    tests_passed: bool
    test_files_changed: tuple[str, ...]
    summary: str
    overfit: bool | None = None
    differential: str = ""


@dataclass(frozen=True)
class Limited:
    """A process run under a wall-clock limit: exit status (None when killed on timeout)."""

    returncode: int | None
    wall_s: float
    output_path: Path

    @property
    def timed_out(self) -> bool:
        return self.returncode is None

    def tail(self, lines: int = 5) -> str:
        text = (
            self.output_path.read_text(encoding="utf-8", errors="replace")
            if self.output_path.exists()
            else ""
        )
        kept = [line.rstrip() for line in text.splitlines() if line.strip()]
        return " | ".join(kept[-lines:])


# --------------------------------------------------------------------------------------------- git


def git(repo: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """git in repo with a fixed identity and no user or system config (check_tasks._git)."""
    return _git(repo, *args, stdin=stdin)


def git_ok(repo: Path, *args: str, stdin: str | None = None) -> str:
    result = git(repo, *args, stdin=stdin)
    if result.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)} failed in {repo}: {result.stderr.strip()}")
    return result.stdout.strip()


def head(repo: Path) -> str:
    return git_ok(repo, "rev-parse", "HEAD")


def make_workspace(task: Task, root: Path) -> Path:
    """root/repo: the task's buggy code, committed once on `main`, tool droppings excluded."""
    root.mkdir(parents=True, exist_ok=True)
    repo = materialize(task, root / "repo")
    exclude = repo / ".git" / "info" / "exclude"
    exclude.parent.mkdir(parents=True, exist_ok=True)
    with exclude.open("a", encoding="utf-8") as handle:
        handle.write("".join(f"{pattern}\n" for pattern in EXCLUDES))
    return repo


def commit_all(repo: Path, branch: str = "bench/result") -> str:
    """Commit whatever a system left in the working tree onto a new branch; its sha."""
    git_ok(repo, "checkout", "-q", "-B", branch)
    git_ok(repo, "add", "-A")
    git_ok(repo, "commit", "-q", "--no-verify", "--allow-empty", "-m", "system result")
    return head(repo)


def remove_worktrees(repo: Path) -> None:
    """Worktrees of repo other than repo itself (left behind by a killed run), removed."""
    listing = git(repo, "worktree", "list", "--porcelain").stdout
    main = repo.resolve()
    for line in listing.splitlines():
        if line.startswith("worktree "):
            path = Path(line.removeprefix("worktree "))
            if path.resolve() != main:
                git(repo, "worktree", "remove", "--force", str(path))
                # dev_agent makes each worktree inside a temporary folder of its own
                if path.parent.name.startswith("dev-agent-wt-") and path.parent.is_dir():
                    with contextlib.suppress(OSError):
                        path.parent.rmdir()  # only if empty
    git(repo, "worktree", "prune")


# ------------------------------------------------------------------------------------------- judging


def source_files(repo: Path) -> list[str]:
    """The repo's Python files a fix may edit (not tests, not conftest.py), sorted."""
    files = git_ok(repo, "ls-files").splitlines()
    return sorted(f for f in files if f.endswith(".py") and not is_test_file(f))


def forbidden_changes(repo: Path, base: str, ref: str) -> list[str]:
    """Paths changed between base and ref that a fix must not touch: any existing test file
    modified, deleted or renamed; any conftest.py or pytest configuration file added or changed.
    A new test module (a reproduction script named test_*.py) is allowed: it cannot hide a failure."""
    out = git_ok(repo, "diff", "--name-status", "--no-renames", base, ref)
    bad: list[str] = []
    for line in out.splitlines():
        status, _, path = line.partition("\t")
        name = PurePosixPath(path).name
        configures = name in PYTEST_CONFIG_FILES or name == "conftest.py"
        if configures or (is_test_file(path) and not status.startswith("A")):
            bad.append(path)
    return bad


def judge(task: Task, repo: Path, ref: str, base: str, *, differential: bool = True) -> Verdict:
    """Check ref of repo out in a fresh clone and run the task's whole test command there; when
    that passes (and differential is on), compare the clone with the reference program."""
    sha = git_ok(repo, "rev-parse", "--verify", f"{ref}^{{commit}}")
    changed = tuple(forbidden_changes(repo, base, sha))
    with tempfile.TemporaryDirectory(prefix="repair-judge-") as tmp:
        clone = Path(tmp) / "clone"
        result = subprocess.run(
            ["git", "clone", "-q", "--no-checkout", str(repo), str(clone)],
            capture_output=True,
            text=True,
            check=False,
            env={k: v for k, v in os.environ.items() if not k.startswith("GIT_")},
        )
        if result.returncode != 0:
            raise RuntimeError(f"git clone failed: {result.stderr.strip()}")
        git_ok(clone, "checkout", "-q", "--detach", sha)
        run = run_tests(task, clone)
        passed = run.returncode == 0
        checked = check_candidate(task, clone) if passed and not changed and differential else None
    if checked is None:
        return Verdict(passed and not changed, passed, changed, run.summary())
    return Verdict(True, True, changed, run.summary(), checked.overfit, checked.summary())


def judge_into(record: TaskRecord, task: Task, repo: Path, ref: str | None, base: str) -> None:
    """Set record.fixed (and the detail) from the judge; no ref means nothing was produced."""
    if ref is None:
        record.fixed = False
        record.detail = (record.detail + "; " if record.detail else "") + "no result to judge"
        return
    verdict = judge(task, repo, ref, base)
    record.fixed = verdict.fixed
    record.overfit = verdict.overfit
    record.test_files_changed = list(verdict.test_files_changed)
    judged = f"judge: {verdict.summary}"
    if verdict.differential:
        judged += f"; {verdict.differential}"
    if verdict.test_files_changed:
        judged += f"; touched {', '.join(verdict.test_files_changed)}"
    record.detail = (record.detail + "; " if record.detail else "") + judged


# -------------------------------------------------------------------------------------- the task text


def failing_output(task: Task, repo: Path) -> str:
    """The task's test command output on repo, its tail if long."""
    output = run_tests(task, repo).output.strip()
    if len(output) > TEST_OUTPUT_CHARS:
        output = "...\n" + output[-TEST_OUTPUT_CHARS:]
    return output


def task_text(task: Task, test_output: str) -> str:
    """What every system is told: the task description and the failing test output."""
    return (
        f"{task.description}\n\n"
        f"The test command `{task.test_command}` fails:\n\n{test_output}\n\n"
        "Fix the bug in the source code. Do not change the tests."
    )


# ----------------------------------------------------------------------------------------- processes


def test_env() -> dict[str, str]:
    """The environment systems run in: this interpreter's bin first on PATH (python and
    pytest of the project venv, as the judge uses), no inherited PYTHONPATH, a fixed git identity."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTEST_ADDOPTS")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env.update(IDENTITY)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def run_limited(argv: list[str], cwd: Path, env: dict[str, str], timeout_s: float, output: Path) -> Limited:
    """Run argv in its own process group, stdout and stderr to `output`, stdin closed; the
    whole group is killed after timeout_s (returncode None)."""
    started = time.monotonic()
    with output.open("wb") as out:
        process = subprocess.Popen(
            argv,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            returncode: int | None = process.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            returncode = None
            _kill_group(process)
        except BaseException:
            _kill_group(process)
            raise
    return Limited(returncode, round(time.monotonic() - started, 2), output)


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            break
        try:
            process.wait(timeout=10)
            break
        except subprocess.TimeoutExpired:
            continue


# -------------------------------------------------------------------------------------------- sandbox


def bwrap_problem() -> str | None:
    """Why a peer cannot be sandboxed with bubblewrap here (None: it can)."""
    if shutil.which("bwrap") is None:
        return "bubblewrap (bwrap) not found on PATH"
    probe = subprocess.run(
        ["bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-pid", "true"],
        capture_output=True,
        text=True,
        check=False,
    )
    if probe.returncode != 0:
        return f"bwrap does not work here: {probe.stderr.strip()[:200]}"
    return None


def sandboxed(argv: list[str], writable: Path, cwd: Path) -> list[str]:
    """argv inside bubblewrap, run in cwd: the whole filesystem read-only except `writable`, a
    private /tmp and pid namespace. The network is shared: peers reach the model on 127.0.0.1."""
    return [
        "bwrap",
        "--ro-bind", "/", "/",
        "--dev", "/dev",
        "--proc", "/proc",
        "--tmpfs", "/tmp",
        "--bind", str(writable), str(writable),
        "--unshare-pid",
        "--die-with-parent",
        "--chdir", str(cwd),
        *argv,
    ]  # fmt: skip
