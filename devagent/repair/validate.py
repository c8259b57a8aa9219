"""Fast validation of candidate edits: run the tests on a throwaway copy of the repo.

`CandidateRunner` copies the repository once into a temp folder (the files git lists,
tracked and untracked but not ignored, as they are in the working tree, so uncommitted
work counts; every file but VCS and cache folders when it is no git repository; the
user's checkout and its .git are never written). For each candidate it writes the new
file content, runs the given failing tests first (fast rejection, `-x`), then the
whole suite, and restores the file.

Runs go through a forking worker (_worker.py): one long-lived interpreter imports
pytest once and forks a child per run, so each run sees fresh project modules but pays
no interpreter or pytest start-up. Without os.fork (or with mode="subprocess") each
run is a fresh `python -m pytest` subprocess. Either way a run that outlives
`timeout_s` is killed with its whole process group, and no bytecode is written."""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Literal

from devagent.errors import GitError
from devagent.import_roots import import_roots, pythonpath_for
from devagent.process import kill_group, start_in_group
from devagent.pytest_output import summary_line
from devagent.repair.leftovers import COPY_PREFIX, mark_owner
from devagent.secret_values import scrubbed_environment
from devagent.text import without_ansi
from devagent.tools.git.command import run_git
from devagent.tools.git.generated_modules import copy_generated_modules
from devagent.worktree_files import open_for_write_inside, remove_inside, write_inside

RESULTS_MODULE = "_devagent_repair_results"
_HERE = Path(__file__).parent
_WORKER_SOURCE = _HERE / "_worker.py"
_RESULTS_SOURCE = _HERE.parent / "pytest_plugin" / "_devagent_report.py"
_SKIP_COPY = frozenset(
    {
        ".git", ".hg", ".svn", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".tox", ".nox",
        "node_modules",
    }
)  # fmt: skip
_SKIP_COPY_IF_VENV = frozenset({".venv", "venv", "env"})  # only when they hold a virtualenv
_WORKER_START_TIMEOUT_S = 60.0
_WORKER_GRACE_S = 30.0
_WARM_TIMEOUT_S = 120.0  # the warm-up's collection run (the worker's own limit)
_BASE_ARGS = ("-q", "--tb=no", "-rf", "-p", "no:cacheprovider", "-p", RESULTS_MODULE)

Mode = Literal["auto", "fork", "subprocess"]
CommandPrefix = Sequence[str] | Callable[[Path], Sequence[str]]


@dataclass(frozen=True)
class TestVerdict:
    __test__ = False  # not a pytest test class

    passed: bool
    stage: str  # "compile" (rejected before running), "first" (the failing tests) or "full"
    failed_tests: tuple[str, ...]
    summary: str  # pytest's closing line, or why the candidate was rejected
    duration_s: float
    timed_out: bool = False
    exit_code: int | None = None


@dataclass(frozen=True)
class _RunResult:
    exit_code: int | None
    timed_out: bool
    failed: tuple[str, ...]
    summary: str
    duration_s: float
    passed: tuple[str, ...] = ()  # the tests that ran and passed (the report's outcomes)

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and not self.timed_out

    def passed_all(self, tests: Sequence[str]) -> bool:
        """Did `tests` run and pass? Exit 0, or exit 1 with no test failed and each of them
        passed: a check of the whole session failed a run of a few tests (pytest-cov's
        --cov-fail-under in the project's addopts), not one of them."""
        if self.ok:
            return True
        passed = set(self.passed)
        return (
            self.exit_code == 1
            and not self.timed_out
            and not self.failed
            and bool(tests)
            and all(test in passed for test in tests)
        )


class RunnerError(RuntimeError):
    """The throwaway copy or the worker could not be set up."""


