"""The one process runner: every program Dev Agent starts (git, gh, bwrap, ShellTool's
commands, Repair's pytest worker and localisation run) starts in `_start` below.

Environment: a caller that passes no `env` gets `scrubbed_environment()` (no secret
variables, devagent/secret_values.py); a program that needs the user's credentials
(git push, gh) is given `host_environment()` by name, so every exception is visible.
Process group and timeout: `run_captured` kills what outlives its timeout,
`start_in_group` gives the program a session of its own for `kill_group`. The sandbox:
code of the repository (tests, Repair's runs) is started through a Sandbox's argv
(devagent/tools/sandbox.py), which the callers build before they come here.

`die_with_parent` prefixes a long-lived child that is no sandboxed command (the
dashboard's Streamlit server) so that it ends when this process does, even by SIGKILL;
sandboxed commands get that from their sandbox (devagent/tools/sandbox.py).

`run_captured` runs a program to its end with its output captured and returns what went
wrong (it could not start, or timed out) instead of raising, so each caller words its own
one-line reason. `start_in_group` starts a process in a session of its own, so that
`kill_group(proc.pid)` takes down everything it started; the descriptors in its
`pass_fds` (the verdict's pipe, devagent/verdict.py) are the only ones it inherits
besides stdin, stdout and stderr."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Literal, overload

from devagent.secret_values import scrubbed_environment

RunFailure = OSError | subprocess.TimeoutExpired
_Stream = int | IO[bytes] | None


@overload
def run_captured(
    argv: Sequence[str],
    *,
    text: Literal[True],
    input: str | None = None,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    timeout: float | None = None,
    executable: str | None = None,
    stdin: int | None = None,
) -> subprocess.CompletedProcess[str] | RunFailure: ...


@overload
def run_captured(
    argv: Sequence[str],
    *,
    text: Literal[False] = False,
    input: bytes | None = None,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    timeout: float | None = None,
    executable: str | None = None,
    stdin: int | None = None,
) -> subprocess.CompletedProcess[bytes] | RunFailure: ...


def run_captured(
    argv: Sequence[str],
    *,
    text: bool = False,
    input: str | bytes | None = None,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    timeout: float | None = None,
    executable: str | None = None,
    stdin: int | None = None,
) -> subprocess.CompletedProcess[str] | subprocess.CompletedProcess[bytes] | RunFailure:
    """Run `argv` to its end, stdout and stderr captured (decoded when `text`); the OSError
    (it could not start) or TimeoutExpired instead of raising it. `stdin` (e.g.
    subprocess.DEVNULL) goes without `input`; with neither the program shares ours."""
    feed = subprocess.PIPE if input is not None else stdin
    try:
        proc = _start(argv, cwd, env, executable, (feed, subprocess.PIPE, subprocess.PIPE), text, False)
    except OSError as exc:
        return exc
    try:
        out, err = proc.communicate(input, timeout=timeout)
    except subprocess.TimeoutExpired as exc:
        proc.kill()
        proc.communicate()
        return exc
    except BaseException:  # Ctrl-C while waiting: leave nothing running behind us
        proc.kill()
        proc.wait()
        raise
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def start_in_group(
    argv: Sequence[str],
    *,
    cwd: Path,
    env: Mapping[str, str] | None,
    stdin: _Stream,
    stdout: _Stream,
    stderr: _Stream,
    executable: str | None = None,
    pass_fds: Sequence[int] = (),
) -> subprocess.Popen[bytes]:
    """Start `argv` in a new session: its own process group, whose id is its pid, so that
    `kill_group(proc.pid)` also ends whatever it started. It inherits `pass_fds`."""
    streams = (stdin, stdout, stderr)
    proc: subprocess.Popen[bytes] = _start(argv, cwd, env, executable, streams, False, True, pass_fds)
    return proc


def _start(
    argv: Sequence[str],
    cwd: Path | None,
    env: Mapping[str, str] | None,
    executable: str | None,
    streams: tuple[_Stream, _Stream, _Stream],
    text: bool,
    new_session: bool,
    pass_fds: Sequence[int] = (),
) -> subprocess.Popen[Any]:
    """The one place a process starts; without `env`, in the scrubbed environment; no
    descriptor of ours but `pass_fds` (and the three streams) reaches it."""
    stdin, stdout, stderr = streams
    return subprocess.Popen(
        list(argv),
        executable=executable,
        cwd=cwd,
        env=dict(env) if env is not None else scrubbed_environment(),
        stdin=stdin,
        stdout=stdout,
        stderr=stderr,
        text=text,
        start_new_session=new_session,
        pass_fds=tuple(pass_fds),
    )


# Run by the child before it execs the real program: PR_SET_PDEATHSIG (1) with SIGKILL,
# then the race: had the parent died before that took effect, nothing would come.
_DIE_WITH_PARENT = """import ctypes, os, signal, sys
if ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0) != 0:
    sys.exit("dev-agent: prctl(PR_SET_PDEATHSIG) failed")
if os.getppid() != int(sys.argv[1]):
    os._exit(1)
os.execv(sys.argv[2], sys.argv[2:])
"""


def die_with_parent(argv: Sequence[str]) -> list[str]:
    """`argv` (its program a path) started so that the kernel kills it when this process
    dies: a tiny Python sets the parent-death signal, then execs it. The signal follows
    the thread that starts the child: start it from one that lives as long as it."""
    return [sys.executable, "-I", "-S", "-c", _DIE_WITH_PARENT, str(os.getpid()), *argv]


def host_environment() -> dict[str, str]:
    """This process's whole environment, secrets included: only for the programs that
    must authenticate as the user (git push, gh) and run no code of the repository."""
    return dict(os.environ)


def kill_group(pgid: int) -> None:
    """SIGKILL a whole process group; a group that is already gone is fine."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def first_line(text: str) -> str:
    """The first non-blank line of a program's output, stripped."""
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return "(no output)"
