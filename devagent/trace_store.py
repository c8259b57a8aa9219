"""The SQLite trace store (`runs/traces.sqlite3`, WAL mode): the run logs as tables for
review, filtering and the dashboard.

The append-only JSONL logs stay the source of truth. The store is a projection of them:
every record goes through `index_record`, live as a run writes it and again when
`runs reindex` rebuilds the database from the logs, so both paths give the same rows. A
store that cannot be written never stops a run; `sync` re-reads any log the database is
behind on."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterable, Iterator
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from devagent.run_status import status_of
from devagent.runlog import LOG_SUFFIX, lock_log, read_log

DB_NAME = "traces.sqlite3"
# A store of another version is rebuilt from the logs (a projection loses nothing).
SCHEMA_VERSION = "2"
TABLES = (
    "workflow_runs",
    "step_executions",
    "spec_results",
    "context_snapshots",
    "agent_traces",
    "extracted_items",
    "app_settings",
)
# Log records that are an agent's action besides its model calls (seed 003's
# agent_traces: "LLM calls, file ops"): commands run and files written or committed.
# (A message whose envelope type is "patch" is a message, not a file operation.)
TOOL_CALLS = frozenset({"tool_call", "command_rejected", "pull_request", "push"})
FILE_OPS = frozenset({"patch", "patch_refused", "edits_refused", "tests_first", "commit", "commit_skipped"})

SCHEMA = """
CREATE TABLE IF NOT EXISTS workflow_runs (
    run_id TEXT PRIMARY KEY,
    workflow TEXT NOT NULL DEFAULT '',  -- the manifest's name
    plugin TEXT NOT NULL DEFAULT '',    -- its workflow plug-in: fix | spec | debate | plan | ...
    status TEXT NOT NULL,               -- the workflow's own word (devagent/run_status.py)
    outcome TEXT,
    exit_code INTEGER,
    detail TEXT,
    started_at TEXT,
    finished_at TEXT,
    phase TEXT,
    repo TEXT,
    branch TEXT,
    iterations INTEGER NOT NULL DEFAULT 0,
    prompt_tokens INTEGER NOT NULL DEFAULT 0,
    completion_tokens INTEGER NOT NULL DEFAULT 0,
    log_path TEXT,
    log_bytes INTEGER NOT NULL DEFAULT 0     -- how much of the log is indexed
);
CREATE TABLE IF NOT EXISTS step_executions (
    id INTEGER PRIMARY KEY,
    run_id TEXT NOT NULL REFERENCES workflow_runs(run_id) ON DELETE CASCADE,
    execution INTEGER NOT NULL,
    step TEXT NOT NULL,
    attempt INTEGER NOT NULL,
    status TEXT NOT NULL,               -- ok | skipped | retry | failed | halted | loop_detected
    agents TEXT NOT NULL,               -- JSON list
    iteration INTEGER,
    started_at TEXT,
    duration_ms REAL,
    agent_ms REAL,
    fingerprint TEXT,
    event TEXT,
    output TEXT,                        -- the step's message (JSON), diff excluded
    diff TEXT,
    route_to TEXT,
    outcome TEXT,
    UNIQUE (run_id, execution)
);
CREATE TABLE IF NOT EXISTS spec_results (
    id INTEGER PRIMARY KEY,
    step_execution_id INTEGER NOT NULL REFERENCES step_executions(id) ON DELETE CASCADE,
    spec TEXT NOT NULL,
    kind TEXT NOT NULL,                 -- invariant | pre | post
    passed INTEGER NOT NULL,
    detail TEXT
);
CREATE TABLE IF NOT EXISTS context_snapshots (
    id INTEGER PRIMARY KEY,
    step_execution_id INTEGER NOT NULL REFERENCES step_executions(id) ON DELETE CASCADE,
    moment TEXT NOT NULL CHECK (moment IN ('before', 'after')),
    data TEXT NOT NULL                  -- JSON
);
CREATE TABLE IF NOT EXISTS agent_traces (
    id INTEGER PRIMARY KEY,
    run_id TEXT NOT NULL REFERENCES workflow_runs(run_id) ON DELETE CASCADE,
    -- the step execution the action belongs to: set when that step's record arrives
    -- (actions are logged during the step, its record at its end); NULL outside a step
    step_execution_id INTEGER REFERENCES step_executions(id) ON DELETE CASCADE,
    execution INTEGER,                  -- the step execution number a model call names
    seq INTEGER NOT NULL,               -- the log line
    ts TEXT,
    kind TEXT NOT NULL DEFAULT 'model_call',  -- model_call | tool_call | file_op
    action TEXT,                        -- the log record's type (model_call, tool_call, patch, commit...)
    detail TEXT,                        -- JSON: the command, the files, the refusal...
    role TEXT,
    backend TEXT,
    attempt INTEGER,
    iteration INTEGER,
    prompt_tokens INTEGER,
    completion_tokens INTEGER,
    cached_prompt_tokens INTEGER,
    latency_s REAL,
    valid INTEGER,
    error TEXT
);
CREATE TABLE IF NOT EXISTS extracted_items (
    id INTEGER PRIMARY KEY,
    run_id TEXT NOT NULL REFERENCES workflow_runs(run_id) ON DELETE CASCADE,
    kind TEXT NOT NULL,                 -- patch | commit | pull_request | spec | plan
    name TEXT NOT NULL,
    content TEXT NOT NULL,
    created_at TEXT
);
CREATE TABLE IF NOT EXISTS app_settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS steps_by_run ON step_executions (run_id, execution);
CREATE INDEX IF NOT EXISTS specs_by_step ON spec_results (step_execution_id);
CREATE INDEX IF NOT EXISTS snapshots_by_step ON context_snapshots (step_execution_id);
CREATE INDEX IF NOT EXISTS traces_by_run ON agent_traces (run_id, execution);
CREATE INDEX IF NOT EXISTS traces_by_step ON agent_traces (step_execution_id);
CREATE INDEX IF NOT EXISTS items_by_run ON extracted_items (run_id);
"""


def connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=10, check_same_thread=False, isolation_level=None)
    db.row_factory = sqlite3.Row
    # WAL: the dashboard reads while a run writes. NORMAL: a commit does not fsync; the
    # JSONL log is what must survive a crash, and the store can be rebuilt from it.
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA foreign_keys=ON")
    if _stored_version(db) not in (None, SCHEMA_VERSION):
        with transaction(db):  # an older store: emptied here, refilled by the next sync
            for table in TABLES:
                db.execute(f"DROP TABLE IF EXISTS {table}")
    db.executescript(SCHEMA)
    db.execute(
        "INSERT OR IGNORE INTO app_settings (key, value) VALUES ('schema_version', ?)", (SCHEMA_VERSION,)
    )
    return db


def _stored_version(db: sqlite3.Connection) -> str | None:
    try:
        row = db.execute("SELECT value FROM app_settings WHERE key = 'schema_version'").fetchone()
    except sqlite3.OperationalError:  # a new store: no tables yet
        return None
    return str(row[0]) if row else None


@contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[None]:
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def index_record(db: sqlite3.Connection, run_id: str, record: dict[str, Any]) -> None:
    """Project one log record into the tables (no transaction of its own)."""
    kind, data, ts = record.get("type"), record.get("data") or {}, record.get("ts")
    if kind == "run_started":
        workflow = str(data.get("workflow", ""))
        db.execute(
            "INSERT OR REPLACE INTO workflow_runs (run_id, workflow, plugin, status, started_at, phase, repo,"
            " branch) VALUES (?, ?, ?, 'in_progress', ?, ?, ?, ?)",
            (
                run_id,
                workflow,
                data.get("plugin") or plugin_of(workflow),
                ts,
                data.get("phase_title"),
                data.get("repo"),
                data.get("branch"),
            ),
        )
        if isinstance(data.get("settings"), dict):  # the run's effective configuration
            set_setting(db, f"run:{run_id}:config", json.dumps(data["settings"], ensure_ascii=False))
    elif kind == "step":
        step_id = _index_step(db, run_id, data)
        # The actions logged since the last step record were this step's.
        db.execute(
            "UPDATE agent_traces SET step_execution_id = ? WHERE run_id = ? AND step_execution_id IS NULL"
            " AND seq < ?",
            (step_id, run_id, record.get("seq")),
        )
    elif kind == "route":
        db.execute(
            "UPDATE step_executions SET route_to = ?, outcome = ? WHERE id = (SELECT id FROM step_executions"
            " WHERE run_id = ? AND step = ? ORDER BY execution DESC LIMIT 1)",
            (data.get("to"), data.get("outcome"), run_id, data.get("from")),
        )
    elif kind == "model_call":
        _index_model_call(db, run_id, record)
    elif (kind in TOOL_CALLS or kind in FILE_OPS) and "metadata" not in data:  # not a message
        _index_action(db, run_id, record, "tool_call" if kind in TOOL_CALLS else "file_op")
    elif kind == "extracted_item":
        db.execute(
            "INSERT INTO extracted_items (run_id, kind, name, content, created_at) VALUES (?, ?, ?, ?, ?)",
            (run_id, data.get("kind", ""), data.get("name", ""), data.get("content", ""), ts),
        )
    elif kind == "run_finished":
        usage = data.get("model_usage") or {}
        outcome = data.get("outcome")
        row = db.execute("SELECT plugin FROM workflow_runs WHERE run_id = ?", (run_id,)).fetchone()
        db.execute(
            "UPDATE workflow_runs SET status = ?, outcome = ?, exit_code = ?, detail = ?, finished_at = ?,"
            " iterations = ?, prompt_tokens = ?, completion_tokens = ?, branch = ? WHERE run_id = ?",
            (
                status_of(outcome, row["plugin"] if row else None).word,
                outcome,
                data.get("exit_code"),
                data.get("detail"),
                ts,
                data.get("iterations", 0),
                usage.get("prompt_tokens", 0),
                usage.get("completion_tokens", 0),
                data.get("branch"),
                run_id,
            ),
        )


def plugin_of(workflow: str) -> str:
    """The plug-in of a bundled manifest, for logs from before run_started named it."""
    return "fix" if workflow.startswith("fix") else workflow


def _index_step(db: sqlite3.Connection, run_id: str, data: dict[str, Any]) -> int:
    output = dict(data.get("output") or {})
    diff = output.pop("diff", None)
    after, before = data.get("after"), data.get("before") or {}
    iteration = (after or before).get("iteration")
    cursor = db.execute(
        "INSERT OR REPLACE INTO step_executions (run_id, execution, step, attempt, status, agents, iteration,"
        " started_at, duration_ms, agent_ms, fingerprint, event, output, diff)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            run_id,
            data.get("execution"),
            data.get("step"),
            data.get("attempt"),
            data.get("status"),
            json.dumps(data.get("agents", [])),
            iteration if isinstance(iteration, int) else None,
            data.get("started_at"),
            data.get("duration_ms"),
            data.get("agent_ms"),
            data.get("fingerprint"),
            (output.get("metadata") or {}).get("event"),
            json.dumps(output, ensure_ascii=False) if output else None,
            diff,
        ),
    )
    step_id = cursor.lastrowid
    db.executemany(
        "INSERT INTO spec_results (step_execution_id, spec, kind, passed, detail) VALUES (?, ?, ?, ?, ?)",
        [
            (step_id, r.get("spec"), r.get("kind"), int(bool(r.get("passed"))), r.get("detail"))
            for r in data.get("specs", [])
        ],
    )
    snapshots = [("before", before)] + ([("after", after)] if after is not None else [])
    db.executemany(
        "INSERT INTO context_snapshots (step_execution_id, moment, data) VALUES (?, ?, ?)",
        [(step_id, moment, json.dumps(snap, ensure_ascii=False)) for moment, snap in snapshots],
    )
    return int(step_id or 0)


def _index_action(db: sqlite3.Connection, run_id: str, record: dict[str, Any], kind: str) -> None:
    """A command run or a file written: an agent trace of its step, with the record's data."""
    data = record.get("data") or {}
    error = data.get("reason") if record.get("type") in ("patch_refused", "edits_refused") else None
    db.execute(
        "INSERT INTO agent_traces (run_id, seq, ts, kind, action, detail, role, valid, error)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            run_id,
            record.get("seq"),
            record.get("ts"),
            kind,
            record.get("type"),
            json.dumps(data, ensure_ascii=False),
            record.get("role"),
            int(error is None and record.get("type") != "command_rejected"),
            error,
        ),
    )


