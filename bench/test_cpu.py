"""Where the test suite's CPU time goes: a pytest plugin and its report.

    DEV_AGENT_TEST_CPU=/tmp/cpu.jsonl .venv/bin/python -m pytest -p bench.test_cpu -n 1 -q
    python -m bench.test_cpu /tmp/cpu.jsonl [--top 25] [--timeline 30]

The plugin appends one JSON line per test: its wall time and the CPU seconds of the
process running it and of the children it reaped (a CLI run, its sandbox and the pytest
inside count, and so do the CLI runs forked by the suite's fork server, tests/cli_fork.py;
a session-wide server's CPU, reaped when the session-scoped fixtures end in the last
test's teardown, is a record of its own, "(session fixtures' teardown)", one per
process, not that test's). Run it in one worker (`-n 1` or no -n):
the report then says how much CPU the suite needs at all, which is what bounds its wall
time on a machine with few cores, however many workers share them. Run it in the suite's
own workers (`-n 4 --dist worksteal`) and `--timeline` shows how busy the cores were over
the run: CPU reaped at a test's end is spread over that test's time, so a long-lived
child (a shared worker process) shows as one late lump."""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Generator, Sequence
from pathlib import Path
from typing import Any

import pytest

OUT_VAR = "DEV_AGENT_TEST_CPU"


def _cpu() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime + _forked()


def _forked() -> float:
    """The CPU of the CLI runs the suite's fork server made (tests/cli_fork.py): they are
    that server's children, reaped by it, but each ran for a test here."""
    fork_server = sys.modules.get("tests.cli_fork")
    return float(getattr(fork_server, "FORKED_CPU_S", 0.0))


# The record of what the session-scoped fixtures spend in their teardown (the fork server,
# the model servers: their CPU is reaped when they stop), which pytest runs within the last
# test's teardown. Charged to that test, it made whichever file ran last look heavy.
SESSION_TEARDOWN = "(session fixtures' teardown)"

# While the process's last test is torn down: the CPU (own, children) when the previous
# fixture finished, and what the session-scoped ones spent since the teardown began.
_last_teardown: dict[str, tuple[float, float]] = {}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, None, None]:
    if nextitem is None:
        _last_teardown.update(mark=_cpu(), session=(0.0, 0.0), began=(time.monotonic(), 0.0))
    yield
    _last_teardown.pop("mark", None)


def pytest_fixture_post_finalizer(fixturedef: pytest.FixtureDef[Any], request: pytest.FixtureRequest) -> None:
    """Between two fixtures' ends in the last teardown, the CPU spent is the later one's."""
    mark = _last_teardown.get("mark")
    if mark is None:
        return
    now = _cpu()
    if fixturedef.scope == "session":
        own, children = _last_teardown["session"]
        _last_teardown["session"] = (own + now[0] - mark[0], children + now[1] - mark[1])
    _last_teardown["mark"] = now


def _record(test: str, worker: str, started: float, own: float, children: float) -> dict[str, Any]:
    return {
        "test": test,
        "worker": worker,
        "ended": round(time.time(), 3),  # with wall_s: when it ran, for a parallel run's timeline
        "wall_s": round(time.monotonic() - started, 3),
        "self_s": round(own, 3),
        "children_s": round(children, 3),
    }


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, None, None]:
    out = os.environ.get(OUT_VAR)
    started, (own, children) = time.monotonic(), _cpu()
    yield
    if not out:
        return
    own_after, children_after = _cpu()
    worker = getattr(item.config, "workerinput", {}).get("workerid", "main")
    session_own, session_children = _last_teardown.pop("session", (0.0, 0.0))
    records = [
        _record(
            item.nodeid, worker, started, own_after - own - session_own,
            children_after - children - session_children,
        )
    ]  # fmt: skip
    if nextitem is None:
        records.append(
            {**_record(SESSION_TEARDOWN, worker, started, session_own, session_children), "wall_s": 0}
        )
    with open(out, "a", encoding="utf-8") as sink:
        sink.writelines(json.dumps(record) + "\n" for record in records)


def by_file(records: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per test file: tests, wall and CPU seconds, the most CPU first."""
    files: dict[str, dict[str, Any]] = defaultdict(lambda: {"tests": 0, "wall_s": 0.0, "cpu_s": 0.0})
    for record in records:
        entry = files[str(record["test"]).split("::", 1)[0]]
        entry["tests"] += 1
        entry["wall_s"] += float(record["wall_s"])
        entry["cpu_s"] += float(record["self_s"]) + float(record["children_s"])
    rows = [
        {"file": name, "tests": e["tests"], "wall_s": round(e["wall_s"], 1), "cpu_s": round(e["cpu_s"], 1)}
        for name, e in files.items()
    ]
    return sorted(rows, key=lambda row: -row["cpu_s"])


def timeline(records: Sequence[dict[str, Any]], bin_s: float) -> list[tuple[float, float, float]]:
    """(bin start in seconds from the first test's start, tests running on average, cores
    busy on average) per bin: each test's wall time and CPU spread evenly over when it ran."""
    spans = [
        (
            float(r["ended"]) - float(r["wall_s"]),
            float(r["ended"]),
            float(r["self_s"]) + float(r["children_s"]),
        )
        for r in records
    ]
    if not spans:
        return []
    origin = min(start for start, _, _ in spans)
    bins = max(1, math.ceil((max(end for _, end, _ in spans) - origin) / bin_s))
    running, busy = [0.0] * bins, [0.0] * bins
    for start, end, cpu in spans:
        length = max(end - start, 1e-9)
        for index in range(int((start - origin) // bin_s), bins):
            low, high = origin + index * bin_s, origin + (index + 1) * bin_s
            if low >= end:
                break
            overlap = min(end, high) - max(start, low)
            if overlap > 0:
                running[index] += overlap / bin_s
                busy[index] += cpu * overlap / length / bin_s
    return [(index * bin_s, running[index], busy[index]) for index in range(bins)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.test_cpu", description=__doc__.split("\n\n")[0])
    parser.add_argument("records", type=Path, help="the JSON lines the plugin wrote")
    parser.add_argument("--top", type=int, default=25, help="files listed (default: %(default)s)")
    parser.add_argument("--timeline", type=float, metavar="SECONDS", help="also show the cores busy per bin")
    args = parser.parse_args(argv)
    try:
        lines = args.records.read_text(encoding="utf-8").splitlines()
        records = [json.loads(line) for line in lines if line.strip()]
    except (OSError, json.JSONDecodeError) as exc:
        parser.exit(2, f"bench.test_cpu: {args.records}: {exc}\n")
    wall = sum(float(r["wall_s"]) for r in records)
    cpu = sum(float(r["self_s"]) + float(r["children_s"]) for r in records)
    print(f"{len(records)} tests, {wall:.0f} s wall, {cpu:.0f} s CPU (own and reaped children)")
    for row in by_file(records)[: args.top]:
        print(f"{row['cpu_s']:8.1f} s CPU {row['wall_s']:8.1f} s wall {row['tests']:5d} tests  {row['file']}")
    if args.timeline:
        if any("ended" not in r for r in records):
            parser.exit(2, f"bench.test_cpu: {args.records}: no timestamps (recorded by an older plugin)\n")
        rows = timeline(records, args.timeline)
        span = len(rows) * args.timeline
        print(f"cores busy per {args.timeline:g} s (average {cpu / span:.2f} over about {span:.0f} s):")
        for start, running, busy in rows:
            print(f"{start:7.0f} s  {running:4.1f} tests  {busy:4.2f} cores  {'#' * round(busy * 10)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
