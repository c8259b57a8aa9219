"""pytest plugin for spectrum-based fault localisation (see localize.py).

Self-contained: localize.py copies this file under a unique module name into a temp
folder on PYTHONPATH and loads it with `-p`, so the project under test never sees the
devagent package. For every test it appends one JSON line to the file named by
DEVAGENT_REPAIR_COVERAGE_OUT:

    {"nodeid": ..., "outcome": "passed"|"failed"|"skipped", "lines": {rel: [line, ...]},
     "trace": [[rel, line], ...], "timeout": bool}

`lines` are the lines executed in the project's own non-test files under
DEVAGENT_REPAIR_COVERAGE_ROOT (sys.settrace, only for frames of those files);
`trace` are the frames of those files in a failing test's traceback, outermost first.

When DEVAGENT_REPAIR_CONDITIONS names a JSON file `{"rel:line": [expression, ...]}`, each
expression is evaluated in the frame's scope every time the line is about to run (at most
MAX_HITS times per test), and the record gains `"conditions": {"rel:line": [[true, false,
raised], ...]}`: how often each expression was true, false, or raised (synthesis.py picks
a missing condition by where it would have changed the run).
When DEVAGENT_REPAIR_VALUES names a repo-relative file, every value a function of that
file returns or yields is kept too: `"values": [[qualified name, repr], ...]` in call
order (reprlib's short form, object addresses blanked; at most MAX_VALUES per test), so
that two runs can be compared value by value (behaviour_change.py).
On SIGTERM (the caller's timeout) the running test is written as failed, with the
interrupted stack as its trace, and the process exits at once."""

from __future__ import annotations

import contextlib
import json
import os
import re
import reprlib
import signal
import sys
import threading
from collections.abc import Callable, Generator, Iterator
from types import FrameType, TracebackType
from typing import Any

import pytest

_OUT = os.environ.get("DEVAGENT_REPAIR_COVERAGE_OUT", "")
_ROOT = os.path.realpath(os.environ.get("DEVAGENT_REPAIR_COVERAGE_ROOT") or os.getcwd())
_SKIP_DIRS = frozenset(
    {"tests", "test", "testing", "__pycache__", "site-packages", "dist-packages", "node_modules"}
)
_TIMEOUT_EXIT = 124
MAX_HITS = 64  # evaluations per line per test: a long loop is judged by its first rounds
MAX_VALUES = 2000  # values kept per test: a long loop is compared by its first rounds
_WATCHED = os.environ.get("DEVAGENT_REPAIR_VALUES", "")
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
_short = reprlib.Repr()
_short.maxstring = _short.maxother = 120


def _load_conditions() -> dict[tuple[str, int], list[Any]]:
    path = os.environ.get("DEVAGENT_REPAIR_CONDITIONS", "")
    if not path:
        return {}
    with open(path, encoding="utf-8") as handle:
        raw = json.load(handle)
    found: dict[tuple[str, int], list[Any]] = {}
    for key, expressions in raw.items():
        rel, _, line = key.rpartition(":")
        found[(rel, int(line))] = [compile(e, "<condition>", "eval", dont_inherit=True) for e in expressions]
    return found


_conditions = _load_conditions()
_counts: dict[tuple[str, int], list[list[int]]] = {}  # per line: [true, false, raised] per expression

_TraceFunction = Callable[[FrameType, str, Any], Any]

_files: dict[str, str | None] = {}  # code filename -> repo-relative posix path, None when not tracked
_current: dict[str, Any] | None = None
_lines: dict[str, set[int]] = {}
_values: list[list[str]] = []


def _relative(filename: str) -> str | None:
    """The repo-relative path of a tracked file, None for anything else (cached)."""
    try:
        return _files[filename]
    except KeyError:
        pass
    rel: str | None = None
    if filename.endswith(".py"):
        path = os.path.realpath(filename if os.path.isabs(filename) else os.path.join(_ROOT, filename))
        candidate = os.path.relpath(path, _ROOT)
        parts = candidate.split(os.sep)
        name = parts[-1]
        if not (
            candidate.startswith("..")
            or any(p in _SKIP_DIRS or p.startswith(".") for p in parts[:-1])
            or name.startswith("test_")
            or name.endswith("_test.py")
            or name == "conftest.py"
        ):
            rel = "/".join(parts)
    _files[filename] = rel
    return rel


def _global_trace(frame: FrameType, event: str, arg: Any) -> _TraceFunction | None:
    rel = _relative(frame.f_code.co_filename)
    if rel is None:
        return None
    add = _lines.setdefault(rel, set()).add

    watched = rel == _WATCHED

    def local_trace(frame: FrameType, event: str, arg: Any) -> _TraceFunction:
        if event == "line":
            add(frame.f_lineno)
            if _conditions and (rel, frame.f_lineno) in _conditions:
                _evaluate((rel, frame.f_lineno), frame)
        elif event == "return" and watched and len(_values) < MAX_VALUES:
            code = frame.f_code
            _values.append([getattr(code, "co_qualname", code.co_name), _text(arg)])
        return local_trace

    return local_trace