class CandidateRunner:
    """Runs the project's tests against candidate file contents in a throwaway copy.

    `test_args` are the pytest arguments of a full run (empty: pytest's own discovery);
    `timeout_s` bounds every pytest run (the failing tests, then the full suite).
    `command_prefix` wraps the worker (fork mode) or every pytest subprocess (a
    sandbox such as bubblewrap); a callable gets the copy's root. `fail_fast` adds -x
    to full runs: the first failure rejects a candidate."""

    def __init__(
        self,
        repo: Path,
        test_args: Sequence[str] = (),
        timeout_s: float = 60.0,
        *,
        command_prefix: CommandPrefix = (),
        mode: Mode = "auto",
        fail_fast: bool = True,
        warm: bool = True,
        env: Mapping[str, str] | None = None,
        python: str | None = None,
        import_roots: Sequence[str] | None = None,
    ) -> None:
        self.repo = Path(repo).resolve()
        # The project's interpreter, and the folders of the copy its tests import from
        # (None: `src/` when it holds code, devagent/import_roots.py).
        self.python = python or sys.executable
        self.import_roots = import_roots
        self.test_args = list(test_args)
        self.timeout_s = float(timeout_s)
        # The failing tests' runs of a candidate: set by the search from the measured run
        # time, so an edit that loops forever costs seconds (None: `timeout_s`).
        self.first_timeout_s: float | None = None
        self.fail_fast = fail_fast
        self.warm = warm
        self.warmed = 0  # modules the worker imported ahead of the runs
        self.unsafe_warm_up: str | None = None  # why the worker had to start cold
        self.mode: Literal["fork", "subprocess"] = (
            ("fork" if hasattr(os, "fork") else "subprocess") if mode == "auto" else mode
        )
        if self.mode == "fork" and not hasattr(os, "fork"):
            raise RunnerError("os.fork is not available on this platform")
        self._command_prefix = command_prefix
        # Like ShellTool's commands: the tests under repair never see the user's secrets.
        self._env = scrubbed_environment() if env is None else dict(env)
        self._scratch: Path | None = None
        self._root: Path | None = None
        self._worker: subprocess.Popen[bytes] | None = None
        self._worker_log: IO[bytes] | None = None
        self._buffer = b""
        self._runs = 0

    # -- lifecycle

    def __enter__(self) -> CandidateRunner:
        self.start()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    @property
    def root(self) -> Path:
        """The throwaway copy the tests run in."""
        if self._root is None:
            raise RunnerError("the runner is not started")
        return self._root

    @property
    def env(self) -> dict[str, str]:
        """The environment of the runs (PYTHONPATH with the runner's plugin and `src/`)."""
        return dict(self._env)

    @property
    def scratch(self) -> Path:
        """The temp folder holding the copy (`tree/`) and the runner's own files (`tools/`)."""
        if self._scratch is None:
            raise RunnerError("the runner is not started")
        return self._scratch

    def start(self) -> None:
        if self._root is not None:
            return
        scratch = Path(tempfile.mkdtemp(prefix=COPY_PREFIX)).resolve()
        try:
            mark_owner(scratch)
            root = scratch / "tree"
            copy_tree(self.repo, root)
            tools = scratch / "tools"
            tools.mkdir()
            (tools / f"{RESULTS_MODULE}.py").write_text(_RESULTS_SOURCE.read_text(encoding="utf-8"))
            (tools / "runs").mkdir()
        except BaseException:
            shutil.rmtree(scratch, ignore_errors=True)
            raise
        self._scratch, self._root = scratch, root
        self._env["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(tools), *self._source_dirs(root), self._env.get("PYTHONPATH")) if p
        )
        self._env["PYTHONDONTWRITEBYTECODE"] = "1"
        if self.mode == "fork":
            try:
                self._start_worker()
            except BaseException:
                self.close()
                raise

    def _source_dirs(self, root: Path) -> list[str]:
        """The copy's import roots: they must shadow an editable install of the checkout."""
        roots = self.import_roots if self.import_roots is not None else import_roots(root, ())
        return pythonpath_for(root, roots)

    def close(self) -> None:
        self._stop_worker()
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
        self._scratch = self._root = None

    # -- running candidates

    def run(self, path: str, new_content: str, first: Sequence[str] = ()) -> TestVerdict:
        """Test the copy with `path` (repo-relative) holding `new_content`, then restore it.
        Passed only when the `first` tests and then the full suite pass."""
        started = time.monotonic()
        if path.endswith(".py"):
            reason = _syntax_error(new_content, path)
            if reason is not None:
                return TestVerdict(False, "compile", (), reason, time.monotonic() - started)
        with self.holding(path, new_content):
            return self._verdict(first, started)

    @contextlib.contextmanager
    def holding(self, path: str, new_content: str) -> Iterator[None]:
        """The copy with `path` (repo-relative) holding `new_content` for the block, then as before."""
        target = self._target(path)
        original = target.read_bytes() if target.exists() else None
        # The copy is writable by the tests: never write through a symlink they planted.
        try:
            write_inside(self.root, path, new_content.encode("utf-8"))
            yield
        finally:
            if original is None:
                remove_inside(self.root, path)
            else:
                write_inside(self.root, path, original)

    def check(self, first: Sequence[str] = ()) -> TestVerdict:
        """Test the unchanged copy (does it reproduce the failure the way the repo does?)."""
        return self._verdict(first, time.monotonic())

    def original(self, path: str) -> str:
        """A file of the copy as it was copied."""
        return self._target(path).read_text(encoding="utf-8")

    def _verdict(self, first: Sequence[str], started: float) -> TestVerdict:
        if first:
            result = self.run_pytest([*(["-x"] if self.fail_fast else []), *first], self.first_timeout_s)
            if not result.passed_all(first):
                return _reject("first", result, started)
        full = self.run_pytest([*(["-x"] if self.fail_fast else []), *self.test_args])
        if not full.ok:
            return _reject("full", full, started)
        return TestVerdict(True, "full", (), full.summary, time.monotonic() - started, False, 0)

    def run_pytest(self, args: Sequence[str], timeout_s: float | None = None) -> _RunResult:
        """One pytest run in the copy, as it is now, with `args` after the runner's options,
        killed after `timeout_s` (None: the runner's `timeout_s`)."""
        limit = self.timeout_s if timeout_s is None else timeout_s
        self._runs += 1
        tools = self.scratch / "tools"
        results = tools / "runs" / f"{self._runs}.json"
        log = tools / "runs" / f"{self._runs}.log"
        argv = [*_BASE_ARGS, *args]
        started = time.monotonic()
        if self.mode == "fork":
            code, timed_out = self._run_forked(argv, results, log, limit)
        else:
            code, timed_out = self._run_subprocess(argv, results, log, limit)
        duration = time.monotonic() - started
        failed, passed, summary = _read_results(results, log)
        remove_inside(self.scratch, results.relative_to(self.scratch))
        remove_inside(self.scratch, log.relative_to(self.scratch))
        if timed_out:
            summary = f"timed out after {limit:g}s"
        return _RunResult(code, timed_out, failed, summary, duration, passed)

    def _run_subprocess(
        self, argv: list[str], results: Path, log: Path, timeout_s: float
    ) -> tuple[int | None, bool]:
        env = dict(self._env, DEVAGENT_REPAIR_RESULTS_OUT=str(results))
        command = [*self._prefix(), self.python, "-m", "pytest", *argv]
        with os.fdopen(open_for_write_inside(self.scratch, log.relative_to(self.scratch)), "wb") as out:
            proc = start_in_group(
                command,
                cwd=self.root,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
            timed_out = False
            try:
                proc.wait(timeout=timeout_s)
            except subprocess.TimeoutExpired:
                timed_out = True
            kill_group(proc.pid)
            code = proc.wait()
        return (None if timed_out else code), timed_out

    def _run_forked(
        self, argv: list[str], results: Path, log: Path, timeout_s: float
    ) -> tuple[int | None, bool]:
        request = {
            "args": argv,
            "timeout": timeout_s,
            "env": {"DEVAGENT_REPAIR_RESULTS_OUT": str(results)},
            "log": str(log),
        }
        for attempt in (1, 2):
            if self._worker is None or self._worker.poll() is not None:
                self._stop_worker()
                self._start_worker()
            try:
                reply = self._ask(request, timeout_s + _WORKER_GRACE_S)
            except RunnerError:
                self._stop_worker()
                if attempt == 2:
                    raise
                continue
            code = reply.get("exit")
            return (code if isinstance(code, int) else None), bool(reply.get("timed_out"))
        raise RunnerError("unreachable")  # pragma: no cover

    # -- worker

    def _start_worker(self) -> None:
        warm = self.warm and self.unsafe_warm_up is None
        env = dict(self._env)
        if warm:
            env["DEVAGENT_REPAIR_WARM"] = "1"
            env["DEVAGENT_REPAIR_WARM_ARGS"] = json.dumps(self.test_args)
            env["DEVAGENT_REPAIR_WARM_OUT"] = str(self.scratch / "tools" / "warm.json")
        self._worker_log = tempfile.TemporaryFile()  # noqa: SIM115 (closed in _stop_worker)
        self._worker = start_in_group(
            [*self._prefix(), self.python, "-c", _WORKER_SOURCE.read_text(encoding="utf-8")],
            cwd=self.root,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._worker_log,
        )
        self._buffer = b""
        ready = self._read_reply(_WORKER_START_TIMEOUT_S + (_WARM_TIMEOUT_S if warm else 0.0))
        if not ready.get("ready"):
            raise RunnerError(f"the pytest worker did not start: {ready}")
        self.warmed = int(ready.get("warmed") or 0)
        if ready.get("unsafe"):
            self.unsafe_warm_up = str(ready["unsafe"])
            self._stop_worker()
            self._start_worker()  # cold this time

    def _stop_worker(self) -> None:
        worker, self._worker = self._worker, None
        if worker is not None:
            if worker.stdin is not None:
                with contextlib.suppress(OSError):
                    worker.stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                worker.wait(timeout=5)
            kill_group(worker.pid)
            worker.wait()
            if worker.stdout is not None:
                worker.stdout.close()
        if self._worker_log is not None:
            self._worker_log.close()
            self._worker_log = None

    def _ask(self, request: dict[str, Any], timeout: float) -> dict[str, Any]:
        worker = self._worker
        if worker is None or worker.stdin is None:
            raise RunnerError("the pytest worker is not running")
        try:
            worker.stdin.write((json.dumps(request) + "\n").encode("utf-8"))
            worker.stdin.flush()
        except OSError as exc:
            raise RunnerError(f"the pytest worker is gone: {exc}") from exc
        return self._read_reply(timeout)

    def _read_reply(self, timeout: float) -> dict[str, Any]:
        worker = self._worker
        if worker is None or worker.stdout is None:
            raise RunnerError("the pytest worker is not running")
        fd = worker.stdout.fileno()
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise RunnerError(f"the pytest worker did not answer within {timeout:g}s")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                raise RunnerError(f"the pytest worker exited: {self._worker_error()}")
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        try:
            reply = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RunnerError(f"the pytest worker sent garbage: {line[:200]!r}") from exc
        if not isinstance(reply, dict):
            raise RunnerError(f"the pytest worker sent garbage: {line[:200]!r}")
        return reply

    def _worker_error(self) -> str:
        if self._worker_log is None:
            return "(no log)"
        self._worker_log.seek(0)
        text = self._worker_log.read().decode("utf-8", errors="replace").strip()
        return text.splitlines()[-1] if text else "(no output)"

    # -- helpers

    def _prefix(self) -> list[str]:
        prefix = self._command_prefix
        return list(prefix(self.root) if callable(prefix) else prefix)

    def _target(self, path: str) -> Path:
        target = (self.root / path).resolve()
        if not target.is_relative_to(self.root.resolve()):
            raise ValueError(f"path outside the repository: {path}")
        return target


def _reject(stage: str, result: _RunResult, started: float) -> TestVerdict:
    return TestVerdict(
        False,
        stage,
        result.failed,
        result.summary,
        time.monotonic() - started,
        result.timed_out,
        result.exit_code,
    )


def _syntax_error(content: str, path: str) -> str | None:
    try:
        compile(content, path, "exec", dont_inherit=True)
    except SyntaxError as exc:
        return f"syntax error: {exc.msg} (line {exc.lineno})"
    except ValueError as exc:
        return f"syntax error: {exc}"
    return None


def _read_results(results: Path, log: Path) -> tuple[tuple[str, ...], tuple[str, ...], str]:
    """The failed and the passed tests of a run's report, and its summary line."""
    failed: tuple[str, ...] = ()
    passed: tuple[str, ...] = ()
    try:
        data = json.loads(results.read_text(encoding="utf-8"))
        failed = tuple(str(f) for f in data.get("failed", []))
        passed = tuple(str(n) for n, outcome in dict(data.get("outcomes", {})).items() if outcome == "passed")
    except (OSError, ValueError, AttributeError, TypeError):
        pass
    try:
        text = without_ansi(log.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        text = ""
    closing = summary_line(text)
    if closing is not None:
        return failed, passed, closing
    if failed:  # `-q -q` prints no closing line, and `--maxfail` ends on a `!!!` banner
        shown = ", ".join(failed[:3]) + (", ..." if len(failed) > 3 else "")
        return failed, passed, f"{len(failed)} failed: {shown}"
    if passed:  # and a passing one ends on its progress dots
        return failed, passed, f"{len(passed)} passed"
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return failed, passed, (lines[-1] if lines else "(no output)")


# --------------------------------------------------------------------------- the copy


def copy_tree(repo: Path, dest: Path) -> None:
    """Copy the files a test run sees into `dest`: in a git work tree, every file git
    lists (tracked, or untracked and not ignored) as it is on disk, and the ignored module
    files an install generated in its packages (devagent/tools/git/generated_modules.py); else everything
    but VCS, cache and virtualenv folders. Symlinks stay symlinks; bytecode is skipped."""
    dest.mkdir(parents=True)
    listed = _git_files(repo)
    if listed is None:
        shutil.copytree(repo, dest, symlinks=True, ignore=_ignore, dirs_exist_ok=True)
        return
    for rel in listed:
        if "__pycache__" in rel.split("/") or rel.endswith((".pyc", ".pyo")):
            continue
        source = repo / rel
        target = dest / rel
        if source.is_symlink():
            target.parent.mkdir(parents=True, exist_ok=True)
            os.symlink(os.readlink(source), target)
        elif source.is_dir():  # a submodule
            shutil.copytree(source, target, symlinks=True, ignore=_ignore, dirs_exist_ok=True)
        elif source.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    # Module files an install generated (an ignored _version.py): the package needs them.
    copy_generated_modules(repo, dest)


def _git_files(repo: Path) -> list[str] | None:
    try:
        inside = run_git("rev-parse", "--is-inside-work-tree", cwd=repo, check=False)
        if inside.returncode != 0 or inside.stdout.strip() != "true":
            return None
        listed = run_git(
            "ls-files", "-z", "--cached", "--others", "--exclude-standard", cwd=repo, check=False
        )
    except GitError:
        return None
    if listed.returncode != 0:
        return None
    return sorted({p for p in listed.stdout.split("\0") if p})


def _ignore(folder: str, names: list[str]) -> set[str]:
    skipped = {n for n in names if n in _SKIP_COPY or n.endswith((".pyc", ".pyo"))}
    for name in names:
        if name in _SKIP_COPY_IF_VENV and (Path(folder) / name / "pyvenv.cfg").exists():
            skipped.add(name)
    return skipped
