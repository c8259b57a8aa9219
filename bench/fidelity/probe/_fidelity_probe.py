"""pytest plugin for the fidelity benchmark: why tests failed or were skipped, and where the project's code
was imported from. Loaded with `-p _fidelity_probe` next to dev-agent's report plugin (which
gives the outcome sets); self-contained, standard library and pytest only.

Environment (taken out at load time):
  FIDELITY_PROBE_OUT    where to write the JSON;
  FIDELITY_PROBE_ROOTS  os.pathsep-separated folders (the user's checkout, the worktree):
                        each module whose file lies under one is recorded with it."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import pytest

_OUT = os.environ.pop("FIDELITY_PROBE_OUT", "")
_ROOTS = [r for r in os.environ.pop("FIDELITY_PROBE_ROOTS", "").split(os.pathsep) if r]
_TAIL_CHARS = 700
_failures: dict[str, str] = {}
_skips: dict[str, str] = {}  # node id -> skip reason
# node id -> outcome, as dev-agent's report plugin names them: the sets can still be compared
# when the verdict's guard refuses to sign a run (a suite that imports _testcapi, say).
_outcomes: dict[str, str] = {}
_RANK = ("passed", "xpassed", "skipped", "xfailed", "error", "failed")


def _tail(text: str) -> str:
    return text[-_TAIL_CHARS:]


def _text(report: Any) -> str:
    crash = getattr(getattr(report, "longrepr", None), "reprcrash", None)
    head = f"{getattr(crash, 'message', '')}\n" if crash is not None else ""
    try:
        body = str(report.longreprtext)
    except Exception:  # a report pytest cannot render: keep what there is
        body = str(getattr(report, "longrepr", ""))
    return head + _tail(body)


def _set(nodeid: str, outcome: str) -> None:
    current = _outcomes.get(nodeid)
    if current is None or _RANK.index(outcome) >= _RANK.index(current):
        _outcomes[nodeid] = outcome


def _record_outcome(report: pytest.TestReport) -> None:
    xfail = hasattr(report, "wasxfail")
    if report.failed:
        _set(report.nodeid, "failed" if report.when == "call" else "error")
    elif report.skipped:
        _set(report.nodeid, "xfailed" if xfail else "skipped")
    elif report.when == "call":
        _set(report.nodeid, "xpassed" if xfail else "passed")


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _record_outcome(report)
    if report.failed and report.nodeid not in _failures:
        _failures[report.nodeid] = _text(report)
    elif report.skipped and isinstance(report.longrepr, tuple) and len(report.longrepr) == 3:
        _skips[report.nodeid] = _tail(str(report.longrepr[2]))


def pytest_collectreport(report: pytest.CollectReport) -> None:
    if report.failed:
        _failures[f"{report.nodeid or '<collection>'} (collection error)"] = _text(report)


def _origins() -> dict[str, str]:
    found: dict[str, str] = {}
    roots = [os.path.join(os.path.realpath(r), "") for r in _ROOTS]
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if not isinstance(path, str):
            continue
        real = os.path.realpath(path)
        for root in roots:
            if real.startswith(root):
                found[name] = real
                break
    return found


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if not _OUT:
        return
    data = {
        "executable": sys.executable,
        "prefix": sys.prefix,
        "home": os.environ.get("HOME", ""),
        "exitstatus": int(exitstatus),
        "failures": _failures,
        "skips": _skips,
        "modules": _origins(),
        "outcomes": _outcomes,
    }
    with open(_OUT, "w", encoding="utf-8") as handle:
        json.dump(data, handle)
