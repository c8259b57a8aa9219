"""The append-only run log: `runs/<run-id>.log.jsonl`, one JSON object per line.

Each line is written whole, fsynced before the run goes on, and never rewritten, so a
crash leaves every completed step readable. The lines form a hash chain: each record's
`hash` is `sha256(previous line's hash + canonical JSON of this record without "hash")`,
the first line chained to GENESIS_HASH, so an edited, removed, reordered or appended
line is found by `verify_log` (`dev-agent runs verify ID`). The chain has no secret: it
shows that a log is what dev-agent wrote, not who could have rewritten all of it.

While a run writes its log it holds an exclusive `flock` on it; the kernel drops it when
the process ends, however it ends, so `--resume` can tell a killed run from a live one."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from devagent.errors import LogWriteError
from devagent.secret_values import redact_data

LOG_SUFFIX = ".log.jsonl"
RECORD_KEYS = ("ts", "seq", "role", "type", "data", "hash")
# What the first line is chained to: fixed, so any log verifies on its own.
GENESIS_HASH = "0" * 64


def new_run_id() -> str:
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(2)


def duration_s(started: float) -> float:
    """Seconds since `started` (a time.perf_counter() reading), as the log records them."""
    return round(time.perf_counter() - started, 4)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def chain_hash(previous: str, record: dict[str, Any]) -> str:
    """The hash of `record` (without its "hash" key) chained to the previous line's hash.

    The canonical form is the record as read back from its line, with sorted keys, no
    spaces and ASCII escapes, so it does not depend on how the line was formatted."""
    body = {k: v for k, v in record.items() if k != "hash"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256((previous + canonical).encode("ascii")).hexdigest()


def _seal(record: dict[str, Any], previous: str) -> tuple[bytes, str, dict[str, Any]]:
    """The line to write for `record`, its chain hash, and the record as a reader parses it."""
    # Hash what a reader will parse: non-JSON values (paths...) become strings first.
    body = json.loads(json.dumps(record, ensure_ascii=False, default=str))
    digest = chain_hash(previous, body)
    sealed = {**body, "hash": digest}
    try:
        line = json.dumps(sealed, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (undecodable output): escape it
        line = json.dumps(sealed, ensure_ascii=True).encode("ascii")
    return line + b"\n", digest, sealed


class RunLog:
    """One run's log. A write that fails (disk full...) is cut back off the file and
    raises LogWriteError; every later write raises it again, so the log ends at its last
    whole line instead of carrying a gap."""

    def __init__(self, runs_dir: Path, run_id: str) -> None:
        runs_dir.mkdir(parents=True, exist_ok=True)
        self.run_id = run_id
        self.path = runs_dir / f"{run_id}{LOG_SUFFIX}"
        # O_EXCL: a run id is never reused, so an existing log is never appended to by mistake.
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | os.O_CLOEXEC
        self._fd: int | None = os.open(self.path, flags, 0o644)
        fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # "this run is alive"
        self._seq = 0
        self._hash = GENESIS_HASH
        self._size = 0
        self._lock = threading.Lock()  # agents write from worker threads
        self.error: LogWriteError | None = None
        # Called with each record once it is on disk, and the log's size (the trace store).
        self.listeners: list[Callable[[dict[str, Any], int], None]] = []

    def write(self, role: str, type_: str, data: dict[str, Any]) -> None:
        with self._lock:
            if self.error is not None:
                raise LogWriteError(self.error.message)
            if self._fd is None:
                raise LogWriteError(f"the run log {self.path} is closed")
            # A test may print a secret it found: no record keeps one (devagent/secret_values.py).
            data = redact_data(data)
            record = {"ts": _now(), "seq": self._seq + 1, "role": role, "type": type_, "data": data}
            line, digest, sealed = _seal(record, self._hash)
            try:
                _write_all(self._fd, line)
                os.fsync(self._fd)
            except OSError as exc:
                # Drop the partial line, so the log stays whole up to its last record
                # (if even that fails, verify_log reports the torn line).
                with contextlib.suppress(OSError):
                    os.ftruncate(self._fd, self._size)
                self.error = LogWriteError(f"cannot write the run log {self.path}: {exc.strerror or exc}")
                raise self.error from None
            self._seq += 1
            self._hash = digest
            self._size += len(line)
            for listener in self.listeners:
                listener(sealed, self._size)

    def fail(self, message: str) -> LogWriteError:
        """Stop the log after a failed write beside it (the PR record, on the same disk):
        the run ends as if the log itself could not be written."""
        with self._lock:
            self.error = self.error or LogWriteError(message)
            return self.error

    def close(self) -> None:
        with self._lock:
            if self._fd is not None:
                os.close(self._fd)  # also releases the flock
                self._fd = None


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def lock_log(path: Path) -> int | None:
    """Take the exclusive lock on a finished or killed run's log; None while a live
    process (the run itself, or another resume of it) holds it. Close the fd to release."""
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    return fd


def read_log(path: Path) -> list[dict[str, Any]]:
    """All complete lines of a log, for display; a torn last line (crash mid-write) is
    skipped. `verify_log` checks the chain."""
    records: list[dict[str, Any]] = []
    with path.open("rb") as handle:  # bytes: a crash may tear a multi-byte character
        for line in handle:
            try:
                records.append(json.loads(line.decode("utf-8")))
            except (UnicodeDecodeError, json.JSONDecodeError):
                continue
    return records


@dataclass(frozen=True)
class LogCheck:
    """What `verify_log` found: the intact records, and the first broken line if any."""

    path: Path
    records: list[dict[str, Any]]  # the lines before the first broken one
    broken_line: int | None = None  # 1-based
    reason: str = ""
    torn: bool = False  # the broken line is an incomplete last line: a writer killed mid-line

    @property
    def intact(self) -> bool:
        return self.broken_line is None

    @property
    def finished(self) -> bool:
        return bool(self.records) and self.records[-1].get("type") == "run_finished"

    def describe(self) -> str:
        if self.broken_line is None:
            return f"intact ({len(self.records)} lines)"
        return f"broken at line {self.broken_line}: {self.reason}"


def verify_log(path: Path) -> LogCheck:
    """Check every line: whole, a run log record, `seq` counting up from 1, and its hash
    chained to the line before. Stops at the first broken line."""
    chunks = path.read_bytes().split(b"\n")
    last = len(chunks)  # after a final newline the last chunk is empty
    records: list[dict[str, Any]] = []
    previous = GENESIS_HASH

    def broken(lineno: int, reason: str, torn: bool = False) -> LogCheck:
        return LogCheck(path, records, lineno, reason, torn)

    for lineno, chunk in enumerate(chunks, start=1):
        if lineno == last:
            if not chunk:
                break
            return broken(lineno, "torn: the last line is incomplete (the writer stopped mid-line)", True)
        try:
            record = json.loads(chunk.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            return broken(lineno, "unparsable: not a JSON line")
        if not isinstance(record, dict) or set(record) != set(RECORD_KEYS):
            keys = ", ".join(record) if isinstance(record, dict) else type(record).__name__
            return broken(lineno, f"not a run log record (keys: {keys})")
        if record["seq"] != lineno:
            return broken(
                lineno, f"seq gap: seq is {record['seq']}, expected {lineno} (a line removed, added or moved)"
            )
        if record["hash"] != chain_hash(previous, record):
            return broken(lineno, "hash mismatch: the line, or the chain before it, was changed")
        previous = record["hash"]
        records.append(record)
    return LogCheck(path, records)


@dataclass
class ModelUsage:
    """Tokens and model time summed over a run's model calls (re-prompts included)."""

    calls: int = 0
    prompt_tokens: int = 0
    cached_prompt_tokens: int = 0  # of prompt_tokens, served from a cache
    completion_tokens: int = 0
    latency_s: float = 0.0

    def add(self, call: dict[str, Any]) -> None:
        self.calls += 1
        self.prompt_tokens += int(call.get("prompt_tokens") or 0)
        self.cached_prompt_tokens += int(call.get("cached_prompt_tokens") or 0)
        self.completion_tokens += int(call.get("completion_tokens") or 0)
        self.latency_s += float(call.get("latency_s") or 0.0)

    def as_record(self) -> dict[str, Any]:
        return {
            "calls": self.calls,
            "prompt_tokens": self.prompt_tokens,
            "cached_prompt_tokens": self.cached_prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "latency_s": round(self.latency_s, 3),
        }


