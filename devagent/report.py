"""What the user reads in the terminal after a run: the final result, and the run log
viewer (`runs`, `runs show`, `runs verify`). Live messages: devagent/transcript.py."""

from __future__ import annotations

import json
from contextlib import closing
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console

from devagent.errors import ExitCode
from devagent.run_result import FixResult
from devagent.run_status import status_of
from devagent.runlog import LOG_SUFFIX, ModelUsage, find_run, model_usage, read_log, verify_log
from devagent.text import printable
from devagent.trace_store import RunFilter, connect, plugin_of, query_runs, query_steps, reindex, sync
from devagent.transcript import escape

if TYPE_CHECKING:  # the spec workflow loads only when spec mode runs
    from devagent.workflows.spec.run import SpecResult


# Built at first use, not at import: a Console reads the environment (COLUMNS, NO_COLOR,
# FORCE_COLOR, TERM...) when it is made, and importing a module should read nothing of it.
@cache
def _out() -> Console:
    return Console(highlight=False, soft_wrap=True)


@cache
def _err() -> Console:
    return Console(stderr=True, highlight=False, soft_wrap=True)


def print_result(result: FixResult) -> None:
    lines = [f"outcome: {result.outcome} (exit {int(result.exit_code)})", f"iterations: {result.iterations}"]
    if result.detail:
        lines.append(f"detail: {result.detail}")
    if result.environment:
        lines.append(f"tests' Python: {result.environment}")
    if result.branch_kept:
        lines.append(f"branch: {result.branch}")
    pr = result.pull_request
    if pr is not None:
        lines.append(f"pull request: {pr.url or pr.record_path}")
    lines.append(f"log: {result.log_path}")
    _out().print("\n".join(escape(line) for line in lines))
    if (
        pr is not None
        and pr.record_path is not None
        and result.exit_code in (ExitCode.OK, ExitCode.NEEDS_REVIEW)
    ):
        _out().print(escape(pr.record_path.read_text(encoding="utf-8")))


def print_spec_result(result: SpecResult) -> None:
    lines = [f"outcome: {result.outcome} (exit {int(result.exit_code)})", f"iterations: {result.iterations}"]
    if result.detail:
        lines.append(f"detail: {result.detail}")
    if result.output is not None:
        lines.append(f"spec: {result.output}")
    lines.append(f"log: {result.log_path}")
    _out().print("\n".join(escape(line) for line in lines))


