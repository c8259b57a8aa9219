"""Shared fixtures: real git repositories in tmp_path, independent of the user's git config."""

from __future__ import annotations

import compileall
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from devagent.runlog import verify_log
from tests.cli_fork import ForkedCli
from tests.helpers import OutsideGuard, git


def pytest_configure(config: pytest.Config) -> None:
    """Compile devagent's modules once, in the main process: with PYTHONDONTWRITEBYTECODE
    set (as on the development machines) Python never writes them, so each of the
    suite's hundreds of CLI subprocesses would compile them again. Reading bytecode is
    not writing it: the setting still holds for everything else."""
    if not hasattr(config, "workerinput"):  # an xdist worker: the main process did it
        compileall.compile_dir(PROJECT_ROOT / "devagent", quiet=1)
    # pytest-xdist names the worker in the environment; what the tests start (the CLI, the
    # sandboxed runs) must see the environment of a run in one process.
    for name in [n for n in os.environ if n.startswith("PYTEST_XDIST_")]:
        del os.environ[name]
    # llama.cpp's CPU backend waits at its OpenMP barriers by spinning (libgomp's default):
    # on a machine whose cores other workers share, a waiting thread burns the core the
    # working one needs (3 to 6 times the CPU for the same tokens, measured here). Waiting
    # passively changes no result, only how idle threads wait. Set before any test loads
    # llama_cpp (libgomp reads it once), and inherited by the CLI runs and model servers.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The real-model tests, the longest, at the head of each xdist worker's first share.
    --dist worksteal first hands each of the W workers a contiguous share of the list (the
    first len // W, then the rest split the same way; workers that run dry later take
    tests from the tail of a busy one's share). Left in file order, a model test could sit
    at a share's tail and start last; all at the front, they would all be one worker's.
    Every worker computes the same order (xdist requires it)."""
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    slow = [item for item in items if item.get_closest_marker("model") is not None]
    rest = [item for item in items if item.get_closest_marker("model") is None]
    ordered: list[pytest.Item] = []
    left = len(items)
    for share in range(workers):
        size = left // (workers - share)
        head = slow[share::workers]
        ordered += head + rest[: max(0, size - len(head))]
        del rest[: max(0, size - len(head))]
        left -= size
    items[:] = ordered + rest


@pytest.fixture(scope="session", autouse=True)
def _projects_load_no_plugins_of_the_suite() -> Iterator[None]:
    """The projects the tests start (CLI runs, their pytest runs, Repair's workers) share
    this interpreter, so every pytest start there would load the suite's own plugins
    through their entry points (xdist, anyio, which imports trio): 0.25 s of CPU a start,
    paid thousands of times, for nothing a test asks about. Set in each test process once
    its own plugins are loaded, so xdist's workers still get theirs; plugins a project
    names itself (`-p`, `pytest_plugins`) load as always."""
    name = "PYTEST_DISABLE_PLUGIN_AUTOLOAD"
    before = os.environ.get(name)
    os.environ[name] = "1"
    yield
    if before is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = before


# --------------------------------------------------------------------------- git repositories
#
# Building a repository takes six git processes (init, add, commit, remote, push, and the
# remote's init); hundreds of tests start from the same few. Each is built once per
# session (per xdist worker) and copied per test: a copy is byte for byte what the git
# commands would have made, but for the commit's date, the remote's path in .git/config
# (rewritten) and the index's stat data (refreshed, so the first `git status` in the copy
# writes nothing).

TEMPLATE_IDENTITY = {
    "GIT_AUTHOR_NAME": "Test Author",
    "GIT_AUTHOR_EMAIL": "author@example.invalid",
    "GIT_COMMITTER_NAME": "Test Author",
    "GIT_COMMITTER_EMAIL": "author@example.invalid",
}


@pytest.fixture
def git_identity(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A commit identity from the environment, so fixtures work without a global user.name."""
    for var, value in {
        **TEMPLATE_IDENTITY,
        # Repository discovery must never climb out of tmp_path into an enclosing repo.
        "GIT_CEILING_DIRECTORIES": str(tmp_path),
    }.items():
        monkeypatch.setenv(var, value)


def _template_git(*args: str, cwd: Path) -> None:
    env = {**os.environ, **TEMPLATE_IDENTITY, "GIT_CEILING_DIRECTORIES": str(cwd.parent)}
    subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, check=True)


def _build_template(root: Path, name: str, files: dict[str, bytes], message: str) -> Path:
    """root/remote.git (bare, main pushed) and root/<name> (one commit of `files` on main,
    origin pointing at root/remote.git); returns root."""
    root.mkdir(parents=True)
    _template_git("init", "-q", "--bare", "-b", "main", str(root / "remote.git"), cwd=root)
    if not files:
        return root
    repo = root / name
    for rel, data in files.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_bytes(data)
    _template_git("init", "-q", "-b", "main", str(repo), cwd=root)
    _template_git("add", *files, cwd=repo)
    _template_git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", message, cwd=repo)
    _template_git("remote", "add", "origin", str(root / "remote.git"), cwd=repo)
    _template_git("push", "-q", "origin", "main", cwd=repo)
    return root


PROJECT_ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_CALC = PROJECT_ROOT / "examples" / "calc"
CALC_FILES = ("calc.py", "conftest.py", "tests/test_calc.py")
USER_FILES = {
    "calc.py": b"def add(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a * b\n",
    "tests/test_calc.py": b"from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n",
    "README.md": b"# demo\n",
}


@pytest.fixture(scope="session")
def repo_templates(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The session's repository templates by name: `empty` (a bare remote only), `user`
    (git_repo's) and `calc` (calc_example_repo's)."""
    base = tmp_path_factory.mktemp("repo-templates")
    calc = {rel: (EXAMPLE_CALC / rel).read_bytes() for rel in CALC_FILES}
    return {
        "empty": _build_template(base / "empty", "", {}, ""),
        "user": _build_template(base / "user", "user", USER_FILES, "initial"),
        "calc": _build_template(base / "calc", "calc", calc, "calc with a bug"),
    }


def _copy_template(template: Path, name: str, tmp_path: Path, bare: Path) -> Path:
    """template/<name> as tmp_path/<name>, its remote's commits in `bare`, origin set to it."""
    shutil.copytree(template / "remote.git", bare, symlinks=True, dirs_exist_ok=True)
    repo = tmp_path / name
    shutil.copytree(template / name, repo, symlinks=True)
    config = repo / ".git" / "config"
    config.write_text(config.read_text().replace(str(template / "remote.git"), str(bare)))
    git("update-index", "-q", "--refresh", cwd=repo)
    return repo


@pytest.fixture
def bare_remote(tmp_path: Path, git_identity: None, repo_templates: dict[str, Path]) -> Path:
    """An empty bare repository to serve as `origin`."""
    bare = tmp_path / "remote.git"
    shutil.copytree(repo_templates["empty"] / "remote.git", bare, symlinks=True)
    return bare


@pytest.fixture
def git_repo(tmp_path: Path, bare_remote: Path, repo_templates: dict[str, Path]) -> Path:
    """A user repository on `main` with one commit (calc.py, tests/test_calc.py, README.md),
    `origin` pointing at `bare_remote` and main pushed there."""
    return _copy_template(repo_templates["user"], "user", tmp_path, bare_remote)


def _distributions_of(name: str) -> set[str]:
    """`name` and every distribution it requires here (markers evaluated, no extras)."""
    from importlib import metadata

    from packaging.requirements import Requirement

    found: set[str] = set()
    todo = [name]
    while todo:
        dist = metadata.distribution(todo.pop())
        if dist.metadata["Name"].lower() in found:
            continue
        found.add(dist.metadata["Name"].lower())
        for line in dist.requires or []:
            req = Requirement(line)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(req.name)
    return found


@pytest.fixture(scope="session")
def project_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project's own venv, built once per session (per worker): this Python with pytest
    and what pytest requires, nothing else. A project whose venv tests stand in with this
    interpreter's would also load the suite's own plugins (xdist, anyio, which imports trio)
    at every pytest start: 0.75 s of CPU against 0.2 s here, for no part of what they test."""
    import venv
    from importlib import metadata

    root = tmp_path_factory.mktemp("project-venv")
    venv.EnvBuilder(with_pip=False, symlinks=True).create(root)
    [site] = root.glob("lib/python*/site-packages")
    for name in sorted(_distributions_of("pytest")):
        dist = metadata.distribution(name)
        tops = {Path(str(file)).parts[0] for file in dist.files or []}
        for top in tops - {"..", "__pycache__"}:
            source = Path(str(dist.locate_file(top)))
            if source.exists() and not (site / top).exists():
                (site / top).symlink_to(source)
    return root


@pytest.fixture(scope="session")
def project_python(project_venv: Path) -> str:
    """project_venv's interpreter: the `python` a repair search runs a project's tests with."""
    return str(project_venv / "bin" / "python")


# --------------------------------------------------------------------------- end-to-end CLI fixtures


@pytest.fixture
def calc_example_repo(tmp_path: Path, bare_remote: Path, repo_templates: dict[str, Path]) -> Path:
    """A user repository like examples/calc (mean() divides by len - 1, so
    tests/test_calc.py::test_mean fails): calc.py, conftest.py and tests/test_calc.py
    committed on `main`, `origin` pointing at `bare_remote` and main pushed there."""
    return _copy_template(repo_templates["calc"], "calc", tmp_path, bare_remote)


@pytest.fixture
def phase_spec(tmp_path: Path) -> Path:
    """examples/calc/spec.md ("# Fix mean()"), outside the target repository."""
    spec = tmp_path / "spec.md"
    spec.write_bytes((EXAMPLE_CALC / "spec.md").read_bytes())
    return spec


@pytest.fixture
def no_default_model(cli_env: dict[str, str], tmp_path: Path) -> None:
    """The tool config's models cannot load: a CLI run that reaches them by mistake (a
    check missing) ends at once with exit 4 instead of running the embedded model."""
    tool = tmp_path / "no-model.yaml"
    roles = ("dev_agent", "supervisor", "architect", "reviewer")
    tool.write_text("model:\n" + "".join(f"  {r}: llama-cpp:/nonexistent.gguf\n" for r in roles))
    cli_env["DEV_AGENT_CONFIG"] = str(tool)


# DEV_AGENT_TEST_EXEC=1: every CLI run starts its own interpreter (no fork server).
EXEC_ONLY_VAR = "DEV_AGENT_TEST_EXEC"
CLI_ENV_DROPPED = ("DEV_AGENT_CONFIG", "PYTEST_ADDOPTS", "PYTEST_CURRENT_TEST")


@pytest.fixture(scope="session")
def cli_fork_server() -> Iterator[ForkedCli | None]:
    """This worker's fork server for CLI runs (tests/cli_fork.py says what it keeps
    equal to `python dev_agent.py`), or None under DEV_AGENT_TEST_EXEC=1."""
    if os.environ.get(EXEC_ONLY_VAR) == "1":
        yield None
        return
    server = ForkedCli({k: v for k, v in os.environ.items() if k not in CLI_ENV_DROPPED})
    yield server
    server.close()


@pytest.fixture
def cli_env(git_identity: None) -> dict[str, str]:
    """The environment for a dev-agent subprocess: the commit identity of `git_identity`,
    the bundled config (no $DEV_AGENT_CONFIG) and no pytest options leaking into the
    target repository's test run."""
    env = dict(os.environ)
    for name in CLI_ENV_DROPPED:
        env.pop(name, None)
    return env