def _index_model_call(db: sqlite3.Connection, run_id: str, record: dict[str, Any]) -> None:
    call = record.get("data") or {}
    db.execute(
        "INSERT INTO agent_traces (run_id, execution, seq, ts, kind, action, role, backend, attempt,"
        " iteration, prompt_tokens, completion_tokens, cached_prompt_tokens, latency_s, valid, error)"
        " VALUES (?, ?, ?, ?, 'model_call', 'model_call', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            run_id,
            call.get("execution"),
            record.get("seq"),
            record.get("ts"),
            call.get("role", record.get("role")),
            call.get("backend"),
            call.get("attempt"),
            call.get("iteration"),
            call.get("prompt_tokens"),
            call.get("completion_tokens"),
            call.get("cached_prompt_tokens"),
            call.get("latency_s"),
            int(bool(call.get("valid"))),
            call.get("error"),
        ),
    )


class LiveIndexer:
    """Indexes a run's records as its log writes them. A failure (database locked too
    long, disk full) turns the indexer off for the run: the log is what matters, and the
    next `sync` catches the store up."""

    def __init__(self, db_path: Path, run_id: str, log_path: Path) -> None:
        self._run_id = run_id
        self._log_path = log_path
        self._lock = threading.Lock()
        self.error: str | None = None
        try:
            self._db: sqlite3.Connection | None = connect(db_path)
        except sqlite3.Error as exc:
            self._db, self.error = None, str(exc)

    def __call__(self, record: dict[str, Any], log_bytes: int) -> None:
        with self._lock:
            if self._db is None:
                return
            try:
                with transaction(self._db):
                    index_record(self._db, self._run_id, record)
                    self._db.execute(
                        "UPDATE workflow_runs SET log_path = ?, log_bytes = ? WHERE run_id = ?",
                        (str(self._log_path), log_bytes, self._run_id),
                    )
            except sqlite3.Error as exc:
                self.error = str(exc)
                self.close()

    def close(self) -> None:
        if self._db is not None:
            with suppress(sqlite3.Error):
                self._db.close()
            self._db = None


