"""A fork server for the suite's CLI runs: `python dev_agent.py ARGS` without paying for
Python's start and the CLI's imports each time.

A scripted CLI run spends about 0.75 s of CPU importing AutoGen, pydantic and the
workflows before it does anything; the suite makes hundreds of them. The server
(`python -m tests.cli_fork`, one per xdist worker) imports those modules once and forks a
child per run. The child becomes the run: fds 0, 1 and 2 are the caller's stdin and its
two pipes (every other fd closed, as a fresh process has none), the caller's cwd, its
environment in place of the server's (os.environ replaced, so putenv too), sys.argv and
sys.path[0] as `python dev_agent.py` sets them, then it runs dev_agent.py itself
(runpy, as __main__) and exits the way that interpreter would, atexit handlers and all.
The server reaps it and sends back its wait status; `ForkedCli.run` returns what
subprocess.run would have.

What a fork could freeze is checked, not assumed:
- the environment: while the server imports, os.environ records every name read; a run
  whose environment differs from the server's in any of them (or in what is read at a
  process's start: PYTHON*, the locale, TZ, LD_*...) runs by exec instead. Every devagent
  module reads none (tests/test_cli_fork.py); tempfile's cached folder is dropped.
- the cwd and sys.argv: read by no module at import (checked the same way; else the
  server refuses to fork and every run execs), but rich, which keeps the cwd only for its
  tracebacks: a child sets it to its own (CWD_KEEPERS).
- threads and fds: the server forks only while it has one thread and no fd beyond 0-2
  but its own.
- warnings printed while importing would go to the server's stderr, not the run's: any
  makes the server refuse.
One difference stays: forked runs share their server's string hash seed (a fresh
interpreter draws its own), so set iteration order is the same across one worker's runs.
The imported objects are frozen out of the collector (gc.freeze), so a child's exit does
not touch, and copy, every page of them: 0.05 s of CPU a fork instead of 0.25 s.
Tests about the interpreter's start itself (imports, signals, packaging, the demo) start
their own `python dev_agent.py`; `dev_agent_exec` is the fixture's exec-only form."""

from __future__ import annotations

import contextlib
import gc
import importlib
import io
import json
import os
import runpy
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SCRIPT = PROJECT_ROOT / "dev_agent.py"

# What every CLI path imports once a run starts (devagent/cli.py imports them lazily).
PRELOAD = (
    "devagent.cli",
    "devagent.config",
    "devagent.spec_config",
    "devagent.user_files",
    "devagent.user_input",
    "devagent.remote_check",
    "devagent.report",
    "devagent.transcript",
    "devagent.resume",
    "devagent.trace_store",
    "devagent.workflows.fix.run",
    "devagent.workflows.fix.team",  # and what a fix run imports once it starts
    "devagent.workflows.fix.git_step",
    "devagent.workflows.fix.repair_step",
    "devagent.workflows.fix.grounding",
    "devagent.workflows.fix.prompts",
    "devagent.models.scripted",
    "devagent.repair.branch_review",
    "devagent.repair.model_edits",
    "devagent.dashboard.notify",
    "devagent.dashboard.view",
    "devagent.tools.harness_screen",
    "devagent.source_context",
    "devagent.workflows.plan.review",
    "devagent.workflows.plan.fix_step",
    "devagent.workflows.plan.cli",
    "devagent.workflows.plan.run",
    "devagent.workflows.plan.team",
    "devagent.workflows.plan.idea",
    "devagent.workflows.plan.prompts",
    "devagent.workflows.plan.repair_stage",
    "devagent.workflows.plan.report",
    "devagent.workflows.spec.run",
    "devagent.workflows.spec.team",
    "devagent.workflows.spec.prompts",
    "devagent.workflows.debate.run",
    "devagent.workflows.debate.team",
    "devagent.workflows.debate.checks",
    "devagent.workflows.debate.evaluation",
    "devagent.workflows.debate.replies",
    "devagent.workflows.debate.report",
    "devagent.debate_cli",
    # The model backends, not the libraries they load when a model is used: llama_cpp
    # loads libgomp, which reads OMP_* from the C environment at load.
    "devagent.models.retry",
    "devagent.models.llama_cpp_backend",
    "devagent.models.openai_backend",
    "devagent.models.ollama_backend",
)
# Read at a process's start, by the interpreter (PYTHON*), libc (locale, time zone,
# malloc tunables) or the dynamic loader (LD_*), not through os.environ: a run whose
# value differs from the server's is never forked.
STARTUP_PREFIXES = ("PYTHON", "LC_", "LANG", "TZ", "LD_", "GLIBC_", "MALLOC_")
MAX_MESSAGE = 1 << 20
# CPU seconds of every run forked so far: the server reaps them, so they are not this
# process's reaped children; bench/test_cpu.py adds them to each test's figure.
FORKED_CPU_S = 0.0


