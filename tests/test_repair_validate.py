"""Candidate validation in a throwaway copy (forked worker and subprocess runs), and
localize + templates + validate end to end. Real git repositories and pytest runs."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from devagent.repair import repair
from devagent.repair.validate import CandidateRunner, TestVerdict, copy_tree
from tests.helpers import SPIN_FOREVER

MODES = ["fork", "subprocess"] if hasattr(os, "fork") else ["subprocess"]

MODULE = textwrap.dedent(
    """\
    def total(xs):
        s = 0
        for i in range(len(xs) - 1):
            s += xs[i]
        return s


    def mean(xs):
        if not xs:
            return 0.0
        return total(xs) / len(xs)


    def largest(xs):
        best = xs[0]
        for x in xs:
            if x > best:
                best = x
        return best
    """
)
TESTS = textwrap.dedent(
    """\
    from stats import largest, mean, total


    def test_total_empty():
        assert total([]) == 0


    def test_total():
        assert total([1, 2, 3]) == 6


    def test_mean():
        assert mean([2, 4]) == 3


    def test_largest():
        assert largest([3, 9, 4]) == 9
    """
)
FAILING = ["tests/test_stats.py::test_total", "tests/test_stats.py::test_mean"]
RIGHT = MODULE.replace("range(len(xs) - 1)", "range(len(xs))")
WRONG = MODULE.replace("range(len(xs) - 1)", "range(len(xs) - 2)")


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, check=True).stdout


def make_repo(root: Path, module: str = MODULE, tests: str = TESTS, commit: bool = True) -> Path:
    root.mkdir(parents=True)
    (root / "pytest.ini").write_text("[pytest]\n")
    (root / "stats.py").write_text(module)
    (root / "tests").mkdir()
    (root / "tests" / "test_stats.py").write_text(tests)
    if commit:
        git(root, "init", "-q", "-b", "main")
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", "init")
    return root


def snapshot(repo: Path) -> dict[str, bytes]:
    return {
        p.relative_to(repo).as_posix(): p.read_bytes()
        for p in sorted(repo.rglob("*"))
        if p.is_file() and ".git" not in p.relative_to(repo).parts
    }


@pytest.mark.parametrize("mode", MODES)
def test_right_fix_passes_wrong_fix_fails_and_files_are_restored(
    tmp_path: Path, git_identity: None, mode: str, project_python: str
) -> None:
    repo = make_repo(tmp_path / "repo")
    before = snapshot(repo), git(repo, "status", "--porcelain"), git(repo, "worktree", "list")
    with CandidateRunner(repo, timeout_s=60, mode=mode, python=project_python) as runner:  # type: ignore[arg-type]
        assert runner.root != repo and (runner.root / "stats.py").read_text() == MODULE
        baseline = runner.check(FAILING)
        assert not baseline.passed and baseline.stage == "first"
        assert baseline.failed_tests == ("tests/test_stats.py::test_total",)  # -x: the first failure

        wrong = runner.run("stats.py", WRONG, first=FAILING)
        assert isinstance(wrong, TestVerdict)
        assert not wrong.passed and wrong.stage == "first" and wrong.exit_code == 1
        assert "failed" in wrong.summary
        assert runner.original("stats.py") == MODULE

        right = runner.run("stats.py", RIGHT, first=FAILING)
        assert right.passed and right.stage == "full" and right.exit_code == 0, right
        assert "4 passed" in right.summary
        assert runner.original("stats.py") == MODULE

        # A fix for the failing tests that breaks another test fails the full run.
        breaks_other = RIGHT.replace("if x > best", "if x < best")
        other = runner.run("stats.py", breaks_other, first=FAILING)
        assert not other.passed and other.stage == "full"
        assert other.failed_tests == ("tests/test_stats.py::test_largest",)

        # Each run imports the module afresh: the wrong one fails again after the right one.
        assert not runner.run("stats.py", WRONG, first=FAILING).passed
        scratch = runner.scratch
    assert not scratch.exists()
    assert (snapshot(repo), git(repo, "status", "--porcelain"), git(repo, "worktree", "list")) == before


@pytest.mark.parametrize("mode", MODES)
def test_endless_loop_times_out_and_syntax_error_is_rejected(
    tmp_path: Path, git_identity: None, mode: str, project_python: str
) -> None:
    repo = make_repo(tmp_path / "repo")
    pid_file = tmp_path / "grandchild.pid"
    # The candidate starts a long-lived grandchild, then loops: the whole group must die.
    looping = MODULE.replace(
        "    s = 0\n",
        "    s = 0\n"
        "    import subprocess, sys\n"
        "    p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'])\n"
        f"    open({str(pid_file)!r}, 'w').write(str(p.pid))\n" + SPIN_FOREVER,
    )
    # 8 s: room for the worker to import pytest and start the grandchild on a loaded machine.
    with CandidateRunner(repo, timeout_s=8, mode=mode, python=project_python) as runner:  # type: ignore[arg-type]
        started = time.monotonic()
        hung = runner.run("stats.py", looping, first=FAILING)
        assert time.monotonic() - started < 25
        assert not hung.passed and hung.timed_out and hung.exit_code is None
        assert "timed out" in hung.summary
        assert _gone(int(pid_file.read_text()))

        broken = runner.run("stats.py", MODULE.replace("s = 0", "s = = 0"), first=FAILING)
        assert not broken.passed and broken.stage == "compile" and "syntax error" in broken.summary

        crashes = runner.run("stats.py", "raise RuntimeError('import-time crash')\n" + RIGHT, first=FAILING)
        assert not crashes.passed and crashes.stage == "first"

        # The runner is still usable after a timeout.
        assert runner.run("stats.py", RIGHT, first=FAILING).passed
        assert runner.original("stats.py") == MODULE


def _gone(pid: int, wait_s: float = 5.0) -> bool:
    """The process no longer runs (absent, or a zombie waiting for init)."""
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except FileNotFoundError:
            return True
        if "\nState:\tZ" in status:
            return True
        time.sleep(0.05)
    return False


def test_uncommitted_and_untracked_files_are_copied_ignored_ones_are_not(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    repo = make_repo(tmp_path / "repo")
    (repo / ".gitignore").write_text("secret.txt\n__pycache__/\n")
    (repo / "secret.txt").write_text("ignored")
    (repo / "stats.py").write_text(RIGHT)  # uncommitted fix
    (repo / "extra.py").write_text("X = 1\n")  # untracked
    with CandidateRunner(repo, mode="subprocess", python=project_python) as runner:
        assert (runner.root / "stats.py").read_text() == RIGHT
        assert (runner.root / "extra.py").read_text() == "X = 1\n"
        assert not (runner.root / "secret.txt").exists()
        assert not (runner.root / ".git").exists()
        assert runner.check(FAILING).passed


def test_a_folder_without_git_is_copied_whole(tmp_path: Path, project_python: str) -> None:
    repo = make_repo(tmp_path / "plain", commit=False)
    (repo / "__pycache__").mkdir()
    (repo / "__pycache__" / "stale.pyc").write_bytes(b"x")
    with CandidateRunner(repo, mode="subprocess", python=project_python) as runner:
        assert (runner.root / "tests" / "test_stats.py").exists()
        assert not (runner.root / "__pycache__").exists()
        assert runner.run("stats.py", RIGHT, first=FAILING).passed
        with pytest.raises(ValueError, match="outside"):
            runner.run("../escape.py", "x = 1\n")


def test_forked_runs_are_faster_than_subprocess_runs(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    """Prints the measured time per candidate; asserts nothing about it."""
    repo = make_repo(tmp_path / "repo")
    candidates = [WRONG, RIGHT] * 3
    times: dict[str, float] = {}
    for mode in MODES:
        with CandidateRunner(repo, mode=mode, python=project_python) as runner:  # type: ignore[arg-type]
            started = time.monotonic()
            verdicts = [runner.run("stats.py", content, first=FAILING) for content in candidates]
            times[mode] = (time.monotonic() - started) / len(candidates)
        assert [v.passed for v in verdicts] == [False, True] * 3
    shown = ", ".join(f"{mode} {seconds * 1000:.0f} ms" for mode, seconds in times.items())
    print(f"\nper-candidate validation time (1 failing-test run, +1 full run when it passes): {shown}")


@pytest.mark.skipif("fork" not in MODES, reason="no os.fork")
def test_warm_up_preloads_outside_modules_and_falls_back_when_unsafe(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    deps = tmp_path / "deps"
    deps.mkdir()
    (deps / "plain_dep.py").write_text("VALUE = 1\n")
    (deps / "threaded_dep.py").write_text(
        "import threading, time\nthreading.Thread(target=time.sleep, args=(60,), daemon=True).start()\n"
    )
    env = dict(os.environ, PYTHONPATH=str(deps))
    plain = make_repo(tmp_path / "plain", module="import plain_dep\n" + MODULE)
    with CandidateRunner(plain, mode="fork", env=env, python=project_python) as runner:
        assert runner.warmed >= 1 and runner.unsafe_warm_up is None
        assert runner.run("stats.py", "import plain_dep\n" + RIGHT, first=FAILING).passed
    # A module that starts a thread on import is unsafe to fork from: the worker starts cold.
    threaded = make_repo(tmp_path / "threaded", module="import threaded_dep\n" + MODULE)
    with CandidateRunner(threaded, mode="fork", env=env, python=project_python) as runner:
        assert runner.unsafe_warm_up == "a warm-up import started a thread"
        assert runner.warmed == 0
        assert runner.run("stats.py", "import threaded_dep\n" + RIGHT, first=FAILING).passed
        assert not runner.run("stats.py", "import threaded_dep\n" + WRONG, first=FAILING).passed


def test_repair_fixes_an_off_by_one_within_the_first_candidates(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    repo = make_repo(tmp_path / "repo")
    before = snapshot(repo)
    result = repair(repo, timeout_s=60, max_candidates=40, python=project_python)
    assert result.error is None, result.error
    assert sorted(result.localization.failing) == sorted(FAILING)
    assert result.fixed is not None, [(c.edit.new_text, v.summary) for c, v in result.verdicts]
    assert result.fixed.path == "stats.py"
    assert "range(len(xs))" in result.fixed.content
    assert result.fixed_at <= 10, [c.edit.new_text for c, _ in result.verdicts]
    assert result.verdicts[result.fixed_at - 1][1].passed  # then the walk after the fix (search.py)
    assert snapshot(repo) == before  # the user's files are never written
    print(f"\nrepair: {result.tried} of {result.planned} candidates tried in {result.duration_s:.1f}s")


def test_repair_reports_when_nothing_fails(tmp_path: Path, git_identity: None) -> None:
    repo = make_repo(tmp_path / "repo", module=RIGHT)
    result = repair(repo)
    assert result.fixed is None and result.tried == 0
    assert result.error == "no failing test"


def test_worker_survives_a_candidate_that_kills_the_interpreter(tmp_path: Path, git_identity: None) -> None:
    if "fork" not in MODES:
        pytest.skip("no os.fork")
    repo = make_repo(tmp_path / "repo")
    dies = "import os\nos._exit(3)\n" + MODULE
    with CandidateRunner(repo, mode="fork") as runner:
        verdict = runner.run("stats.py", dies, first=FAILING)
        assert not verdict.passed and verdict.exit_code == 3
        assert runner.run("stats.py", RIGHT, first=FAILING).passed


def test_sys_executable_runs_pytest() -> None:
    """The runners start `sys.executable -m pytest`: pytest must be importable there."""
    proc = subprocess.run([sys.executable, "-m", "pytest", "--version"], capture_output=True, check=False)
    assert proc.returncode == 0


def test_project_python_has_this_pytest_and_none_of_the_suites_plugins(project_python: str) -> None:
    """The interpreter the repair tests give a project (tests/conftest.py's project_python):
    this pytest runs there, and the suite's own plugins (xdist, anyio) are not installed."""
    probe = (
        "import importlib.util as u, pytest; print(pytest.__version__, *map(u.find_spec, ['xdist', 'anyio']))"
    )
    proc = subprocess.run([project_python, "-c", probe], capture_output=True, text=True, check=True)
    assert proc.stdout.split() == [pytest.__version__, "None", "None"]


def test_a_repair_copy_has_the_modules_an_install_generated(tmp_path: Path) -> None:
    """hatch-vcs's ignored src/pkg/_version.py: without it the copy's package cannot be
    imported and every validation run fails to collect (fidelity benchmark: humanize)."""
    repo = tmp_path / "wt"
    pkg = repo / "src" / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("from ._version import v\n")
    (repo / ".gitignore").write_text("_version.py\n")
    for args in (
        ["init", "-q"],
        ["add", "-A"],
        ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "c"],
    ):
        subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)
    (pkg / "_version.py").write_text("v = '1'\n")
    copy_tree(repo, tmp_path / "copy")
    assert (tmp_path / "copy" / "src" / "pkg" / "_version.py").read_text() == "v = '1'\n"


