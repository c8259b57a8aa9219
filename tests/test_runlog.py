"""The append-only run log (devagent/runlog.py): whole lines, exclusive files, torn
tails, the hash chain and what `verify_log` / `runs verify` find when a log was edited,
cut, reordered or extended, failed writes, summaries and finding a run by id prefix."""

from __future__ import annotations

import errno
import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from devagent import runlog
from devagent.cli import main
from devagent.errors import LogWriteError
from devagent.runlog import (
    GENESIS_HASH,
    LOG_SUFFIX,
    RunLog,
    chain_hash,
    find_run,
    list_runs,
    lock_log,
    new_run_id,
    read_log,
    summarize,
    verify_log,
)


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
        assert set(record) == {"ts", "seq", "role", "type", "data", "hash"}
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


# --------------------------------------------------------------------------- hash chain


def long_run(runs: Path, run_id: str = "20250101-000000-abcd", lines: int = 6) -> Path:
    """A finished log of `lines` records with varied data (unicode, nesting, numbers)."""
    log = RunLog(runs, run_id)
    log.write(
        "Orchestrator", "run_started", {"phase_title": "Fix mean()", "branch": "b", "n": [1, 2.5, None]}
    )
    for i in range(lines - 2):
        log.write("DevAgent", "patch", {"content": f"try {i}: naïve ✓", "metadata": {"iteration": i}})
    log.write("Orchestrator", "run_finished", {"outcome": "approved", "exit_code": 0})
    log.close()
    return log.path


