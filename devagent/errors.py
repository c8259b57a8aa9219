"""Errors that end a run, each carrying its documented exit code.

Raised anywhere below the CLI; the CLI prints `dev-agent: <message>` on one line and
exits with `exit_code` (never a traceback)."""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    OK = 0  # Supervisor approved and the branch was pushed, or nothing to fix
    MAX_ITERATIONS = 1  # max_iterations reached without an approved fix; branch kept
    GIT_ERROR = 2  # unrecoverable git error (worktree, commit, push)
    USAGE = 3  # bad arguments, config, workflow manifest or phase spec
    MODEL_UNAVAILABLE = 4  # model file missing, server down or not answering
    MODEL_PROTOCOL = 5  # a model reply stayed invalid after one re-prompt
    LOG_INVALID = 6  # a run log's hash chain is broken (`runs verify`, `--resume`)
    CANNOT_RESUME = 7  # `--resume`: the run cannot be continued (finished, running, branch gone...)
    LOOP_DETECTED = 8  # a step failed the same way in the same situation twice (no identical retries)
    INVARIANT_FAILED = 9  # a workflow invariant failed; the run halted
    INTERNAL = 70  # a bug in dev-agent; the traceback is in the run log
    IO_ERROR = 74  # the run log cannot be written (disk full, ...); the worktree is removed
    INTERRUPTED = 130  # Ctrl-C


EXIT_CODE_HELP: dict[ExitCode, str] = {
    ExitCode.OK: "approved fix pushed (and PR opened or recorded), or no failing test to fix",
    ExitCode.MAX_ITERATIONS: "max_iterations reached without approval; the fix branch is kept",
    ExitCode.GIT_ERROR: "unrecoverable git error (worktree, commit or push)",
    ExitCode.USAGE: "bad arguments, config, workflow, phase spec or test command",
    ExitCode.MODEL_UNAVAILABLE: "model unavailable (GGUF missing, server down, timeout)",
    ExitCode.MODEL_PROTOCOL: "model reply invalid after one re-prompt",
    ExitCode.LOG_INVALID: "run log broken (runs verify, --resume): a line edited, removed, reordered or torn",
    ExitCode.CANNOT_RESUME: "--resume: the run cannot be continued (finished, still running, branch gone...)",
    ExitCode.LOOP_DETECTED: "loop detected: a step failed the same way in the same situation twice",
    ExitCode.INVARIANT_FAILED: "a workflow invariant failed; the run halted",
    ExitCode.INTERNAL: "internal error (a bug); the traceback is in the run log",
    ExitCode.IO_ERROR: "the run log cannot be written (disk full...); the worktree is removed",
    ExitCode.INTERRUPTED: "interrupted (Ctrl-C, SIGTERM); worktree removed, a branch with commits kept",
}


class DevAgentError(Exception):
    """Base class: a one-line, user-facing message plus an exit code."""

    exit_code: ExitCode = ExitCode.USAGE

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class UsageError(DevAgentError):
    exit_code = ExitCode.USAGE


class GitError(DevAgentError):
    exit_code = ExitCode.GIT_ERROR


class ModelUnavailableError(DevAgentError):
    exit_code = ExitCode.MODEL_UNAVAILABLE


class ModelProtocolError(DevAgentError):
    exit_code = ExitCode.MODEL_PROTOCOL


class LogInvalidError(DevAgentError):
    exit_code = ExitCode.LOG_INVALID


class CannotResumeError(DevAgentError):
    exit_code = ExitCode.CANNOT_RESUME


class LogWriteError(DevAgentError):
    exit_code = ExitCode.IO_ERROR
