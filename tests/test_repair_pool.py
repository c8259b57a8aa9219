"""Candidates tested side by side (repair/pool.py) and the worker's frozen heap: real
git repositories, real forking workers, real pytest runs."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from devagent.repair import repair
from devagent.repair.pool import MAX_WORKERS, RunnerPool, default_workers
from devagent.repair.validate import CandidateRunner, RunnerError
from tests.test_repair_validate import FAILING, MODULE, RIGHT, WRONG, make_repo, snapshot


def _runner(repo: Path, python: str) -> CandidateRunner:
    return CandidateRunner(repo, timeout_s=60, python=python)


def test_a_batch_runs_on_separate_copies_and_its_verdicts_keep_the_candidates_order(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    repo = make_repo(tmp_path / "repo")
    before = snapshot(repo)
    with (
        _runner(repo, project_python) as main,
        RunnerPool(main, 3, lambda: _runner(repo, project_python)) as pool,
    ):
        runners = pool.runners
        assert len(runners) == 3 and pool.errors == []
        assert len({r.root for r in runners}) == 3 and all(r.root != repo for r in runners)
        verdicts = pool.run([("stats.py", WRONG), ("stats.py", RIGHT), ("stats.py", WRONG)], first=FAILING)
        assert [v.passed for v in verdicts] == [False, True, False]
        assert [v.stage for v in verdicts] == ["first", "full", "first"]
        verdicts = pool.run([("stats.py", RIGHT)], first=FAILING)  # a short last batch
        assert [v.passed for v in verdicts] == [True]
        with pytest.raises(ValueError, match="4 candidates for 3 runners"):
            pool.run([("stats.py", RIGHT)] * 4)
        assert all(r.original("stats.py") == MODULE for r in runners)
        scratches = [r.scratch for r in runners]
    assert not any(s.exists() for s in scratches)  # every copy is gone with the pool
    assert snapshot(repo) == before


def test_a_batch_ends_only_when_every_runner_restored_its_copy(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    """The main runner's candidate fails at once; the helper's sleeps first. The batch
    still waits for the helper, so no runner is handed a second candidate mid-run."""
    repo = make_repo(tmp_path / "repo")
    slow = "import time\ntime.sleep(1.0)\n" + WRONG
    with (
        _runner(repo, project_python) as main,
        RunnerPool(main, 2, lambda: _runner(repo, project_python)) as pool,
    ):
        helper = pool.runners[1]
        started = time.monotonic()
        verdicts = pool.run([("stats.py", WRONG), ("stats.py", slow)], first=FAILING)
        assert time.monotonic() - started >= 1.0
        assert [v.passed for v in verdicts] == [False, False]
        assert helper.original("stats.py") == MODULE  # restored before run() returned


def test_runs_capped_inside_the_block_are_cut_there_and_restored_after(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    """The walk after a fix (search.py) caps every run: a candidate that hangs costs the
    cap, not the suite's timeout; after the block the runners time out as before."""
    repo = make_repo(tmp_path / "repo")
    hangs = "import time\ntime.sleep(30)\n" + RIGHT
    with (
        _runner(repo, project_python) as main,
        RunnerPool(main, 2, lambda: _runner(repo, project_python)) as pool,
    ):
        main.first_timeout_s = 20.0
        with pool.capped(1.0):
            assert [(r.timeout_s, r.first_timeout_s) for r in pool.runners] == [(1.0, 1.0)] * 2
            started = time.monotonic()
            (verdict,) = pool.run([("stats.py", hangs)], first=FAILING)
            assert not verdict.passed and verdict.timed_out
            assert time.monotonic() - started < 10
        assert (main.timeout_s, main.first_timeout_s) == (60.0, 20.0)
        assert pool.runners[1].timeout_s == 60.0


def test_a_helper_that_cannot_start_is_left_out_and_the_pool_runs_on(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    repo = make_repo(tmp_path / "repo")

    def broken() -> CandidateRunner:
        raise RunnerError("the pytest worker did not start: no room")

    with _runner(repo, project_python) as main, RunnerPool(main, 2, broken) as pool:
        assert pool.runners == [main]
        assert pool.errors == ["RunnerError: the pytest worker did not start: no room"]
        assert [v.passed for v in pool.run([("stats.py", RIGHT)], first=FAILING)] == [True]


def test_one_worker_means_no_helper_and_no_thread(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    repo = make_repo(tmp_path / "repo")

    def never() -> CandidateRunner:
        raise AssertionError("no helper is wanted")

    with _runner(repo, project_python) as main, RunnerPool(main, 1, never) as pool:
        assert pool.runners == [main]
        assert [v.passed for v in pool.run([("stats.py", WRONG)], first=FAILING)] == [False]


def test_default_workers_follow_the_cores_up_to_the_cap() -> None:
    assert 1 <= default_workers() <= MAX_WORKERS


def test_repair_finds_the_same_fix_after_the_same_candidates_with_one_or_two_workers(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    """The side-by-side search weighs verdicts in the plan's order: the winner and the
    count of candidates it took do not depend on how many copies ran them."""
    repo = make_repo(tmp_path / "repo")
    one = repair(repo, timeout_s=60, max_candidates=40, workers=1, python=project_python)
    two = repair(repo, timeout_s=60, max_candidates=40, workers=2, python=project_python)
    assert one.fixed is not None and two.fixed is not None
    assert (two.fixed.path, two.fixed.content) == (one.fixed.path, one.fixed.content)
    assert two.tried == one.tried
    assert (one.workers, two.workers) == (1, 2)
    assert [c.edit for c, _ in two.verdicts] == [c.edit for c, _ in one.verdicts]


def test_the_worker_freezes_its_heap_before_it_forks_runs(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    """pytest collects garbage several times per run; a frozen heap keeps those
    collections from walking everything the worker imported (about 40% of a run)."""
    tests = "import gc\n\n\ndef test_frozen():\n    assert gc.get_freeze_count() > 0\n"
    repo = make_repo(tmp_path / "repo", module=RIGHT, tests=tests)
    with CandidateRunner(repo, timeout_s=60, mode="fork", python=project_python) as runner:
        verdict = runner.check()
        assert verdict.passed, verdict.summary
