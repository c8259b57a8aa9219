"""The project's environment (issue 38): the tests run with the interpreter and packages
the project's own developers use, they import the worktree's code (not the user's
checkout an editable install points at), and failures the environment causes end the run
at the baseline with one line and exit 10, before any repair.

Real parts throughout: real virtualenvs made with `python -m venv` (pytest and the
projects installed by pip from the package registry, editable as contributors install
them), real git repositories with a local bare remote, the real CLI in a subprocess, the
real sandbox. The checkouts live in /var/tmp, as a user's would outside /tmp: the sandbox
hides /tmp, so only a checkout elsewhere is visible to a wrong import."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from devagent.errors import ExitCode, UsageError
from devagent.import_roots import import_roots, pythonpath_for
from devagent.project_env import (
    FROM_CONDA,
    FROM_CONFIG,
    FROM_DEV_AGENT,
    FROM_REPOSITORY,
    FROM_VIRTUAL_ENV,
    choose_environment,
)
from devagent.triage import environment_causes
from devagent.verdict import PytestReport
from devagent.workflows.fix.shell_step import whole_run
from tests.helpers import git
from tests.scripted import APPROVAL, write_replies

Runner = Callable[..., subprocess.CompletedProcess[str]]
LogReader = Callable[[Path], list[dict[str, Any]]]
BASE_PYTHON = shutil.which("python3.11") or sys.executable
PIP_QUIET = ("-q", "--disable-pip-version-check")


def _pip(venv: Path, *args: str) -> None:
    proc = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", *PIP_QUIET, *args],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.fixture(scope="session")
def pytest_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A virtualenv with pytest (from the package registry), under /tmp: the sandbox must
    show it read-only although it hides the rest of /tmp."""
    venv = tmp_path_factory.mktemp("envs") / "with-pytest"
    subprocess.run([BASE_PYTHON, "-m", "venv", str(venv)], check=True, timeout=120)
    _pip(venv, "pytest")
    return venv