def index_log(db: sqlite3.Connection, path: Path) -> None:
    """(Re)index one run's log from scratch, in one transaction."""
    run_id = path.name.removesuffix(LOG_SUFFIX)
    size = path.stat().st_size
    records = read_log(path)
    with transaction(db):
        db.execute("DELETE FROM workflow_runs WHERE run_id = ?", (run_id,))
        for record in records:
            index_record(db, run_id, record)
        if not any(r.get("type") == "run_started" for r in records):
            return  # not a run log we can describe
        finished = any(r.get("type") == "run_finished" for r in records)
        db.execute(
            "UPDATE workflow_runs SET log_path = ?, log_bytes = ?, status = CASE WHEN ? THEN status"
            " WHEN ? THEN 'in_progress' ELSE 'failed' END, outcome = COALESCE(outcome, CASE WHEN ? THEN NULL"
            " ELSE 'killed' END) WHERE run_id = ?",
            (str(path), size, finished, _is_live(path), finished or _is_live(path), run_id),
        )


def _is_live(path: Path) -> bool:
    """A run still writing its log holds its lock (see runlog)."""
    fd = lock_log(path)
    if fd is None:
        return True
    os.close(fd)
    return False


def reindex(runs_dir: Path) -> tuple[Path, int]:
    """Rebuild the database from every log in `runs_dir`; returns its path and the runs."""
    db_path = runs_dir / DB_NAME
    for suffix in ("", "-wal", "-shm"):
        with suppress(FileNotFoundError):
            (runs_dir / f"{DB_NAME}{suffix}").unlink()
    logs = sorted(runs_dir.glob(f"*{LOG_SUFFIX}"))
    with closing(connect(db_path)) as db:
        for path in logs:
            index_log(db, path)
        return db_path, _count(db)