def model_usage(records: list[dict[str, Any]]) -> tuple[ModelUsage, dict[str, ModelUsage]]:
    """The run's total and the total per role."""
    total, by_role = ModelUsage(), dict[str, ModelUsage]()
    for record in records:
        if record.get("type") == "model_call":
            call = record.get("data", {})
            total.add(call)
            by_role.setdefault(str(call.get("role", record.get("role"))), ModelUsage()).add(call)
    return total, by_role


@dataclass(frozen=True)
class RunSummary:
    run_id: str
    started: str
    phase: str
    outcome: str
    iterations: int
    branch: str
    path: Path
    usage: ModelUsage


def summarize(path: Path) -> RunSummary:
    records = read_log(path)
    started = next((r for r in records if r.get("type") == "run_started"), {})
    finished = next((r for r in reversed(records) if r.get("type") == "run_finished"), None)
    start_data = started.get("data", {})
    end_data = finished.get("data", {}) if finished else {}
    return RunSummary(
        run_id=path.name.removesuffix(LOG_SUFFIX),
        started=str(started.get("ts", "")),
        phase=str(start_data.get("phase_title", "")),
        outcome=str(end_data.get("outcome", "running or interrupted")),
        iterations=int(end_data.get("iterations", 0)),
        # A branch without commits is deleted at the end; the finish record says so.
        branch=str((end_data.get("branch") if finished else start_data.get("branch")) or ""),
        path=path,
        usage=model_usage(records)[0],
    )


def list_runs(runs_dir: Path) -> list[RunSummary]:
    if not runs_dir.is_dir():
        return []
    return [summarize(p) for p in sorted(runs_dir.glob(f"*{LOG_SUFFIX}"))]


def find_run(runs_dir: Path, run_id: str) -> Path | None:
    exact = runs_dir / f"{run_id}{LOG_SUFFIX}"
    if exact.is_file():
        return exact
    matches = sorted(runs_dir.glob(f"{run_id}*{LOG_SUFFIX}")) if runs_dir.is_dir() else []
    return matches[0] if len(matches) == 1 else None
