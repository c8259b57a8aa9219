"""pytest plugin: the run's own account of every test, as JSON (devagent/verdict.py reads it,
and so does Repair's candidate runner, devagent/repair/validate.py).

Self-contained (only the standard library and pytest): it is put on the test run's
PYTHONPATH and loaded with `-p`. Loaded that way it registers before any conftest.py or
test module is imported, and at that moment it takes its settings out of the
environment, so the repository's code cannot read them later:
  DEVAGENT_REPAIR_RESULTS_OUT  where to write the report (JSON);
  DEVAGENT_VERDICT_KEY         optional: the report is signed with it (HMAC-SHA256);
  DEVAGENT_FOREIGN_ROOTS       optional: folders (os.pathsep-separated) the project's code
                               must not be imported from (the user's checkout).

The report holds each test's outcome (passed, failed, error, skipped, xfailed, xpassed,
deselected, or not_run: reported as passed though its test function was never called),
the collection errors and their messages, where each failure was raised, `tampered`: the
pytest internals that were replaced while the tests ran, and `foreign_imports`: modules
loaded from a DEVAGENT_FOREIGN_ROOTS folder (outside the Python environment itself).
The repository's code runs in this process and can still forge all of it; the reader
treats it as a claim to check."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import sys
from typing import Any

import pytest

_OUT = "DEVAGENT_REPAIR_RESULTS_OUT"
_KEY = "DEVAGENT_VERDICT_KEY"
_FOREIGN = "DEVAGENT_FOREIGN_ROOTS"
_MESSAGE_CHARS = 300
_MAX_FOREIGN = 20


# The pytest internals (and process exits) a repository could replace to fake a run:
# (module, attribute path). One this pytest version lacks is skipped.
_WATCHED = (
    ("_pytest.python", "Function.runtest"),
    ("_pytest.python", "pytest_pyfunc_call"),
    ("_pytest.runner", "call_and_report"),
    ("_pytest.runner", "runtestprotocol"),
    ("_pytest.runner", "call_runtest_hook"),
    ("_pytest.runner", "CallInfo.from_call"),
    ("_pytest.reports", "TestReport.from_item_and_call"),
    ("_pytest.main", "pytest_runtestloop"),
    ("_pytest.main", "Session.perform_collect"),
    ("_pytest.skipping", "evaluate_skip_marks"),
    ("_pytest.skipping", "evaluate_xfail_marks"),
    ("pytest", "main"),
    ("os", "_exit"),
    ("sys", "exit"),
)


def _watched() -> dict[str, Any]:
    import importlib

    found: dict[str, Any] = {}
    for module_name, path in _WATCHED:
        try:
            thing: Any = importlib.import_module(module_name)
            for part in path.split("."):
                thing = getattr(thing, part)
        except (ImportError, AttributeError):
            continue
        # A classmethod comes back as a new bound method each time: compare its function.
        found[f"{module_name}.{path}"] = getattr(thing, "__func__", thing)
    return found


class _State:
    def __init__(self) -> None:
        out = os.environ.pop(_OUT, "")
        key = os.environ.pop(_KEY, "")
        self.sign = _signer(key)
        self.out = out
        self.outcomes: dict[str, str] = {}
        self.called: set[str] = set()
        self.collection_errors: list[str] = []
        self.collection_messages: dict[str, str] = {}
        self.foreign_roots = [
            os.path.realpath(p) for p in os.environ.pop(_FOREIGN, "").split(os.pathsep) if p
        ]
        self.crashes: dict[str, dict[str, Any]] = {}
        self.watched = _watched()


_state: list[_State] = []


def _signer(key: str) -> Any:
    # A closure rather than a module global: nothing named "key" to pick up later.
    secret = key.encode("utf-8")

    def sign(text: str) -> str:
        return hmac.new(secret, text.encode("utf-8"), hashlib.sha256).hexdigest() if secret else ""

    return sign


def pytest_addoption(parser: pytest.Parser) -> None:
    # Called when this plugin registers: before any conftest.py or test module runs.
    _state[:] = [_State()]


def _set(nodeid: str, outcome: str) -> None:
    # A later, worse phase wins: a passed call with a failing teardown is an error.
    rank = ("passed", "not_run", "xpassed", "skipped", "xfailed", "deselected", "error", "failed")
    current = _state[0].outcomes.get(nodeid)
    if current is None or rank.index(outcome) >= rank.index(current):
        _state[0].outcomes[nodeid] = outcome


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> Any:
    if _state:
        _state[0].called.add(pyfuncitem.nodeid)
    yield


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if not _state:
        return
    nodeid = report.nodeid
    xfail = hasattr(report, "wasxfail")
    if report.failed:
        _set(nodeid, "failed" if report.when == "call" else "error")
        crash = getattr(report.longrepr, "reprcrash", None)
        if crash is not None and nodeid not in _state[0].crashes:
            _state[0].crashes[nodeid] = {
                "path": str(getattr(crash, "path", "")),
                "line": int(getattr(crash, "lineno", 0) or 0),
                "message": str(getattr(crash, "message", ""))[:300],
            }
    elif report.skipped:
        _set(nodeid, "xfailed" if xfail else "skipped")
    elif report.when == "call":
        if xfail:
            _set(nodeid, "xpassed")
        elif nodeid not in _state[0].called:
            _set(nodeid, "not_run")
        else:
            _set(nodeid, "passed")


def pytest_collectreport(report: pytest.CollectReport) -> None:
    if _state and report.failed:
        nodeid = report.nodeid or "<collection>"
        _state[0].collection_errors.append(nodeid)
        _state[0].collection_messages[nodeid] = _last_error_line(str(report.longreprtext))


def _last_error_line(text: str) -> str:
    """The exception line of a collection error's text (`E   ModuleNotFoundError: ...`)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    marked = [line[1:].strip() for line in lines if line.startswith("E ")]
    return ((marked or lines or [""])[-1])[:_MESSAGE_CHARS]