def lines_of(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


def test_each_line_is_chained_to_the_previous_one(tmp_path: Path) -> None:
    path = long_run(tmp_path)
    records = read_log(path)
    previous = GENESIS_HASH
    for record in records:
        assert re.fullmatch(r"[0-9a-f]{64}", record["hash"])
        assert record["hash"] == chain_hash(previous, record)
        previous = record["hash"]
    assert len({r["hash"] for r in records}) == len(records)
    check = verify_log(path)
    assert check.intact and check.finished and check.records == records
    assert check.describe() == "intact (6 lines)"


def test_the_hash_does_not_depend_on_key_order_or_spacing(tmp_path: Path) -> None:
    path = long_run(tmp_path, lines=3)
    reordered = [dict(reversed(json.loads(line).items())) for line in lines_of(path)]
    assert next(iter(reordered[0])) == "hash"
    spaced = [json.dumps(r, separators=(" ,", " : "), ensure_ascii=True) for r in reordered]
    path.write_bytes("".join(f"{line}\n" for line in spaced).encode())
    assert verify_log(path).intact


def test_undecodable_output_with_lone_surrogates_is_logged_and_verifies(tmp_path: Path) -> None:
    log = RunLog(tmp_path, "surrogates")
    text = b"bad \xff bytes".decode("utf-8", errors="surrogateescape")
    log.write("ShellTool", "output", {"content": text})
    log.close()
    assert read_log(log.path)[0]["data"]["content"] == text
    assert verify_log(log.path).intact


def _edit(record: dict[str, Any], key: str) -> None:
    value = record[key]
    if key == "data":
        record["data"] = {**value, "content": "changed"} if "content" in value else {**value, "extra": 1}
    elif key == "seq":
        record["seq"] = value + 100
    elif key == "hash":
        record["hash"] = ("0" if value[0] != "0" else "1") + value[1:]
    else:
        record[key] = f"{value}x"


@pytest.mark.parametrize("key", ["ts", "seq", "role", "type", "data", "hash"])
def test_editing_any_field_of_any_line_is_found_at_that_line(tmp_path: Path, key: str) -> None:
    path = long_run(tmp_path)
    original = lines_of(path)
    for index in range(len(original)):
        record = json.loads(original[index])
        _edit(record, key)
        edited = [*original]
        edited[index] = json.dumps(record, ensure_ascii=False).encode() + b"\n"
        path.write_bytes(b"".join(edited))
        check = verify_log(path)
        assert check.broken_line == index + 1, (key, index, check.describe())
        assert len(check.records) == index
        expected = "seq gap" if key == "seq" else "hash mismatch"
        assert check.reason.startswith(expected), check.reason


def test_editing_a_nested_value_by_one_character_is_found(tmp_path: Path) -> None:
    path = long_run(tmp_path)
    raw = path.read_bytes()
    assert raw.count("try 2: naïve".encode()) == 1
    path.write_bytes(raw.replace("try 2: naïve".encode(), "try 3: naïve".encode()))
    assert verify_log(path).broken_line == 4


def test_deleting_a_line_is_found_where_it_was(tmp_path: Path) -> None:
    path = long_run(tmp_path)
    original = lines_of(path)
    for index in range(len(original) - 1):
        path.write_bytes(b"".join(original[:index] + original[index + 1 :]))
        check = verify_log(path)
        assert check.broken_line == index + 1, index
        assert check.reason.startswith("seq gap"), check.reason
    # Cutting whole lines off the end leaves a shorter valid chain: it shows as a run
    # without run_finished (killed), which is the chain's documented limit.
    path.write_bytes(b"".join(original[:-1]))
    check = verify_log(path)
    assert check.intact and not check.finished and len(check.records) == len(original) - 1


def test_deleting_a_line_and_renumbering_the_rest_is_still_found(tmp_path: Path) -> None:
    path = long_run(tmp_path)
    records = [json.loads(line) for line in lines_of(path)]
    del records[2]
    for seq, record in enumerate(records, start=1):
        record["seq"] = seq
    path.write_bytes(b"".join(json.dumps(r).encode() + b"\n" for r in records))
    check = verify_log(path)
    assert check.broken_line == 3
    assert check.reason.startswith("hash mismatch")


@pytest.mark.parametrize(("first", "second"), [(0, 1), (1, 4), (4, 5)])
def test_swapping_two_lines_is_found_at_the_first(tmp_path: Path, first: int, second: int) -> None:
    path = long_run(tmp_path)
    lines = lines_of(path)
    lines[first], lines[second] = lines[second], lines[first]
    path.write_bytes(b"".join(lines))
    check = verify_log(path)
    assert check.broken_line == first + 1
    assert check.reason.startswith("seq gap")


@pytest.mark.parametrize(
    "keep", [1, 10, -2, -1], ids=["one-byte", "ten-bytes", "all-but-brace", "no-newline"]
)
def test_truncating_the_last_line_is_a_torn_line(tmp_path: Path, keep: int) -> None:
    path = long_run(tmp_path)
    lines = lines_of(path)
    path.write_bytes(b"".join(lines[:-1]) + lines[-1][:keep])
    check = verify_log(path)
    assert (check.broken_line, check.torn) == (len(lines), True)
    assert check.reason.startswith("torn")
    assert len(check.records) == len(lines) - 1


def test_a_torn_line_in_the_middle_is_unparsable_not_torn(tmp_path: Path) -> None:
    path = long_run(tmp_path)
    lines = lines_of(path)
    lines[2] = lines[2][:20] + b"\n"
    path.write_bytes(b"".join(lines))
    check = verify_log(path)
    assert (check.broken_line, check.torn) == (3, False)
    assert check.reason.startswith("unparsable")


def _forged(records: list[dict[str, Any]], how: str) -> dict[str, Any]:
    last = records[-1]
    forged = {"ts": last["ts"], "seq": last["seq"] + 1, "role": "Supervisor", "type": "status"}
    forged["data"] = {"content": "approved, honestly", "metadata": {"approved": True}}
    if how == "made-up-hash":
        forged["hash"] = "ab" * 32
    elif how == "copied-hash":
        forged["hash"] = last["hash"]
    elif how == "chained-to-genesis":
        forged["hash"] = chain_hash(GENESIS_HASH, forged)
    else:  # a copy of an earlier line with the next seq
        forged = {**records[1], "seq": last["seq"] + 1}
    return forged


@pytest.mark.parametrize("how", ["made-up-hash", "copied-hash", "chained-to-genesis", "replayed-line"])
def test_appending_a_forged_line_is_found_at_that_line(tmp_path: Path, how: str) -> None:
    path = long_run(tmp_path)
    records = read_log(path)
    with path.open("ab") as handle:
        handle.write(json.dumps(_forged(records, how)).encode() + b"\n")
    check = verify_log(path)
    assert check.broken_line == len(records) + 1
    assert check.reason.startswith("hash mismatch")


def test_a_line_that_is_not_a_record_is_found(tmp_path: Path) -> None:
    path = long_run(tmp_path)
    lines = lines_of(path)
    lines.insert(3, b'{"note": "added by hand"}\n')
    path.write_bytes(b"".join(lines))
    check = verify_log(path)
    assert check.broken_line == 4
    assert check.reason == "not a run log record (keys: note)"


def test_the_chain_has_no_secret_so_a_full_rewrite_verifies(tmp_path: Path) -> None:
    """The documented limit: whoever recomputes every hash after an edit is not caught."""
    path = long_run(tmp_path)
    records = read_log(path)
    records[1]["data"]["content"] = "rewritten"
    previous = GENESIS_HASH
    for record in records:
        record["hash"] = chain_hash(previous, record)
        previous = record["hash"]
    path.write_bytes(b"".join(json.dumps(r).encode() + b"\n" for r in records))
    assert verify_log(path).intact


def test_an_empty_log_is_intact_with_no_lines(tmp_path: Path) -> None:
    path = tmp_path / f"empty{LOG_SUFFIX}"
    path.write_bytes(b"")
    check = verify_log(path)
    assert check.intact and not check.finished and check.describe() == "intact (0 lines)"


# --------------------------------------------------------------------------- failed writes and the lock


def _failing_write(after_bytes: int | None) -> Callable[[int, Any], int]:
    """os.write that writes at most `after_bytes` bytes (None: nothing), then fails with ENOSPC."""
    real = os.write

    def write(fd: int, data: Any) -> int:
        if after_bytes:
            return real(fd, bytes(data)[:after_bytes])
        raise OSError(errno.ENOSPC, "No space left on device")

    return write


@pytest.mark.parametrize("partial", [None, 7], ids=["nothing-written", "partial-line-written"])
def test_a_failed_write_cuts_the_partial_line_and_stops_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, partial: int | None
) -> None:
    log = RunLog(tmp_path, "full")
    log.write("Orchestrator", "run_started", {"phase_title": "T"})
    size = log.path.stat().st_size
    with monkeypatch.context() as patch:
        calls = iter([_failing_write(partial), _failing_write(None)])
        patch.setattr(runlog.os, "write", lambda fd, data: next(calls)(fd, data))
        with pytest.raises(LogWriteError) as info:
            log.write("ShellTool", "output", {"content": "x" * 100})
    assert info.value.exit_code == 74
    assert info.value.message == f"cannot write the run log {log.path}: No space left on device"
    assert log.error is not None
    assert log.path.stat().st_size == size  # the partial line is gone
    # The disk has room again, but the log stays stopped: no record after a missing one.
    with pytest.raises(LogWriteError):
        log.write("Orchestrator", "run_finished", {})
    log.close()
    check = verify_log(log.path)
    assert check.intact and len(check.records) == 1


