"""Repair's search alone on the development half: the quick measure to work Repair against.

    python -m bench.repair.search_only [ID ...] [--workers N] [--out FILE] [--into RESULTS]
    python -m bench.repair.search_only --from FILE --into RESULTS

Runs `devagent.repair.repair` (templates, no model, no sandbox) on a fresh copy of each
development task with the default settings, as the full benchmark gives them, then checks
a passing candidate against the reference program as the full benchmark does
(differential.py).
It prints one line per task (fixed, overfit or not fixed; candidates tried; seconds) and
the totals; `--out` also writes them as JSON. `--into` writes the labels' figures (how many
fixes the search would present as verified or needs review, against the reference's
verdict) as `labels.development` of a results file such as bench/results/repair.json,
keeping all else in it; `--from` takes the records of an earlier `--out` instead of running
the search. On 2 cores the 164 development tasks take about 13 minutes alone on the
machine (before the walk after a fix that looks for other behaviours; with it, see
README), well under the time of `python -m bench.repair.run --half development`, which
runs the whole fix loop, model included, and gives the figures that count.

Holdout tasks are refused (exit 2): they measure whether a change to Repair generalises,
so Repair is never worked on against them (SPLIT.md).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bench.repair.check_tasks import Task, TaskError, load_tasks
from bench.repair.differential import check_candidate
from bench.repair.peer_common import make_workspace
from bench.repair.run import head_commit, label_counts, median, write_json
from bench.repair.split import half_of, in_half
from devagent.config import Config
from devagent.repair import repair
from devagent.repair.review import NEEDS_REVIEW, review_of
from devagent.workflows.fix.repair_step import pytest_args, search_options

EXIT_USAGE = 2


@dataclass(frozen=True)
class SearchRecord:
    task: str
    kind: str
    status: str  # "fixed", "overfit" (fixed, disagrees with the reference) or "not fixed"
    tried: int
    planned: int
    wall_s: float
    family: str | None  # the winning candidate's template family
    detail: str
    suspicion: str | None = None  # why the overfit guard doubts the fix, if it does
    label: str | None = None  # "verified" or "needs_review" (devagent/repair/review.py)
    review: list[str] = field(default_factory=list)  # why it needs review
    window_s: float = 0.0  # the search's time after the fix was chosen

    def line(self) -> str:
        """The record as one line of the listing: any line break in the detail becomes a space."""
        detail = " ".join(self.detail.split())
        return (
            f"  {self.task:28} {self.status:9} tried {self.tried:4}/{self.planned:<4} "
            f"{self.wall_s:6.1f}s  {self.family or '-':18} {detail[:110]}"
            + (" (suspect)" if self.suspicion else "")
            + (" [needs review]" if self.label == NEEDS_REVIEW else "")
        )


def search_task(task: Task, config: Config, workers: int | None) -> SearchRecord:
    """Repair's search on a fresh copy of task; a passing candidate is written into the
    copy and compared with the reference program."""
    args = pytest_args(task.test_command)
    if args is None:
        return SearchRecord(task.id, task.kind, "not fixed", 0, 0, 0.0, None, "not a pytest command")
    with tempfile.TemporaryDirectory(prefix="search-only-") as tmp:
        repo = make_workspace(task, Path(tmp))
        started = time.monotonic()
        options = search_options(config)
        if workers is not None:
            options["workers"] = workers
        result = repair(repo, args, **options)
        wall = round(time.monotonic() - started, 2)
        fixed = result.fixed
        if fixed is None:
            why = result.error or "no candidate passed"
            return SearchRecord(
                task.id, task.kind, "not fixed", result.tried, result.planned, wall, None, why
            )
        original = (repo / fixed.path).read_text(encoding="utf-8")
        review = review_of(fixed.path, original, fixed.content, result.ambiguity, result.behaviour_changes)
        (repo / fixed.path).write_text(fixed.content, encoding="utf-8")
        differential = check_candidate(task, repo)
        status = "overfit" if differential.overfit else "fixed"
        edit = fixed.edit
        new_text = " | ".join(line.strip() for line in edit.new_text.strip().splitlines())
        detail = f"{fixed.path}:{edit.line} `{new_text}`; {differential.summary()}"
        return SearchRecord(
            task.id,
            task.kind,
            status,
            result.tried,
            result.planned,
            wall,
            edit.template,
            detail,
            result.suspicion,
            review.label,
            review.reasons(),
            round(result.window_s, 2),
        )


def totals(records: Sequence[SearchRecord]) -> dict[str, Any]:
    fixed = [r for r in records if r.status != "not fixed"]
    failed = [r for r in records if r.status == "not fixed"]
    return {
        "attempted": len(records),
        "fixed": len(fixed),
        "overfit": sum(r.status == "overfit" for r in records),
        "wall_s_median": median([r.wall_s for r in records]),
        "fixed_tried_median": median([r.tried for r in fixed]),
        "fail_wall_s_median": median([r.wall_s for r in failed]),
        "fixed_wall_s_median": median([r.wall_s for r in fixed]),
        "window_s_median": median([r.window_s for r in fixed]),
        "labels": label_counts([(r.status == "overfit", r.label == NEEDS_REVIEW) for r in fixed]),
    }


def labels_entry(records: Sequence[SearchRecord], commit: str | None) -> dict[str, Any]:
    """The `labels.development` entry of the results file, in run.py's shape
    (run.labelled_figures), saying that the search alone measured it."""
    summary = totals(records)
    return {
        **summary["labels"],
        "tasks": summary["attempted"],
        "fixed": summary["fixed"],
        "fixed_wall_s_median": summary["fixed_wall_s_median"],
        "give_up_wall_s_median": summary["fail_wall_s_median"],
        "commits": [commit or "unknown"],
        "measured_by": "python -m bench.repair.search_only (Repair's search alone, no model)",
    }


def write_into(path: Path, entry: dict[str, Any]) -> None:
    """Set `labels.development` of the results file at `path`, keeping everything else."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        data = {}
    if not isinstance(data, dict):
        raise TaskError(f"{path}: not a JSON object")
    labels = data.get("labels") if isinstance(data.get("labels"), dict) else {}
    data["labels"] = {**labels, "development": entry}
    write_json(path, data)


