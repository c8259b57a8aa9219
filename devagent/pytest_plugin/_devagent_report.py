"""pytest plugin: the run's own account of every test, as JSON (devagent/verdict.py reads it,
and so does Repair's candidate runner, devagent/repair/validate.py, under another name).

Self-contained (the standard library and pytest; _devagent_guard.py beside it for the
verdict's channel): it is put on the test run's PYTHONPATH and loaded with `-p`, so it is
imported before any conftest.py or test module, and it imports no module pytest has not
already imported. It is told where to write in one of two ways:
- the verdict's channel ($DEVAGENT_VERDICT_FD, devagent/verdict.py's ReportChannel): an
  inherited pipe with the signing key and the report's path, read and closed at import by
  _devagent_guard.py, which keeps the key (see there); the report is signed once, at the
  end of the session, and says why when it cannot be (`guard`, and `guard_event`: the
  audit event, the test and the line that destroyed the key);
- $DEVAGENT_REPAIR_RESULTS_OUT (Repair's runs): the report's path; the report is unsigned.
$DEVAGENT_FOREIGN_ROOTS (optional, os.pathsep-separated) names folders the project's code
must not be imported from (the user's checkout).

The report holds each test's outcome (passed, failed, error, skipped, xfailed, xpassed,
deselected, or not_run: reported as passed though its test function was never called),
the collection errors and their messages, where each failure was raised, `tampered`: the
pytest internals (and json's encoder, which serialises the report) replaced while the
tests ran, `foreign_imports`: modules loaded from a DEVAGENT_FOREIGN_ROOTS folder (outside
the Python environment itself), and, with the channel, `preloaded`: modules of the
worktree imported before this plugin. Only the
first pytest session of the process is recorded: a session the tests start inside it is
not. The repository's code runs in this process and can still change what is recorded;
the reader treats the report as a claim to check."""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Iterable
from types import ModuleType
from typing import Any

import pytest

_OUT = "DEVAGENT_REPAIR_RESULTS_OUT"
_FD = "DEVAGENT_VERDICT_FD"
_FOREIGN = "DEVAGENT_FOREIGN_ROOTS"
_GUARD = "_devagent_guard"
_REPORT_VERSION = 1
_MESSAGE_CHARS = 300
_MAX_FOREIGN = 20


# The pytest internals (and process exits, and what writes the report) a repository could
# replace to fake a run: (module, attribute path). One this Python or pytest lacks is skipped.
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
    ("json", "dumps"),
    ("json.encoder", "JSONEncoder.encode"),
    ("json.encoder", "JSONEncoder.iterencode"),
    ("json.encoder", "c_make_encoder"),
    ("json.encoder", "encode_basestring_ascii"),
)


def _watched() -> dict[str, Any]:
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


