"""Faults mid-run, end to end: the real CLI as a subprocess on a copy of examples/calc with
a real bare remote, scripted models (and one real model server).

Every case is marked `fault` and watches the user's checkout and a canary folder with
the `outside` guard. Each checks that the checkout is unchanged, that the run log is
valid line by line (its hash chain verifies, up to a torn last line at most), and that
the state is recoverable: no stale worktree, and a killed run continues with `--resume`.

- SIGKILL of the agent at 20 points spread over a run, then `--resume`;
- a test command that hangs and forks children that ignore SIGTERM (the ShellTool side
  is covered in tests/test_shell_tool.py and tests/test_sandbox.py, also marked);
- a model server killed mid-run (exit 4); scripted replies running out, a server that is
  down and invalid replies twice are the `fault` cases of tests/test_cli_fix_loop.py;
- a full disk under the runs folder (a real 64k tmpfs), and a log write failing at each
  kind of record;
- `gh` failing (the PR is recorded instead); the remote rejecting the push is
  tests/test_cli_fix_loop.py::test_scripted_push_rejected_by_remote_is_git_error."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from devagent.runlog import GENESIS_HASH, LOG_SUFFIX, chain_hash, lock_log, read_log, verify_log
from tests.helpers import OutsideGuard, checkout_state, git, worktrees
from tests.scripted import (
    APPROVAL,
    GOOD_DIFF,
    dev_patch,
    supervisor,
    write_replies,
)
from tests.test_cli_fix_loop import (
    BRANCH,
    WRONG_CONTEXT_DIFF,
    finished,
    local_branches,
    of_type,
    remote_branches,
    watch_user_state,
)

pytestmark = pytest.mark.fault

Runner = Callable[..., subprocess.CompletedProcess[str]]
PROJECT_ROOT = Path(__file__).resolve().parent.parent

# A second fix after the Supervisor's critique: the module docstring still speaks of a bug.
DOC_DIFF = (
    "--- a/calc.py\n"
    "+++ b/calc.py\n"
    "@@ -1,4 +1,4 @@\n"
    '-"""A tiny calculator with a bug for the Dev Agent demo."""\n'
    '+"""A tiny calculator for the Dev Agent demo."""\n'
    " \n"
    " \n"
    " def add(a, b):\n"
)
DOC_CRITIQUE = supervisor(False, "Also fix the module docstring: the bug is gone.")
# The run the kills land in: refused patch, good patch, critique, second patch, approval.
MULTI_DEV = [dev_patch(WRONG_CONTEXT_DIFF), dev_patch(GOOD_DIFF), dev_patch(DOC_DIFF, "Fix the docstring.")]
MULTI_SUP = [DOC_CRITIQUE, APPROVAL]
# What the resumed run is given: whatever state the branch is in, this ends approved.
RESUME_DEV = [dev_patch(GOOD_DIFF), dev_patch(DOC_DIFF, "Fix the docstring.")]
RESUME_SUP = [APPROVAL]
FULL_RUN_LINES = 62  # log lines of the uninterrupted MULTI run (test_the_reference_run_...)
KILL_POINTS = 20


def kill_line(point: int) -> int:
    """The log line after which kill point `point` (0..19) strikes: spread evenly from the
    first line to the last one before run_finished."""
    return 1 + round(point * (FULL_RUN_LINES - 2) / (KILL_POINTS - 1))


# ---------------------------------------------------------------------------------- fixtures


@pytest.fixture
def repo(calc_example_repo: Path) -> Path:
    return calc_example_repo


@pytest.fixture
def agent_tmp(cli_env: dict[str, str], tmp_path: Path) -> Path:
    """The agent's TMPDIR, private to the case: its worktrees land here, so "no stale
    worktree" means this folder holds no dev-agent-wt-* entry."""
    folder = tmp_path / "agent-tmp"
    folder.mkdir()
    cli_env["TMPDIR"] = str(folder)
    return folder


