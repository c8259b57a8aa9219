"""Validate the program-repair task set: every task fails as shipped and passes with its reference fix.

Each task lives in ``bench/repair/tasks/<id>/``::

    task.yaml   id, kind, description, test_command, failing_test, entry_points
    repo/       the buggy project (modules, tests/, an empty conftest.py)
    fix.diff    the reference fix, a git-style diff relative to repo/

For every task the checker copies ``repo/`` into a fresh git repository and proves that the
failing test fails, the whole suite fails with at least one test still passing, ``fix.diff``
applies, touches no test file and changes at most two lines, and that the suite then passes.
Every entry point must be a top-level function of one of the repo's (non-test) modules.

Run as ``python -m bench.repair.check_tasks [TASK_ID ...]``; exit status 1 if any problem is found.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import select
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, Literal, get_args

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

import devagent.repair
from devagent.process import kill_group, start_in_group
from devagent.tools.git.command import HOOKS_OFF, run_git
from devagent.tools.git.command import git_env as devagent_git_env
from devagent.yaml_text import load_yaml

TASKS_DIR = Path(__file__).resolve().parent / "tasks"
# Repair's forking pytest worker (its docstring has the protocol): check_task's runs use it
# (PytestWorker).
PYTEST_WORKER = Path(devagent.repair.__file__).resolve().parent / "_worker.py"

Kind = Literal[
    "wrong_operator",
    "off_by_one",
    "wrong_comparison",
    "swapped_arguments",
    "missing_return",
    "wrong_variable",
    "wrong_constant",
    "missing_base_case",
    "wrong_boolean",
    "wrong_builtin",
    "wrong_augmented_assignment",
    "off_by_one_argument",
    "constant_condition",
    "missing_condition",
    "extra_call",
    "missing_call",
    "missing_statement",
    "extra_statement",
    "swapped_statements",
]
KINDS: tuple[str, ...] = get_args(Kind)

YAML_KEYS = ("id", "kind", "description", "test_command", "failing_test", "entry_points")
MAX_CHANGED_LINES = 2
MIN_TASKS_PER_KIND = 2
TEST_TIMEOUT = 60.0
GIT_TIMEOUT = 30.0
GIT_IDENTITY = ("-c", "user.name=repair-bench", "-c", "user.email=repair-bench@example.invalid")
# Copies of a task repo never carry caches left behind by someone running its tests in place.
COPY_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", ".git")


class TaskError(ValueError):
    """A task directory that cannot be loaded; the message starts with the offending file."""


class Task(BaseModel):
    """One repair task: its task.yaml fields plus where it lives and its reference fix."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
    kind: Kind
    description: str = Field(min_length=10)
    test_command: str = Field(min_length=1)
    failing_test: str = Field(pattern=r"^tests/\S+\.py::\S+$")
    # Functions of the task's modules that the differential overfit check calls (bench/repair/
    # differential.py): a candidate is compared with the reference program on inputs derived
    # from the literal arguments the tests pass to these functions ([]: no such check, e.g.
    # for classes whose instances cannot be written as literals).
    entry_points: tuple[str, ...]
    path: Path
    fix_diff: str = Field(min_length=1)

    @field_validator("description")
    @classmethod
    def _one_line(cls, value: str) -> str:
        if "\n" in value.strip():
            raise ValueError("must be a single line")
        return value.strip()

    @field_validator("test_command")
    @classmethod
    def _splittable(cls, value: str) -> str:
        try:
            argv = shlex.split(value)
        except ValueError as exc:
            raise ValueError(f"cannot be split into arguments: {exc}") from None
        if not argv:
            raise ValueError("is empty")
        return value

    @property
    def repo(self) -> Path:
        """The buggy project shipped with the task."""
        return self.path / "repo"


@dataclass(frozen=True)
class DiffStats:
    """What a unified diff touches: the paths on either side and the lines it removes and adds."""

    paths: tuple[str, ...]
    removed: int
    added: int
    hunks: int


