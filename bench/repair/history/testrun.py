"""One run of some test files of a project's tree, outside any sandbox, with the project's
virtualenv, read through dev-agent's own test report (devagent/verdict.ReportChannel).

The venv's editable install points at the fidelity checkout, not at the tree under test:
the checkout's import roots (devagent/import_roots.py) are mapped into the tree and put
first on PYTHONPATH, as the fix loop does for a worktree, and the report plugin is told
that the checkout is foreign, so a run that imported the project from there says so."""

from __future__ import annotations

import glob
from dataclasses import dataclass, field
from pathlib import Path

from bench.repair.history.projects import HistoryProject
from devagent.config import ShellConfig
from devagent.import_roots import import_roots, pythonpath_for
from devagent.tools.shell import CommandPolicy, Interpreter, ShellTool
from devagent.verdict import FOREIGN_ROOTS_VAR, PytestReport, ReportChannel

TEST_TIMEOUT_S = 240.0
BAD = ("failed", "error")


@dataclass
class TestRun:
    """What one run of the test files did."""

    __test__ = False  # not a pytest test class, whatever its name

    exit_code: int
    seconds: float
    timed_out: bool
    outcomes: dict[str, str] = field(default_factory=dict)
    collection_errors: list[str] = field(default_factory=list)
    exceptions: dict[str, str] = field(default_factory=dict)  # failing test -> exception type
    # failing test (or "<file> (collection)") -> pytest's crash line
    messages: dict[str, str] = field(default_factory=dict)
    foreign_imports: dict[str, str] = field(default_factory=dict)
    problem: str = ""  # no report: why
    output_tail: str = ""

    @property
    def failing(self) -> list[str]:
        return sorted(n for n, o in self.outcomes.items() if o in BAD)

    @property
    def passing(self) -> list[str]:
        return sorted(n for n, o in self.outcomes.items() if o == "passed")

    @property
    def clean(self) -> bool:
        """A report was read, nothing failed or errored, nothing failed to collect, and
        at least one test passed."""
        return (
            not self.problem
            and not self.timed_out
            and not self.failing
            and not self.collection_errors
            and bool(self.passing)
        )


def site_packages(venv: Path) -> list[Path]:
    return [Path(p) for p in sorted(glob.glob(str(venv / "lib" / "python*" / "site-packages")))]


def tree_roots(project: HistoryProject, tree: Path) -> list[Path]:
    """The folders of `tree` the tests must import the project from: the checkout's import
    roots as the venv's editable install maps them, found again in the tree."""
    roots = import_roots(project.checkout, site_packages(project.venv))
    return [Path(p) for p in pythonpath_for(tree, roots)]


def relative_roots(project: HistoryProject, tree: Path) -> list[str]:
    """tree_roots as paths relative to the tree (repair()'s `import_roots`)."""
    base = tree.resolve()
    return [p.resolve().relative_to(base).as_posix() or "." for p in tree_roots(project, tree)]


def pytest_argv(project: HistoryProject, test_files: list[str], *, maxfail: bool = False) -> list[str]:
    argv = ["python", "-m", "pytest", *test_files]
    if maxfail:
        argv.append("--maxfail=1")
    return [*argv, "-q", "-p", "no:cacheprovider", *project.pytest_options]


def run_tests(
    project: HistoryProject, tree: Path, test_files: list[str], timeout_s: float = TEST_TIMEOUT_S
) -> TestRun:
    """`python -m pytest <test_files>` in tree with the project's venv; every test's outcome."""
    interpreter = Interpreter(project.python, tuple(tree_roots(project, tree)))
    shell = ShellTool(tree, CommandPolicy(tuple(ShellConfig().allowed)), timeout_s, (), None, interpreter)
    channel = ReportChannel(tree)
    extra = {FOREIGN_ROOTS_VAR: str(project.checkout), "PYTHONDONTWRITEBYTECODE": "1"}
    result = channel.run(shell, pytest_argv(project, test_files), extra)
    run = TestRun(
        result.exit_code, round(result.duration_s, 1), result.timed_out, output_tail=result.output[-1500:]
    )
    report = channel.report
    if not isinstance(report, PytestReport):
        run.problem = report
        return run
    run.outcomes = dict(report.outcomes)
    run.collection_errors = [e for e in report.collection_errors if e] or (
        ["<collection>"] if any(not e for e in report.collection_errors) else []
    )
    run.foreign_imports = dict(report.foreign_imports)
    for name, message in report.collection_messages.items():
        run.messages[f"{name} (collection)"] = message.strip().split("\n", 1)[0][:200]
    for name in run.failing:
        crash = report.crashes.get(name)
        run.messages[name] = (crash[2] if crash else "").strip().split("\n", 1)[0][:200]
        run.exceptions[name] = exception_type(run.messages[name])
    return run


def exception_type(message: str) -> str:
    """The exception's name at the start of pytest's crash line ("" when there is none)."""
    head = message.strip().split(":", 1)[0].strip()
    name = head.rsplit(".", 1)[-1]
    return name if name.isidentifier() and name[:1].isupper() else ""
