"""What a fix run's log (runs/<id>.jsonl) says, for the benchmark: pure reading, no run.

Records read: run_started (sandbox, test command, the project environment when the run
records one), baseline (the failing tests of the first test run), verdict (each test run's
judgement) and run_finished (outcome, exit code, branch, commits)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from bench.fidelity.compare import names_test
from devagent.runlog import LOG_SUFFIX

ENVIRONMENT_EXIT = 10  # devagent/errors.py ExitCode.ENVIRONMENT
ENVIRONMENT_OUTCOME = "environment_error"
# A fix committed and pushed; approved_needs_review (exit 11): Repair's fix the tests do not
# decide, labelled for review (issue 40).
FIXED_OUTCOMES = frozenset({"approved", "approved_needs_review", "needs_review"})


@dataclass
class RunSummary:
    run_id: str = ""
    sandbox: str = ""
    environment: Any = None  # run_started's record of the project environment, when it has one
    test_command: str = ""
    baseline_failing: list[str] = field(default_factory=list)
    baseline_found: bool = False
    verdicts: int = 0
    outcome: str = ""
    exit_code: int | None = None
    detail: str = ""
    branch: str | None = None
    commits: list[str] = field(default_factory=list)
    iterations: int | None = None
    log_seconds: float | None = None  # first record to run_finished

    @property
    def environment_error(self) -> bool:
        return self.outcome == ENVIRONMENT_OUTCOME or self.exit_code == ENVIRONMENT_EXIT

    @property
    def finished(self) -> bool:
        return self.exit_code is not None

    def names(self, test: str) -> bool:
        """Whether the baseline named `test` among its failures (a test function named
        without parameters covers each of its parametrized cases)."""
        return any(names_test(test, failing) for failing in self.baseline_failing)


def read_records(path: Path) -> list[dict[str, Any]]:
    """The complete JSON lines of a log; a torn or foreign line is skipped."""
    records: list[dict[str, Any]] = []
    with path.open("rb") as handle:
        for line in handle:
            try:
                record = json.loads(line.decode("utf-8"))
            except (UnicodeDecodeError, ValueError):
                continue
            if isinstance(record, dict):
                records.append(record)
    return records


def summarize(records: list[dict[str, Any]]) -> RunSummary:
    summary = RunSummary()
    first_ts: datetime | None = None
    for record in records:
        kind, data = record.get("type"), record.get("data")
        if not isinstance(data, dict):
            continue
        stamp = _timestamp(record.get("ts"))
        if first_ts is None and stamp is not None:
            first_ts = stamp
        if kind == "run_started":
            summary.run_id = str(data.get("run_id", ""))
            sandbox = data.get("sandbox")
            summary.sandbox = str(sandbox.get("kind", "")) if isinstance(sandbox, dict) else ""
            summary.environment = data.get("environment", data.get("python"))
            summary.test_command = str(data.get("test_command", ""))
        elif kind == "baseline" and not summary.baseline_found:
            summary.baseline_found = True
            failing = data.get("failing")
            summary.baseline_failing = [str(n) for n in failing] if isinstance(failing, list) else []
            broken = data.get("broken_files")
            if isinstance(broken, list):
                summary.baseline_failing += [f"{b} (collection error)" for b in broken]
        elif kind == "verdict":
            summary.verdicts += 1
        elif kind == "run_finished":
            summary.outcome = str(data.get("outcome", ""))
            code = data.get("exit_code")
            summary.exit_code = code if isinstance(code, int) else None
            summary.detail = str(data.get("detail", ""))
            branch = data.get("branch")
            summary.branch = branch if isinstance(branch, str) else None
            commits = data.get("commits")
            summary.commits = [str(c) for c in commits] if isinstance(commits, list) else []
            iterations = data.get("iterations")
            summary.iterations = iterations if isinstance(iterations, int) else None
            if first_ts is not None and stamp is not None:
                summary.log_seconds = round((stamp - first_ts).total_seconds(), 1)
    return summary


def newest_log(runs_dir: Path) -> Path | None:
    logs = sorted(runs_dir.glob(f"*{LOG_SUFFIX}"), key=lambda p: p.stat().st_mtime)
    return logs[-1] if logs else None


def _timestamp(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