def test_a_live_log_is_locked_until_closed(tmp_path: Path) -> None:
    log = RunLog(tmp_path, "live")
    log.write("Orchestrator", "run_started", {})
    assert lock_log(log.path) is None  # the run is alive
    log.close()
    fd = lock_log(log.path)
    assert fd is not None
    try:
        assert lock_log(log.path) is None  # a second resume of the same run
    finally:
        os.close(fd)


# --------------------------------------------------------------------------- runs verify


def test_runs_verify_reports_intact_logs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs = tmp_path / "runs"
    long_run(runs, "20250101-000000-aaaa")
    write_run(runs, "20250102-000000-bbbb", finished=False)
    assert main(["runs", "verify", "20250101", "--runs-dir", str(runs)]) == 0
    assert capsys.readouterr().out == "20250101-000000-aaaa: intact (6 lines)\n"
    assert main(["runs", "--runs-dir", str(runs), "verify", "20250102-000000-bbbb"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("20250102-000000-bbbb: intact (2 lines); no run_finished record")


def test_runs_verify_names_the_first_broken_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs = tmp_path / "runs"
    path = long_run(runs, "20250101-000000-aaaa")
    lines = lines_of(path)
    path.write_bytes(b"".join(lines[:3] + lines[4:]))
    assert main(["runs", "verify", "20250101-000000-aaaa", "--runs-dir", str(runs)]) == 6
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        "dev-agent: runs verify: 20250101-000000-aaaa: broken at line 4: seq gap: seq is 5, expected 4 "
        "(a line removed, added or moved); the 3 line(s) before it are intact"
    ]
    assert main(["runs", "verify", "nope", "--runs-dir", str(runs)]) == 3
    assert capsys.readouterr().err == f"dev-agent: runs verify: no single run matches 'nope' in {runs}\n"
