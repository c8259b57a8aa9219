"""The append-only run log: `runs/<run-id>.log.jsonl`, one JSON object per line.

Each line is written whole, flushed and fsynced before the run goes on, and never
rewritten, so a crash leaves every completed step readable."""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

LOG_SUFFIX = ".log.jsonl"


def new_run_id() -> str:
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(2)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class RunLog:
    def __init__(self, runs_dir: Path, run_id: str) -> None:
        runs_dir.mkdir(parents=True, exist_ok=True)
        self.run_id = run_id
        self.path = runs_dir / f"{run_id}{LOG_SUFFIX}"
        # "x": a run id is never reused, so an existing log is never appended to by mistake.
        self._file: TextIO = self.path.open("x", encoding="utf-8")
        self._seq = 0

    def write(self, role: str, type_: str, data: dict[str, Any]) -> None:
        self._seq += 1
        record = {"ts": _now(), "seq": self._seq, "role": role, "type": type_, "data": data}
        self._file.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()


def read_log(path: Path) -> list[dict[str, Any]]:
    """All complete lines of a log; a torn last line (crash mid-write) is skipped."""
    records: list[dict[str, Any]] = []
    with path.open("rb") as handle:  # bytes: a crash may tear a multi-byte character
        for line in handle:
            try:
                records.append(json.loads(line.decode("utf-8")))
            except (UnicodeDecodeError, json.JSONDecodeError):
                continue
    return records


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
