"""Control flow by exceptions, as mini-swe-agent does it.

`DevAgentError` and its subclasses are terminating: they end a run (or stop it before it
starts) and carry the run's outcome and its documented exit code. Raised anywhere below
the CLI; the CLI prints `dev-agent: <message>` on one line and exits with `exit_code`
(never a traceback). `StepRefused` is not terminating: the step engine turns it into the
step's output (its event routes the run) and adds the reason to the run state, so the
next agent sees it as context."""

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
    LOOP_DETECTED = 8  # a step failed the same way in the same situation twice (no identical retries),
    # or the fix loop stalled: no fix from Repair and no news from the model's diffs for a while
    INVARIANT_FAILED = 9  # a workflow invariant failed; the run halted
    ENVIRONMENT = 10  # the tests cannot run as the project's developers run them (a module not
    # installed, pytest missing, a sandbox denial): found at the baseline, before any repair
    NEEDS_REVIEW = 11  # a fix was pushed, but the tests do not decide it (ambiguous or suspect)
    SERVICE_FAILED = 12  # dashboard: its Streamlit server failed (its own error, or killed from outside)
    INTERNAL = 70  # a bug in dev-agent; the traceback is in the run log
    IO_ERROR = 74  # the run log cannot be written (disk full, ...); the worktree is removed
    INTERRUPTED = 130  # Ctrl-C


# The fix loop's exit codes (`dev-agent --help`); each subcommand has its own table
# (devagent/cli_args.py: MODE_EXIT_CODES).
EXIT_CODE_HELP: dict[ExitCode, str] = {
    ExitCode.OK: "approved fix pushed (PR opened or recorded), or no failing test to fix",
    ExitCode.MAX_ITERATIONS: "max_iterations reached unapproved (the fix branch kept)",
    ExitCode.GIT_ERROR: "unrecoverable git error (worktree, commit or push)",
    ExitCode.USAGE: (
        "bad arguments, config, workflow, phase spec or test command; a remote that is missing or refused"
    ),
    ExitCode.MODEL_UNAVAILABLE: "model unavailable (GGUF missing, server down, timeout)",
    ExitCode.MODEL_PROTOCOL: "model reply invalid after one re-prompt",
    ExitCode.LOG_INVALID: "run log broken (runs verify, --resume): a line edited, removed, reordered or torn",
    ExitCode.CANNOT_RESUME: "--resume: the run cannot be continued (finished, still running, branch gone...)",
    ExitCode.LOOP_DETECTED: (
        "loop detected: a step failed the same way in the same situation twice, or no new "
        "information (Repair found nothing, the model's diffs refused or repeated) for repair.stall_s"
    ),
    ExitCode.INVARIANT_FAILED: "a workflow invariant failed; the run halted",
    ExitCode.ENVIRONMENT: (
        "the tests fail for a reason outside the code (a module not installed in the project's "
        "environment, pytest missing, a sandbox denial): said in one line, before any repair"
    ),
    ExitCode.NEEDS_REVIEW: "fix pushed, but the tests do not decide it: the PR says what to review",
    ExitCode.INTERNAL: "internal error (a bug); the traceback is in the run log",
    ExitCode.IO_ERROR: "the run log cannot be written (disk full...); the worktree is removed",
    ExitCode.INTERRUPTED: "interrupted (Ctrl-C, SIGTERM); worktree removed, a branch with commits kept",
}


class DevAgentError(Exception):
    """Base class: a one-line, user-facing message, the run's outcome and its exit code."""

    exit_code: ExitCode = ExitCode.USAGE
    outcome: str = "usage_error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class UsageError(DevAgentError):
    exit_code = ExitCode.USAGE


class EnvironmentProblem(DevAgentError):
    """The tests cannot run as the project's developers run them (pytest or a module missing
    from the project's environment, a sandbox denial, imports from the user's checkout)."""

    exit_code = ExitCode.ENVIRONMENT
    outcome = "environment_error"


class GitError(DevAgentError):
    exit_code = ExitCode.GIT_ERROR
    outcome = "git_error"


class ModelUnavailableError(DevAgentError):
    exit_code = ExitCode.MODEL_UNAVAILABLE
    outcome = "model_unavailable"


class ModelProtocolError(DevAgentError):
    """A reply still invalid after its one re-prompt."""

    exit_code = ExitCode.MODEL_PROTOCOL
    outcome = "model_error"


class LogInvalidError(DevAgentError):
    exit_code = ExitCode.LOG_INVALID


class CannotResumeError(DevAgentError):
    exit_code = ExitCode.CANNOT_RESUME


class LogWriteError(DevAgentError):
    exit_code = ExitCode.IO_ERROR
    outcome = "io_error"


class RunInterrupted(DevAgentError):
    """Ctrl-C or SIGTERM: the run ends after the current step."""

    exit_code = ExitCode.INTERRUPTED
    outcome = "interrupted"


class TurnDeadlinePassed(DevAgentError):
    """A model's reply was still incomplete when the caller's deadline passed: the fix
    loop's stall window (no new information for repair.stall_s after Repair found nothing)."""

    exit_code = ExitCode.LOOP_DETECTED
    outcome = "stalled"


class ProtocolError(DevAgentError):
    """An agent answered with something that is not a protocol message (a bug)."""

    exit_code = ExitCode.INTERNAL
    outcome = "protocol_error"


class RunStopped(DevAgentError):
    """The workflow ended: a route reached `end`, or the step engine halted it. The
    outcome is the manifest's (or the engine's) word; its exit code comes from the
    outcome table (devagent/workflow/outcomes.py)."""

    def __init__(self, message: str, outcome: str, exit_code: ExitCode, step: str | None = None) -> None:
        super().__init__(message)
        self.outcome = outcome
        self.exit_code = exit_code
        self.step = step


class StepRefused(Exception):
    """Not terminating: a refused patch or command, a failed spec. The step's output
    reports `event`, and `reason` goes back to the next agent as context."""

    def __init__(self, event: str, reason: str, context: str | None = None) -> None:
        super().__init__(reason)
        self.event = event
        self.reason = reason  # the step's report, for the log and the router's reader
        self.context = context or reason  # what the next agent is told
