"""bench/test_suite.py: it times a real command, counts the tests pytest's summary line
names, lists the slowest tests, and writes before_s / after_s without losing the other
figure."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench import test_suite


def test_tests_counted_sums_every_outcome_of_the_last_summary_line() -> None:
    output = "....\n2 passed in 0.1s\n...s\n"
    output += "= 1960 passed, 9 skipped, 1 failed, 2 warnings in 301.20s (0:05:01) =\n"
    assert test_suite.tests_counted(output) == 1970
    assert test_suite.tests_counted("interrupted before the end\n") == 0


def test_a_measurement_fills_its_field_and_keeps_the_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "results" / "test_suite.json"
    monkeypatch.setattr(test_suite, "RESULTS", results)
    monkeypatch.setattr(test_suite, "ROOT", tmp_path)
    # It takes a measurable while: the figure is rounded to a tenth of a second.
    fake_suite = f"{sys.executable} -c \"import time; time.sleep(.2); print('3 passed, 1 skipped in 0.01s')\""
    log = tmp_path / "suite.log"
    assert test_suite.main(["--as", "before", "--command", fake_suite, "--log", str(log)]) == 0
    assert log.read_text() == "3 passed, 1 skipped in 0.01s\n"
    before = json.loads(results.read_text())
    assert before["tests"] == 4 and before["before_s"] > 0 and before["after_s"] is None
    assert test_suite.main(["--command", fake_suite, "--log", str(log)]) == 0
    after = json.loads(results.read_text())
    assert after["before_s"] == before["before_s"] and after["after_s"] > 0
    assert {"before_s", "after_s", "tests", "cores", "before", "after"} <= set(after)
    assert after["after"]["command"] == fake_suite and after["after"]["exit_code"] == 0
    assert after["after"]["summary"] == "3 passed, 1 skipped in 0.01s"
    assert len(after["after"]["load_average_at_start"]) == 3
    assert "4 tests, exit 0" in capsys.readouterr().out
    # How fast the machine was (its speed drifts by a third between runs here) and how busy.
    speed = after["after"]["reference_loop_cpu_s"]
    assert set(speed) == {"before", "after"} and all(v > 0 for v in speed.values())
    busy = after["after"]["machine_cpu_s"]
    assert {"user", "system", "idle"} <= set(busy) and 0 <= after["after"]["busy_cores"] <= (
        os.cpu_count() or 1
    )


def test_the_reference_loop_costs_the_same_work_each_time() -> None:
    """A fixed piece of pure-Python work, timed in CPU seconds: what a figure is divided by
    to compare runs on a machine whose speed changes."""
    first, second = test_suite.reference_loop_cpu_s(), test_suite.reference_loop_cpu_s()
    assert 0 < first < 5 and 0 < second < 5


def test_slowest_reads_pytests_durations_list_slowest_first() -> None:
    output = (
        "============================= slowest 3 durations =============================\n"
        "12.50s call     tests/test_a.py::test_one[bwrap]\n"
        "3.01s setup    tests/test_b.py::test_two\n"
        "40.00s call     tests/test_c.py::test_three\n"
        "(7 durations < 0.005s hidden.  Use -vv to show these durations.)\n"
        "= 3 passed in 60.00s =\n"
    )
    assert test_suite.slowest(output, count=2) == [
        {"s": 40.0, "phase": "call", "test": "tests/test_c.py::test_three"},
        {"s": 12.5, "phase": "call", "test": "tests/test_a.py::test_one[bwrap]"},
    ]


def test_the_cpu_plugin_counts_what_a_test_and_its_children_spend(tmp_path: Path) -> None:
    """A real pytest run with the plugin: a test whose child process burns CPU is charged
    for it, a test that sleeps is charged wall time only, and the report sums by file."""
    from bench import test_cpu

    (tmp_path / "test_burn.py").write_text(
        "import subprocess, sys, time\n\n\n"
        "def test_child_burns():\n"
        "    subprocess.run([sys.executable, '-c', 'sum(i * i for i in range(3_000_000))'], check=True)\n\n\n"
        "def test_sleeps():\n"
        "    time.sleep(0.3)\n"
    )
    out = tmp_path / "cpu.jsonl"
    env = {
        **os.environ,
        test_cpu.OUT_VAR: str(out),
        "PYTHONPATH": str(Path(test_cpu.__file__).parents[1]),
    }
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "bench.test_cpu", "test_burn.py"],  # noqa: E501
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    records = {r["test"]: r for r in map(json.loads, out.read_text().splitlines())}
    burn, sleep = records["test_burn.py::test_child_burns"], records["test_burn.py::test_sleeps"]
    assert burn["children_s"] > 0.05 and sleep["children_s"] == 0
    assert sleep["wall_s"] >= 0.3 and sleep["self_s"] < 0.1
    (row, teardown) = test_cpu.by_file(list(records.values()))
    assert row["file"] == "test_burn.py" and row["tests"] == 2
    assert teardown["file"] == test_cpu.SESSION_TEARDOWN and teardown["cpu_s"] < 0.05
    assert row["cpu_s"] >= round(burn["children_s"], 1)
    assert burn["worker"] == sleep["worker"] == "main" and sleep["ended"] > burn["ended"] - 60


def test_the_cpu_plugin_charges_session_fixtures_teardown_to_its_own_record(tmp_path: Path) -> None:
    """A session fixture whose teardown reaps a child that burned CPU (as the fork server
    and the model servers do): that CPU is its own record, not the last test's."""
    from bench import test_cpu

    (tmp_path / "test_server.py").write_text(
        "import subprocess, sys\n\nimport pytest\n\n\n"
        "@pytest.fixture(scope='session')\n"
        "def server():\n"
        "    yield\n"
        "    subprocess.run([sys.executable, '-c', 'sum(i * i for i in range(3_000_000))'], check=True)\n\n\n"
        "def test_first(server):\n    pass\n\n\n"
        "def test_last(server):\n    pass\n"
    )
    out = tmp_path / "cpu.jsonl"
    env = {**os.environ, test_cpu.OUT_VAR: str(out), "PYTHONPATH": str(Path(test_cpu.__file__).parents[1])}
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "bench.test_cpu", "test_server.py"],  # noqa: E501
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    records = {r["test"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert list(records) == [
        "test_server.py::test_first",
        "test_server.py::test_last",
        test_cpu.SESSION_TEARDOWN,
    ]
    teardown, last = records[test_cpu.SESSION_TEARDOWN], records["test_server.py::test_last"]
    assert teardown["children_s"] > 0.05 and abs(last["children_s"]) < 0.02
    heaviest = test_cpu.by_file(list(records.values()))[0]
    assert heaviest["file"] == test_cpu.SESSION_TEARDOWN


def test_the_timeline_spreads_each_tests_cpu_over_when_it_ran() -> None:
    from bench.test_cpu import timeline

    records = [
        {"ended": 110.0, "wall_s": 10.0, "self_s": 5.0, "children_s": 5.0},  # one core, 100-110
        {"ended": 120.0, "wall_s": 15.0, "self_s": 0.0, "children_s": 0.0},  # waits, 105-120
    ]
    rows = timeline(records, 5.0)
    assert [start for start, _, _ in rows] == [0.0, 5.0, 10.0, 15.0]
    assert [busy for _, _, busy in rows] == [1.0, 1.0, 0.0, 0.0]
    assert [running for _, running, _ in rows] == [1.0, 2.0, 1.0, 1.0]
    assert timeline([], 5.0) == []