def _text(value: Any) -> str:
    """A value's short repr with object addresses blanked (they differ from run to run)."""
    try:
        return _ADDRESS.sub(" at 0x", _short.repr(value))
    except Exception:  # a __repr__ that raises: its type is all that is compared
        return f"<{type(value).__name__}: repr raised>"


def _contains(container: Any, item: Any) -> bool:
    """`item in container`, refused for an iterator: testing would consume it."""
    if isinstance(container, Iterator):
        raise TypeError("an iterator")
    return item in container


def _value(value: Any) -> Any:
    """A value a probe passes to a call, refused when it is an iterator (see _contains)."""
    if isinstance(value, Iterator):
        raise TypeError("an iterator")
    return value


def _ordered(value: Any) -> Any:
    """A value compared by order, refused when it is text (see synthesis.py)."""
    if isinstance(value, str | bytes):
        raise TypeError("text ordered")
    return value


def _evaluate(key: tuple[str, int], frame: FrameType) -> None:
    codes = _conditions[key]
    counts = _counts.setdefault(key, [[0, 0, 0] for _ in codes])
    if sum(counts[0]) >= MAX_HITS:
        return
    scope = dict(frame.f_locals)  # a copy: an expression cannot rebind the frame's names
    scope["__devagent_contains__"] = _contains
    scope["__devagent_ordered__"] = _ordered
    scope["__devagent_value__"] = _value
    for code, count in zip(codes, counts, strict=True):
        try:
            count[0 if eval(code, frame.f_globals, scope) else 1] += 1
        except Exception:  # an expression that raises is what is counted
            count[2] += 1


def _stack(tb: TracebackType | None) -> list[list[Any]]:
    frames: list[list[Any]] = []
    while tb is not None:
        rel = _relative(tb.tb_frame.f_code.co_filename)
        if rel is not None:
            frames.append([rel, tb.tb_lineno])
        tb = tb.tb_next
    return frames


def _exception_trace(exc: BaseException | None) -> list[list[Any]]:
    """Tracked frames of an exception and the ones it was raised from (cause/context)."""
    chain: list[BaseException] = []
    while exc is not None and exc not in chain and len(chain) < 8:
        chain.append(exc)
        exc = exc.__cause__ or exc.__context__
    frames: list[list[Any]] = []
    for item in reversed(chain):  # the deepest frame of the last raised exception comes last
        frames += _stack(item.__traceback__)
    return frames


def _emit(record: dict[str, Any]) -> None:
    if not _OUT:
        return
    record = dict(record)
    record["lines"] = {rel: sorted(lines) for rel, lines in _lines.items() if lines}
    if _WATCHED:
        record["values"] = list(_values)
    if _counts:
        record["conditions"] = {f"{rel}:{line}": counts for (rel, line), counts in _counts.items()}
    # One write on an O_APPEND descriptor: records of parallel workers (xdist) never interleave.
    data = (json.dumps(record) + "\n").encode("utf-8")
    fd = os.open(_OUT, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    sys.settrace(None)
    if _current is not None:
        stack: list[list[Any]] = []
        while frame is not None:
            rel = _relative(frame.f_code.co_filename)
            if rel is not None:
                stack.append([rel, frame.f_lineno])
            frame = frame.f_back
        record = dict(_current)
        record.update(outcome="failed", timeout=True, trace=list(reversed(stack)))
        with contextlib.suppress(OSError):
            _emit(record)
    os._exit(_TIMEOUT_EXIT)


def pytest_configure(config: pytest.Config) -> None:
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _on_sigterm)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, Any, None]:
    global _current
    _lines.clear()
    _counts.clear()
    _values.clear()
    _current = {"nodeid": item.nodeid, "outcome": "passed", "trace": [], "timeout": False}
    threading.settrace(_global_trace)
    sys.settrace(_global_trace)
    try:
        yield
    finally:
        sys.settrace(None)
        threading.settrace(None)
        record, _current = _current, None
        _emit(record)
        _lines.clear()
        _counts.clear()
        _values.clear()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    yield
    excinfo = call.excinfo
    if _current is None or excinfo is None or _current["trace"]:
        return
    if excinfo.errisinstance((pytest.skip.Exception, pytest.xfail.Exception)):
        return
    _current["trace"] = _exception_trace(excinfo.value)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if _current is None or report.nodeid != _current["nodeid"]:
        return
    if report.failed:
        _current["outcome"] = "failed"
    elif report.skipped and _current["outcome"] != "failed":
        # xfail is reported as skipped: it tells nothing about the fault.
        _current["outcome"] = "skipped"
