"""ShellTool: run whitelisted commands inside the agent's worktree, safely.

Commands come from the config (the test command) or from a language model, so every
one is treated as hostile: no shell ever sees it, only whitelisted programs run, the
environment is stripped of secrets, and a timeout kills the whole process group so
nothing the command started outlives it. With a `Sandbox` (devagent/tools/sandbox.py),
each command runs inside bubblewrap or Landlock: read-only filesystem but the worktree,
credential stores hidden, a private loopback and nothing else of the network.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from devagent.interrupt import STOP, Interrupted
from devagent.process import kill_group, start_in_group
from devagent.secret_values import redact, scrubbed_environment
from devagent.text import truncate_output, without_ansi
from devagent.tools.argument_rules import ArgumentRejected, check_model_arguments
from devagent.tools.git.command import model_git_argv
from devagent.tools.sandbox import Sandbox
from devagent.worktree_files import write_inside

DEFAULT_ALLOWED: tuple[str, ...] = ("pytest", "npm test", "git", "pip", "npm", "make")

MAX_ARGS = 256
MAX_COMMAND_CHARS = 16 * 1024

# Leftmost match wins and the two-character forms are listed first, so the reason
# names the operator actually written ("&&", not "&").
_SHELL_SYNTAX = re.compile(r"&&|\|\||\$\(|\$\{|[;|&`<>]")

# How often run() checks whether the leader exited while something still holds
# its stdout, and how long it waits for the pipe to drain after killing the group.
_POLL_S = 0.1
_DRAIN_S = 1.0
_REASON_TOKEN_CHARS = 60


class CommandRejected(Exception):
    """The policy refused a command; `reason` is one line, fit to show a model or user."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class ProgramNotFound(Exception):
    """The whitelisted program is not installed (not on the tool's PATH)."""

    def __init__(self, program: str) -> None:
        super().__init__(f"program {program!r} was not found on PATH")
        self.program = program


def _show(token: str) -> str:
    """Quote a token for a one-line reason, shortened so a huge token can't flood it."""
    if len(token) > _REASON_TOKEN_CHARS:
        token = token[: _REASON_TOKEN_CHARS - 3] + "..."
    return repr(token)


@dataclass(frozen=True)
class CommandPolicy:
    """Which commands may run: each entry is a program name, optionally followed by
    fixed leading arguments ("npm test" allows `npm test ...` and nothing else of npm).
    """

    allowed: tuple[str, ...] = DEFAULT_ALLOWED
    # For commands a model asks for: only the options in argument_rules.py.
    restrict_arguments: bool = False

    def __post_init__(self) -> None:
        # Accept a list from config but keep the frozen object truly immutable.
        object.__setattr__(self, "allowed", tuple(self.allowed))
        for entry in self.allowed:
            tokens = shlex.split(entry)
            if not tokens:
                raise ValueError("an allowed command entry is empty")
            if "/" in tokens[0] or "\\" in tokens[0]:
                raise ValueError(f"allowed program {tokens[0]!r} must be a bare name, not a path")

    def parse(self, command: str | Sequence[str]) -> list[str]:
        """Return argv or raise CommandRejected.

        A string is screened for shell syntax before it is split, because it is the
        form a model writes and the one a human would read as shell; an argv list
        never meets a shell, so only NUL and line breaks are refused in its items.
        """
        argv = self._split(command) if isinstance(command, str) else self._check_argv(command)
        if len(argv) > MAX_ARGS:
            raise CommandRejected(f"command has {len(argv)} arguments (at most {MAX_ARGS} allowed)")
        self._check_program(argv)
        return argv

    def _split(self, command: str) -> list[str]:
        """Screen a command string, then shlex-split it."""
        if len(command) > MAX_COMMAND_CHARS:
            raise CommandRejected(f"command is longer than {MAX_COMMAND_CHARS} characters")
        _check_control_chars(command)
        match = _SHELL_SYNTAX.search(command)
        if match is not None:
            raise CommandRejected(f"shell syntax {match.group()!r} is not allowed")
        try:
            argv = shlex.split(command)
        except ValueError as exc:
            raise CommandRejected(f"cannot parse command: {exc}") from None
        if not argv:
            raise CommandRejected("command is empty")
        return argv

    def _check_argv(self, command: Sequence[str]) -> list[str]:
        """Validate an argv list: strings only, no NUL or line breaks, sane size."""
        argv = list(command)
        if not argv:
            raise CommandRejected("command is empty")
        for arg in argv:
            if not isinstance(arg, str):
                raise CommandRejected(f"argument {arg!r} is not a string")
            _check_control_chars(arg)
        if sum(len(arg) + 1 for arg in argv) - 1 > MAX_COMMAND_CHARS:
            raise CommandRejected(f"command is longer than {MAX_COMMAND_CHARS} characters")
        return argv

    def _check_program(self, argv: list[str]) -> None:
        """argv[0] must be a bare whitelisted name and argv must start with a whole entry."""
        program = argv[0]
        allowed_list = ", ".join(self.allowed)
        if "/" in program or "\\" in program:
            raise CommandRejected(
                f"path-qualified program {_show(program)} is not allowed; use the bare name"
            )
        entries = [shlex.split(entry) for entry in self.allowed]
        same_program = [tokens for tokens in entries if tokens[0] == program]
        if not same_program:
            raise CommandRejected(f"{_show(program)} is not on the whitelist (allowed: {allowed_list})")
        matched = [tokens for tokens in same_program if argv[: len(tokens)] == tokens]
        if matched:
            if self.restrict_arguments:
                try:
                    check_model_arguments(argv, max(len(tokens) for tokens in matched))
                except ArgumentRejected as exc:
                    raise CommandRejected(str(exc)) from None
                # git a model asks for runs no program of the repository's config.
                argv[:] = model_git_argv(argv)
            return
        longest = max(len(tokens) for tokens in same_program)
        shown = " ".join(argv[:longest])
        raise CommandRejected(f"{_show(shown)} is not on the whitelist (allowed: {allowed_list})")