@pytest.mark.parametrize("mode", MODES)
def test_a_run_cut_short_by_maxfail_is_summarised_by_its_failures_not_the_banner(
    tmp_path: Path, git_identity: None, mode: str, project_python: str
) -> None:
    """Found on structlog: the project's `--maxfail=1 -q` and the runner's own `-q` make
    pytest print no closing count, and its last line, a `!!! stopping after 1 failures !!!`
    banner, became the message the user read. The summary names the failures instead."""
    repo = make_repo(tmp_path / "repo")
    with CandidateRunner(
        repo,
        ["--maxfail=1", "-q"],
        timeout_s=60,
        mode=mode,
        python=project_python,  # type: ignore[arg-type]
    ) as runner:
        verdict = runner.check()
    assert not verdict.passed and verdict.stage == "full"
    assert "!!!" not in verdict.summary
    assert verdict.summary == "1 failed: tests/test_stats.py::test_total", verdict.summary


# A session-wide check after the tests, as pytest-cov's --cov-fail-under makes one: a run
# of a few tests covers too little and exits 1 with every test passed.
COVERAGE_THRESHOLD = (
    "def pytest_sessionfinish(session, exitstatus):\n"
    "    if exitstatus == 0 and session.testscollected < 4:\n"
    "        session.exitstatus = 1\n"
)


