"""bench/test_suite.py: it times a real command, counts the tests pytest's summary line
names, and writes before_s / after_s without losing the other figure."""

from __future__ import annotations

import json
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
    fake_suite = f"{sys.executable} -c \"print('3 passed, 1 skipped in 0.01s')\""
    assert test_suite.main(["--as", "before", "--command", fake_suite]) == 0
    before = json.loads(results.read_text())
    assert before["tests"] == 4 and before["before_s"] > 0 and before["after_s"] is None
    assert test_suite.main(["--command", fake_suite]) == 0
    after = json.loads(results.read_text())
    assert after["before_s"] == before["before_s"] and after["after_s"] > 0
    assert set(after) == {"before_s", "after_s", "tests", "cores"}
    assert "4 tests, exit 0" in capsys.readouterr().out
