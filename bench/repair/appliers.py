"""Run the damaged-diff corpus (bench/repair/corpus.py) through three patch appliers.

* ours: `devagent.tools.patch_apply.apply_patch`
* git_apply: plain `git apply` (strict)
* gnu_patch: GNU `patch -p1 --fuzz=2 --forward --batch` (reported unavailable if missing)

Every case runs in a fresh copy of a template repository made once per task (its buggy
`repo/`, committed), with the case's setup files written over it. Outcomes, from the files
afterwards (rejects and backups ignored):

* landed_correct: an "apply" case whose files now equal the reference fixed contents;
* misapplied: files changed, but not to the expected contents, or a "refuse" case landed;
* refused: nothing changed.

`python -m bench.repair.appliers [--out PATH] [--seed N] [--task ID ...] [--show-failures]`
prints a table per applier and per error kind and writes the figures as JSON
(default bench/results/repair_corpus.json). Exits 1 if ours misapplied anything."""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.repair.check_tasks import _git, git_env
from bench.repair.corpus import DEFAULT_SEED, KINDS, Case, Source, generate, load_available_tasks, read_files
from devagent.tools.patch_apply import apply_patch

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUT = ROOT / "bench" / "results" / "repair_corpus.json"
APPLIERS = ("ours", "git_apply", "gnu_patch")
OUTCOMES = ("landed_correct", "misapplied", "refused")
_TIMEOUT = 60.0
_IGNORED_SUFFIXES = (".rej", ".orig")


@dataclass(frozen=True)
class Outcome:
    case_id: str
    kind: str
    expect: str
    applier: str
    outcome: str  # landed_correct, misapplied or refused
    detail: str = ""


def snapshot(root: Path) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if ".git" in rel.parts or not path.is_file() or path.name.endswith(_IGNORED_SUFFIXES):
            continue
        files[rel.as_posix()] = path.read_bytes()
    return files


def classify(case: Case, before: dict[str, bytes], after: dict[str, bytes]) -> str:
    if after == before:
        return "refused"
    if case.expect == "apply":
        want = dict(before)
        want.update({path: text.encode("utf-8") for path, text in case.expected.items()})
        if after == want:
            return "landed_correct"
    return "misapplied"


# --------------------------------------------------------------------------- the appliers


def run_ours(repo: Path, diff: str) -> str:
    res = apply_patch(repo, diff)
    if res.ok:
        return f"stage={res.stage}"
    return "refused: " + res.reason.splitlines()[0][:200]


def run_git_apply(repo: Path, diff: str) -> str:
    proc = _git(repo, "apply", "-", stdin=diff)
    return (
        f"exit {proc.returncode}: {proc.stderr.strip().splitlines()[0][:200] if proc.stderr.strip() else ''}"
    )


def run_gnu_patch(repo: Path, diff: str) -> str:
    with tempfile.TemporaryDirectory(prefix="patch-rej-") as rej:
        proc = subprocess.run(
            [
                "patch",
                "-p1",
                "--fuzz=2",
                "--forward",
                "--batch",
                "--no-backup-if-mismatch",
                f"--reject-file={Path(rej) / 'rejects'}",
            ],
            cwd=repo,
            input=diff,
            capture_output=True,
            text=True,
            env=git_env(),
            timeout=_TIMEOUT,
            check=False,
        )
    return f"exit {proc.returncode}: {' '.join(proc.stdout.split())[:200]}"


RUNNERS: dict[str, Callable[[Path, str], str]] = {
    "ours": run_ours,
    "git_apply": run_git_apply,
    "gnu_patch": run_gnu_patch,
}


def patch_available() -> bool:
    if shutil.which("patch") is None:
        return False
    proc = subprocess.run(["patch", "--version"], capture_output=True, text=True, check=False)
    return proc.returncode == 0 and "GNU patch" in proc.stdout


# --------------------------------------------------------------------------- running


def _materialize_sources(task_ids: Sequence[str], work: Path) -> tuple[list[Source], dict[str, Path]]:
    from bench.repair.check_tasks import materialize

    tasks = load_available_tasks(task_ids)
    sources: list[Source] = []
    templates: dict[str, Path] = {}
    for task in tasks:
        templates[task.id] = materialize(task, work / "templates" / task.id)
        sources.append(Source(task.id, read_files(task.repo), task.fix_diff))
    return sources, templates


def run_case(case: Case, template: Path, applier: str, work: Path) -> Outcome:
    dest = work / "case"
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(template, dest, symlinks=True)
    for path, text in case.setup.items():
        (dest / path).write_text(text, encoding="utf-8")
    before = snapshot(dest)
    try:
        detail = RUNNERS[applier](dest, case.diff)
    except Exception as exc:  # an applier crashing counts as a refusal only if nothing changed
        detail = f"crashed: {type(exc).__name__}: {exc}"
    outcome = classify(case, before, snapshot(dest))
    return Outcome(case.id, case.kind, case.expect, applier, outcome, detail)