def sync(runs_dir: Path) -> Path:
    """Index every log the database is behind on (new, grown, or indexed while live)."""
    db_path = runs_dir / DB_NAME
    with closing(connect(db_path)) as db:
        known = {
            row["run_id"]: (row["log_bytes"], row["status"])
            for row in db.execute("SELECT run_id, log_bytes, status FROM workflow_runs")
        }
        for path in sorted(runs_dir.glob(f"*{LOG_SUFFIX}")):
            run_id = path.name.removesuffix(LOG_SUFFIX)
            size, status = known.get(run_id, (-1, ""))
            # A run indexed as in progress may have been killed since: look again.
            if size != path.stat().st_size or (status == "in_progress" and not _is_live(path)):
                index_log(db, path)
    return db_path


def _count(db: sqlite3.Connection) -> int:
    return int(db.execute("SELECT COUNT(*) FROM workflow_runs").fetchone()[0])


# --- Queries (CLI and dashboard) --------------------------------------------------------


@dataclass(frozen=True)
class RunFilter:
    status: str | None = None
    workflow: str | None = None
    since: str | None = None  # ISO date or timestamp, inclusive
    until: str | None = None  # ISO date or timestamp; a date includes its whole day


def query_runs(db: sqlite3.Connection, where: RunFilter | None = None) -> list[sqlite3.Row]:
    where = where or RunFilter()
    clauses, params = [], []
    if where.status:
        clauses.append("status = ?")
        params.append(where.status)
    if where.workflow:
        clauses.append("workflow = ?")
        params.append(where.workflow)
    if where.since:
        clauses.append("started_at >= ?")
        params.append(where.since)
    if where.until:
        clauses.append("started_at <= ?")
        params.append(where.until + ("T23:59:59.999Z" if len(where.until) == 10 else ""))
    sql = "SELECT * FROM workflow_runs"
    if clauses:
        sql += " WHERE " + " AND ".join(clauses)
    return list(db.execute(sql + " ORDER BY started_at, run_id", params))


