"""The append-only run log (devagent/runlog.py): whole lines, exclusive files, torn
tails, summaries and finding a run by id prefix."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from devagent.runlog import LOG_SUFFIX, RunLog, find_run, list_runs, new_run_id, read_log, summarize


def write_run(runs: Path, run_id: str, *, finished: bool = True, branch: str = "dev-agent/fix-x-1") -> Path:
    log = RunLog(runs, run_id)
    log.write("Orchestrator", "run_started", {"phase_title": f"Phase {run_id}", "branch": branch})
    log.write("ShellTool", "output", {"content": "1 failed"})
    if finished:
        log.write("Orchestrator", "run_finished", {"outcome": "approved", "iterations": 2, "branch": branch})
    log.close()
    return log.path


def test_new_run_id_format() -> None:
    run_id = new_run_id()
    assert re.fullmatch(r"\d{8}-\d{6}-[0-9a-f]{4}", run_id)


def test_lines_are_appended_whole_with_increasing_seq(tmp_path: Path) -> None:
    log = RunLog(tmp_path / "runs", "run-1")
    assert log.path == tmp_path / "runs" / f"run-1{LOG_SUFFIX}"
    payloads = [{"n": i, "text": "naïve ✓\nsecond line", "path": Path("/x")} for i in range(5)]
    for i, data in enumerate(payloads):
        log.write("DevAgent", "patch", data)
        # Flushed before write() returns: the line is on disk, whole, right away.
        lines = log.path.read_text(encoding="utf-8").splitlines()
        assert len(lines) == i + 1
        assert json.loads(lines[-1])["seq"] == i + 1
    log.close()
    log.close()  # closing twice is harmless
    raw = log.path.read_text(encoding="utf-8")
    assert raw.endswith("\n")
    records = [json.loads(line) for line in raw.splitlines()]
    assert [r["seq"] for r in records] == [1, 2, 3, 4, 5]
    for record in records:
        assert set(record) == {"ts", "seq", "role", "type", "data"}
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", record["ts"])
        assert record["data"]["text"] == "naïve ✓\nsecond line"  # newlines escaped inside one line
        assert record["data"]["path"] == "/x"  # non-JSON values are written as strings
    assert "naïve ✓" in raw  # ensure_ascii=False: readable in an editor
    assert read_log(log.path) == records


def test_log_file_is_opened_exclusively(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    first = RunLog(runs, "same-id")
    first.write("Orchestrator", "run_started", {})
    with pytest.raises(FileExistsError):
        RunLog(runs, "same-id")
    first.write("Orchestrator", "run_finished", {})
    first.close()
    assert [r["seq"] for r in read_log(first.path)] == [1, 2]  # the first log is untouched
    with pytest.raises(FileExistsError):
        RunLog(runs, "same-id")


def test_read_log_skips_a_torn_final_line(tmp_path: Path) -> None:
    path = write_run(tmp_path, "torn")
    complete = read_log(path)
    with path.open("a", encoding="utf-8") as handle:
        handle.write('{"ts": "2025-01-01T00:00:00.000Z", "seq": 4, "role": "DevA')
    assert read_log(path) == complete
    assert len(complete) == 3


def test_read_log_skips_a_line_torn_inside_a_multibyte_character(tmp_path: Path) -> None:
    path = write_run(tmp_path, "torn-utf8")
    complete = read_log(path)
    torn = '{"ts": "2025-01-01T00:00:00.000Z", "seq": 4, "data": "café'.encode()[:-1]
    with path.open("ab") as handle:
        handle.write(torn)
    assert read_log(path) == complete


def test_summarize_a_finished_run(tmp_path: Path) -> None:
    path = write_run(tmp_path, "20250101-120000-abcd")
    summary = summarize(path)
    assert summary.run_id == "20250101-120000-abcd"
    assert summary.phase == "Phase 20250101-120000-abcd"
    assert summary.outcome == "approved"
    assert summary.iterations == 2
    assert summary.branch == "dev-agent/fix-x-1"
    assert summary.path == path
    assert summary.started == read_log(path)[0]["ts"]


def test_summarize_an_interrupted_run(tmp_path: Path) -> None:
    path = write_run(tmp_path, "interrupted", finished=False, branch="dev-agent/fix-y-3")
    summary = summarize(path)
    assert summary.outcome == "running or interrupted"
    assert summary.iterations == 0
    assert summary.branch == "dev-agent/fix-y-3"


def test_summarize_a_finished_run_whose_branch_was_deleted(tmp_path: Path) -> None:
    log = RunLog(tmp_path, "nothing")
    log.write("Orchestrator", "run_started", {"phase_title": "T", "branch": "dev-agent/fix-t-1"})
    log.write("Orchestrator", "run_finished", {"outcome": "nothing_to_do", "iterations": 0, "branch": None})
    log.close()
    assert summarize(log.path).branch == ""


def test_list_runs(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    assert list_runs(runs) == []
    for run_id in ("20250102-000000-bbbb", "20250101-000000-aaaa"):
        write_run(runs, run_id)
    (runs / "notes.txt").write_text("not a log")
    assert [s.run_id for s in list_runs(runs)] == ["20250101-000000-aaaa", "20250102-000000-bbbb"]


def test_find_run_by_id_or_unique_prefix(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    a = write_run(runs, "20250101-000000-aaaa")
    b = write_run(runs, "20250101-000000-aabb")
    c = write_run(runs, "20250102-000000-cccc")
    assert find_run(runs, "20250101-000000-aaaa") == a
    assert find_run(runs, "20250101-000000-aab") == b
    assert find_run(runs, "20250102") == c
    assert find_run(runs, "20250101-000000-aa") is None  # ambiguous
    assert find_run(runs, "20250101") is None  # ambiguous
    assert find_run(runs, "2026") is None  # no match
    assert find_run(tmp_path / "no-runs-here", "2025") is None


def test_exact_id_wins_over_longer_ids_sharing_the_prefix(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    short = write_run(runs, "run")
    write_run(runs, "run-2")
    assert find_run(runs, "run") == short
