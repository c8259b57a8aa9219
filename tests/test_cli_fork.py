"""The suite's fork server for CLI runs (tests/cli_fork.py): what it forks behaves as
`python dev_agent.py` would, and what a fork could freeze is caught, not assumed."""

from __future__ import annotations

import json
import os
import pkgutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import devagent
from tests.cli_fork import PRELOAD, ForkedCli
from tests.conftest import PROJECT_ROOT

# Modules loaded by the pytest runs Dev Agent starts (the target's tests, Repair's
# coverage run), never by the CLI: they read their process's environment at import by
# design.
OTHER_PROCESSES = ("devagent.pytest_plugin._devagent_report", "devagent.repair._coverage_plugin")
SCRIPTS = ("devagent.dashboard.app",)  # run by Streamlit: importing it would run it


def _preloaded(modules: list[str]) -> dict[str, object]:
    """tests.cli_fork.preload(modules) in a fresh interpreter: what the imports read, and
    which devagent modules they loaded."""
    code = (
        "import json, sys\nfrom tests.cli_fork import preload\n"
        f"report = preload({modules!r})\n"
        "report['loaded'] = sorted(m for m in sys.modules if m.startswith('devagent'))\n"
        "report['llama_cpp'] = 'llama_cpp' in sys.modules\n"
        "print(json.dumps(report))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=PROJECT_ROOT, capture_output=True, text=True, check=True
    )
    result: dict[str, object] = json.loads(proc.stdout)
    return result


def test_no_devagent_module_reads_the_environment_cwd_or_argv_at_import() -> None:
    """A module that kept $VAR, the cwd or sys.argv at import would keep the fork server's
    in every forked run. Every module but the other processes' plugins reads none."""
    names = [m.name for m in pkgutil.walk_packages(devagent.__path__, "devagent.")]
    report = _preloaded([n for n in names if n not in SCRIPTS])
    readers = {
        reader.split(" < ")[0]
        for kind in ("env", "cwd", "argv")
        for found in (report[kind].values() if kind == "env" else [report[kind]])  # type: ignore[attr-defined]
        for reader in found
    }
    assert {r for r in readers if r.startswith("devagent")} <= set(OTHER_PROCESSES)
    assert report["printed"] == ""


def test_the_fork_server_loads_nothing_that_reads_them() -> None:
    """Nor llama_cpp: its libgomp reads OMP_* from the C environment when it loads."""
    report = _preloaded(list(PRELOAD))
    assert not set(OTHER_PROCESSES) & set(report["loaded"])  # type: ignore[arg-type]
    assert not report["llama_cpp"]
    assert all(not r.startswith("devagent") for found in report["env"].values() for r in found)  # type: ignore[attr-defined]
    assert report["argv"] == []


@pytest.fixture(scope="module")
def server() -> Iterator[ForkedCli]:
    env = {k: v for k, v in os.environ.items() if k not in ("DEV_AGENT_CONFIG", "PYTEST_CURRENT_TEST")}
    forked = ForkedCli(env)
    assert forked.report["refusal"] is None, forked.report["refusal"]
    yield forked
    forked.close()


def test_a_forked_run_prints_and_ends_as_an_exec_run_does(
    server: ForkedCli,
    cli_env: dict[str, str],
    dev_agent_exec: Callable[..., subprocess.CompletedProcess[str]],
    tmp_path: Path,
) -> None:
    """Same exit code, stdout and stderr, in the caller's cwd and environment: the bundled
    config or $DEV_AGENT_CONFIG's, runs/ of the cwd, errors on stderr."""
    (tmp_path / "bad.yaml").write_text("max_iterations: many\n")
    cases: list[tuple[list[str], dict[str, str]]] = [
        (["--help"], {}),
        (["debate", "--help"], {}),
        (["runs"], {}),
        (["runs", "verify", "nope"], {}),
        (["--phase", "missing.md"], {}),
        (["spec"], {}),
        (["--phase", "missing.md"], {"DEV_AGENT_CONFIG": str(tmp_path / "bad.yaml")}),
        (["runs"], {"COLUMNS": "20"}),
    ]
    (tmp_path / "runs").mkdir()
    for args, extra in cases:
        env = {**cli_env, **extra}
        assert server.can_fork(env), server.differs(env)
        forked = server.run(args, cwd=tmp_path, env=env, timeout=60)
        cli_env.update(extra)
        execed = dev_agent_exec(*args, cwd=tmp_path)
        for name in extra:
            cli_env.pop(name)
        assert (forked.returncode, forked.stdout, forked.stderr) == (
            execed.returncode,
            execed.stdout,
            execed.stderr,
        ), args
    assert server.forked >= len(cases)


def test_an_environment_the_imports_read_differently_runs_by_exec(server: ForkedCli) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DEV_AGENT_CONFIG", "PYTEST_CURRENT_TEST")}
    assert server.can_fork(env)
    read_at_import = next(iter(server.report["env"]))  # e.g. PYDANTIC_DISABLE_PLUGINS
    assert server.differs({**env, read_at_import: "changed"}) == [read_at_import]
    assert not server.can_fork({**env, "PYTHONHASHSEED": "7"})  # read by the interpreter at start
    assert not server.can_fork({**env, "LC_ALL": "C"})


def test_a_forked_run_past_its_timeout_is_killed(
    server: ForkedCli, cli_env: dict[str, str], tmp_path: Path
) -> None:
    """subprocess.run's contract: TimeoutExpired, and the run is gone. The run waits on a
    model server that accepts the connection and never answers."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        url = f"http://127.0.0.1:{silent.getsockname()[1]}/v1"
        started = time.monotonic()
        with pytest.raises(subprocess.TimeoutExpired):
            args = [
                "spec",
                "an idea",
                "--architect-model",
                f"openai:m@{url}",
                "--reviewer-model",
                f"openai:m@{url}",
            ]
            server.run(args, cwd=tmp_path, env=cli_env, timeout=3)
        assert time.monotonic() - started < 30
    server_pid = server.report["pid"]
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _children(server_pid):
        time.sleep(0.1)
    assert _children(server_pid) == []


def _children(pid: object) -> list[str]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[1] == str(pid) and fields[0] != "Z":
                found.append(entry.name)
    return found