@pytest.fixture
def outside_tmp() -> Iterator[Path]:
    """A folder outside /tmp for a user's checkout, removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="dev-agent-test-", dir="/var/tmp"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _commit_all(repo: Path, remote: Path, message: str = "initial") -> None:
    git("init", "-q", "-b", "main", str(repo), cwd=repo.parent)
    git("add", "-A", cwd=repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", message, cwd=repo)
    git("remote", "add", "origin", str(remote), cwd=repo)
    git("push", "-q", "origin", "main", cwd=repo)


TALLY_SOURCE = "def total(xs):\n    t = 1\n    for x in xs:\n        t += x\n    return t\n"
TALLY_TESTS = (
    "import tally\n\n\ndef test_total():\n    assert tally.total([1, 2, 3]) == 6\n\n\n"
    "def test_empty():\n    assert tally.total([]) == 0\n"
)


def _tally_project(root: Path, remote: Path) -> Path:
    """A src-layout library (`tally.total` starts its sum at 1) with its tests, committed."""
    repo = root / "tally"
    (repo / "src" / "tally").mkdir(parents=True)
    (repo / "tests").mkdir()
    (repo / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n\n'
        '[project]\nname = "tally"\nversion = "0.1"\n\n[tool.setuptools.packages.find]\nwhere = ["src"]\n'
    )
    (repo / "src" / "tally" / "__init__.py").write_text(TALLY_SOURCE)
    (repo / "tests" / "test_tally.py").write_text(TALLY_TESTS)
    (repo / ".gitignore").write_text("*.egg-info/\n")  # what the editable install writes
    _commit_all(repo, remote)
    return repo


@pytest.fixture
def tally_env(tmp_path: Path, outside_tmp: Path, pytest_venv: Path, bare_remote: Path) -> tuple[Path, Path]:
    """(checkout in /var/tmp, its own virtualenv in /tmp with pytest and the checkout
    installed editable), as a contributor sets a src-layout project up."""
    repo = _tally_project(outside_tmp, bare_remote)
    venv = tmp_path / "tally-venv"
    shutil.copytree(pytest_venv, venv, symlinks=True)
    _fix_copied_venv(venv, pytest_venv)
    _pip(venv, "--no-deps", "-e", str(repo))
    return repo, venv


def _fix_copied_venv(venv: Path, original: Path) -> None:
    """A copied virtualenv's scripts name the original's interpreter: point them home."""
    for script in (venv / "bin").iterdir():
        if script.is_file() and not script.is_symlink():
            text = script.read_bytes()
            if text.startswith(b"#!") and str(original).encode() in text:
                script.write_bytes(text.replace(str(original).encode(), str(venv).encode()))
    cfg = venv / "pyvenv.cfg"
    cfg.write_text(cfg.read_text().replace(str(original), str(venv)))


def _phase(folder: Path) -> Path:
    spec = folder / "spec.md"
    spec.write_text("# Fix total\n\nMake the failing tests pass without changing them.\n")
    return spec


def _run(
    dev_agent: Runner,
    repo: Path,
    spec: Path,
    *extra: str | Path,
    config: str = "repair: {templates: true, model_edits: 0}\n",
) -> subprocess.CompletedProcess[str]:
    folder = spec.parent
    model = write_replies(folder / "replies.yaml", [], [APPROVAL] * 3)
    (folder / "config.yaml").write_text(config)
    return dev_agent(
        "--phase", spec, "--model", model, "--config", folder / "config.yaml", "--runs-dir", folder / "runs",
        "--no-pr", *extra, cwd=repo, timeout=600,
    )  # fmt: skip


def _records(run_log: LogReader, folder: Path, kind: str) -> list[dict[str, Any]]:
    return [r["data"] for r in run_log(folder / "runs") if r["type"] == kind]


# --------------------------------------------------------------------------- the choice


def _fake_env(folder: Path) -> Path:
    (folder / "bin").mkdir(parents=True)
    python = folder / "bin" / "python"
    python.write_text("#!/bin/sh\n")
    python.chmod(0o755)
    (folder / "pyvenv.cfg").write_text("home = /usr/bin\n")
    return python


def test_the_choice_goes_config_then_active_env_then_conda_then_the_repository_then_dev_agent(
    tmp_path: Path,
) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    configured = _fake_env(tmp_path / "configured")
    active = _fake_env(tmp_path / "active")
    conda = _fake_env(tmp_path / "conda")
    local = _fake_env(repo / ".venv")
    both = {"VIRTUAL_ENV": str(active.parent.parent), "CONDA_PREFIX": str(conda.parent.parent)}

    chosen = choose_environment(repo, str(configured), both)
    assert (chosen.python, chosen.source) == (configured, FROM_CONFIG)
    assert choose_environment(repo, str(configured.parent.parent), both).python == configured  # a venv folder
    chosen = choose_environment(repo, None, both)
    assert (chosen.python, chosen.source) == (active, FROM_VIRTUAL_ENV)
    chosen = choose_environment(repo, None, {"CONDA_PREFIX": str(conda.parent.parent)})
    assert (chosen.python, chosen.source) == (conda, FROM_CONDA)
    chosen = choose_environment(repo, None, {})
    assert (chosen.python, chosen.source, chosen.root) == (local, FROM_REPOSITORY, repo / ".venv")
    shutil.rmtree(repo / ".venv")
    chosen = choose_environment(repo, None, {})
    assert (chosen.python, chosen.source) == (Path(sys.executable), FROM_DEV_AGENT)
    assert "dev-agent's own environment" in chosen.describe()


def test_a_named_environment_that_holds_no_python_is_an_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"^shell\.python \(--python\): .*/nope does not exist$"):
        choose_environment(tmp_path, str(tmp_path / "nope"), {})
    with pytest.raises(UsageError, match=r"^VIRTUAL_ENV=.*: no Python interpreter there"):
        choose_environment(tmp_path, None, {"VIRTUAL_ENV": str(tmp_path)})


@pytest.mark.bad_input
def test_cli_python_flag_naming_nothing_is_one_line_exit_3_before_any_log(
    dev_agent: Runner, git_repo: Path, tmp_path: Path
) -> None:
    proc = _run(dev_agent, git_repo, _phase(tmp_path), "--python", tmp_path / "no-such-python")
    assert proc.returncode == ExitCode.USAGE
    assert proc.stderr.strip().splitlines() == [
        f"dev-agent: shell.python (--python): {tmp_path / 'no-such-python'} does not exist"
    ]
    assert not (tmp_path / "runs").exists()


@pytest.mark.bad_input
def test_an_environment_without_pytest_is_exit_10_with_the_install_command_before_anything_runs(
    dev_agent: Runner, git_repo: Path, tmp_path: Path
) -> None:
    venv = tmp_path / "bare-venv"
    subprocess.run([BASE_PYTHON, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    proc = _run(dev_agent, git_repo, _phase(tmp_path), "--python", venv)
    assert proc.returncode == ExitCode.ENVIRONMENT, proc.stdout + proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"dev-agent: the project's environment {venv}/bin/python")
    assert f"install it with `{venv}/bin/python -m pip install pytest`" in lines[0]
    assert not (tmp_path / "runs").exists()
    assert git("branch", "--list", "dev-agent/*", cwd=git_repo) == ""


# --------------------------------------------------------------------------- the worktree's code


def test_scripted_src_layout_installed_editable_in_its_own_venv_is_fixed_in_the_worktree(
    dev_agent: Runner,
    run_log: LogReader,
    tally_env: tuple[Path, Path],
    tmp_path: Path,
    sandbox_kind: str,
    cli_env: dict[str, str],
) -> None:
    """The user's setting: the project's venv active (VIRTUAL_ENV, and first on PATH), the
    project installed editable from the checkout. Repair's templates fix the sum's start in
    the worktree and the tests import that copy: green, pushed; the checkout untouched."""
    repo, venv = tally_env
    cli_env["VIRTUAL_ENV"] = str(venv)
    cli_env["PATH"] = f"{venv / 'bin'}{os.pathsep}{cli_env['PATH']}"
    config = f"repair: {{templates: true, model_edits: 0}}\nshell: {{sandbox: {sandbox_kind}}}\n"
    proc = _run(dev_agent, repo, _phase(tmp_path), config=config)
    assert proc.returncode == ExitCode.OK, proc.stdout + proc.stderr
    assert (
        "tests run with Python 3.11" in proc.stderr and f"{venv}/bin/python (from VIRTUAL_ENV)" in proc.stderr
    )
    (started,) = _records(run_log, tmp_path, "run_started")
    assert started["environment"]["source"] == "VIRTUAL_ENV"
    assert started["environment"]["python"] == str(venv / "bin" / "python")
    assert started["environment"]["import_roots"] == ["src"]
    (baseline,) = _records(run_log, tmp_path, "baseline")
    assert baseline["failing"] == ["tests/test_tally.py::test_empty", "tests/test_tally.py::test_total"]
    assert _records(run_log, tmp_path, "verdict")[-1]["green"] is True
    assert "t = 1" in (repo / "src" / "tally" / "__init__.py").read_text()  # the checkout is untouched
    assert git("status", "--porcelain", cwd=repo) == ""
    fixed = git("show", "dev-agent/fix-fix-total-1:src/tally/__init__.py", cwd=repo)
    assert "t = 0" in fixed
    show = subprocess.run(
        [sys.executable, str(Path(__file__).parent.parent / "dev_agent.py"), "runs", "show",
         started["run_id"], "--runs-dir", str(tmp_path / "runs")],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert "tests' Python: Python 3.11" in show.stdout and "(from VIRTUAL_ENV)" in show.stdout


def test_a_path_the_mapping_cannot_see_is_caught_as_an_import_from_the_checkout(
    dev_agent: Runner, run_log: LogReader, tally_env: tuple[Path, Path], tmp_path: Path
) -> None:
    """A .pth that puts the checkout on sys.path by code (an `import` line, which the
    mapping does not run) makes the tests import the unedited checkout: the plugin sees
    where `tally` came from, and the run ends at the baseline, exit 10, naming it."""
    repo, venv = tally_env
    (site,) = (venv / "lib").glob("python3*/site-packages")
    for pth in site.glob("__editable__*tally*.pth"):
        pth.unlink()
    (site / "zz_tally_by_code.pth").write_text(f"import sys; sys.path.insert(0, {str(repo / 'src')!r})\n")
    proc = _run(dev_agent, repo, _phase(tmp_path), "--python", venv)
    assert proc.returncode == ExitCode.ENVIRONMENT, proc.stdout + proc.stderr
    line = proc.stderr.strip().splitlines()[-1]
    assert "the tests imported tally from the user's checkout" in line
    assert str(repo / "src" / "tally" / "__init__.py") in line
    assert not _records(run_log, tmp_path, "repair")  # no search time spent on it


def test_scripted_a_package_imported_from_the_checkout_before_pytest_plugins_is_tested_from_the_worktree(
    dev_agent: Runner, run_log: LogReader, tally_env: tuple[Path, Path], tmp_path: Path, sandbox_kind: str
) -> None:
    """pytest imports some packages itself before any plugin (packaging, pygments: a project
    that is one of them, or whose .pth imports it at start-up, has its checkout's copy in
    sys.modules before the verdict's plugin gives the worktree back). The plugin forgets
    those modules, so the tests import the worktree's code: the fix is tested and green."""
    repo, venv = tally_env
    (site,) = (venv / "lib").glob("python3*/site-packages")
    (site / "zz_tally_at_start.pth").write_text("import tally\n")  # the checkout's tally, at start-up
    config = f"repair: {{templates: true, model_edits: 0}}\nshell: {{sandbox: {sandbox_kind}}}\n"
    proc = _run(dev_agent, repo, _phase(tmp_path), "--python", venv, config=config)
    assert proc.returncode == ExitCode.OK, proc.stdout + proc.stderr
    assert _records(run_log, tmp_path, "verdict")[-1]["green"] is True
    assert git("show", "dev-agent/fix-fix-total-1:src/tally/__init__.py", cwd=repo).count("t = 0") == 1
    assert "t = 1" in (repo / "src" / "tally" / "__init__.py").read_text()  # the checkout is untouched


def test_a_pytest_plugin_loaded_from_the_checkout_is_still_named(
    dev_agent: Runner, run_log: LogReader, tally_env: tuple[Path, Path], tmp_path: Path
) -> None:
    """A plugin module of the project (`-p tally.plugin` in its pytest config) loaded from
    the checkout before the verdict's plugin cannot be swapped for the worktree's: its hooks
    are registered. The run ends at the baseline, exit 10, naming it."""
    repo, venv = tally_env
    (repo / "src" / "tally" / "plugin.py").write_text("")
    (repo / "pytest.ini").write_text("[pytest]\naddopts = -p tally.plugin\n")
    git("add", "-A", cwd=repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "a plugin", cwd=repo)
    git("push", "-q", "origin", "main", cwd=repo)
    proc = _run(dev_agent, repo, _phase(tmp_path), "--python", venv)
    assert proc.returncode == ExitCode.ENVIRONMENT, proc.stdout + proc.stderr
    line = proc.stderr.strip().splitlines()[-1]
    assert "from the user's checkout" in line and "tally" in line
    assert not _records(run_log, tmp_path, "repair")


def test_the_environment_is_read_only_in_the_sandbox(
    dev_agent: Runner, run_log: LogReader, pytest_venv: Path, git_repo: Path, tmp_path: Path
) -> None:
    """A test that writes into the project's environment (under /tmp here) fails: the
    sandbox shows it read-only, and the triage says so."""
    venv = tmp_path / "venv"
    shutil.copytree(pytest_venv, venv, symlinks=True)
    _fix_copied_venv(venv, pytest_venv)
    target = venv / "planted.txt"
    (git_repo / "tests" / "test_write.py").write_text(
        f"def test_write():\n    open({str(target)!r}, 'w').write('x')\n"
    )
    git("add", "-A", cwd=git_repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "-m", "write test", cwd=git_repo)
    proc = _run(dev_agent, git_repo, _phase(tmp_path), "--python", venv)
    assert proc.returncode == ExitCode.ENVIRONMENT, proc.stdout + proc.stderr
    assert not target.exists()
    assert str(target) in proc.stderr.strip().splitlines()[-1]


# --------------------------------------------------------------------------- baseline triage


def test_the_baseline_runs_past_the_first_failure(
    dev_agent: Runner, run_log: LogReader, git_repo: Path, tmp_path: Path
) -> None:
    """The default command stops at the first failure (--maxfail=1); the baseline does not,
    so a failure cannot hide the one the phase is about."""
    (git_repo / "tests" / "test_more.py").write_text(
        "from calc import mul\n\n\ndef test_mul():\n    assert mul(2, 3) == 7\n"
    )
    git("add", "-A", cwd=git_repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "-m", "more", cwd=git_repo)
    _run(
        dev_agent, git_repo, _phase(tmp_path), "--max-iterations", "1", config="repair: {templates: false}\n"
    )
    (baseline,) = _records(run_log, tmp_path, "baseline")
    assert baseline["failing"] == ["tests/test_calc.py::test_add", "tests/test_more.py::test_mul"]


@pytest.mark.parametrize(
    ("test_source", "expected"),
    [
        ("import yaml_that_is_not_installed\n\n\ndef test_x():\n    pass\n",
         "module 'yaml_that_is_not_installed' is not installed in the tests' Python"),
        ("import socket\n\n\ndef test_x():\n    socket.create_connection(('192.0.2.1', 80), timeout=5)\n",
         "the sandbox refused a network connection"),
        ("import socket\n\n\ndef test_x():\n    socket.getaddrinfo('example.com', 443)\n",
         "the sandbox refused a network connection"),
    ],
    ids=["missing-module", "external-address", "dns"],
)  # fmt: skip
def test_a_failure_the_environment_causes_ends_the_run_before_repair_with_exit_10(
    dev_agent: Runner, run_log: LogReader, git_repo: Path, tmp_path: Path, test_source: str, expected: str
) -> None:
    (git_repo / "tests" / "test_env.py").write_text(test_source)
    git("add", "-A", cwd=git_repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "-m", "env test", cwd=git_repo)
    proc = _run(dev_agent, git_repo, _phase(tmp_path))
    assert proc.returncode == ExitCode.ENVIRONMENT, proc.stdout + proc.stderr
    line = proc.stderr.strip().splitlines()[-1]
    assert line.startswith("dev-agent: environment_error: the tests fail for a reason outside the code")
    assert expected in line
    assert not _records(run_log, tmp_path, "repair")
    (finished,) = _records(run_log, tmp_path, "run_finished")
    assert finished["outcome"] == "environment_error" and finished["exit_code"] == 10


def test_a_loopback_server_in_the_tests_works_in_the_sandbox(
    dev_agent: Runner, run_log: LogReader, git_repo: Path, tmp_path: Path
) -> None:
    """Tests that serve and connect on 127.0.0.1 pass at the baseline: only the real bug fails."""
    (git_repo / "tests" / "test_net.py").write_text(
        "import socket, threading\n\n\ndef test_round_trip():\n"
        "    server = socket.create_server(('127.0.0.1', 0))\n"
        "    port = server.getsockname()[1]\n"
        "    threading.Thread(target=lambda: server.accept()[0].sendall(b'hi'), daemon=True).start()\n"
        "    with socket.create_connection(('127.0.0.1', port), timeout=5) as client:\n"
        "        assert client.recv(2) == b'hi'\n"
    )
    git("add", "-A", cwd=git_repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "-m", "net test", cwd=git_repo)
    _run(dev_agent, git_repo, _phase(tmp_path), "--max-iterations", "1")
    (baseline,) = _records(run_log, tmp_path, "baseline")
    assert baseline["failing"] == ["tests/test_calc.py::test_add"]
    assert "tests/test_net.py::test_round_trip" in baseline["passing"]


# --------------------------------------------------------------------------- pure parts


def test_whole_run_drops_what_stops_pytest_early() -> None:
    assert whole_run("python -m pytest --maxfail=1 -q") == ["python", "-m", "pytest", "-q"]
    assert whole_run("pytest -x tests") == ["pytest", "tests"]
    assert whole_run("pytest -xq --maxfail 2 -k 'a or b'") == ["pytest", "-q", "-k", "a or b"]
    assert whole_run("pytest --exitfirst -vx") == ["pytest", "-v"]


def test_import_roots_follow_pth_lines_and_setuptools_finders(tmp_path: Path) -> None:
    checkout = tmp_path / "checkout"
    (checkout / "lib" / "pkg").mkdir(parents=True)
    (checkout / "code" / "ns" / "part").mkdir(parents=True)
    site = tmp_path / "site"
    site.mkdir()
    (site / "a.pth").write_text(f"# comment\nimport os\n{checkout / 'lib'}\n/elsewhere\n")
    (site / "__editable___ns_part_1_0_finder.py").write_text(
        f"MAPPING = {{'ns.part': {str(checkout / 'code' / 'ns' / 'part')!r}}}\n"
        f"NAMESPACES = {{'ns': [{str(checkout / 'code' / 'ns')!r}]}}\n"
    )
    assert import_roots(checkout, [site]) == ("code", "lib")
    (checkout / "src" / "ns" / "deep").mkdir(parents=True)
    (checkout / "src" / "ns" / "deep" / "mod.py").write_text("")
    assert import_roots(checkout, []) == ("src",)  # a namespace package under src/
    tree = tmp_path / "worktree"
    (tree / "lib").mkdir(parents=True)
    assert pythonpath_for(tree, ["lib", "code", "."]) == [str(tree / "lib"), str(tree)]


def _report(crashes: dict[str, str], collection: dict[str, str] | None = None) -> PytestReport:
    return PytestReport(
        outcomes={n: "failed" for n in crashes},
        collection_errors=tuple(collection or {}),
        crashes={n: ("x.py", 1, message) for n, message in crashes.items()},
        tampered=(),
        exitstatus=1,
        collection_messages=dict(collection or {}),
    )


def test_triage_tells_the_environment_from_the_code(tmp_path: Path) -> None:
    (tmp_path / "mypkg").mkdir()
    (tmp_path / "mypkg" / "__init__.py").write_text("")
    causes = environment_causes(
        _report(
            {
                "t.py::own_import": "ModuleNotFoundError: No module named 'mypkg.missing'",
                "t.py::denied": "PermissionError: [Errno 13] Permission denied: '/root/.ssh/id_rsa'",
                "t.py::own_file": f"PermissionError: [Errno 13] Permission denied: '{tmp_path}/data'",
                "t.py::refused_loopback": "ConnectionRefusedError: [Errno 111] Connection refused",
                "t.py::plain": "assert 1 == 2",
            },
            {"tests/test_a.py": "ModuleNotFoundError: No module named 'requests'"},
        ),
        "",
        tmp_path,
        "/v/bin/python",
    )
    assert [(c.test, c.what) for c in causes] == [
        ("tests/test_a.py", "module 'requests' is not installed in the tests' Python (/v/bin/python)"),
        ("t.py::denied", "the sandbox denied access to /root/.ssh/id_rsa"),
    ]
    startup = environment_causes(
        "pytest wrote no report", "ERROR: usage: pytest\npytest: error: unrecognized arguments: --cov\n",
        tmp_path, "/v/bin/python",
    )  # fmt: skip
    assert [c.what for c in startup] == ["pytest does not know --cov"]


def test_the_plugin_reports_modules_imported_from_a_foreign_root(tmp_path: Path, pytest_venv: Path) -> None:
    """The verdict plugin itself, in a real pytest run: a module loaded from the named root
    is reported, one from the environment is not."""
    foreign = tmp_path / "checkout"
    foreign.mkdir()
    (foreign / "stray.py").write_text("VALUE = 1\n")
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_one.py").write_text(
        "import stray\nimport json\n\n\ndef test_one():\n    assert stray.VALUE\n"
    )
    out = tmp_path / "report.json"
    plugin_dir = Path(__file__).parent.parent / "devagent" / "pytest_plugin"
    env = {
        "PATH": os.environ["PATH"],
        "PYTHONPATH": f"{plugin_dir}{os.pathsep}{foreign}",
        "DEVAGENT_REPAIR_RESULTS_OUT": str(out),
        "DEVAGENT_FOREIGN_ROOTS": str(foreign),
    }
    subprocess.run(
        [str(pytest_venv / "bin" / "python"), "-m", "pytest", "-q", "-p", "_devagent_report", str(tests)],
        cwd=tmp_path, env=env, capture_output=True, timeout=120, check=False,
    )  # fmt: skip
    report = json.loads(out.read_text())
    assert report["foreign_imports"] == {"stray": str((foreign / "stray.py").resolve())}