class _Recorder:
    """The first session's account: a plugin object registered only with the first
    config, so a session the tests start inside this one records nothing here."""

    def __init__(self, out: str, foreign_roots: list[str]) -> None:
        self.out = out
        self.foreign_roots = foreign_roots
        self.outcomes: dict[str, str] = {}
        self.called: set[str] = set()
        self.collection_errors: list[str] = []
        self.collection_messages: dict[str, str] = {}
        self.crashes: dict[str, dict[str, Any]] = {}
        self.foreign_plugins: dict[str, str] = {}  # plugin modules loaded from foreign_roots

    def _set(self, nodeid: str, outcome: str) -> None:
        # A later, worse phase wins: a passed call with a failing teardown is an error.
        rank = ("passed", "not_run", "xpassed", "skipped", "xfailed", "deselected", "error", "failed")
        current = self.outcomes.get(nodeid)
        if current is None or rank.index(outcome) >= rank.index(current):
            self.outcomes[nodeid] = outcome

    @pytest.hookimpl(hookwrapper=True, tryfirst=True)
    def pytest_pyfunc_call(self, pyfuncitem: pytest.Function) -> Any:
        self.called.add(pyfuncitem.nodeid)
        yield

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        nodeid = report.nodeid
        xfail = hasattr(report, "wasxfail")
        if report.failed:
            self._set(nodeid, "failed" if report.when == "call" else "error")
            crash = getattr(report.longrepr, "reprcrash", None)
            if crash is not None and nodeid not in self.crashes:
                self.crashes[nodeid] = {
                    "path": str(getattr(crash, "path", "")),
                    "line": int(getattr(crash, "lineno", 0) or 0),
                    "message": str(getattr(crash, "message", ""))[:300],
                }
        elif report.skipped:
            self._set(nodeid, "xfailed" if xfail else "skipped")
        elif report.when == "call":
            if xfail:
                self._set(nodeid, "xpassed")
            elif nodeid not in self.called:
                self._set(nodeid, "not_run")
            else:
                self._set(nodeid, "passed")

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection(self, session: pytest.Session) -> None:
        _stage("collection")

    @pytest.hookimpl(hookwrapper=True, tryfirst=True)
    def pytest_runtestloop(self, session: pytest.Session) -> Any:
        _stage("between tests")
        yield
        _stage("session end")

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            nodeid = report.nodeid or "<collection>"
            self.collection_errors.append(nodeid)
            self.collection_messages[nodeid] = _last_error_line(str(report.longreprtext))

    def pytest_deselected(self, items: list[pytest.Item]) -> None:
        for item in items:
            self._set(item.nodeid, "deselected")

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        # unittest cases and doctests do not call pytest_pyfunc_call: they count as called.
        for item in session.items:
            if type(item).__name__ != "Function":
                self.called.add(item.nodeid)

    def report(self, exitstatus: int) -> dict[str, Any]:
        """The report's fields (what is signed); one more field is one more entry here,
        and one more in devagent/verdict.py's table of fields."""
        now = _watched()
        failed = [n for n, o in self.outcomes.items() if o in ("failed", "error")]
        failed += [f"{n} (collection error)" for n in self.collection_errors]
        report: dict[str, Any] = {
            "version": _REPORT_VERSION,
            "failed": failed,
            "passed": sum(o == "passed" for o in self.outcomes.values()),
            "exitstatus": int(exitstatus),
            "outcomes": self.outcomes,
            "collection_errors": self.collection_errors,
            "collection_messages": self.collection_messages,
            "crashes": self.crashes,
            "foreign_imports": _first({**_foreign_modules(self.foreign_roots), **self.foreign_plugins}),
            "tampered": sorted(name for name, thing in _BEFORE.items() if now.get(name) is not thing),
        }
        if _CHANNEL is not None:
            report["preloaded"] = list(_CHANNEL.preloaded)
        return report

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int, _audit: Any = sys.audit) -> None:
        # `_audit` has a default, so pluggy never passes it: bound when this was defined.
        if not self.out:
            return
        report = self.report(exitstatus)
        text = json.dumps(report, sort_keys=True)
        written: dict[str, Any] = dict(report)
        if _CHANNEL is not None:
            signature, why = "", _CHANNEL.problem
            loss: list[str] = []
            if not why:
                payload, sink = text.encode("utf-8"), []  # type: ignore[var-annotated]
                # The guard signs only from this very call (its place in this function).
                _audit(_SIGN_EVENT, payload, sink)
                signature, why = [*sink, "", "the verdict's guard gave no signature"][:2]
                loss = [str(detail) for detail in sink[2:5]]
            written["signature"] = signature
            if not signature:
                written["guard"] = why
                if len(loss) == 3 and loss[0]:  # what destroyed the key, for the parent to say
                    written["guard_event"] = dict(zip(("event", "test", "at"), loss, strict=True))
        with open(self.out, "w", encoding="utf-8") as handle:
            json.dump(written, handle)


def _stage(name: str) -> None:
    """Where the session is, for the guard to name when the key is destroyed outside a test."""
    stage = getattr(_CHANNEL, "stage", None)
    if isinstance(stage, list) and stage:
        stage[0] = name