# --------------------------------------------------------------------------- what imports read


_PASSING = {
    "os", "posixpath", "genericpath", "pathlib", "collections.abc", "_collections_abc",
    "importlib._bootstrap", "importlib._bootstrap_external",
}  # fmt: skip
# Modules known to keep the cwd they were imported in, and how a child sets it to its own.
# rich keeps it only to print relative paths in its tracebacks.
CWD_KEEPERS = {"rich": ("rich", "_IMPORT_CWD")}


class _Reads:
    """What was read while the server imported: environment names (by the module that
    read them), and whether anything asked for the cwd or sys.argv."""

    def __init__(self) -> None:
        self.env: dict[str, set[str]] = {}
        self.cwd: set[str] = set()
        self.argv: set[str] = set()

    def reader(self) -> str:
        """The modules on the stack, innermost first ("rich.console < devagent.report < ..."),
        leaving out os and the abstract mappings that pass the read on."""
        names: list[str] = []
        frame = sys._getframe(2)
        while frame is not None and len(names) < 6:
            name = str(frame.f_globals.get("__name__", "?"))
            if name not in _PASSING and name != __name__ and name not in names[-1:]:
                names.append(name)
            frame = frame.f_back
        return " < ".join(names)

    def as_json(self) -> dict[str, Any]:
        return {
            "env": {k: sorted(v) for k, v in self.env.items()},
            "cwd": sorted(self.cwd),
            "argv": sorted(self.argv),
        }


READS = _Reads()


class _RecordingEnviron(os._Environ):
    """os.environ's own class, recording each name read (set as its __class__ while the
    server imports: every reference to os.environ, however obtained, records)."""

    def __getitem__(self, key: str) -> str:
        READS.env.setdefault(key, set()).add(READS.reader())
        return super().__getitem__(key)

    def __iter__(self) -> Iterator[str]:
        READS.env.setdefault("*", set()).add(READS.reader())
        return super().__iter__()


class _RecordingArgv(list):
    def __getitem__(self, index: Any) -> Any:
        READS.argv.add(READS.reader())
        return super().__getitem__(index)

    def __iter__(self) -> Iterator[Any]:
        READS.argv.add(READS.reader())
        return super().__iter__()

    def __len__(self) -> int:
        READS.argv.add(READS.reader())
        return super().__len__()


@contextlib.contextmanager
def recording() -> Iterator[_Reads]:
    """Record what is read of the environment, the cwd and sys.argv inside the block."""
    getcwd, getcwdb, argv = os.getcwd, os.getcwdb, sys.argv

    def recorded_getcwd() -> str:
        READS.cwd.add(READS.reader())
        return getcwd()

    def recorded_getcwdb() -> bytes:
        READS.cwd.add(READS.reader())
        return getcwdb()

    os.environ.__class__ = _RecordingEnviron
    os.getcwd, os.getcwdb = recorded_getcwd, recorded_getcwdb
    sys.argv = _RecordingArgv(argv)
    try:
        yield READS
    finally:
        os.environ.__class__ = os._Environ
        os.getcwd, os.getcwdb, sys.argv = getcwd, getcwdb, argv


def preload(modules: Sequence[str] = PRELOAD) -> dict[str, Any]:
    """Import `modules`, recording what they read and what they print (a warning shown at
    import would go to the server's stderr, not a run's); the report the server sends."""
    sink = os.memfd_create("preload-output")
    saved = [os.dup(1), os.dup(2)]
    os.dup2(sink, 1)
    os.dup2(sink, 2)
    try:
        with recording() as reads:
            for name in modules:
                importlib.import_module(name)
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        for fd, target in zip(saved, (1, 2), strict=True):
            os.dup2(fd, target)
            os.close(fd)
    printed = os.pread(sink, 4096, 0).decode(errors="replace")
    os.close(sink)
    return {**reads.as_json(), "printed": printed}


# --------------------------------------------------------------------------- the server


def _send(sock: socket.socket, message: dict[str, Any], fds: Sequence[int] = ()) -> None:
    data = json.dumps(message).encode()
    if fds:
        socket.send_fds(sock, [data], list(fds))
    else:
        sock.sendall(data)