def _foreign_imports(roots: list[str]) -> dict[str, str]:
    """Modules whose file lies in one of `roots` but not in the Python environment itself
    (a virtualenv may live inside the checkout) nor in this plugin's folder."""
    if not roots:
        return {}
    exempt = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)}
    exempt.add(os.path.dirname(os.path.realpath(__file__)))
    found: dict[str, str] = {}
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if not isinstance(file, str):
            continue
        real = os.path.realpath(file)
        inside = any(real.startswith(root + os.sep) for root in roots)
        if inside and not any(real.startswith(e + os.sep) for e in exempt):
            found[name] = real
    return dict(sorted(found.items())[:_MAX_FOREIGN])


def pytest_deselected(items: list[pytest.Item]) -> None:
    for item in items:
        if _state:
            _set(item.nodeid, "deselected")


def pytest_collection_finish(session: pytest.Session) -> None:
    # unittest cases and doctests do not call pytest_pyfunc_call: they count as called.
    for item in session.items:
        if type(item).__name__ != "Function" and _state:
            _state[0].called.add(item.nodeid)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if not _state or not _state[0].out:
        return
    state = _state[0]
    now = _watched()
    tampered = sorted(name for name, thing in state.watched.items() if now.get(name) is not thing)
    outcomes = state.outcomes
    failed = [n for n, o in outcomes.items() if o in ("failed", "error")]
    failed += [f"{n} (collection error)" for n in state.collection_errors]
    report = {
        "version": 1,
        "failed": failed,
        "passed": sum(o == "passed" for o in outcomes.values()),
        "exitstatus": int(exitstatus),
        "outcomes": outcomes,
        "collection_errors": state.collection_errors,
        "collection_messages": state.collection_messages,
        "crashes": state.crashes,
        "foreign_imports": _foreign_imports(state.foreign_roots),
        "tampered": tampered,
    }
    text = json.dumps(report, sort_keys=True)
    with open(state.out, "w", encoding="utf-8") as handle:
        json.dump({**report, "signature": state.sign(text)}, handle)