@pytest.mark.parametrize("mode", MODES)
def test_the_failing_tests_passing_count_when_a_coverage_threshold_fails_their_short_run(
    tmp_path: Path, git_identity: None, mode: str, project_python: str
) -> None:
    """Found on arrow (addopts `--cov-fail-under=99`): the failing test run alone passed
    ("1 passed") and exited 1, the coverage of one test being under the threshold, so
    every candidate was rejected at the first stage and the right one (208 tried) with
    it. The first stage asks whether those tests pass: the report says so. The whole
    suite's run keeps its exit code."""
    repo = make_repo(tmp_path / "repo", commit=False)
    (repo / "conftest.py").write_text(COVERAGE_THRESHOLD)
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "init")
    with CandidateRunner(repo, timeout_s=60, mode=mode, python=project_python) as runner:  # type: ignore[arg-type]
        baseline = runner.check(FAILING)
        assert not baseline.passed and baseline.stage == "first"
        wrong = runner.run("stats.py", WRONG, first=FAILING)
        assert isinstance(wrong, TestVerdict) and not wrong.passed and wrong.stage == "first"
        right = runner.run("stats.py", RIGHT, first=FAILING)
        assert isinstance(right, TestVerdict) and right.passed and right.stage == "full", right


@pytest.mark.parametrize("mode", MODES)
def test_a_session_check_that_fails_the_whole_suite_still_rejects_the_candidate(
    tmp_path: Path, git_identity: None, mode: str, project_python: str
) -> None:
    """The other side of the rule above: the first stage reads the report, the whole
    command's run keeps its exit code. A session that always exits 1 (a threshold the
    whole suite misses too, or a candidate that breaks the session) passes no candidate."""
    repo = make_repo(tmp_path / "repo", commit=False)
    (repo / "conftest.py").write_text(
        "def pytest_sessionfinish(session, exitstatus):\n"
        "    if exitstatus == 0:\n"
        "        session.exitstatus = 1\n"
    )
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "init")
    with CandidateRunner(repo, timeout_s=60, mode=mode, python=project_python) as runner:  # type: ignore[arg-type]
        right = runner.run("stats.py", RIGHT, first=FAILING)
    assert isinstance(right, TestVerdict) and not right.passed and right.stage == "full", right