def _last_error_line(text: str) -> str:
    """The exception line of a collection error's text (`E   ModuleNotFoundError: ...`)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    marked = [line[1:].strip() for line in lines if line.startswith("E ")]
    return ((marked or lines or [""])[-1])[:_MESSAGE_CHARS]


def _foreign_modules(roots: list[str]) -> dict[str, str]:
    """Modules whose file lies in one of `roots` but not in the Python environment itself
    (a virtualenv may live inside the checkout) nor in this plugin's folder: name -> file."""
    if not roots:
        return {}
    exempt = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)}
    exempt.add(os.path.dirname(os.path.realpath(__file__)))
    found: dict[str, str] = {}
    for name, module in list(sys.modules.items()):
        real = _module_file(module)
        if real and _under(real, roots) and not _under(real, exempt):
            found[name] = real
    return found


def _module_file(module: object) -> str:
    file = getattr(module, "__file__", None)
    return os.path.realpath(file) if isinstance(file, str) else ""


def _under(path: str, roots: Iterable[str]) -> bool:
    return any(path.startswith(root + os.sep) for root in roots)


def _first(found: dict[str, str]) -> dict[str, str]:
    return dict(sorted(found.items())[:_MAX_FOREIGN])


def _forget_foreign_packages(roots: list[str]) -> list[str]:
    """Drop from sys.modules every package that was imported from `roots` before this plugin
    (pytest itself imports packaging and pygments, a .pth may import a project at start-up),
    so the tests import the worktree's copy, not the checkout's. Only the user's own
    unedited code ran so far; what keeps a reference to the old modules (pytest's objects,
    a plugin's hooks) keeps them, and a plugin module is named at configure time."""
    tops = sorted({name.partition(".")[0] for name in _foreign_modules(roots)})
    for name in list(sys.modules):
        if name.partition(".")[0] in tops:
            del sys.modules[name]
    return tops


_recorders: list[_Recorder] = []


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    out = os.environ.pop(_OUT, "")
    roots = _FOREIGN_ROOTS
    os.environ.pop(_FOREIGN, None)
    if _recorders:
        return  # a session inside the recorded one
    recorder = _Recorder(_CHANNEL.out if _CHANNEL is not None else out, roots)
    # A plugin module of the checkout keeps its hooks registered: it cannot be forgotten.
    for plugin in config.pluginmanager.get_plugins():
        real = _module_file(plugin) if isinstance(plugin, ModuleType) else ""
        if real and _under(real, roots):
            recorder.foreign_plugins[getattr(plugin, "__name__", real)] = real
    _recorders.append(recorder)
    config.pluginmanager.register(recorder, "devagent-report-recorder")


def _open_channel() -> Any:
    """The verdict's channel (_devagent_guard.py, loaded by its path, not from sys.path),
    or None without one; a channel that cannot be opened reports why."""
    if _FD not in os.environ:
        return None
    import importlib.util
    from types import SimpleNamespace

    where = os.path.join(os.path.dirname(os.path.abspath(__file__)), f"{_GUARD}.py")
    spec = importlib.util.spec_from_file_location(_GUARD, where)
    try:
        if spec is None or spec.loader is None:
            raise ImportError(where)
        module = importlib.util.module_from_spec(spec)
        sys.modules[_GUARD] = module
        spec.loader.exec_module(module)
    except (ImportError, OSError) as exc:
        os.environ.pop(_FD, None)
        return SimpleNamespace(out="", preloaded=[], problem=f"the verdict's guard cannot be loaded: {exc}")
    global _SIGN_EVENT
    _SIGN_EVENT = module.SIGN_EVENT
    return module.open_channel(_Recorder.pytest_sessionfinish)


_SIGN_EVENT = ""
# At import (the `-p` import, before any conftest.py or test module): the channel, then
# what pytest's internals are, to compare with at the end.
_CHANNEL = _open_channel()
_BEFORE = _watched()
# Then the checkout's packages imported before this plugin are forgotten (the channel has
# put the worktree back on sys.path): the tests import the worktree's copy.
_FOREIGN_ROOTS = [os.path.realpath(p) for p in os.environ.get(_FOREIGN, "").split(os.pathsep) if p]
_forget_foreign_packages(_FOREIGN_ROOTS)