def records_from(path: Path) -> list[SearchRecord]:
    """The records of an earlier `--out` file."""
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))["records"]
        return [SearchRecord(**row) for row in rows]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise TaskError(f"{path}: not a search_only --out file ({exc})") from None


def select(tasks: Sequence[Task], ids: Sequence[str]) -> list[Task]:
    """The named development tasks (all of them when none is named)."""
    development = in_half(tasks, "development")
    if not ids:
        return development
    by_id = {task.id: task for task in tasks}
    for task_id in ids:
        if task_id not in by_id:
            raise TaskError(f"{task_id}: no such task in bench/repair/tasks")
        if half_of(task_id) != "development":
            raise TaskError(f"{task_id}: a holdout task; Repair is worked on against development tasks only")
    return [by_id[task_id] for task_id in ids]


def integer(text: str) -> int:
    """A worker count: an integer of at least 1."""
    count = int(text)  # argparse turns the ValueError into a usage error naming the option
    if count < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {count}")
    return count


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.repair.search_only", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("ids", nargs="*", metavar="ID", help="development task ids (default: all of them)")
    parser.add_argument("--workers", type=integer, help="override repair.workers (at least 1)")
    parser.add_argument("--out", type=Path, help="also write the records and totals as JSON")
    parser.add_argument("--into", type=Path, help="write the labels' figures into this results file")
    parser.add_argument("--from", dest="source", type=Path, help="an earlier --out file's records, not a run")
    args = parser.parse_args(argv)
    try:
        if args.source is not None:
            if args.ids or args.out is not None:
                raise TaskError("--from takes no task ids and no --out: it re-reads a finished run")
            records = records_from(args.source)
            commit = None
        else:
            records, commit = run_search(select(load_tasks(), args.ids), args.workers), head_commit()
        summary = totals(records)
        print(" ".join(f"{key}={value}" for key, value in summary.items()))
        if args.out is not None:
            payload = {"totals": summary, "commit": commit, "records": [asdict(r) for r in records]}
            args.out.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
        if args.into is not None:
            if args.source is not None:
                commit = json.loads(args.source.read_text(encoding="utf-8")).get("commit")
            write_into(args.into, labels_entry(records, commit))
    except TaskError as exc:
        print(f"search_only: {exc}", file=sys.stderr)
        return EXIT_USAGE
    return 0


def run_search(tasks: Sequence[Task], workers: int | None) -> list[SearchRecord]:
    config = Config()  # the defaults: what the full benchmark gives dev_agent.py
    records: list[SearchRecord] = []
    for task in tasks:
        record = search_task(task, config, workers)
        records.append(record)
        print(record.line(), flush=True)
    return records


if __name__ == "__main__":
    raise SystemExit(main())