def _open_fds(own: int) -> list[int]:
    """The fds open here besides 0, 1, 2 and `own` (listing /proc opens one: not counted)."""
    listed = [int(name) for name in os.listdir("/proc/self/fd")]
    return [fd for fd in listed if fd > 2 and fd != own and _is_open(fd)]


def _is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def _refusal(report: dict[str, Any], control: socket.socket) -> str | None:
    """Why forking would not give what exec gives, or None."""
    if "*" in report["env"]:
        return f"the whole environment was read at import by {report['env']['*']}"
    unknown = [r for r in report["cwd"] if r.split(" < ")[0] not in CWD_KEEPERS]
    if unknown or report["argv"]:
        return f"the cwd or sys.argv was read at import: {unknown} {report['argv']}"
    if report["printed"]:
        return f"imports printed: {report['printed']!r}"
    if len(os.listdir("/proc/self/task")) != 1:
        return "a thread was started at import"
    if _open_fds(control.fileno()):  # a child closes every fd it did not get from the caller
        return f"fds were left open at import: {_open_fds(control.fileno())}"
    return None


class _Job:
    """In the forked child: become `python dev_agent.py ARGV` in CWD with ENV."""

    def __init__(self, request: dict[str, Any]) -> None:
        self.request = request

    def run(self) -> None:
        os.chdir(self.request["cwd"])
        for module, attribute in CWD_KEEPERS.values():
            if module in sys.modules:  # what a fresh import in this cwd would have kept
                setattr(sys.modules[module], attribute, os.path.abspath(os.getcwd()))
        os.environ.clear()
        os.environ.update(self.request["env"])
        tempfile.tempdir = None  # found again from $TMPDIR at first use, as at a fresh start
        time.tzset()  # libc's time zone from this $TZ, as at a fresh start
        sys.argv = [str(SCRIPT), *self.request["args"]]
        sys.orig_argv = [sys.executable, *sys.argv]
        sys.path[0] = str(SCRIPT.parent)
        runpy.run_path(str(SCRIPT), run_name="__main__")  # dev_agent.py ends with sys.exit(main())


def serve(control: socket.socket) -> _Job | None:
    """Answer requests until the control socket closes; in a forked child, return its job."""
    try:
        report = preload()
    except Exception:  # the server cannot serve: every run execs
        report = {"env": {}, "cwd": [], "argv": [], "printed": "", "error": traceback.format_exc()}
    refusal = report.get("error") or _refusal(report, control)
    # What the imports built stays out of the collector's sight: a child's collections
    # (and its exit) then leave those pages shared instead of touching every object.
    gc.collect()
    gc.freeze()
    _send(control, {**report, "refusal": refusal, "pid": os.getpid()})
    if refusal:
        return None
    selector = selectors.DefaultSelector()
    selector.register(control, selectors.EVENT_READ, ("control", None))
    running: dict[int, tuple[int, socket.socket]] = {}  # pidfd -> (pid, reply socket)
    while True:
        for key, _ in selector.select():
            kind, data = key.data
            if kind == "control":
                message, fds, _flags, _addr = socket.recv_fds(control, MAX_MESSAGE, 8)
                if not message:  # the worker is gone
                    return None
                request = json.loads(message)
                stdin, stdout, stderr, reply_fd = fds
                reply = socket.socket(fileno=reply_fd)
                sys.stdout.flush()
                sys.stderr.flush()
                pid = os.fork()
                if pid == 0:
                    # The server's own fds closed through their objects (none is closed
                    # twice later, by a collected object, when its number is reused).
                    selector.close()
                    control.close()
                    for pidfd, (_, other) in running.items():
                        os.close(pidfd)
                        other.close()
                    reply.close()
                    for fd, target in ((stdin, 0), (stdout, 1), (stderr, 2)):
                        os.dup2(fd, target)
                    os.closerange(3, os.sysconf("SC_OPEN_MAX"))  # the three received
                    return _Job(request)
                for fd in (stdin, stdout, stderr):
                    os.close(fd)
                pidfd = os.pidfd_open(pid)
                running[pidfd] = (pid, reply)
                selector.register(pidfd, selectors.EVENT_READ, ("exited", pidfd))
                selector.register(reply, selectors.EVENT_READ, ("kill", pidfd))
                _send(reply, {"pid": pid})
            elif kind == "kill":  # the caller's timeout passed (or it went away)
                with contextlib.suppress(OSError):
                    key.fileobj.recv(64)
                selector.unregister(key.fileobj)
                with contextlib.suppress(ProcessLookupError):
                    signal.pidfd_send_signal(data, signal.SIGKILL)
            else:
                pid, reply = running.pop(data)
                _, status, usage = os.wait4(pid, 0)
                selector.unregister(data)
                os.close(data)
                with contextlib.suppress(KeyError):
                    selector.unregister(reply)
                with contextlib.suppress(OSError):
                    cpu = usage.ru_utime + usage.ru_stime
                    _send(reply, {"returncode": os.waitstatus_to_exitcode(status), "cpu_s": cpu})
                reply.close()