@dataclass(frozen=True)
class RunResult:
    """One test-command run: exit status (None on timeout) and combined output."""

    returncode: int | None
    output: str

    def summary(self) -> str:
        """The last non-empty output line (pytest's closing line), for one-line problem reports."""
        if self.returncode is None:
            return f"timed out after {TEST_TIMEOUT:.0f}s"
        lines = [line.strip() for line in self.output.splitlines() if line.strip()]
        return lines[-1] if lines else "(no output)"

    def count(self, outcome: str) -> int:
        """How many tests pytest's closing line reports with this outcome ('passed', 'failed')."""
        lines = [line for line in self.output.splitlines() if line.strip()]
        match = re.search(rf"(\d+) {outcome}\b", lines[-1]) if lines else None
        return int(match.group(1)) if match else 0


# --------------------------------------------------------------------------------------------- loading


def _bad(path: Path, message: str) -> TaskError:
    return TaskError(f"{path}: {message}")


def load_task(path: Path | str) -> Task:
    """Load one task from its directory (or its task.yaml); TaskError names the file at fault."""
    path = Path(path)
    task_dir = path.parent if path.name == "task.yaml" else path
    yaml_path = task_dir / "task.yaml"
    if not yaml_path.is_file():
        raise _bad(yaml_path, "missing")
    try:
        data: Any = load_yaml(yaml_path.read_text(encoding="utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        detail = " ".join(str(exc).split())
        raise _bad(yaml_path, f"not valid YAML: {detail}") from None
    if not isinstance(data, dict):
        raise _bad(yaml_path, "expected a mapping of task fields")
    unknown = sorted(str(key) for key in data if key not in YAML_KEYS)
    if unknown:
        raise _bad(yaml_path, f"unknown key(s): {', '.join(unknown)}")
    missing = [key for key in YAML_KEYS if key not in data]
    if missing:
        raise _bad(yaml_path, f"missing key(s): {', '.join(missing)}")
    if data["id"] != task_dir.name:
        raise _bad(yaml_path, f"id {data['id']!r} does not match the directory name {task_dir.name!r}")
    if not (task_dir / "repo").is_dir():
        raise _bad(task_dir / "repo", "missing (the buggy project)")
    diff_path = task_dir / "fix.diff"
    if not diff_path.is_file():
        raise _bad(diff_path, "missing (the reference fix)")
    try:
        return Task(**data, path=task_dir.resolve(), fix_diff=diff_path.read_text(encoding="utf-8"))
    except ValidationError as exc:
        details = "; ".join(
            f"{'.'.join(str(part) for part in error['loc'])}: {error['msg']}" for error in exc.errors()
        )
        raise _bad(yaml_path, details) from None


def load_tasks(root: Path | str = TASKS_DIR) -> list[Task]:
    """All tasks under root, sorted by id. Directories starting with '.' or '_' are skipped."""
    root = Path(root)
    if not root.is_dir():
        raise TaskError(f"{root}: no such task directory")
    tasks = [
        load_task(child)
        for child in root.iterdir()
        if child.is_dir() and not child.name.startswith((".", "_"))
    ]
    return sorted(tasks, key=lambda task: task.id)


def coverage_problems(tasks: Sequence[Task], minimum: int = MIN_TASKS_PER_KIND) -> list[str]:
    """One problem per bug kind that has fewer than `minimum` tasks."""
    counts = Counter[str](task.kind for task in tasks)
    return [
        f"kind {kind} has {counts[kind]} task(s), want at least {minimum}"
        for kind in KINDS
        if counts[kind] < minimum
    ]


# ------------------------------------------------------------------------------------------------ diffs

_HUNK = re.compile(r"^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@")


def _diff_path(spec: str) -> str | None:
    """'a/x.py' -> 'x.py'; '/dev/null' -> None. Trailing tab-separated timestamps are dropped."""
    spec = spec.split("\t", 1)[0].strip()
    if spec == "/dev/null":
        return None
    return spec[2:] if spec.startswith(("a/", "b/")) else spec


def diff_stats(diff: str) -> DiffStats:
    """Parse a unified diff; hunk bodies are walked by their line counts, so a removed line that
    itself starts with '--' is still counted as removed."""
    paths: list[str] = []
    removed = added = hunks = 0
    old_left = new_left = 0
    for line in diff.splitlines():
        if old_left > 0 or new_left > 0:
            if line.startswith("\\"):  # "\ No newline at end of file"
                continue
            tag = line[:1]
            if tag == "-":
                removed += 1
                old_left -= 1
            elif tag == "+":
                added += 1
                new_left -= 1
            else:  # context (a blank line is an empty context line)
                old_left -= 1
                new_left -= 1
            continue
        match = _HUNK.match(line)
        if match:
            hunks += 1
            old_left = int(match.group(1) or 1)
            new_left = int(match.group(2) or 1)
        elif line.startswith("diff --git "):
            parts = line.split()
            paths.extend(p for p in (_diff_path(parts[-2]), _diff_path(parts[-1])) if p)
        elif line.startswith(("--- ", "+++ ")):
            found = _diff_path(line[4:])
            if found:
                paths.append(found)
    return DiffStats(tuple(dict.fromkeys(paths)), removed, added, hunks)


def is_test_file(path: str) -> bool:
    """Files a fix must leave alone: anything under tests/, test_*.py and conftest.py."""
    pure = PurePosixPath(path)
    return pure.parts[:1] == ("tests",) or pure.name.startswith("test_") or pure.name == "conftest.py"


def diff_problems(diff: str, max_changed: int = MAX_CHANGED_LINES) -> list[str]:
    """Problems with a reference fix that can be seen without applying it."""
    stats = diff_stats(diff)
    problems: list[str] = []
    if stats.hunks == 0 or not stats.paths:
        return ["fix.diff has no file hunks"]
    if not diff.lstrip().startswith("diff --git "):
        problems.append("fix.diff does not start with a 'diff --git' header")
    touched_tests = [path for path in stats.paths if is_test_file(path)]
    if touched_tests:
        problems.append(f"fix.diff touches test files: {', '.join(touched_tests)}")
    changed = max(stats.removed, stats.added)
    if changed == 0:
        problems.append("fix.diff changes no line")
    elif stats.removed > max_changed or stats.added > max_changed:
        problems.append(
            f"fix.diff changes too much: -{stats.removed}/+{stats.added} lines, at most {max_changed} allowed"
        )
    return problems


# -------------------------------------------------------------------------------------------- execution


def git_env() -> dict[str, str]:
    """The environment for git (and GNU patch): no inherited GIT_* variable and no user or
    system config (devagent's git_env, isolated)."""
    return devagent_git_env(isolated=True)


def _git(repo: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """devagent's git runner (hooks and fsmonitor off), with a fixed identity, no signing and
    the isolated environment; raises GitError only when git cannot run or times out."""
    return run_git(
        *GIT_IDENTITY,
        "-c",
        "commit.gpgsign=false",
        *HOOKS_OFF,
        *args,
        cwd=repo,
        check=False,
        input=stdin,
        timeout=GIT_TIMEOUT,
        isolated=True,
    )


def materialize(task: Task, dest: Path) -> Path:
    """Copy the task's buggy repo/ into dest (which must not exist or be empty), make it a git
    repository with everything committed, and return its path."""
    dest = Path(dest)
    if dest.exists() and any(dest.iterdir()):
        raise FileExistsError(f"{dest}: not empty")
    shutil.copytree(task.repo, dest, ignore=COPY_IGNORE, dirs_exist_ok=True)
    for args in (("init", "-q", "-b", "main"), ("add", "-A"), ("commit", "-q", "--no-verify", "-m", "buggy")):
        result = _git(dest, *args)
        if result.returncode != 0:
            raise RuntimeError(f"git {args[0]} failed in {dest}: {result.stderr.strip()}")
    return dest


def command_argv(task: Task, *extra: str) -> list[str]:
    """task.test_command as argv, a leading python/python3 replaced by this interpreter."""
    argv = shlex.split(task.test_command)
    if argv[0] in ("python", "python3"):
        argv[0] = sys.executable
    return [*argv, *extra]


def _test_env() -> dict[str, str]:
    """No bytecode, no pytest cache, and no third-party pytest plugins: the task repos need none, and
    autoloading whatever happens to be installed makes every run slower and less predictable."""
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTEST_ADDOPTS")}
    env.update(
        {
            "PYTHONDONTWRITEBYTECODE": "1",
            "PYTEST_ADDOPTS": "-p no:cacheprovider",
            "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
        }
    )
    return env


def run_tests(task: Task, repo: Path, *extra: str) -> RunResult:
    """Run the task's test command (plus extra arguments) in repo, in the environment of _test_env."""
    try:
        proc = subprocess.run(
            command_argv(task, *extra),
            cwd=repo,
            env=_test_env(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=TEST_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        output = exc.output if isinstance(exc.output, str) else ""
        return RunResult(None, output)
    return RunResult(proc.returncode, proc.stdout)


class PytestWorker:
    """`python -m pytest ARGS` in any number of task repos through one forking worker (Repair's,
    devagent/repair/_worker.py), as run_tests runs it: its environment (as of the worker's
    start), no bytecode. The interpreter and pytest start once, in an empty directory; each
    run is a fork that moves to its repo and imports the repo's code afresh. The parent never
    imports a task's module, so nothing one run imports, sets or changes (modules,
    environment, directory) reaches the next. One worker for every task instead of one per
    task saves about 0.14 s CPU a task.

    run() returns None for a repo whose top-level module has the name of one the worker
    imported (a calendar.py): only a fresh interpreter runs that as `python -m pytest` would.
    A run that kills the worker raises RuntimeError; the next run starts a new worker."""

    def __init__(self, timeout: float = TEST_TIMEOUT) -> None:
        self._timeout = timeout
        self._home = tempfile.TemporaryDirectory(prefix="repair-task-worker-")
        self._cwd = Path(self._home.name) / "cwd"
        self._logs = Path(self._home.name) / "logs"
        self._cwd.mkdir()
        self._logs.mkdir()
        self._process: subprocess.Popen[bytes] | None = None
        self._buffer = b""
        self._runs = 0

    def __enter__(self) -> PytestWorker:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def run(self, repo: Path, args: Sequence[str]) -> RunResult | None:
        """One run in repo; None: it must run in a fresh interpreter (see the class)."""
        process = (
            self._process if self._process is not None and self._process.poll() is None else self._start()
        )
        self._runs += 1
        log = self._logs / f"{self._runs}.log"
        request = {"args": list(args), "timeout": self._timeout, "log": str(log), "cwd": str(repo)}
        try:
            assert process.stdin is not None
            process.stdin.write((json.dumps(request) + "\n").encode("utf-8"))
            process.stdin.flush()
            reply = self._reply(self._timeout + GIT_TIMEOUT)
        except (OSError, RuntimeError):
            self._stop()
            raise RuntimeError(f"the pytest worker stopped answering (running in {repo})") from None
        if reply.get("shadowed"):
            return None
        output = log.read_text(encoding="utf-8", errors="replace") if log.is_file() else ""
        log.unlink(missing_ok=True)  # a straggler that still writes gets a file no run reads
        code = reply.get("exit")
        return RunResult(code if isinstance(code, int) and not reply.get("timed_out") else None, output)

    def _start(self) -> subprocess.Popen[bytes]:
        self._stop()
        self._process = start_in_group(
            [sys.executable, "-c", PYTEST_WORKER.read_text(encoding="utf-8")],
            cwd=self._cwd,
            env=_test_env(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        try:
            ready = self._reply(TEST_TIMEOUT).get("ready")
        except RuntimeError:
            ready = False
        if not ready:
            self._stop()
            raise RuntimeError("the pytest worker did not start")
        return self._process

    def _reply(self, timeout: float) -> dict[str, Any]:
        assert self._process is not None and self._process.stdout is not None
        fd = self._process.stdout.fileno()
        while b"\n" not in self._buffer:
            ready, _, _ = select.select([fd], [], [], timeout)
            chunk = os.read(fd, 65536) if ready else b""
            if not chunk:
                raise RuntimeError("the pytest worker stopped answering")
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        reply = json.loads(line)
        return reply if isinstance(reply, dict) else {}

    def _stop(self) -> None:
        process, self._process, self._buffer = self._process, None, b""
        if process is None:
            return
        if process.stdin is not None:
            with suppress(OSError):
                process.stdin.close()
        with suppress(subprocess.TimeoutExpired):
            process.wait(timeout=5)
        kill_group(process.pid)
        process.wait()
        if process.stdout is not None:
            process.stdout.close()

    def close(self) -> None:
        """Stop the worker (and whatever its runs left behind) and remove its directory."""
        self._stop()
        self._home.cleanup()


@contextmanager
def task_runs(
    task: Task, repo: Path, worker: PytestWorker | None = None
) -> Iterator[Callable[..., RunResult]]:
    """`run(*extra)`: the task's test command in repo, as run_tests runs it; a
    `python -m pytest ...` command goes through a forking worker (this one, else one of its
    own for all the runs)."""
    argv = command_argv(task)
    if argv[1:3] != ["-m", "pytest"] or not hasattr(os, "fork"):
        yield lambda *extra: run_tests(task, repo, *extra)
        return
    with ExitStack() as stack:
        forks = worker if worker is not None else stack.enter_context(PytestWorker())

        def run(*extra: str) -> RunResult:
            result = forks.run(repo, [*argv[3:], *extra])
            return result if result is not None else run_tests(task, repo, *extra)

        yield run


def defined_functions(repo: Path) -> dict[str, str]:
    """{function name: module name} of the top-level functions of repo's non-test modules."""
    found: dict[str, str] = {}
    for path in sorted(repo.glob("*.py")):
        if is_test_file(path.name):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                found.setdefault(node.name, path.stem)
    return found


def entry_point_problems(task: Task) -> list[str]:
    """Entry points that are not top-level functions of the task's modules."""
    known = defined_functions(task.repo)
    return [
        f"entry point {name} is not a top-level function" for name in task.entry_points if name not in known
    ]


def check_task(task: Task, workdir: Path, worker: PytestWorker | None = None) -> list[str]:
    """All problems with one task, checked in a fresh repository under workdir (empty list: ok);
    its pytest runs go through worker when given (check_all shares one among all tasks)."""
    problems = diff_problems(task.fix_diff) + entry_point_problems(task)
    repo = materialize(task, Path(workdir) / task.id)
    with task_runs(task, repo, worker) as run:
        single = run(task.failing_test)
        if single.returncode != 1 or single.count("failed") != 1:
            problems.append(f"buggy: {task.failing_test} does not fail ({single.summary()})")

        buggy = run()
        if buggy.returncode != 1:
            problems.append(f"buggy: the test command does not fail with test failures ({buggy.summary()})")
        elif buggy.count("passed") == 0:
            problems.append(f"buggy: no test passes before the fix ({buggy.summary()})")

        checked = _git(repo, "apply", "--check", stdin=task.fix_diff)
        if checked.returncode != 0:
            problems.append(f"fix.diff does not apply: {' '.join(checked.stderr.split())}")
            return problems
        applied = _git(repo, "apply", stdin=task.fix_diff)
        if applied.returncode != 0:
            problems.append(f"git apply failed: {' '.join(applied.stderr.split())}")
            return problems

        fixed = run()
        if fixed.returncode != 0:
            problems.append(f"fixed: the test command does not pass ({fixed.summary()})")
    return problems


# ------------------------------------------------------------------------------------------------- main


def check_all(tasks: Iterable[Task], out: Any = None) -> dict[str, list[str]]:
    """Check tasks one by one in a temporary directory, through one shared pytest worker,
    printing one line per task to out."""
    stream = out if out is not None else sys.stdout
    results: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory(prefix="repair-tasks-") as tmp, PytestWorker() as worker:
        for task in tasks:
            problems = check_task(task, Path(tmp), worker)
            results[task.id] = problems
            if problems:
                print(f"FAIL {task.id} {task.kind}: {' | '.join(problems)}", file=stream, flush=True)
            else:
                print(f"ok {task.id} {task.kind}", file=stream, flush=True)
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.repair.check_tasks", description=__doc__.split("\n")[0]
    )
    parser.add_argument("ids", nargs="*", metavar="TASK_ID", help="check only these tasks (default: all)")
    parser.add_argument("--root", type=Path, default=TASKS_DIR, help="task directory (default: %(default)s)")
    args = parser.parse_args(argv)

    try:
        tasks = load_tasks(args.root)
    except TaskError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    set_problems = coverage_problems(tasks)
    if args.ids:
        unknown = sorted(set(args.ids) - {task.id for task in tasks})
        if unknown:
            print(f"error: unknown task id(s): {', '.join(unknown)}", file=sys.stderr)
            return 1
        tasks = [task for task in tasks if task.id in args.ids]

    results = check_all(tasks)
    bad = sorted(task_id for task_id, problems in results.items() if problems)
    for problem in set_problems:
        print(f"FAIL task set: {problem}")
    kinds = Counter[str](task.kind for task in tasks)
    print(f"kinds: {', '.join(f'{kind}={kinds[kind]}' for kind in KINDS)}")
    print(f"{len(results) - len(bad)} ok, {len(bad)} with problems, {len(results)} tasks checked")
    return 1 if bad or set_problems else 0


if __name__ == "__main__":
    sys.exit(main())
