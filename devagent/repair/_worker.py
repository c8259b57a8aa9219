"""Forking pytest worker (see validate.py): pays for the interpreter, pytest, its
plugins and the project's third-party imports once, then runs every request in a
fresh fork.

Started as `python -c <this file's text>` with the throwaway tree as cwd, so nothing
but the project itself is on sys.path. Requests come as JSON lines on stdin:

    {"args": [...], "timeout": seconds, "env": {...}, "log": path, "cwd": dir}

and each gets one JSON line back: {"exit": code or null, "timed_out": bool}. The child
runs in its own process group with stdout/stderr in `log`, in the request's `cwd` (the
worker's own directory when absent); before pytest.main it drops every module loaded
from that tree and invalidates the import caches, so each request imports the
project's code as it is on disk now. Bytecode is never written.

One worker started in an empty directory can serve many trees through `cwd` (the
task checker, bench/repair/check_tasks.py): sys.path[0] is '' (the current
directory), so a fork that moved to a tree imports from it as a worker started there
would. Only the worker's own modules differ: a tree holding a top-level module of the
same name (a calendar.py) would shadow it in a fresh interpreter, not in a fork, so
such a request runs nothing and gets {"exit": null, "timed_out": false, "shadowed":
[names]} back, for the caller to run it in a fresh interpreter.

Warm-up (DEVAGENT_REPAIR_WARM=1): one forked `pytest --collect-only` run
(DEVAGENT_REPAIR_WARM_ARGS, a JSON list) tells which modules a run imports from
outside the tree; the worker imports them itself so that every fork inherits them.
A warm-up that started a thread or pulled in a module of the tree is unsafe to fork
from: the worker then says so and the runner starts a cold one. The first line the
worker writes is {"ready": true, "warmed": n, "unsafe": reason or null}."""

from __future__ import annotations

import contextlib
import gc
import importlib
import importlib.machinery
import inspect
import json
import os
import select
import signal
import sys
import threading
import time
import traceback
from typing import Any, NoReturn

_POLL_S = 0.002
_CHILD_CRASH = 70
_WARM_TIMEOUT_S = 120.0
# Plugin modules are imported here, outside pytest, so it cannot rewrite their asserts;
# its warning about that must not fail a run configured with -W error.
_QUIET = ("-W", "ignore::pytest.PytestAssertRewriteWarning")
# Imported lazily by every pytest run; importing them once here saves each fork the work.
_PYTEST_MODULES = (
    "_pytest.faulthandler",
    "_pytest.helpconfig",
    "_pytest.junitxml",
    "_pytest.pastebin",
    "_pytest.setuponly",
    "_pytest.setupplan",
    "_pytest.skipping",
    "_pytest.threadexception",
    "_pytest.tracemalloc",
    "_pytest.unittest",
    "_pytest.unraisableexception",
    "_pytest.warnings",
    "pdb",
    "unittest.mock",
)


def _preload() -> Any:
    """pytest, the parts of it every run needs, and the installed pytest plugins."""
    import pytest

    for name in _PYTEST_MODULES:
        with contextlib.suppress(ImportError):
            importlib.import_module(name)
    if not os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD"):
        from importlib.metadata import entry_points

        for entry in entry_points(group="pytest11"):
            with contextlib.suppress(Exception):  # pytest reports a broken plugin in the run
                entry.load()
    return pytest


def _in_tree(module: Any, prefix: str) -> bool:
    paths = [getattr(module, "__file__", None)]
    with contextlib.suppress(Exception):
        paths += list(getattr(module, "__path__", None) or [])
    for path in paths:
        if isinstance(path, str) and path:
            full = path if os.path.isabs(path) else os.path.join(prefix, path)
            if full.startswith(prefix):
                return True
    return False


def _forget(prefix: str) -> None:
    for name, module in list(sys.modules.items()):
        if _in_tree(module, prefix):
            del sys.modules[name]
    importlib.invalidate_caches()


def _redirect(log_path: str) -> None:
    log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(log)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)


def _child(pytest: Any, prefix: str, request: dict[str, Any], protocol_fd: int) -> NoReturn:
    status = _CHILD_CRASH
    try:
        os.setpgid(0, 0)
        os.close(protocol_fd)
        _redirect(str(request["log"]))
        os.environ.update({str(k): str(v) for k, v in dict(request.get("env") or {}).items()})
        sys.dont_write_bytecode = True
        os.chdir(prefix)
        _forget(prefix)
        status = int(pytest.main([*_QUIET, *(str(a) for a in request["args"])]))
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
    os._exit(status)


def _wait(pid: int, timeout: float) -> tuple[int | None, bool]:
    """Wait for the child; on timeout kill its process group. Returns (exit code, timed out)."""
    timed_out = False
    try:
        pidfd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        pidfd = -1
    if pidfd >= 0:
        try:
            ready, _, _ = select.select([pidfd], [], [], max(timeout, 0.0))
        finally:
            os.close(pidfd)
        timed_out = not ready
    else:
        deadline = time.monotonic() + timeout
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                _kill_group(pid)  # grandchildren left behind, if any
                return os.waitstatus_to_exitcode(status), False
            if time.monotonic() >= deadline:
                timed_out = True
                break
            time.sleep(_POLL_S)
    # The child is a zombie or still running: its pid (and group id) cannot be reused yet.
    _kill_group(pid)
    _, status = os.waitpid(pid, 0)
    return (None if timed_out else os.waitstatus_to_exitcode(status)), timed_out


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def _fork(pytest: Any, prefix: str, request: dict[str, Any], protocol_fd: int) -> tuple[int | None, bool]:
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        _child(pytest, prefix, request, protocol_fd)
    with contextlib.suppress(OSError):  # the child did it first, or already exited
        os.setpgid(pid, pid)
    return _wait(pid, float(request.get("timeout", 60)))


