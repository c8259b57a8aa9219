"""The run log as every workflow's run set-up opens and closes it: a new hash-chained log
in the runs folder with the trace store following it live, records written on the way
out that never fail the clean-up, and a last `run_finished` record carrying the run's
model usage."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from devagent.errors import LogWriteError, UsageError
from devagent.runlog import RunLog, model_usage, new_run_id, read_log
from devagent.trace_store import DB_NAME, LiveIndexer


def open_traced_log(runs_dir: Path) -> RunLog:
    """A new run log in `runs_dir` (made if needed); exit 3 when it cannot be written."""
    try:
        runs_dir.mkdir(parents=True, exist_ok=True)
        log = RunLog(runs_dir, new_run_id())
    except OSError as exc:
        raise UsageError(f"runs_dir: cannot write run logs to {runs_dir}: {exc.strerror or exc}") from None
    # The trace store follows the log as it is written (the dashboard reads it live).
    log.listeners.append(LiveIndexer(runs_dir / DB_NAME, log.run_id, log.path))
    return log


def record_on_the_way_out(log: RunLog, role: str, type_: str, data: dict[str, Any]) -> None:
    """A record on the way out: skipped once the log cannot be written (the run then ends
    with IO_ERROR, saying so), rather than failing the clean-up."""
    if log.error is None:
        with contextlib.suppress(LogWriteError):
            log.write(role, type_, data)


def finish_traced_log(log: RunLog, finished: dict[str, Any]) -> LogWriteError | None:
    """Write `run_finished` (with the run's model usage), close the log and the trace
    store's writer; the error that stopped the log (disk full), if any."""
    usage_total, by_role = model_usage(read_log(log.path))
    usage = {**usage_total.as_record(), "by_role": {role: u.as_record() for role, u in by_role.items()}}
    record_on_the_way_out(log, "Orchestrator", "run_finished", {**finished, "model_usage": usage})
    log.close()
    for listener in log.listeners:
        if isinstance(listener, LiveIndexer):
            listener.close()
    return log.error