def query_steps(db: sqlite3.Connection, run_id: str) -> list[dict[str, Any]]:
    """The run's step executions in order, each with its spec results."""
    steps = [
        dict(row)
        for row in db.execute("SELECT * FROM step_executions WHERE run_id = ? ORDER BY execution", (run_id,))
    ]
    specs: dict[int, list[dict[str, Any]]] = {}
    for row in db.execute(
        "SELECT r.* FROM spec_results r JOIN step_executions s ON s.id = r.step_execution_id"
        " WHERE s.run_id = ? ORDER BY r.id",
        (run_id,),
    ):
        specs.setdefault(row["step_execution_id"], []).append(dict(row))
    for step in steps:
        step["specs"] = specs.get(step["id"], [])
    return steps


def query_items(db: sqlite3.Connection, run_id: str) -> list[sqlite3.Row]:
    return list(db.execute("SELECT * FROM extracted_items WHERE run_id = ? ORDER BY id", (run_id,)))


def query_traces(db: sqlite3.Connection, run_id: str) -> list[sqlite3.Row]:
    return list(db.execute("SELECT * FROM agent_traces WHERE run_id = ? ORDER BY seq", (run_id,)))


def get_setting(db: sqlite3.Connection, key: str, default: str) -> str:
    row = db.execute("SELECT value FROM app_settings WHERE key = ?", (key,)).fetchone()
    return str(row["value"]) if row else default


def set_setting(db: sqlite3.Connection, key: str, value: str) -> None:
    db.execute("INSERT OR REPLACE INTO app_settings (key, value) VALUES (?, ?)", (key, value))


def table_names(db: sqlite3.Connection) -> Iterable[str]:
    return [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