@pytest.fixture
def guarded(repo: Path, outside: OutsideGuard, tmp_path: Path, agent_tmp: Path) -> dict[str, Any]:
    """Watch the checkout and a canary; returns the checkout's state before the case."""
    watch_user_state(outside, repo, tmp_path / "canary")
    return checkout_state(repo)


def agent_command(*args: str | Path) -> list[str]:
    return [sys.executable, str(PROJECT_ROOT / "dev_agent.py"), *map(str, args)]


def logs_in(runs: Path) -> list[Path]:
    return sorted(runs.glob(f"*{LOG_SUFFIX}"))


def run_id_of(log: Path) -> str:
    return log.name.removesuffix(LOG_SUFFIX)


def assert_one_line_error(proc: subprocess.CompletedProcess[str], *fragments: str) -> str:
    assert "Traceback" not in proc.stdout + proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("dev-agent: ")
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


def assert_no_stale_worktree(repo: Path, agent_tmp: Path, *paths: Path) -> None:
    assert worktrees(repo) == [str(repo)]
    assert not list(agent_tmp.glob("dev-agent-wt-*"))
    for path in paths:
        assert not path.exists(), path


def assert_log_valid(path: Path, *, torn_allowed: bool) -> None:
    """Valid line by line: intact, or (after a kill) broken only by a torn last line."""
    check = verify_log(path)
    if not check.intact:
        assert torn_allowed and check.torn, f"{path}: {check.describe()}"
        assert check.broken_line == len(path.read_bytes().split(b"\n"))