def _check_control_chars(text: str) -> None:
    """NUL truncates C strings and line breaks smuggle second commands; refuse both."""
    if "\0" in text:
        raise CommandRejected("NUL byte is not allowed")
    if "\n" in text:
        raise CommandRejected("newline is not allowed")
    if "\r" in text:
        raise CommandRejected("carriage return is not allowed")


@dataclass(frozen=True)
class Interpreter:
    """The Python the project's tests run with (devagent/project_env.py chooses it): a
    command's bare `python` or `python3` is this file, its `pytest` the one beside it (never
    another environment's), and `python_path` comes first on PYTHONPATH (the worktree's
    import roots, devagent/import_roots.py)."""

    python: Path
    python_path: tuple[Path, ...] = ()
    variables: tuple[tuple[str, str], ...] = ()  # set for every command (VIRTUAL_ENV=...)

    def program(self, name: str) -> str | None:
        """The file a bare program name means in this environment; None for other programs."""
        if name in ("python", "python3"):
            return str(self.python)
        if name in ("pytest", "py.test"):
            return str(self.python.parent / name)
        return None


@dataclass(frozen=True)
class CommandResult:
    """What a command did: exit code, merged and truncated output, time taken."""

    argv: list[str]
    exit_code: int  # negative signal number when killed (-9 after a timeout)
    output: str  # stdout and stderr interleaved, utf-8 (errors replaced), truncated
    duration_s: float
    timed_out: bool

    @property
    def passed(self) -> bool:
        """True only for a clean exit: a timed-out run never counts as passing."""
        return self.exit_code == 0 and not self.timed_out


def _git_pointer(worktree: Path) -> bytes | None:
    """The worktree's `.git` file (a linked worktree's pointer to its repository)."""
    try:
        return (worktree / ".git").read_bytes() if (worktree / ".git").is_file() else None
    except OSError:
        return None


def _restore_git_pointer(worktree: Path, pointer: bytes) -> None:
    """Put the `.git` pointer back if the command changed it. GitTool runs git outside the
    sandbox and trusts that file; bwrap mounts it read-only, but Landlock cannot make one
    file of a writable folder read-only, so the check is made here, for every kind."""
    dot_git = worktree / ".git"
    if _git_pointer(worktree) == pointer and not dot_git.is_symlink():
        return
    if dot_git.is_dir() and not dot_git.is_symlink():
        shutil.rmtree(dot_git, ignore_errors=True)
    else:
        with contextlib.suppress(FileNotFoundError):
            dot_git.unlink()
    write_inside(worktree, ".git", pointer)


