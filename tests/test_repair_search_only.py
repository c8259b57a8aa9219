"""bench/repair/search_only.py: Repair's search alone on development tasks, real repair runs
on real task copies; holdout tasks refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.repair import search_only
from bench.repair.check_tasks import load_tasks
from bench.repair.split import half_of


def test_a_holdout_task_is_refused_with_exit_2_and_nothing_runs(capsys: pytest.CaptureFixture[str]) -> None:
    holdout = next(task.id for task in load_tasks() if half_of(task.id) == "holdout")
    assert search_only.main([holdout]) == search_only.EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == (
        f"search_only: {holdout}: a holdout task; Repair is worked on against development tasks only"
    )


def test_an_unknown_task_id_is_named_in_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert search_only.main(["no_such_task"]) == search_only.EXIT_USAGE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no_such_task: no such task" in err


@pytest.mark.parametrize("workers", ["0", "-1"])
def test_a_worker_count_below_one_is_a_usage_error_naming_the_option(
    workers: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        search_only.main(["--workers", workers])
    assert exited.value.code == search_only.EXIT_USAGE
    err = capsys.readouterr().err
    assert "--workers" in err and "at least 1" in err


def test_no_ids_means_every_development_task_and_only_those() -> None:
    tasks = load_tasks()
    chosen = search_only.select(tasks, [])
    assert chosen and {half_of(task.id) for task in chosen} == {"development"}
    assert len(chosen) == sum(half_of(task.id) == "development" for task in tasks)


def test_a_development_task_is_fixed_checked_against_the_reference_and_written_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "search.json"
    results = tmp_path / "repair.json"
    history = {"history": {"tasks": 61}, "labels": {"history_holdout": {"verified": 3}, "development": {}}}
    results.write_text(json.dumps(history))
    assert half_of("discount_pricing") == "development"
    argv = ["discount_pricing", "--workers", "1", "--out", str(out), "--into", str(results)]
    assert search_only.main(argv) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    (record,) = data["records"]
    assert record["task"] == "discount_pricing" and record["status"] == "fixed", record
    assert 1 <= record["tried"] <= record["planned"]
    assert "differential: agrees with the reference" in record["detail"]
    assert data["totals"]["attempted"] == 1 and data["totals"]["fixed"] == 1
    assert data["totals"]["fail_wall_s_median"] is None  # no failure to time
    assert "discount_pricing" in capsys.readouterr().out
    # the labels' figures go into the results file beside the history benchmark's
    written = json.loads(results.read_text(encoding="utf-8"))
    assert written["history"] == {"tasks": 61}
    assert written["labels"]["history_holdout"] == {"verified": 3}
    entry = written["labels"]["development"]
    assert (entry["tasks"], entry["fixed"], entry["right"], entry["wrong"]) == (1, 1, 1, 0)
    assert entry["verified"] + entry["right_labelled"] == 1 and entry["commits"] == [data["commit"]]
    assert "search_only" in entry["measured_by"]
    # --from re-reads the records of that run: the same entry, nothing run again
    again = tmp_path / "again.json"
    assert search_only.main(["--from", str(out), "--into", str(again)]) == 0
    assert json.loads(again.read_text(encoding="utf-8")) == {"labels": {"development": entry}}


def test_from_takes_a_finished_runs_file_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert search_only.main(["--from", str(bad), "--into", str(tmp_path / "r.json")]) == 2
    assert capsys.readouterr().err.startswith(f"search_only: {bad}: not a search_only --out file")
    assert not (tmp_path / "r.json").exists()
    assert search_only.main(["--from", str(bad), "discount_pricing"]) == 2
    assert "--from takes no task ids" in capsys.readouterr().err


def test_a_record_with_a_multi_line_edit_is_listed_on_one_line() -> None:
    record = search_only.SearchRecord(
        "tree_size",
        "missing_base_case",
        "fixed",
        12,
        40,
        1.5,
        "guard",
        "sizes.py:3 `if not node: return 0 | return 1 + tree_size(node.left)`;\n differential: agrees",
    )
    (line,) = record.line().splitlines()
    assert line.split()[:3] == ["tree_size", "fixed", "tried"]
    assert "differential: agrees" in line