def processes_where(predicate: Callable[[Path, bytes], bool]) -> list[int]:
    """Live (non-zombie) processes whose (cwd, command line) satisfy `predicate`."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            cwd = Path(os.readlink(entry / "cwd"))
            cmdline = (entry / "cmdline").read_bytes()
        except (OSError, IndexError):
            continue
        if state != "Z" and predicate(cwd, cmdline):
            found.append(int(entry.name))
    return found


def wait_for_orphans(*roots: Path, within_s: float = 15.0) -> None:
    """Children of a killed agent (git, the test run) live on until they finish: wait for
    every process working under `roots`, as a user would before resuming."""

    def under(cwd: Path, _: bytes) -> bool:
        return any(cwd == root or root in cwd.parents for root in roots)

    deadline = time.monotonic() + within_s
    while processes_where(under):
        assert time.monotonic() < deadline, f"orphans still running: {processes_where(under)}"
        time.sleep(0.05)


def run_and_kill(command: list[str], cwd: Path, env: dict[str, str], runs: Path, at_line: int) -> Path:
    """Start the agent and SIGKILL it once its (first new) log has `at_line` lines."""
    before = set(logs_in(runs))
    proc = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    log: Path | None = None
    try:
        deadline = time.monotonic() + 60
        while True:
            if log is None:
                new = [p for p in logs_in(runs) if p not in before] if runs.is_dir() else []
                log = new[0] if new else None
            if log is not None and log.read_bytes().count(b"\n") >= at_line:
                proc.send_signal(signal.SIGKILL)
                break
            if proc.poll() is not None:  # finished before the kill point
                break
            assert time.monotonic() < deadline, "the run never reached the kill point"
            time.sleep(0.002)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert log is not None, "the run wrote no log"
    return log


# ---------------------------------------------------------------------------------- SIGKILL + resume


def test_the_reference_run_has_the_expected_steps(
    dev_agent: Runner, repo: Path, phase_spec: Path, tmp_path: Path, guarded: dict[str, Any]
) -> None:
    """The uninterrupted run the kill points are spread over (if the flow changes, update
    FULL_RUN_LINES to the new line count)."""
    model = write_replies(tmp_path / "multi.yaml", MULTI_DEV, MULTI_SUP)
    proc = dev_agent("--phase", phase_spec, "--model", model, "--quiet", cwd=repo)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    (log,) = logs_in(repo / "runs")
    records = read_log(log)
    assert len(records) == FULL_RUN_LINES
    assert (finished(records)["outcome"], finished(records)["iterations"]) == ("approved", 3)
    assert verify_log(log).intact
    assert checkout_state(repo) == guarded


@pytest.mark.parametrize("point", range(KILL_POINTS), ids=[f"line-{kill_line(p):02d}" for p in range(20)])
def test_sigkill_at_any_step_then_resume_ends_approved(
    dev_agent: Runner,
    cli_env: dict[str, str],
    repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    tmp_path: Path,
    agent_tmp: Path,
    guarded: dict[str, Any],
    point: int,
) -> None:
    runs = repo / "runs"
    model = write_replies(tmp_path / "multi.yaml", MULTI_DEV, MULTI_SUP)
    command = agent_command("--phase", phase_spec, "--model", model, "--quiet")
    old_log = run_and_kill(command, repo, cli_env, runs, kill_line(point))
    wait_for_orphans(repo, agent_tmp)

    # What the kill left: a log that verifies up to a torn line at most, the branch, and a
    # stale worktree (unless the kill came before it, or after its removal).
    assert_log_valid(old_log, torn_allowed=True)
    check = verify_log(old_log)
    old_bytes = old_log.read_bytes()
    stale = [Path(p) for p in worktrees(repo)[1:]]
    has_branch = BRANCH in local_branches(repo)
    commits = git("rev-list", "--reverse", f"main..{BRANCH}", cwd=repo).split() if has_branch else []
    assert checkout_state(repo) == guarded

    resume_model = write_replies(tmp_path / "resume.yaml", RESUME_DEV, RESUME_SUP)
    proc = dev_agent("--resume", run_id_of(old_log), "--model", resume_model, "--quiet", cwd=repo)

    assert old_log.read_bytes() == old_bytes  # the old log is never written to again
    assert_no_stale_worktree(repo, agent_tmp, *stale)
    assert checkout_state(repo) == guarded
    if proc.returncode == 7:  # the kill came after the run had finished: nothing to resume
        assert check.finished
        assert_one_line_error(proc, f"cannot resume {run_id_of(old_log)}: it already finished")
        return
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stderr == ""
    (new_log,) = [p for p in logs_in(runs) if p != old_log]
    records = read_log(new_log)
    assert verify_log(new_log).intact and verify_log(new_log).finished
    started = records[0]["data"]
    assert started["resumed_from"] == run_id_of(old_log)
    assert started["branch"] == BRANCH
    assert started["resumed_commits"] == commits  # every commit on the branch, logged or not
    messages = [r for r in check.records if r["type"] in ("instruction", "patch", "output", "status")]
    last = max((r["data"]["metadata"]["iteration"] for r in messages), default=0)
    assert started["resumed_iteration"] == last
    end = finished(records)
    assert (end["outcome"], end["exit_code"], end["branch"]) == ("approved", 0, BRANCH)
    assert end["commits"][: len(commits)] == commits
    assert end["iterations"] >= last
    # Pushed: the remote has the local branch's tip, with the fix.
    tip = git("rev-parse", BRANCH, cwd=repo)
    assert git("rev-parse", BRANCH, cwd=bare_remote) == tip
    assert "return sum(values) / len(values)" in git("show", f"{BRANCH}:calc.py", cwd=bare_remote)
    assert sorted(remote_branches(bare_remote)) == [BRANCH, "main"]


def test_resume_refuses_clearly_until_it_can_continue(
    dev_agent: Runner,
    cli_env: dict[str, str],
    repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    tmp_path: Path,
    agent_tmp: Path,
    guarded: dict[str, Any],
) -> None:
    """Each reason a run cannot be resumed is one line with a documented exit code (6: the
    log is broken, 7: anything else), and changes nothing; once the reason is gone the
    same resume goes on."""
    runs = repo / "runs"
    model = write_replies(tmp_path / "multi.yaml", MULTI_DEV, MULTI_SUP)
    command = agent_command("--phase", phase_spec, "--model", model, "--quiet")
    log = run_and_kill(command, repo, cli_env, runs, 22)  # after the good patch's commit
    wait_for_orphans(repo, agent_tmp)
    run_id = run_id_of(log)
    resume_model = write_replies(tmp_path / "resume.yaml", RESUME_DEV, RESUME_SUP)

    def resume(*extra: str | Path) -> subprocess.CompletedProcess[str]:
        return dev_agent("--resume", run_id, "--model", resume_model, "--quiet", *extra, cwd=repo)

    def refused(code: int, *fragments: str) -> None:
        before = (sorted(p.name for p in runs.iterdir()), local_branches(repo), log.read_bytes())
        proc = resume()
        assert proc.returncode == code, proc.stdout + proc.stderr
        assert_one_line_error(proc, f"cannot resume {run_id}: ", *fragments)
        assert proc.stdout == ""
        assert (sorted(p.name for p in runs.iterdir()), local_branches(repo), log.read_bytes()) == before

    # Still running: a live process holds the log's lock.
    fd = lock_log(log)
    assert fd is not None
    try:
        refused(7, "it is still running")
    finally:
        os.close(fd)
    # The log was edited: exit 6, naming the line.
    original = log.read_bytes()
    log.write_bytes(original.replace(b'"Orchestrator"', b'"Orchestrat0r"', 1))
    refused(6, "its log is broken at line 1: hash mismatch")
    # Rewritten with a valid chain (it has no secret) to name the user's own branch: the
    # agent still never works on a branch outside git.branch_prefix.
    records = read_log(log)
    records[0]["data"]["branch"] = "main"
    previous = GENESIS_HASH
    for record in records:
        record["hash"] = previous = chain_hash(previous, record)
    log.write_bytes(b"".join(json.dumps(r).encode() + b"\n" for r in records))
    refused(7, "its branch 'main' is not a dev-agent branch (git.branch_prefix: dev-agent/fix)")
    log.write_bytes(original)
    # The phase spec changed, or is gone.
    spec_text = phase_spec.read_bytes()
    phase_spec.write_bytes(spec_text + b"\nAlso rewrite everything.\n")
    refused(7, f"its phase spec {phase_spec} changed since the run started")
    phase_spec.write_bytes(spec_text)
    # The branch is gone.
    git("branch", "-m", BRANCH, "elsewhere/parked", cwd=repo)
    refused(7, f"its branch {BRANCH} is gone")
    git("branch", "-m", "elsewhere/parked", BRANCH, cwd=repo)
    # The branch is checked out by the user somewhere else.
    elsewhere = tmp_path / "user-worktree"
    git("worktree", "add", "-q", "--force", str(elsewhere), BRANCH, cwd=repo)  # next to the stale one
    refused(7, f"its branch {BRANCH} is checked out in {elsewhere}")
    git("worktree", "remove", str(elsewhere), cwd=repo)
    # The repository moved.
    moved = repo.with_name("calc-moved")
    repo.rename(moved)
    proc = dev_agent("--resume", run_id, "--quiet", "--runs-dir", moved / "runs", cwd=tmp_path)
    assert proc.returncode == 7
    assert_one_line_error(proc, f"cannot resume {run_id}: the repository {repo} is gone or moved")
    moved.rename(repo)
    # A prefix matching nothing.
    proc = dev_agent("--resume", "19990101", cwd=repo)
    assert proc.returncode == 7
    assert_one_line_error(proc, f"cannot resume '19990101': no single run matches it in {runs}")

    # Nothing in the way any more: the run goes on from its commit.
    proc = resume()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    (new_log,) = [p for p in logs_in(runs) if p != log]
    assert finished(read_log(new_log))["outcome"] == "approved"
    assert git("rev-parse", BRANCH, cwd=bare_remote) == git("rev-parse", BRANCH, cwd=repo)
    # The killed run cannot be resumed twice, and the resumed one has finished.
    refused(7, f"it was already resumed as {run_id_of(new_log)}; resume that run instead")
    proc = dev_agent("--resume", run_id_of(new_log), cwd=repo)
    assert proc.returncode == 7
    assert_one_line_error(proc, "it already finished (approved, exit 0)")
    assert_no_stale_worktree(repo, agent_tmp)
    assert checkout_state(repo) == guarded


# ---------------------------------------------------------------------------------- hanging test command


def test_hanging_test_command_with_sigterm_proof_children_is_killed_with_its_group(
    dev_agent: Runner,
    repo: Path,
    phase_spec: Path,
    tmp_path: Path,
    agent_tmp: Path,
    outside: OutsideGuard,
) -> None:
    marker = f"dev-agent-hang-{uuid.uuid4().hex}"
    ignore = "import signal, sys, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(120)"
    (repo / "tests" / "test_hang.py").write_text(
        "import signal, subprocess, sys, time\n\n\n"
        "def test_hang():\n"
        "    signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        f"    for _ in range(2):\n"
        f"        subprocess.Popen([sys.executable, '-c', {ignore!r}, {marker!r}])\n"
        "    time.sleep(120)\n"
    )
    git("add", "tests/test_hang.py", cwd=repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "a hanging test", cwd=repo)
    before = checkout_state(repo)
    watch_user_state(outside, repo, tmp_path / "canary")
    config = tmp_path / "config.yaml"
    timeout_s = 2
    config.write_text(f"shell:\n  timeout_s: {timeout_s}\n")
    model = write_replies(tmp_path / "r.yaml", [dev_patch(WRONG_CONTEXT_DIFF)], [])

    started = time.monotonic()
    flags = ["--model", model, "--config", config, "--max-iterations", "1", "--quiet"]
    flags += ["--test-command", "pytest -q tests/test_hang.py"]
    proc = dev_agent("--phase", phase_spec, *flags, cwd=repo)
    took = time.monotonic() - started

    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert_one_line_error(proc, "max_iterations")
    (log,) = logs_in(repo / "runs")
    records = read_log(log)
    assert verify_log(log).intact
    calls = of_type(records, "tool_call")
    assert len(calls) == 1  # the refused patch never reached the tests again
    assert calls[0]["data"]["timed_out"] is True
    assert calls[0]["data"]["duration_s"] <= timeout_s + 2
    assert took < 60
    output = next(r for r in records if r["type"] == "output")
    assert f"timed out after {timeout_s}s; process group killed" in output["data"]["content"]

    def hung(_: Path, cmdline: bytes) -> bool:
        return marker.encode() in cmdline

    deadline = time.monotonic() + 2
    while processes_where(hung) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert processes_where(hung) == [], "children of the test command survived its timeout"
    assert_no_stale_worktree(repo, agent_tmp)
    assert checkout_state(repo) == before


# ---------------------------------------------------------------------------------- the model server dies


@pytest.fixture
def model_server() -> Iterator[tuple[str, Callable[[], None]]]:
    """A real `python -m llama_cpp.server` on the embedded model: (base URL, kill it)."""
    from bench.servers import free_port, llama_server
    from devagent.resources import embedded_model_path

    port = free_port()

    def kill() -> None:
        def server(_: Path, cmdline: bytes) -> bool:
            return b"llama_cpp.server" in cmdline and f"\0{port}\0".encode() in cmdline

        for pid in processes_where(server):
            os.kill(pid, signal.SIGKILL)

    with llama_server(embedded_model_path(), context_size=4096, port=port) as url:
        yield url, kill


@pytest.mark.model
def test_model_server_killed_mid_run_is_model_unavailable(
    cli_env: dict[str, str],
    repo: Path,
    phase_spec: Path,
    tmp_path: Path,
    agent_tmp: Path,
    guarded: dict[str, Any],
    model_server: tuple[str, Callable[[], None]],
) -> None:
    """The Supervisor's server answers when the run starts and dies after DevAgent's
    patch: bounded retries, then exit 4 with one line naming the backend and address."""
    url, kill = model_server
    spec = f"openai:smollm2@{url}"
    config = tmp_path / "config.yaml"
    config.write_text("model:\n  retries: 1\n  retry_backoff_s: 0.05\n  context_size: 4096\n")
    dev = write_replies(tmp_path / "dev.yaml", [dev_patch(GOOD_DIFF)], [])
    command = agent_command(
        "--phase", phase_spec, "--dev-model", dev, "--supervisor-model", spec, "--config", config, "--quiet"
    )
    proc = subprocess.Popen(
        command, cwd=repo, env=cli_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        deadline = time.monotonic() + 60
        while not any(r["type"] == "patch" for p in logs_in(repo / "runs") for r in read_log(p)):
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline
            time.sleep(0.005)
        kill()  # after DevAgent's turn, before the Supervisor's call
        stdout, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()

    assert proc.returncode == 4, stdout + stderr
    done = subprocess.CompletedProcess(command, proc.returncode, stdout, stderr)
    assert_one_line_error(done, "model_unavailable", spec, "after 2 attempts")
    (log,) = logs_in(repo / "runs")
    records = read_log(log)
    assert verify_log(log).intact
    end = finished(records)
    assert (end["exit_code"], end["branch"], len(end["commits"])) == (4, BRANCH, 1)  # the fix is kept
    calls = [r["data"] for r in of_type(records, "model_call") if r["role"] == "Supervisor"]
    assert [c["valid"] for c in calls] == [False]
    assert_no_stale_worktree(repo, agent_tmp)
    assert checkout_state(repo) == guarded


# ---------------------------------------------------------------------------------- disk full


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64k tmpfs (needs root, or CAP_SYS_ADMIN); unmounted at the end."""
    mount = tmp_path / "small-disk"
    mount.mkdir()
    if shutil.which("mount") is None:
        pytest.skip("no mount program to make a small tmpfs")
    made = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)], capture_output=True, text=True
    )
    if made.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {made.stderr.strip() or made.returncode}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(disk: Path, leave_bytes: int) -> Path:
    """Fill `disk` until only `leave_bytes` (whole 4k pages) stay free."""
    filler = disk / "filler"
    with filler.open("wb", buffering=0) as handle:
        try:
            while handle.write(b"\0" * 4096):
                pass
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    os.truncate(filler, max(0, filler.stat().st_size - leave_bytes))
    return filler