class ShellTool:
    """Runs policy-approved commands in `cwd` with a scrubbed environment and a hard
    timeout that kills the command's whole process group; inside `sandbox` if given."""

    def __init__(
        self,
        cwd: Path,
        policy: CommandPolicy,
        timeout_s: float,
        extra_path: Sequence[Path] = (),
        sandbox: Sandbox | None = None,
        interpreter: Interpreter | None = None,
    ) -> None:
        if timeout_s <= 0:
            raise ValueError(f"timeout_s must be positive, got {timeout_s}")
        self.cwd = Path(cwd)
        self.policy = policy
        self.timeout_s = float(timeout_s)
        self.extra_path = tuple(Path(p) for p in extra_path)
        self.sandbox = sandbox
        self.interpreter = interpreter

    def with_policy(self, policy: CommandPolicy) -> ShellTool:
        """The same tool (folder, timeout, sandbox, interpreter) under another policy."""
        return ShellTool(self.cwd, policy, self.timeout_s, self.extra_path, self.sandbox, self.interpreter)

    def environment(self) -> dict[str, str]:
        """The environment a command gets: scrubbed, with `extra_path` (and the interpreter's
        folder) first on PATH and the interpreter's import roots first on PYTHONPATH.

        Relative and empty PATH entries are dropped: they resolve against the
        worktree, where a model could plant its own `pytest`."""
        env = scrubbed_environment()
        first = [*self.extra_path]
        if self.interpreter is not None:
            first.insert(0, self.interpreter.python.parent)
            env.update(self.interpreter.variables)
            roots = [str(p) for p in self.interpreter.python_path]
            env["PYTHONPATH"] = os.pathsep.join(
                [*roots, *(p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p)]
            )
        entries = [os.fspath(p.absolute()) for p in first]
        entries += env.get("PATH", os.defpath).split(os.pathsep)
        kept: list[str] = []
        for entry in entries:
            if entry and os.path.isabs(entry) and entry not in kept:
                kept.append(entry)
        env["PATH"] = os.pathsep.join(kept)
        return env

    def run(
        self,
        command: str | Sequence[str],
        extra_env: Mapping[str, str] | None = None,
        pass_fds: Sequence[int] = (),
    ) -> CommandResult:
        """Run a command and return its result; never raises for a failing command.
        `extra_env` adds variables and `pass_fds` descriptors the command inherits (the
        test report's channel, devagent/verdict.py); both sandboxes pass them through.

        Raises CommandRejected (before anything starts) or ProgramNotFound."""
        argv = self.policy.parse(command)
        env = {**self.environment(), **(extra_env or {})}
        meant = self.interpreter.program(argv[0]) if self.interpreter is not None else None
        executable = meant if meant is not None and os.path.isfile(meant) else None
        if meant is None:
            executable = shutil.which(argv[0], path=env["PATH"])
        if executable is None:
            raise ProgramNotFound(argv[0])
        popen_argv = argv
        if self.sandbox is not None:
            bwrap = self.sandbox.start_program()
            if bwrap is None:
                raise ProgramNotFound(self.sandbox.bwrap)
            # The program found on the scrubbed PATH runs inside, by its absolute path.
            popen_argv = self.sandbox.wrap([executable, *argv[1:]], self.cwd)
            executable = bwrap
        pointer = _git_pointer(self.cwd) if self.sandbox is not None else None
        start = time.monotonic()
        try:
            return self._run(argv, popen_argv, executable, env, start, pass_fds)
        finally:
            if pointer is not None:
                _restore_git_pointer(self.cwd, pointer)

    def _run(
        self,
        argv: list[str],
        popen_argv: list[str],
        executable: str,
        env: dict[str, str],
        start: float,
        pass_fds: Sequence[int],
    ) -> CommandResult:
        # Own session => own process group, pgid == pid; bwrap's PID namespace also
        # takes setsid() escapees down with it.
        proc = start_in_group(
            popen_argv,
            executable=executable,
            cwd=self.cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            pass_fds=pass_fds,
        )
        try:
            raw, timed_out = self._collect(proc, start + self.timeout_s)
        except BaseException:
            # Ctrl-C or anything unexpected: leave nothing running behind us.
            kill_group(proc.pid)
            proc.kill()
            proc.wait()
            if proc.stdout is not None:
                proc.stdout.close()
            raise
        returncode = proc.returncode
        return CommandResult(
            argv=argv,
            exit_code=returncode if returncode is not None else -signal.SIGKILL,
            output=truncate_output(redact(without_ansi(raw.decode("utf-8", errors="replace")))),
            duration_s=time.monotonic() - start,
            timed_out=timed_out,
        )

    @staticmethod
    def _collect(proc: subprocess.Popen[bytes], deadline: float) -> tuple[bytes, bool]:
        """Read output until EOF, the leader's exit, or the deadline; then kill the group.

        Polling in short slices matters when the leader exits while a background
        child still holds stdout open: EOF would never come, so the leader's exit
        is the signal to kill the leftovers instead of waiting for the timeout."""
        out: bytes | None = None
        timed_out = False
        while out is None:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                timed_out = True
                break
            try:
                out = proc.communicate(timeout=min(_POLL_S, remaining))[0]
            except subprocess.TimeoutExpired:
                if proc.poll() is not None:
                    break
                if STOP.is_set():  # Ctrl-C: the caller's `except BaseException` kills the group
                    raise Interrupted(f"stopped: {proc.args!r}") from None
        # Leftover group members (background children, grandchildren) die here too.
        # Linux keeps a pid from reuse while its process group still has members.
        kill_group(proc.pid)
        if out is None:
            try:
                out = proc.communicate(timeout=_DRAIN_S)[0]
            except subprocess.TimeoutExpired as exc:
                # Only a process that escaped the group (setsid) can still hold the
                # pipe; keep what was read and stop listening to it.
                out = exc.output or b""
                proc.kill()
                proc.wait()
                if proc.stdout is not None:
                    proc.stdout.close()
        return out or b"", timed_out