def _warm(pytest: Any, prefix: str, protocol_fd: int) -> tuple[int, str | None]:
    """Import what a collection imports from outside the tree. Returns (count, unsafe reason)."""
    out = os.environ.get("DEVAGENT_REPAIR_WARM_OUT", "")
    args = json.loads(os.environ.get("DEVAGENT_REPAIR_WARM_ARGS") or "[]")
    if not out:
        return 0, None
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        status = _CHILD_CRASH
        try:
            os.setpgid(0, 0)
            os.close(protocol_fd)
            _redirect(os.devnull)
            sys.dont_write_bytecode = True
            before = set(sys.modules)
            pytest.main([*_QUIET, "--collect-only", "-q", "-p", "no:cacheprovider", *args])
            names = [
                name
                for name, module in list(sys.modules.items())
                if name not in before and name != "__main__" and not _in_tree(module, prefix)
            ]
            with open(out, "w", encoding="utf-8") as handle:
                json.dump(names, handle)
            status = 0
        finally:
            os._exit(status)
    with contextlib.suppress(OSError):
        os.setpgid(pid, pid)
    code, _ = _wait(pid, _WARM_TIMEOUT_S)
    if code != 0:
        return 0, None
    try:
        with open(out, encoding="utf-8") as handle:
            names = [str(n) for n in json.load(handle)]
    except (OSError, ValueError):
        return 0, None
    warmed = 0
    for name in names:
        if name in sys.modules:
            continue
        try:
            importlib.import_module(name)
            warmed += 1
        except BaseException as exc:  # a module that only imports in its own context
            if isinstance(exc, KeyboardInterrupt):
                raise
    if threading.active_count() > 1:
        return warmed, "a warm-up import started a thread"
    if any(_in_tree(module, prefix) for module in list(sys.modules.values())):
        return warmed, "a warm-up import loaded a module of the tree"
    return warmed, None


def _tree(directory: str) -> str:
    return os.path.realpath(directory).rstrip(os.sep) + os.sep


def _path_modules() -> list[str]:
    """Top-level names of the modules this process imported from sys.path (not the ones
    built into the interpreter or frozen in it, which no directory can shadow)."""
    names = set()
    for name, module in list(sys.modules.items()):
        spec = getattr(module, "__spec__", None)
        if "." not in name and spec is not None and spec.origin not in ("built-in", "frozen"):
            names.add(name)
    return sorted(names)


def _shadowed(names: list[str], tree: str) -> list[str]:
    """Which of these modules a module or package at the top of tree would replace. A
    finder of its own, so that no cache of the tree's listing outlives the request."""
    finder = importlib.machinery.FileFinder(
        tree.rstrip(os.sep) or os.sep,
        (importlib.machinery.ExtensionFileLoader, importlib.machinery.EXTENSION_SUFFIXES),
        (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES),
        (importlib.machinery.SourcelessFileLoader, importlib.machinery.BYTECODE_SUFFIXES),
    )
    found = []
    for name in names:
        spec = finder.find_spec(name)
        if spec is not None and spec.loader is not None:  # loader None: a namespace portion
            found.append(name)
    return found


def _fill_inspect_cache() -> None:
    """pytest formats a failure's traceback with inspect.getmodule, whose first miss in a
    process maps every loaded module's file (a realpath each, some 14 ms a run); done
    here, each fork only maps the modules it imported itself. A module that breaks the
    mapping leaves the work to the forks, as before."""
    with contextlib.suppress(Exception):
        inspect.getmodule(None, os.devnull)


def main() -> None:
    prefix = _tree(os.getcwd())
    sys.dont_write_bytecode = True
    # The protocol gets its own descriptor; fd 1 then goes to stderr so that nothing a
    # plugin prints on import can corrupt it.
    protocol_fd = os.dup(1)
    os.dup2(2, 1)
    pytest = _preload()
    warmed, unsafe = (
        _warm(pytest, prefix, protocol_fd) if os.environ.get("DEVAGENT_REPAIR_WARM") == "1" else (0, None)
    )

    def reply(payload: dict[str, Any]) -> None:
        os.write(protocol_fd, (json.dumps(payload) + "\n").encode("utf-8"))

    reply({"ready": True, "pid": os.getpid(), "warmed": warmed, "unsafe": unsafe})
    if unsafe:
        return
    _fill_inspect_cache()
    top_level = _path_modules()
    # Every run's garbage collections (pytest forces several at its end) would otherwise
    # walk all the objects the worker imported; frozen, they are skipped in every fork.
    gc.freeze()
    for raw in sys.stdin:
        try:
            request = json.loads(raw)
        except json.JSONDecodeError:
            reply({"exit": None, "timed_out": False, "error": "bad request"})
            continue
        tree = prefix
        if request.get("cwd"):
            tree = _tree(str(request["cwd"]))
            shadowed = _shadowed(top_level, tree)
            if shadowed:
                reply({"exit": None, "timed_out": False, "shadowed": shadowed})
                continue
        code, timed_out = _fork(pytest, tree, request, protocol_fd)
        reply({"exit": code, "timed_out": timed_out})


if __name__ == "__main__":
    main()
