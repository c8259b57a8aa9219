"""Check, in well under a second, what `make demo` and `make test` need before their long
steps start: Python 3.11+ with venv, git, make, a C compiler (only while the llama.cpp
wheel still has to be built), and a working sandbox (bubblewrap, or Landlock).

    python3 scripts/check_prereqs.py [--llama-wheel-glob GLOB] [--installed STAMP]

Standard library only: it runs with the system python3, before any virtualenv exists.
Prints one line per missing thing with how to get it and exits 1; on success prints one
line saying what was found and exits 0."""

from __future__ import annotations

import argparse
import glob
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAUNCHER = ROOT / "devagent" / "tools" / "landlock_exec.py"
MIN_PYTHON = (3, 11)
_PROBE_TIMEOUT_S = 5.0


def check_python() -> list[str]:
    missing = []
    if sys.version_info < MIN_PYTHON:
        found = ".".join(map(str, sys.version_info[:3]))
        missing.append(f"Python 3.11 or newer (python3 is {found}): apt-get install python3.11, or use pyenv")
    if importlib.util.find_spec("ensurepip") is None:  # Debian splits venv's pip bootstrap out
        missing.append("python3 -m venv cannot install pip: apt-get install python3-venv")
    return missing


def check_programs(need_compiler: bool) -> list[str]:
    missing = []
    for program, package in (("git", "git"), ("make", "make")):
        if shutil.which(program) is None:
            missing.append(f"{program}: apt-get install {package}")
    if need_compiler and not any(shutil.which(cc) for cc in ("cc", "gcc", "clang")):
        missing.append(
            "a C/C++ compiler, to build llama-cpp-python once (about 9 minutes on 2 cores): "
            "apt-get install build-essential"
        )
    return missing


def _runs(argv: list[str]) -> tuple[bool, str]:
    try:
        proc = subprocess.run(
            argv, stdin=subprocess.DEVNULL, capture_output=True, timeout=_PROBE_TIMEOUT_S, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return False, str(exc)
    lines = proc.stderr.decode("utf-8", errors="replace").strip().splitlines()
    return proc.returncode == 0, (lines[-1] if lines else f"exit code {proc.returncode}")


def check_sandbox() -> tuple[list[str], str]:
    """The kind that works, as devagent/tools/sandbox.py would choose it: bwrap, then Landlock."""
    # The program itself, not a link to it: a link under /tmp is not in the private /tmp.
    true = os.path.realpath(shutil.which("true") or "/bin/true")
    bwrap = shutil.which("bwrap")
    why_not_bwrap = "bubblewrap is not installed"
    with tempfile.TemporaryDirectory(prefix="dev-agent-prereq-") as scratch:
        if bwrap is not None:
            works, why = _runs([bwrap, "--ro-bind", "/", "/", "--unshare-net", "--unshare-pid", "--", true])
            if works:
                return [], "bwrap"
            why_not_bwrap = f"bubblewrap cannot create its sandbox ({why})"
        works, why = _runs([sys.executable, "-I", "-S", str(LAUNCHER), "--rw", scratch, "--", true])
        if works:
            return [], "landlock"
    return [
        f"a sandbox: {why_not_bwrap}, and Landlock does not work ({why}): "
        "apt-get install bubblewrap, or use a kernel with Landlock (5.13+)"
    ], "none"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--llama-wheel-glob", help="the cached llama-cpp-python wheel (no compiler needed)")
    parser.add_argument("--installed", help="the virtualenv's stamp file (installed: no compiler needed)")
    args = parser.parse_args(argv)
    installed = bool(args.installed) and os.path.exists(args.installed)
    cached = bool(args.llama_wheel_glob) and bool(glob.glob(args.llama_wheel_glob))
    need_compiler = not installed and not cached
    missing = check_python() + check_programs(need_compiler)
    sandbox_missing, kind = check_sandbox()
    missing += sandbox_missing
    for line in missing:
        print(f"missing: {line}", file=sys.stderr)
    if missing:
        return 1
    version = ".".join(map(str, sys.version_info[:3]))
    build = "C compiler" if need_compiler else "llama.cpp wheel cached"
    print(f"prerequisites ok: Python {version}, git, make, {build}, sandbox {kind}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
