"""The full test suite's wall time, run as the README says: `python -m bench.test_suite
[--as before|after] [--command CMD]`.

Runs `make test` (the README's test command, what CI runs) from the repository root, times
it, reads the test count from pytest's summary line and writes
bench/results/test_suite.json: {"before_s", "after_s", "tests", "cores"}. `--as` names the
field the time goes to (default `after`); the other is kept from the file, so a before
figure measured on an earlier commit survives. Run it on a quiet machine: the suite
spreads over every core, so anything else running inflates the figure."""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "test_suite.json"
README_COMMAND = "make test"
_COUNTS = re.compile(r"(\d+) (passed|failed|skipped|errors?|xfailed|xpassed)\b")


def tests_counted(output: str) -> int:
    """Every test pytest's last summary line counts (passed, failed, skipped, ...)."""
    lines = [ln for ln in output.splitlines() if re.search(r"\b(passed|failed)\b.* in [\d.]+s", ln)]
    return sum(int(n) for n, _ in _COUNTS.findall(lines[-1])) if lines else 0


def measure(command: str) -> tuple[float, int, int]:
    """Run `command` in the repository root: (wall seconds, tests counted, exit code)."""
    started = time.perf_counter()
    proc = subprocess.run(
        shlex.split(command), cwd=ROOT, capture_output=True, text=True, check=False, env=dict(os.environ)
    )
    wall = time.perf_counter() - started
    sys.stdout.write(proc.stdout[-2000:])
    sys.stderr.write(proc.stderr[-2000:])
    return wall, tests_counted(proc.stdout), proc.returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.test_suite", description=__doc__.split("\n\n")[0])
    parser.add_argument("--as", dest="field", choices=("before", "after"), default="after")
    parser.add_argument("--command", default=README_COMMAND, help=f"default: {README_COMMAND}")
    args = parser.parse_args(argv)
    wall, tests, code = measure(args.command)
    results: dict[str, Any] = {"before_s": None, "after_s": None, "tests": None, "cores": os.cpu_count()}
    if RESULTS.is_file():
        results.update(json.loads(RESULTS.read_text(encoding="utf-8")))
    results[f"{args.field}_s"] = round(wall, 1)
    results["tests"] = tests
    results["cores"] = os.cpu_count()
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"{args.command}: {wall:.1f} s, {tests} tests, exit {code} -> {RESULTS.relative_to(ROOT)}")
    return code


if __name__ == "__main__":
    sys.exit(main())
