"""Repair's search on the probe programs: one-line omissions written outside the task set.

    python -m bench.repair.probe [NAME ...]

Each folder of `bench/repair/probes/` holds a buggy `mod.py` and its `test_mod.py` (at
least one test fails). They were written in issue 17's stop 29 to widen Repair's families
without looking at either half of the task set (SPLIT.md): the kinds the holdout half
fails most (a missing check, call, statement or base case), in shapes common in small
programs. They have no reference program, so a fix is judged by the tests alone: this is
a quick measure of reach, not of correctness; `bench.repair.run` gives the figures that
count. Prints one line per program and the count fixed; exit 0.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from devagent.repair import repair

PROBES_DIR = Path(__file__).resolve().parent / "probes"
EXIT_USAGE = 2


def probe_names() -> list[str]:
    return sorted(p.name for p in PROBES_DIR.iterdir() if (p / "mod.py").is_file())


def run_probe(name: str) -> tuple[bool, str]:
    """(fixed, one line) for the probe program `name`, searched in a throwaway git repo."""
    with tempfile.TemporaryDirectory(prefix="repair-probe-") as tmp:
        repo = Path(tmp)
        shutil.copy(PROBES_DIR / name / "mod.py", repo / "mod.py")
        (repo / "tests").mkdir()
        shutil.copy(PROBES_DIR / name / "test_mod.py", repo / "tests" / "test_mod.py")
        (repo / "conftest.py").write_text("")  # puts the repo root on sys.path for `import mod`
        for command in (
            ["git", "init", "-q"],
            ["git", "add", "-A"],
            ["git", "-c", "user.name=probe", "-c", "user.email=probe@localhost", "commit", "-qm", "probe"],
        ):
            subprocess.run(command, cwd=repo, check=True)
        started = time.monotonic()
        result = repair(repo, ["-q"], timeout_s=60)
        wall = time.monotonic() - started
        head = f"  {name:18} {{}} tried {result.tried:4}/{result.planned:<4} {wall:5.1f}s"
        if result.fixed is None:
            return False, head.format("not fixed") + f"  {result.error or ''}".rstrip()
        edit = result.fixed.edit
        new = " | ".join(line.strip() for line in edit.new_text.strip().splitlines())
        return True, head.format("fixed    ") + f"  {edit.template:16} {new}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.repair.probe", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("names", nargs="*", metavar="NAME", help="probe programs (default: all of them)")
    args = parser.parse_args(argv)
    known = probe_names()
    for name in args.names:
        if name not in known:
            print(f"bench.repair.probe: {name}: no such probe in {PROBES_DIR}", file=sys.stderr)
            return EXIT_USAGE
    fixed = 0
    names = args.names or known
    for name in names:
        ok, line = run_probe(name)
        fixed += ok
        print(line, flush=True)
    print(f"fixed {fixed}/{len(names)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