# --------------------------------------------------------------------------- the client


def _decoded(data: bytes) -> str:
    """As subprocess.run(text=True) decodes: the locale's encoding, universal newlines."""
    return io.TextIOWrapper(io.BytesIO(data)).read()


class ForkedCli:
    """One worker's fork server; `run` is subprocess.run for `python dev_agent.py ARGS`."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self._control, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self._env = dict(env)
        self._server = subprocess.Popen(
            [sys.executable, "-m", "tests.cli_fork", str(theirs.fileno())],
            cwd=PROJECT_ROOT,
            env=self._env,
            pass_fds=[theirs.fileno()],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
        )
        theirs.close()
        self.report: dict[str, Any] = json.loads(self._control.recv(MAX_MESSAGE))
        self.forked = 0  # runs forked
        self.cpu_s = 0.0  # their CPU seconds
        self.last_cpu_s = 0.0

    def close(self) -> None:
        self._control.close()
        try:
            self._server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self._server.kill()
            self._server.wait()
        # Reaped with the server, its runs are now among this process's children: counted
        # there, they leave FORKED_CPU_S (bench/test_cpu.py would count them twice).
        global FORKED_CPU_S
        FORKED_CPU_S -= self.cpu_s

    def differs(self, env: Mapping[str, str]) -> list[str]:
        """The names whose values in `env` the server's imports may have kept."""
        names = set(self.report["env"]) | {n for n in {*env, *self._env} if n.startswith(STARTUP_PREFIXES)}
        return sorted(n for n in names if env.get(n) != self._env.get(n))

    def can_fork(self, env: Mapping[str, str]) -> bool:
        try:
            os.fstat(0)  # the run inherits the worker's stdin, as subprocess.run's would
        except OSError:
            return False
        return not self.report["refusal"] and not self.differs(env)

    def run(
        self, args: Sequence[str], *, cwd: Path, env: Mapping[str, str], timeout: float
    ) -> subprocess.CompletedProcess[str]:
        argv = [sys.executable, str(SCRIPT), *args]
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        request = {"args": list(args), "cwd": str(cwd), "env": dict(env)}
        try:
            _send(self._control, request, [0, out_w, err_w, theirs.fileno()])
        finally:
            for fd in (out_w, err_w):
                os.close(fd)
            theirs.close()
        with mine:
            json.loads(mine.recv(MAX_MESSAGE))  # {"pid": ...}: the child runs
            self.forked += 1
            chunks: dict[int, list[bytes]] = {out_r: [], err_r: []}
            deadline = time.monotonic() + timeout
            timed_out = False
            with selectors.DefaultSelector() as selector:
                for fd in chunks:
                    selector.register(fd, selectors.EVENT_READ)
                while selector.get_map():
                    left = deadline - time.monotonic()
                    if left <= 0:
                        timed_out = True
                        break
                    for key, _ in selector.select(left):
                        data = os.read(key.fd, 65536)
                        if data:
                            chunks[key.fd].append(data)
                        else:
                            selector.unregister(key.fd)
            if timed_out:
                with contextlib.suppress(OSError):  # it may have ended meanwhile
                    mine.sendall(b"kill")
            ended = json.loads(mine.recv(MAX_MESSAGE))
            returncode = ended["returncode"]
            self.last_cpu_s = ended["cpu_s"]
            self.cpu_s += self.last_cpu_s
            global FORKED_CPU_S
            FORKED_CPU_S += self.last_cpu_s
        for fd in chunks:
            os.close(fd)
        stdout, stderr = (b"".join(chunks[fd]) for fd in (out_r, err_r))
        if timed_out:
            raise subprocess.TimeoutExpired(argv, timeout, output=stdout, stderr=stderr)
        return subprocess.CompletedProcess(argv, returncode, _decoded(stdout), _decoded(stderr))


def main() -> None:
    control = socket.socket(fileno=int(sys.argv[1]))
    job = serve(control)
    if job is not None:  # the forked child, its server's state left behind
        del control
        job.run()


if __name__ == "__main__":
    main()