def print_runs(runs_dir: Path, where: RunFilter | None = None) -> int:
    if not runs_dir.is_dir() or not any(runs_dir.glob(f"*{LOG_SUFFIX}")):
        _out().print(f"no runs in {escape(str(runs_dir))}")
        return 0
    with closing(connect(sync(runs_dir))) as db:
        runs = query_runs(db, where or RunFilter())
        usage = {
            row["run_id"]: (int(row["tokens"] or 0), float(row["latency"] or 0.0))
            for row in db.execute(
                "SELECT run_id, SUM(COALESCE(prompt_tokens, 0) + COALESCE(completion_tokens, 0)) AS tokens,"
                " SUM(latency_s) AS latency FROM agent_traces GROUP BY run_id"
            )
        }
    if not runs:
        _out().print(f"no runs in {escape(str(runs_dir))} match the filters")
        return 0
    # Plain columns, never truncated (headers included): ids and branches get copied from here.
    rows = [
        (
            "RUN ID",
            "WORKFLOW",
            "STATUS",
            "OUTCOME",
            "ITERATIONS",
            "TOKENS",
            "MODEL SECONDS",
            "BRANCH",
            "PHASE",
        )
    ]
    for r in runs:
        tokens, latency = usage.get(r["run_id"], (0, 0.0))
        rows.append(
            (
                r["run_id"],
                r["workflow"] or "-",
                r["status"],
                r["outcome"] or "-",
                str(r["iterations"]),
                str(tokens),
                f"{latency:.1f}",
                r["branch"] or "-",
                r["phase"] or "",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    for row in rows:
        line = "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row[:-1])) + "  " + row[-1]
        print(printable(line))
    return 0


def print_run(runs_dir: Path, run_id: str) -> int:
    path = find_run(runs_dir, run_id)
    if path is None:
        _err().print(
            f"dev-agent: runs show: no single run matches '{escape(run_id)}' in {escape(str(runs_dir))}"
        )
        return int(ExitCode.USAGE)
    records = read_log(path)
    for record in records:
        _out().print(_describe(record))
    _out().print(f"[bold]{escape(status_line(records))}[/bold]")
    from devagent.workflows.plan.review import plan_lines, stage_links

    for line in stage_links(runs_dir, path.name.removesuffix(LOG_SUFFIX), records):
        _out().print(f"[bold]{escape(line)}[/bold]")
    planned = plan_lines(records)  # plan runs, and fix runs with a plan stage
    if planned or (records and records[0].get("data", {}).get("workflow") == "plan"):
        head, *rest = planned or ["plan: none accepted"]
        _out().print(f"[bold]{escape(head)}[/bold]" + "".join(f"\n{escape(line)}" for line in rest))
    with closing(connect(sync(runs_dir))) as db:
        steps = query_steps(db, path.name.removesuffix(LOG_SUFFIX))
    if steps:
        _out().print("[bold]steps[/bold]")
        for step in steps:
            _out().print(_describe_step(step))
    _out().print(f"[bold]log[/bold] {escape(verify_log(path).describe())}")
    total, by_role = model_usage(records)
    _out().print("[bold]model usage[/bold]")
    for name, usage in [*sorted(by_role.items()), ("total", total)]:
        _out().print(f"  {escape(name):<12} {_usage_line(usage)}")
    return 0


def print_reindex(runs_dir: Path) -> int:
    if not runs_dir.is_dir():
        _err().print(f"dev-agent: runs reindex: no runs folder {escape(str(runs_dir))}")
        return int(ExitCode.USAGE)
    db_path, count = reindex(runs_dir)
    _out().print(f"reindexed {count} run(s) into {escape(str(db_path))}")
    return 0


def _describe_step(step: dict[str, Any]) -> str:
    """One step execution: what ran, how it ended, its spec results, where it went; and
    the diff it produced."""
    route = step["route_to"] or "-"
    if step["outcome"]:
        route += f" ({step['outcome']})"
    head = (
        f"  #{step['execution']:<3} {escape(step['step']):<12} attempt {step['attempt']}  "
        f"{step['status']:<13} iteration {step['iteration'] if step['iteration'] is not None else '-'}  "
        f"{step['duration_ms'] or 0:.1f} ms (agent {step['agent_ms'] or 0:.1f} ms)  -> {escape(route)}"
    )
    lines = [head]
    specs = step["specs"]
    if specs:
        # Invariants that held are summed up; pre and post specs are named.
        held = sum(1 for s in specs if s["kind"] == "invariant" and s["passed"])
        named = [
            f"{s['kind']} {s['spec']} {'ok' if s['passed'] else 'FAILED'}"
            for s in specs
            if s["kind"] != "invariant" or not s["passed"]
        ]
        lines.append(f"        specs: {escape(', '.join([f'{held} invariant checks ok', *named]))}")
        for failure in (s for s in specs if not s["passed"]):
            lines.append(f"        {escape(failure['spec'])}: {escape(failure['detail'] or '')}")
    if step["fingerprint"]:
        lines.append(f"        failure fingerprint {step['fingerprint']}")
    if step["diff"]:
        lines.append(escape(_indent(_indent(step["diff"]))))
    return "\n".join(lines)


def print_verification(runs_dir: Path, run_id: str) -> int:
    """`runs verify`: "intact (N lines)", or the first broken line and why (exit 6)."""
    path = find_run(runs_dir, run_id)
    if path is None:
        _err().print(
            f"dev-agent: runs verify: no single run matches '{escape(run_id)}' in {escape(str(runs_dir))}"
        )
        return int(ExitCode.USAGE)
    run_id = path.name.removesuffix(LOG_SUFFIX)
    check = verify_log(path)
    if not check.intact:
        before = f"the {len(check.records)} line(s) before it are intact"
        _err().print(f"dev-agent: runs verify: {escape(run_id)}: {escape(check.describe())}; {before}")
        return int(ExitCode.LOG_INVALID)
    state = "" if check.finished else "; no run_finished record: the run was killed or is still running"
    _out().print(f"{escape(run_id)}: {check.describe()}{state}")
    return 0


def _usage_line(usage: ModelUsage) -> str:
    return (
        f"{usage.calls} calls, {usage.prompt_tokens} prompt tokens ({usage.cached_prompt_tokens} cached), "
        f"{usage.completion_tokens} completion tokens, {usage.latency_s:.2f}s"
    )


def _describe(record: dict[str, Any]) -> str:
    role, kind, data = record.get("role", "?"), record.get("type", "?"), record.get("data", {})
    head = f"[dim]{record.get('ts', '')}[/dim] [bold]{escape(str(role))}[/bold] {escape(str(kind))}"
    if kind in ("instruction", "patch", "output", "status"):
        meta = data.get("metadata", {})
        body = str(data.get("content", ""))
        extra = f" event={meta.get('event')} iteration={meta.get('iteration')}"
        if meta.get("approved") is not None:
            extra += f" approved={meta['approved']}"
        if data.get("status") is not None:
            extra += f" exit={data['status']}"
        text = f"{head}{extra}\n{escape(_indent(body))}"
        for part in data.get("parts") or []:  # a parallel step: each agent's own message
            event = part.get("metadata", {}).get("event")
            part_head = f"    [bold]{escape(str(part.get('role')))}[/bold] event={event}"
            text += f"\n{part_head}\n{escape(_indent(_indent(str(part.get('content', '')))))}"
        if data.get("diff"):  # the diff itself is shown once, with its step (see _describe_step)
            text += f"\n    (diff: {len(str(data['diff']).splitlines())} lines, under steps below)"
        return text
    if kind == "model_call":
        valid = "valid" if data.get("valid") else f"INVALID: {data.get('error')}"
        cached = data.get("cached_prompt_tokens")
        return (
            f"{head} {escape(str(data.get('backend')))} attempt {data.get('attempt')}: "
            f"{data.get('prompt_tokens')}+{data.get('completion_tokens')} tokens"
            f"{f' ({cached} cached)' if cached else ''}, {data.get('latency_s')}s, {escape(valid)}"
        )
    if kind == "context_budget":
        cuts = ", ".join(f"{c.get('section')} {c.get('action')}" for c in data.get("cuts", []))
        return (
            f"{head} prompt {data.get('prompt_tokens')} of {data.get('budget_tokens')} tokens; "
            f"left out to fit: {escape(cuts)}"
        )
    if kind == "extracted_item":
        lines = len(str(data.get("content", "")).splitlines())
        return f"{head} {escape(str(data.get('kind')))} {escape(str(data.get('name')))} ({lines} lines)"
    if kind == "run_started":  # the settings are long: the trace store keeps them
        rest = {
            key: value
            for key, value in data.items()
            if key not in ("sandbox", "environment", "settings", "verdict")
        }
        text = f"{head} {escape(json.dumps(rest, ensure_ascii=False)[:400])}"
        if isinstance(data.get("sandbox"), dict):
            text += f"\n    sandbox: {escape(describe_sandbox(data['sandbox']))}"
        environment = data.get("environment")
        if isinstance(environment, dict) and environment.get("description"):
            text += f"\n    tests' Python: {escape(str(environment['description']))}"
        verdict = data.get("verdict")
        if isinstance(verdict, dict) and verdict.get("introspection") == "allow":
            text += "\n    verdict: kept with gc's object lists allowed (verdict.introspection: allow)"
        return text
    if kind == "repair":  # the candidate search: what it tried, and what a fix took
        fixed = data.get("fixed")
        verdict = (
            f"fixed by a {fixed.get('template')} edit of {fixed.get('path')}:{fixed.get('line')} "
            f"(candidate {fixed.get('candidates')})"
            if isinstance(fixed, dict)
            else f"no fix ({data.get('error') or 'no candidate passed'})"
        )
        return f"{head} {escape(verdict)}\n    {escape(str(data.get('summary', '')))}"
    if kind in ("repair_review", "fix_review"):  # Repair's fix, or the branch at approval
        label = "NEEDS REVIEW" if data.get("label") == "needs_review" else "verified by the tests"
        label = f"the branch at approval: {label}" if kind == "fix_review" else label
        reasons = "".join(f"\n    {escape(str(r))}" for r in data.get("reasons") or [])
        return f"{head} {label}{reasons}"
    if kind == "step":  # shown in full under "steps"
        return f"{head} {escape(str(data.get('step')))} attempt {data.get('attempt')}: {data.get('status')}"
    return f"{head} {escape(json.dumps(data, ensure_ascii=False)[:400])}"


def status_line(records: list[dict[str, Any]]) -> str:
    """`status: <the workflow's word>` and how the run ended, as `runs` lists it."""
    started = next((r.get("data") or {} for r in records if r.get("type") == "run_started"), {})
    finished = next((r.get("data") or {} for r in records if r.get("type") == "run_finished"), None)
    plugin = started.get("plugin") or plugin_of(str(started.get("workflow", "")))
    if finished is None:
        return "status: in_progress (no run_finished record: still running, or killed)"
    outcome = finished.get("outcome")
    word = status_of(outcome, plugin).word
    return f"status: {word} (workflow {plugin}, outcome {outcome}, exit {finished.get('exit_code')})"


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.rstrip().splitlines())


def describe_sandbox(record: dict[str, Any]) -> str:
    """One line for run_started's "sandbox" value; logs from before issue 12 have no
    "kind" and only knew bubblewrap."""
    kind = record.get("kind") or ("bwrap" if record.get("enabled") else "none")
    if kind == "none":
        return f"NONE (shell.allow_unsandboxed): {record.get('problem')}"
    private_loopback = record.get("network") == "private_loopback"
    if kind == "landlock":
        parts = [f"Landlock ABI {record.get('abi')}"]
        if private_loopback:  # a network namespace of its own: no TCP rules needed
            parts.append("private loopback")
        else:
            parts.append("TCP rules" if record.get("network_rules") else "no TCP rules (ABI < 4)")
        parts.append("seccomp socket filter" if record.get("seccomp") else "no seccomp filter")
        parts.append("PID namespace" if record.get("pid_namespace") else "no PID namespace")
        text = "landlock (" + ", ".join(parts) + ")"
    else:
        program = record.get("program") or record.get("bwrap")
        text = f"bwrap ({program}, private loopback)" if private_loopback else f"bwrap ({program})"
    services = record.get("host_services") or []
    if services:
        text += "; host services: " + ", ".join(f"127.0.0.1:{port}" for port in services)
    passed_over = record.get("passed_over") or []
    return text + (f"; passed over: {'; '.join(map(str, passed_over))}" if passed_over else "")