def summarize(cases: Sequence[Case], outcomes: Sequence[Outcome], applier: str) -> dict[str, Any]:
    mine = [o for o in outcomes if o.applier == applier]
    counts = Counter(o.outcome for o in mine)
    applicable = sum(1 for c in cases if c.expect == "apply")
    correct = sum(1 for o in mine if o.outcome == "landed_correct")
    by_kind: dict[str, dict[str, int]] = {}
    for kind in KINDS:
        ko = [o for o in mine if o.kind == kind]
        if not ko:
            continue
        by_kind[kind] = {
            "cases": len(ko),
            "applicable": sum(1 for o in ko if o.expect == "apply"),
            "landed_correct": sum(1 for o in ko if o.outcome == "landed_correct"),
            "misapplied": sum(1 for o in ko if o.outcome == "misapplied"),
            "refused": sum(1 for o in ko if o.outcome == "refused"),
        }
    return {
        "available": True,
        "cases": len(mine),
        "applicable": applicable,
        "landed_correct": correct,
        "misapplied": counts["misapplied"],
        "refused": counts["refused"],
        "refused_correctly": sum(1 for o in mine if o.expect == "refuse" and o.outcome == "refused"),
        "land_rate": round(correct / applicable, 4) if applicable else None,
        "by_kind": by_kind,
    }


def _table(results: dict[str, dict[str, Any]], n_cases: int) -> str:
    lines = [
        f"{'applier':11} {'cases':>6} {'applicable':>10} {'landed_ok':>9} {'misapplied':>10} "
        f"{'refused':>7} {'land rate':>9}",
    ]
    for name in APPLIERS:
        r = results[name]
        if not r.get("available"):
            lines.append(f"{name:11} {n_cases:>6} (unavailable: {r.get('why', 'not installed')})")
            continue
        rate = f"{r['land_rate']:.1%}" if r["land_rate"] is not None else "-"
        lines.append(
            f"{name:11} {r['cases']:>6} {r['applicable']:>10} {r['landed_correct']:>9} "
            f"{r['misapplied']:>10} {r['refused']:>7} {rate:>9}"
        )
    return "\n".join(lines)


def _kind_table(results: dict[str, dict[str, Any]]) -> str:
    names = [n for n in APPLIERS if results[n].get("available")]
    header = f"{'kind':22} {'cases':>5} {'appl.':>5}  " + "  ".join(f"{n + ' ok/wrong':>18}" for n in names)
    lines = [header]
    for kind in KINDS:
        row = results[names[0]]["by_kind"].get(kind) if names else None
        if row is None:
            continue
        cells = []
        for n in names:
            k = results[n]["by_kind"][kind]
            cells.append(f"{k['landed_correct']:>12}/{k['misapplied']:<5}")
        lines.append(f"{kind:22} {row['cases']:>5} {row['applicable']:>5}  " + "  ".join(cells))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.repair.appliers", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="JSON results (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--task", action="append", default=[], metavar="ID", help="only these tasks")
    parser.add_argument("--show-failures", action="store_true", help="list ours' misses and misapplications")
    args = parser.parse_args(argv)

    started = time.monotonic()
    available = {"ours": True, "git_apply": shutil.which("git") is not None, "gnu_patch": patch_available()}
    outcomes: list[Outcome] = []
    with tempfile.TemporaryDirectory(prefix="repair-corpus-") as tmp:
        work = Path(tmp)
        sources, templates = _materialize_sources(args.task, work)
        cases = generate(sources, seed=args.seed)
        for case in cases:
            for applier in APPLIERS:
                if available[applier]:
                    outcomes.append(run_case(case, templates[case.task_id], applier, work))

    results: dict[str, dict[str, Any]] = {}
    for name in APPLIERS:
        if available[name]:
            results[name] = summarize(cases, outcomes, name)
        else:
            results[name] = {"available": False, "why": f"{name.split('_')[-1]} not found on PATH"}
    ours_fail = [
        {"case": o.case_id, "expect": o.expect, "outcome": o.outcome, "detail": o.detail}
        for o in outcomes
        if o.applier == "ours"
        and (o.outcome == "misapplied" or (o.expect == "apply" and o.outcome != "landed_correct"))
    ]
    stages = Counter(
        o.detail.removeprefix("stage=")
        for o in outcomes
        if o.applier == "ours" and o.detail.startswith("stage=")
    )
    n_cases = len(cases)
    print(
        f"{n_cases} cases from {len(sources)} tasks (seed {args.seed}), "
        f"{sum(1 for c in cases if c.expect == 'apply')} applicable, "
        f"{sum(1 for c in cases if c.expect == 'refuse')} must be refused\n"
    )
    print(_table(results, n_cases))
    print()
    print(_kind_table(results))
    print()
    print("ours, landing stage: " + ", ".join(f"{k}={v}" for k, v in sorted(stages.items())))
    if args.show_failures or ours_fail:
        for f in ours_fail:
            print(f"ours {f['outcome']}: {f['case']} (expect {f['expect']}): {f['detail']}")
    elapsed = time.monotonic() - started
    print(f"\n{elapsed:.1f}s")

    payload: dict[str, Any] = {
        "cases": n_cases,
        "tasks": len(sources),
        "seed": args.seed,
        "applicable": sum(1 for c in cases if c.expect == "apply"),
        "must_refuse": sum(1 for c in cases if c.expect == "refuse"),
        "cases_by_kind": dict(Counter(c.kind for c in cases)),
        **results,
        "ours_landing_stages": dict(stages),
        "ours_failures": ours_fail,
        "seconds": round(elapsed, 1),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(payload, indent=2, sort_keys=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 1 if results["ours"]["misapplied"] else 0


if __name__ == "__main__":
    sys.exit(main())
