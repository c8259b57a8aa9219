"""Candidates tested side by side: one CandidateRunner (its own throwaway copy and
forking worker) per core, so the search tries about N times the candidates in its
budget on an N-core machine. A runner only ever runs one candidate at a time, and the
verdicts come back in the candidates' order, so the search decides exactly as it would
one candidate after another.

The main runner is the caller's (localisation and the overfit guard use its copy); the
helpers are started in the background as the pool opens, so their copies and workers
are ready by the time localisation has finished. A helper that cannot start is left
out: the pool then runs with the runners it has."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from types import TracebackType

from devagent.repair.validate import CandidateRunner, RunnerError, TestVerdict

MAX_WORKERS = 4  # copies of the repository side by side, at most


def default_workers() -> int:
    """The cores this process may use (its CPU affinity), at most MAX_WORKERS."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_WORKERS))


class RunnerPool:
    """`main` plus `workers - 1` helpers made by `make_helper` (each a started-on-enter
    CandidateRunner of the same repository and options)."""

    def __init__(
        self, main: CandidateRunner, workers: int, make_helper: Callable[[], CandidateRunner]
    ) -> None:
        self.main = main
        self._wanted = max(0, workers - 1)
        self._make_helper = make_helper
        self._executor: ThreadPoolExecutor | None = None
        self._starting: list[Future[CandidateRunner]] = []
        self._helpers: list[CandidateRunner] | None = None
        self.errors: list[str] = []  # why helpers were left out

    def __enter__(self) -> RunnerPool:
        if self._wanted:
            self._executor = ThreadPoolExecutor(self._wanted + 1, thread_name_prefix="repair-runner")
            self._starting = [self._executor.submit(self._start_helper) for _ in range(self._wanted)]
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def _start_helper(self) -> CandidateRunner:
        helper = self._make_helper()
        helper.start()
        return helper

    @property
    def runners(self) -> list[CandidateRunner]:
        """The main runner and every helper that started (waits for the ones starting)."""
        if self._helpers is None:
            self._helpers = []
            for future in self._starting:
                try:
                    self._helpers.append(future.result())
                except (RunnerError, OSError) as exc:
                    self.errors.append(f"{type(exc).__name__}: {exc}")
        return [self.main, *self._helpers]

    @contextlib.contextmanager
    def capped(self, timeout_s: float) -> Iterator[None]:
        """Every run of every runner cut at `timeout_s` inside the block (the failing tests'
        and the whole suite's), as they were after it."""
        runners = self.runners
        saved = [(r.timeout_s, r.first_timeout_s) for r in runners]
        for runner in runners:
            runner.timeout_s = min(runner.timeout_s, timeout_s)
            runner.first_timeout_s = min(runner.first_timeout_s or runner.timeout_s, timeout_s)
        try:
            yield
        finally:
            for runner, (whole, first) in zip(runners, saved, strict=True):
                runner.timeout_s, runner.first_timeout_s = whole, first

    def run(self, files: Sequence[tuple[str, str]], first: Sequence[str] = ()) -> list[TestVerdict]:
        """Test each (repo-relative path, new content) on a runner of its own, at most one
        per runner (len(files) <= len(self.runners)); verdicts in the order of `files`."""
        runners = self.runners
        if len(files) > len(runners):
            raise ValueError(f"{len(files)} candidates for {len(runners)} runners")
        for helper in runners[1:]:  # the search sets the failing tests' timeout on main
            helper.first_timeout_s = self.main.first_timeout_s
        if len(files) <= 1 or self._executor is None:
            pairs = zip(runners, files, strict=False)  # fewer files than runners
            return [runner.run(path, content, first=first) for runner, (path, content) in pairs]
        futures = [
            self._executor.submit(runner.run, path, content, first)
            for runner, (path, content) in zip(runners[1:], files[1:], strict=False)
        ]
        try:
            verdicts = [runners[0].run(files[0][0], files[0][1], first=first)]
        finally:
            # Every run of the batch ends before the caller goes on: no runner is ever
            # asked for a second run while its copy still holds another candidate.
            done = [_result(f) for f in futures]
        return [*verdicts, *(_raise_or(v) for v in done)]

    def close(self) -> None:
        for future in self._starting:
            with contextlib.suppress(BaseException):
                future.result().close()
        if self._executor is not None:
            self._executor.shutdown(wait=True)
            self._executor = None
        self._starting, self._helpers = [], []


def _result(future: Future[TestVerdict]) -> TestVerdict | BaseException:
    try:
        return future.result()
    except BaseException as exc:  # re-raised in order once the whole batch has ended
        return exc


def _raise_or(value: TestVerdict | BaseException) -> TestVerdict:
    if isinstance(value, BaseException):
        raise value
    return value
