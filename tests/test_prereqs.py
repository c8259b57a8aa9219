"""scripts/check_prereqs.py, run as `make demo` / `make test` run it: a real subprocess of
the system's python3 (stdlib only, no virtualenv), with a PATH cut down to what a bare
machine has."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT

SCRIPT = PROJECT_ROOT / "scripts" / "check_prereqs.py"
PYTHON = shutil.which("python3", path=os.defpath) or sys.executable


def check(*args: str, path: str | None = None) -> tuple[subprocess.CompletedProcess[str], float]:
    env = dict(os.environ)
    if path is not None:
        env["PATH"] = path
    started = time.monotonic()
    proc = subprocess.run(
        [PYTHON, str(SCRIPT), *args], capture_output=True, text=True, env=env, timeout=30, check=False
    )
    return proc, time.monotonic() - started


def bare_path(tmp_path: Path, *programs: str) -> str:
    """A PATH folder holding only `programs` (symlinks to the real ones)."""
    folder = tmp_path / "bin"
    folder.mkdir()
    for program in programs:
        real = shutil.which(program)
        assert real is not None, program
        (folder / program).symlink_to(real)
    return str(folder)


def test_this_machine_passes_in_under_a_second() -> None:
    proc, took = check()
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("prerequisites ok: Python 3.") and proc.stderr == ""
    assert "sandbox bwrap" in proc.stdout or "sandbox landlock" in proc.stdout
    assert took < 1.0


@pytest.mark.bad_input
def test_each_missing_program_is_one_line_with_how_to_get_it(tmp_path: Path) -> None:
    proc, took = check(path=bare_path(tmp_path, "true"))
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr.splitlines() == [
        "missing: git: apt-get install git",
        "missing: make: apt-get install make",
        "missing: a C/C++ compiler, to build llama-cpp-python once (about 9 minutes on 2 cores): "
        "apt-get install build-essential",
    ]
    assert took < 1.0


def test_no_compiler_needed_once_the_wheel_is_cached(tmp_path: Path) -> None:
    wheel = tmp_path / "llama_cpp_python-0.3.16-cp311-cp311-linux_x86_64.whl"
    wheel.write_bytes(b"")
    proc, _ = check(
        "--llama-wheel-glob",
        str(tmp_path / "llama_cpp_python-0.3.16-*.whl"),
        path=bare_path(tmp_path, "true", "git", "make"),
    )
    assert proc.returncode == 0, proc.stderr
    assert "llama.cpp wheel cached" in proc.stdout


def test_without_bubblewrap_landlock_is_the_sandbox(tmp_path: Path) -> None:
    """bwrap not on PATH: Landlock is found instead, nothing is missing."""
    from devagent.tools.sandbox import choose_sandbox

    if choose_sandbox(setting="landlock").sandbox is None:
        pytest.skip("this kernel has no usable Landlock")
    proc, _ = check("--installed", str(SCRIPT), path=bare_path(tmp_path, "true", "git", "make"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.rstrip().endswith("sandbox landlock")
