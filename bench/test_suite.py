"""The full test suite's wall time, run as the README says: `python -m bench.test_suite
[--as before|after] [--command CMD] [--note TEXT] [--log FILE]`.

Runs `make test PYTEST_ARGS=--durations=10` (the README's test command, what CI runs, with
pytest's list of the ten slowest tests added) from the repository root, times it, reads the
test count from pytest's summary line and writes bench/results/test_suite.json:
{"before_s", "after_s", "tests", "cores", ...} and, for the figure just measured, the
command, the commit, the load average when it started, the ten slowest tests, the
machine's CPU seconds by kind over the run with the cores busy (/proc/stat), and the CPU
cost of a fixed reference loop before and after it (the machine's speed drifts, so two
figures compare only beside their loops). `--as`
names the field the time goes to (default `after`); the other is kept from the file, so a
before figure measured on an earlier commit survives. The suite spreads over every core,
so anything else running inflates the figure: the load average says how busy the machine
was."""

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
README_COMMAND = "make test PYTEST_ARGS=--durations=10"
_COUNTS = re.compile(r"(\d+) (passed|failed|skipped|errors?|xfailed|xpassed)\b")
# One line of pytest's durations list: "12.34s call     tests/test_x.py::test_y[param]".
_DURATION = re.compile(r"^(\d+\.\d+)s (setup|call|teardown)\s+(\S.*)$")


def summary_line(output: str) -> str:
    """pytest's last summary line ("2400 passed, 9 skipped in 301.20s"), or ""."""
    lines = [ln for ln in output.splitlines() if re.search(r"\b(passed|failed)\b.* in [\d.]+s", ln)]
    return lines[-1].strip("= ") if lines else ""


def tests_counted(output: str) -> int:
    """Every test pytest's last summary line counts (passed, failed, skipped, ...)."""
    return sum(int(n) for n, _ in _COUNTS.findall(summary_line(output)))


def slowest(output: str, count: int = 10) -> list[dict[str, Any]]:
    """The `count` slowest phases of pytest's durations list, slowest first."""
    found = [m for m in (_DURATION.match(line.strip()) for line in output.splitlines()) if m]
    found.sort(key=lambda m: -float(m[1]))
    return [{"s": float(m[1]), "phase": m[2], "test": m[3]} for m in found[:count]]


# The machine's speed drifts: the same pure-Python loop took 1.5 s of CPU one hour and
# 2.0 s the next on this 2-core machine, and the suite's figure moved with it (636 and
# 727 s for the same code). Each figure records the loop's cost before and after the run.
REFERENCE_LOOP = 5_000_000
_PROC_STAT_FIELDS = ("user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal")


def reference_loop_cpu_s() -> float:
    """CPU seconds this process spends on a fixed loop of integer arithmetic."""
    started = time.process_time()
    total = 0
    for i in range(REFERENCE_LOOP):
        total += i * i
    return round(time.process_time() - started, 3)


def _proc_stat() -> dict[str, float] | None:
    """The machine's CPU seconds so far by kind (/proc/stat's first line), or None."""
    try:
        fields = Path("/proc/stat").read_text(encoding="ascii").splitlines()[0].split()[1:]
    except (OSError, IndexError):
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    return {name: int(value) / ticks for name, value in zip(_PROC_STAT_FIELDS, fields, strict=False)}


def machine_cpu(before: dict[str, float] | None, wall: float) -> dict[str, Any]:
    """What the machine's cores did over the run: CPU seconds by kind and cores busy."""
    after = _proc_stat()
    if before is None or after is None or wall <= 0:
        return {}
    spent = {name: round(after[name] - before[name], 1) for name in after}
    busy = sum(v for k, v in spent.items() if k not in ("idle", "iowait"))
    # /proc/stat counts in clock ticks: over a short run they can sum past the cores
    cores = os.cpu_count() or 1
    return {"machine_cpu_s": spent, "busy_cores": round(min(busy / wall, cores), 2)}


def _commit() -> str:
    proc = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    return proc.stdout.strip()


def measure(command: str, log: Path) -> tuple[float, str, int]:
    """Run `command` in the repository root, its output going to `log` as it comes (to
    follow a long run): (wall seconds, its output, exit code)."""
    log.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    with log.open("w", encoding="utf-8") as sink:
        proc = subprocess.run(
            shlex.split(command), cwd=ROOT, stdout=sink, stderr=subprocess.STDOUT, check=False
        )
    wall = time.perf_counter() - started
    output = log.read_text(encoding="utf-8", errors="replace")
    sys.stdout.write(output[-3000:])
    return wall, output, proc.returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.test_suite", description=__doc__.split("\n\n")[0])
    parser.add_argument("--as", dest="field", choices=("before", "after"), default="after")
    parser.add_argument("--command", default=README_COMMAND, help=f"default: {README_COMMAND}")
    parser.add_argument("--note", default="", help="how and where the figure was measured")
    parser.add_argument("--log", type=Path, default=Path("/tmp/dev-agent-test-suite.log"), help="full output")
    args = parser.parse_args(argv)
    load = [round(x, 2) for x in os.getloadavg()]
    commit = _commit()  # before the run: a commit made meanwhile is not what ran
    speed_before, stat_before = reference_loop_cpu_s(), _proc_stat()
    wall, output, code = measure(args.command, args.log)
    busy = machine_cpu(stat_before, wall)
    speed = {"before": speed_before, "after": reference_loop_cpu_s()}
    results: dict[str, Any] = {"before_s": None, "after_s": None, "tests": None, "cores": os.cpu_count()}
    if RESULTS.is_file():
        results.update(json.loads(RESULTS.read_text(encoding="utf-8")))
    results[f"{args.field}_s"] = round(wall, 1)
    results["tests"] = tests_counted(output)
    results["cores"] = os.cpu_count()
    results[args.field] = {
        "command": args.command,
        "commit": commit,
        "exit_code": code,
        "load_average_at_start": load,
        "summary": summary_line(output),
        "slowest": slowest(output),
        "reference_loop_cpu_s": speed,
        **busy,
        **({"note": args.note} if args.note else {}),
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    where = RESULTS.relative_to(ROOT)
    print(f"{args.command}: {wall:.1f} s, {results['tests']} tests, exit {code} -> {where}")
    return code


if __name__ == "__main__":
    sys.exit(main())
