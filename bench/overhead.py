"""Start-up and orchestration overhead: `python -m bench.overhead`.

- help_seconds: median wall time of `python dev_agent.py --help` (7 runs).
- overhead_fraction: for a 5-iteration run with the scripted model, the share of the
  run (run_started to run_finished in the log) that is neither model calls nor tool
  work (test commands, git apply/commit/push, worktree add/remove). Median of 3 runs.

Prints a table and writes bench/results/overhead.json."""

from __future__ import annotations

import difflib
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEV_AGENT = ROOT / "dev_agent.py"
RESULTS = ROOT / "bench" / "results" / "overhead.json"
ITERATIONS = 5
ENV = {
    **os.environ,
    "GIT_AUTHOR_NAME": "bench",
    "GIT_AUTHOR_EMAIL": "bench@localhost",
    "GIT_COMMITTER_NAME": "bench",
    "GIT_COMMITTER_EMAIL": "bench@localhost",
}
TOOL_RECORDS = {"tool_call", "commit", "patch_refused", "pull_request", "worktree", "worktree_removed"}


def _git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env=ENV)


def help_seconds(runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, str(DEV_AGENT), "--help"], check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _source(fixed: int) -> str:
    """ops.py with functions f1..f5; the first `fixed` of them already correct."""
    lines = []
    for i in range(1, ITERATIONS + 1):
        offset = i if i <= fixed else i + 1  # the bug: off by one
        lines += [f"def f{i}(x):", f"    return x + {offset}", "", ""]
    return "\n".join(lines).rstrip() + "\n"


def _replies() -> str:
    dev = []
    for i in range(ITERATIONS):
        before, after = _source(i), _source(i + 1)
        diff = "".join(
            difflib.unified_diff(before.splitlines(True), after.splitlines(True), "a/ops.py", "b/ops.py", n=3)
        )
        reply = json.dumps({"type": "patch", "content": f"Fix f{i + 1}: off by one.", "commands": []})
        dev.append(f"```json\n{reply}\n```\n\n```diff\n{diff}```\n")
    supervisor = (
        "```json\n" + json.dumps({"approved": True, "content": "All five fixes are correct."}) + "\n```\n"
    )
    return json.dumps({"DevAgent": dev, "Supervisor": [supervisor]})  # JSON is valid YAML


def _make_repo(root: Path) -> Path:
    remote, repo = root / "remote.git", root / "repo"
    _git("init", "-q", "--bare", "-b", "main", str(remote), cwd=root)
    (repo / "tests").mkdir(parents=True)
    (repo / "ops.py").write_text(_source(0))
    (repo / "conftest.py").write_text("")
    tests = [
        f"from ops import f{i}\n\n\ndef test_f{i}():\n    assert f{i}(1) == {1 + i}\n" for i in range(1, 6)
    ]
    for i, text in enumerate(tests, 1):
        (repo / "tests" / f"test_f{i}.py").write_text(text)
    (repo / "spec.md").write_text("# Fix ops\n\nMake every test pass.\n")
    (repo / "replies.yaml").write_text(_replies())
    _git("init", "-q", "-b", "main", cwd=repo)
    _git("add", "ops.py", "conftest.py", "tests", cwd=repo)
    _git("commit", "-q", "-m", "ops with five bugs", cwd=repo)
    _git("remote", "add", "origin", str(remote), cwd=repo)
    _git("push", "-q", "origin", "main", cwd=repo)
    return repo


def _ts(record: dict[str, Any]) -> float:
    return datetime.fromisoformat(str(record["ts"]).replace("Z", "+00:00")).timestamp()


def scripted_run() -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="dev-agent-bench-") as tmp:
        repo = _make_repo(Path(tmp))
        started = time.perf_counter()
        proc = subprocess.run(
            [
                sys.executable,
                str(DEV_AGENT),
                "--phase",
                "spec.md",
                "--model",
                "scripted:replies.yaml",
                "--max-iterations",
                str(ITERATIONS),
                "--quiet",
            ],
            cwd=repo,
            env=ENV,
            capture_output=True,
            text=True,
            check=False,
        )
        wall = time.perf_counter() - started
        if proc.returncode != 0:
            raise SystemExit(f"bench run failed (exit {proc.returncode}): {proc.stdout}{proc.stderr}")
        log = next((repo / "runs").glob("*.log.jsonl"))
        records = [json.loads(line) for line in log.read_text().splitlines()]
    start = next(r for r in records if r["type"] == "run_started")
    finish = next(r for r in records if r["type"] == "run_finished")
    in_run = _ts(finish) - _ts(start)
    model = sum(float(r["data"].get("latency_s", 0)) for r in records if r["type"] == "model_call")
    tools = sum(float(r["data"].get("duration_s", 0)) for r in records if r["type"] in TOOL_RECORDS)
    return {
        "wall_s": wall,
        "in_run_s": in_run,
        "model_s": model,
        "tool_s": tools,
        "overhead_s": in_run - model - tools,
        "iterations": float(finish["data"]["iterations"]),
    }


def main() -> int:
    help_s = help_seconds()
    runs = [scripted_run() for _ in range(3)]
    mid = sorted(runs, key=lambda r: r["overhead_s"] / r["in_run_s"])[1]
    result = {
        "help_seconds": round(help_s, 4),
        "overhead_fraction": round(mid["overhead_s"] / mid["in_run_s"], 4),
        "overhead_s": round(mid["overhead_s"], 4),
        "in_run_s": round(mid["in_run_s"], 4),
        "tool_s": round(mid["tool_s"], 4),
        "model_s": round(mid["model_s"], 4),
        "process_wall_s": round(mid["wall_s"], 4),
        "startup_and_exit_s": round(mid["wall_s"] - mid["in_run_s"], 4),
        "iterations": int(mid["iterations"]),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(f"{'measure':<28}{'value':>12}  target")
    print(f"{'help_seconds':<28}{result['help_seconds']:>12.3f}  < 0.3 s")
    print(f"{'overhead_fraction':<28}{result['overhead_fraction']:>12.3f}  < 0.05")
    for key in ("in_run_s", "tool_s", "model_s", "overhead_s", "process_wall_s", "startup_and_exit_s"):
        print(f"{key:<28}{result[key]:>12.3f}")
    print(f"{'iterations':<28}{result['iterations']:>12d}")
    print(f"wrote {RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