@pytest.mark.parametrize("free_kb", [0, 8], ids=["full-from-the-start", "full-mid-run"])
def test_disk_full_under_the_runs_folder_is_a_one_line_io_error(
    dev_agent: Runner,
    repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    tmp_path: Path,
    agent_tmp: Path,
    guarded: dict[str, Any],
    small_disk: Path,
    free_kb: int,
) -> None:
    runs = small_disk / "runs"
    runs.mkdir()
    filler = fill(small_disk, free_kb * 1024)
    model = write_replies(tmp_path / "multi.yaml", MULTI_DEV, MULTI_SUP)

    proc = dev_agent("--phase", phase_spec, "--model", model, "--runs-dir", runs, "--quiet", cwd=repo)

    assert proc.returncode == 74, proc.stdout + proc.stderr
    (log,) = logs_in(runs)
    line = assert_one_line_error(proc, f"io_error: cannot write the run log {log}: No space left on device")
    assert line.endswith(f"(log: {log})")
    assert "outcome: io_error (exit 74)" in proc.stdout
    assert_log_valid(log, torn_allowed=False)  # the partial line was cut off again
    check = verify_log(log)
    assert not check.finished
    assert_no_stale_worktree(repo, agent_tmp)
    assert checkout_state(repo) == guarded
    assert remote_branches(bare_remote) == ["main"]

    # Recoverable: with room again, the run goes on (or, if it never started, there is
    # nothing to resume and nothing left behind).
    filler.unlink()
    resume_model = write_replies(tmp_path / "resume.yaml", RESUME_DEV, RESUME_SUP)
    resumed = dev_agent(
        "--resume", run_id_of(log), "--model", resume_model, "--runs-dir", runs, "--quiet", cwd=repo
    )
    if not check.records:
        assert resumed.returncode == 7
        assert_one_line_error(resumed, "its log has no run_started record")
        assert local_branches(repo) == ["main"]
    else:
        assert resumed.returncode == 0, resumed.stdout + resumed.stderr
        (new_log,) = [p for p in logs_in(runs) if p != log]
        assert finished(read_log(new_log))["outcome"] == "approved"
        assert git("rev-parse", BRANCH, cwd=bare_remote) == git("rev-parse", BRANCH, cwd=repo)
    assert_no_stale_worktree(repo, agent_tmp)
    assert checkout_state(repo) == guarded


