"""pytest plugin that writes a run's failing node ids as JSON (see validate.py).

Self-contained: it is copied under a unique module name into a temp folder on
PYTHONPATH and loaded with `-p`. At the session's end it writes
{"failed": [...], "passed": n, "exitstatus": n} to DEVAGENT_REPAIR_RESULTS_OUT."""

from __future__ import annotations

import json
import os

import pytest

_failed: list[str] = []
_passed: list[int] = [0]


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.failed and report.nodeid not in _failed:
        _failed.append(report.nodeid)
    elif report.passed and report.when == "call":
        _passed[0] += 1


def pytest_collectreport(report: pytest.CollectReport) -> None:
    if report.failed:
        _failed.append(f"{report.nodeid or '<collection>'} (collection error)")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    out = os.environ.get("DEVAGENT_REPAIR_RESULTS_OUT")
    if not out:
        return
    with open(out, "w", encoding="utf-8") as handle:
        json.dump({"failed": _failed, "passed": _passed[0], "exitstatus": int(exitstatus)}, handle)