def _exec_cli(
    args: Sequence[str], cwd: Path, env: dict[str, str], timeout: float
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(PROJECT_ROOT / "dev_agent.py"), *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@pytest.fixture
def dev_agent(
    cli_env: dict[str, str], cli_fork_server: ForkedCli | None
) -> Callable[..., subprocess.CompletedProcess[str]]:
    """Run the real CLI, `python dev_agent.py ...`, as a process of its own: forked from
    this worker's fork server, which has the CLI's modules imported already (0.75 s of
    CPU a run saved), when the run's environment lets a fork be the same as a fresh start
    (tests/cli_fork.py); otherwise, and under DEV_AGENT_TEST_EXEC=1, a new interpreter."""

    def run(*args: str | Path, cwd: Path, timeout: float = 180) -> subprocess.CompletedProcess[str]:
        argv = [str(a) for a in args]
        if cli_fork_server is not None and cli_fork_server.can_fork(cli_env):
            return cli_fork_server.run(argv, cwd=cwd, env=cli_env, timeout=timeout)
        return _exec_cli(argv, cwd, cli_env, timeout)

    return run


@pytest.fixture
def dev_agent_exec(cli_env: dict[str, str]) -> Callable[..., subprocess.CompletedProcess[str]]:
    """`dev_agent`, always in a new interpreter: for what only a fresh start shows."""

    def run(*args: str | Path, cwd: Path, timeout: float = 180) -> subprocess.CompletedProcess[str]:
        return _exec_cli([str(a) for a in args], cwd, cli_env, timeout)

    return run


# --------------------------------------------------------------------------- shared by the session


@pytest.fixture(scope="session")
def llama_url() -> Iterator[str]:
    """A real `python -m llama_cpp.server` on the embedded model (context 2048), started
    once per session (per xdist worker) for every test that only queries it."""
    from bench.servers import llama_server
    from devagent.resources import embedded_model_path

    with llama_server(embedded_model_path(), context_size=2048) as url:
        yield url


RECORD_KEYS = {"ts", "seq", "role", "type", "data", "hash"}


def read_run_log(runs_dir: Path) -> list[dict[str, Any]]:
    """The records of the single run log in `runs_dir`; every line must be a JSON object
    with exactly the record keys, and the hash chain must verify to the end."""
    logs = sorted(runs_dir.glob("*.log.jsonl"))
    assert len(logs) == 1, f"expected one run log in {runs_dir}, found {logs}"
    records = []
    for lineno, line in enumerate(logs[0].read_text(encoding="utf-8").splitlines(), start=1):
        record = json.loads(line)  # a torn or invalid line fails the test here
        assert isinstance(record, dict), f"line {lineno} is not a JSON object"
        assert set(record) == RECORD_KEYS, f"line {lineno}: {sorted(record)}"
        records.append(record)
    check = verify_log(logs[0])
    assert check.intact, f"{logs[0]}: {check.describe()}"
    assert check.records == records
    return records


@pytest.fixture
def run_log() -> Callable[[Path], list[dict[str, Any]]]:
    """`run_log(runs_dir)`: the parsed records of the one run log in `runs_dir`."""
    return read_run_log


# --------------------------------------------------------------------------- reliability suites

RELIABILITY_MARKERS = ("adversarial", "fault", "bad_input")


@pytest.fixture(autouse=True)
def _reliability_category(request: pytest.FixtureRequest) -> None:
    """Tag each case of the reliability suites with its category, for bench/reliability.py
    (it reads the JUnit XML report's properties)."""
    for marker in RELIABILITY_MARKERS:
        if request.node.get_closest_marker(marker) is not None:
            request.node.user_properties.append(("category", marker))


@pytest.fixture
def outside(request: pytest.FixtureRequest) -> Iterator[OutsideGuard]:
    """Watch what lies outside the agent's worktree; the case fails if any of it changed,
    and the count goes into the report as files_changed_outside_worktree."""
    guard = OutsideGuard()
    yield guard
    changed = guard.changed()
    request.node.user_properties.append(("files_changed_outside_worktree", len(changed)))
    assert not changed, f"changed outside the agent's worktree: {changed}"


# --------------------------------------------------------------------------- sandbox kinds

SANDBOX_KINDS = ("bwrap", "landlock")


def _sandbox_kinds() -> tuple[str, ...]:
    """Every kind, or the one $DEV_AGENT_SANDBOX names (CI runs the suites once per kind)."""
    chosen = os.environ.get("DEV_AGENT_SANDBOX")
    return (chosen,) if chosen in SANDBOX_KINDS else SANDBOX_KINDS


@pytest.fixture(params=_sandbox_kinds())
def sandbox_kind(request: pytest.FixtureRequest) -> str:
    """Each sandbox kind this machine has; a kind it lacks skips with the reason."""
    from devagent.tools.sandbox import choose_sandbox

    kind: str = request.param
    choice = choose_sandbox(setting="bwrap" if kind == "bwrap" else "landlock")
    if choice.sandbox is None:
        pytest.skip(f"no {kind} sandbox on this machine: {'; '.join(choice.passed_over)}")
    return kind