FAIL_WRITE = """
import errno, json, sys
from devagent import runlog
from devagent.cli import main

fail_at = sys.argv.pop(1)  # the first record of this type cannot be written
real = runlog._write_all

def write_all(fd, data):
    if json.loads(data)["type"] == fail_at:
        real(fd, data[: len(data) // 2])  # a partial line, as on a real full disk
        raise OSError(errno.ENOSPC, "No space left on device")
    real(fd, data)

runlog._write_all = write_all

if fail_at == "pr_record":  # the PR record beside the log, on the same full disk
    import pathlib
    real_write_text = pathlib.Path.write_text

    def write_text(self, *args, **kwargs):
        if self.name.endswith(".pr.md"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write_text(self, *args, **kwargs)

    pathlib.Path.write_text = write_text
sys.exit(main())
"""


@pytest.mark.parametrize(
    "record",
    ["run_started", "instruction", "model_call", "commit", "pr_record", "pull_request", "run_finished"],
    ids=[
        "run-started",
        "message-in-the-loop",
        "model-call",
        "commit",
        "pr-record",
        "pull-request",
        "run-finished",
    ],
)
def test_a_log_write_failing_at_any_kind_of_record_ends_the_run_cleanly(
    cli_env: dict[str, str],
    repo: Path,
    phase_spec: Path,
    tmp_path: Path,
    agent_tmp: Path,
    guarded: dict[str, Any],
    record: str,
) -> None:
    """Writes come from the orchestrator, the AutoGen message loop, tool agents and model
    clients; wherever one fails, the run stops there with exit 74 and one line."""
    script = tmp_path / "fail_write.py"
    script.write_text(FAIL_WRITE)
    model = write_replies(tmp_path / "multi.yaml", MULTI_DEV, MULTI_SUP)
    env = {**cli_env, "PYTHONPATH": str(PROJECT_ROOT)}
    proc = subprocess.run(
        [sys.executable, str(script), record, "--phase", str(phase_spec), "--model", model, "--quiet"],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert proc.returncode == 74, proc.stdout + proc.stderr
    what = "the PR record" if record == "pr_record" else "the run log"
    assert_one_line_error(proc, f"io_error: cannot write {what}", "No space left on device")
    (log,) = logs_in(repo / "runs")
    assert_log_valid(log, torn_allowed=False)
    records = read_log(log)
    assert record not in {r["type"] for r in records}  # the log ends right before it
    assert_no_stale_worktree(repo, agent_tmp)
    assert checkout_state(repo) == guarded


# ---------------------------------------------------------------------------------- gh fails


FAKE_GH = """#!{python}
import json, sys
with open({calls!r}, "a") as calls:
    calls.write(json.dumps(sys.argv[1:]) + "\\n")
if sys.argv[1] == "auth" and {logged_in!r}:
    sys.exit(0)
if sys.argv[1] == "auth":
    sys.exit("You are not logged into any GitHub hosts.")
sys.exit("pull request create failed: HTTP 502: Bad Gateway")
"""


@pytest.mark.parametrize(
    ("logged_in", "reason"),
    [
        (True, "gh pr create failed: pull request create failed: HTTP 502: Bad Gateway"),
        (False, "gh is not authenticated: You are not logged into any GitHub hosts."),
    ],
    ids=["pr-create-fails", "not-authenticated"],
)
def test_gh_failing_records_the_pull_request_and_the_run_succeeds(
    dev_agent: Runner,
    cli_env: dict[str, str],
    repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    tmp_path: Path,
    agent_tmp: Path,
    outside: OutsideGuard,
    logged_in: bool,
    reason: str,
) -> None:
    """A GitHub remote (fetch URL on github.com, pushes going to the local bare remote)
    and a `gh` that fails: the branch is pushed, the PR is written to runs/ instead."""
    git("remote", "set-url", "origin", "https://github.com/acme/calc.git", cwd=repo)
    git("remote", "set-url", "--push", "origin", str(bare_remote), cwd=repo)
    before = checkout_state(repo)
    watch_user_state(outside, repo, tmp_path / "canary")
    bin_dir = tmp_path / "fake-bin"
    bin_dir.mkdir()
    calls = tmp_path / "gh-calls.txt"
    gh = bin_dir / "gh"
    gh.write_text(FAKE_GH.format(python=sys.executable, calls=str(calls), logged_in=logged_in))
    gh.chmod(0o755)
    cli_env["PATH"] = f"{bin_dir}{os.pathsep}{cli_env['PATH']}"
    model = write_replies(tmp_path / "r.yaml", [dev_patch(GOOD_DIFF)], [APPROVAL])

    proc = dev_agent("--phase", phase_spec, "--model", model, "--quiet", cwd=repo)

    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stderr == ""
    (log,) = logs_in(repo / "runs")
    records = read_log(log)
    assert verify_log(log).intact
    end = finished(records)
    assert end["outcome"] == "approved"
    record = Path(end["pull_request"]["record"])
    assert end["pull_request"]["url"] is None
    assert record == repo / "runs" / f"{run_id_of(log)}.pr.md"
    assert f"> Pull request not opened automatically: {reason}" in record.read_text()
    gh_calls = [json.loads(line) for line in calls.read_text().splitlines()]
    assert gh_calls[0] == ["auth", "status"]
    if logged_in:  # the PR was asked for: the right branches, the repository named
        (create,) = gh_calls[1:]
        assert create[:4] == ["pr", "create", "--title", "Dev Agent: Fix mean()"]
        assert create[-6:] == ["--head", BRANCH, "--base", "main", "--repo", "acme/calc"]
    else:
        assert len(gh_calls) == 1
    assert git("rev-parse", BRANCH, cwd=bare_remote) == git("rev-parse", BRANCH, cwd=repo)
    assert_no_stale_worktree(repo, agent_tmp)
    assert checkout_state(repo) == before


def test_the_phase_digest_in_the_log_is_the_spec_file(
    dev_agent: Runner, repo: Path, phase_spec: Path, tmp_path: Path, guarded: dict[str, Any]
) -> None:
    """What --resume compares a phase spec against (a changed spec cannot be resumed)."""
    model = write_replies(tmp_path / "r.yaml", [dev_patch(GOOD_DIFF)], [APPROVAL])
    assert dev_agent("--phase", phase_spec, "--model", model, "--quiet", cwd=repo).returncode == 0
    (log,) = logs_in(repo / "runs")
    started = read_log(log)[0]["data"]
    assert started["phase_sha256"] == hashlib.sha256(phase_spec.read_bytes()).hexdigest()
    assert started["resumed_from"] is None
    assert started["cwd"] == str(repo)
    assert json.loads(log.read_bytes().splitlines()[0])["hash"] == read_log(log)[0]["hash"]
