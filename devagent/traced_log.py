"""The run log as every workflow's run set-up opens and closes it: a new hash-chained log
in the runs folder with the trace store following it live (kept out of the target
repository's `git status`), records written on the way out that never fail the clean-up,
the one-line report of a bug, and a last `run_finished` record carrying the run's model
usage."""

from __future__ import annotations

import contextlib
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from devagent.errors import ExitCode, LogWriteError, UsageError
from devagent.runlog import RunLog, model_usage, new_run_id, read_log
from devagent.trace_store import DB_NAME, LiveIndexer

if TYPE_CHECKING:
    from collections.abc import Callable

    from devagent.messages import Envelope
    from devagent.tools.git_tool import GitTool
    from devagent.workflow import Trace


def open_traced_log(runs_dir: Path, repo: GitTool | None = None) -> RunLog:
    """A new run log in `runs_dir` (made if needed); exit 3 when it cannot be written.
    With `repo`, the repository the run works in, a runs folder inside it goes to its
    .git/info/exclude: the run's own files never show in the user's `git status`."""
    try:
        runs_dir.mkdir(parents=True, exist_ok=True)
        if repo is not None:
            repo.exclude_from_status(runs_dir)
        log = RunLog(runs_dir, new_run_id())
    except OSError as exc:
        raise UsageError(f"runs_dir: cannot write run logs to {runs_dir}: {exc.strerror or exc}") from None
    # The trace store follows the log as it is written (the dashboard reads it live).
    log.listeners.append(LiveIndexer(runs_dir / DB_NAME, log.run_id, log.path))
    return log


def run_trace(log: RunLog, on_message: Callable[[Envelope], None] | None = None) -> Trace:
    """The run's trace: its records go through the log (and so into the trace store), and
    every finished step is told to the dashboards of the runs folder (the engine's
    callback; devagent/dashboard/notify.py)."""
    from devagent.dashboard.notify import step_notifier
    from devagent.workflow import Trace

    return Trace(log.write, on_message=on_message, on_step=step_notifier(log.path.parent, log.run_id))


def record_on_the_way_out(log: RunLog, role: str, type_: str, data: dict[str, Any]) -> None:
    """A record on the way out: skipped once the log cannot be written (the run then ends
    with IO_ERROR, saying so), rather than failing the clean-up."""
    if log.error is None:
        with contextlib.suppress(LogWriteError):
            log.write(role, type_, data)


def record_internal_error(log: RunLog, exc: Exception) -> str:
    """A bug ended the run: its traceback goes to the log (unless the log itself failed:
    the run's finish reports that), and the one line for the user comes back."""
    trace = "".join(traceback.format_exception(exc))
    record_on_the_way_out(log, "Orchestrator", "internal_error", {"traceback": trace})
    first = str(exc).strip().split("\n", 1)[0]
    return f"internal error: {type(exc).__name__}: {first}"


class RunEnd(NamedTuple):
    """How a run ended, as `run_finished` records it and the user is told."""

    outcome: str
    exit_code: ExitCode
    detail: str


def finish_traced_log(log: RunLog, end: RunEnd, fields: dict[str, Any]) -> RunEnd:
    """Write `run_finished` (the run's end, then `fields`, then its model usage), close the
    log and the trace store's writer. Returns the end as it stands: when the log stopped
    (disk full) at the first record it could not write, the run ends with IO_ERROR saying
    so, whatever it had reached."""
    usage_total, by_role = model_usage(read_log(log.path))
    usage = {**usage_total.as_record(), "by_role": {role: u.as_record() for role, u in by_role.items()}}
    finished = {"outcome": end.outcome, "exit_code": int(end.exit_code), "detail": end.detail, **fields}
    record_on_the_way_out(log, "Orchestrator", "run_finished", {**finished, "model_usage": usage})
    log.close()
    for listener in log.listeners:
        if isinstance(listener, LiveIndexer):
            listener.close()
    if log.error is not None:
        return RunEnd("io_error", ExitCode.IO_ERROR, log.error.message)
    return end
