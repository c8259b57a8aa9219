"""The fixed development/holdout split of the repair tasks.

A task's half follows from its id alone: the parity of the first byte of sha256(id). Nothing a
run measures can move a task from one half to the other, so Repair's operators may be tuned while
looking at the development half and judged on the holdout half (bench/repair/SPLIT.md).

    python -m bench.repair.split        # the same listing as `python -m bench.repair.run --list-split`
"""

from __future__ import annotations

import hashlib
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Literal

from bench.repair.check_tasks import KINDS, Task, load_tasks

Half = Literal["development", "holdout"]
HALVES: tuple[Half, ...] = ("development", "holdout")


def half_of(task_id: str) -> Half:
    """'development' when the first byte of sha256(task_id) is even, else 'holdout'."""
    first = hashlib.sha256(task_id.encode("utf-8")).digest()[0]
    return "development" if first % 2 == 0 else "holdout"


def split(tasks: Sequence[Task]) -> dict[Half, list[Task]]:
    """The tasks of each half, in the given order."""
    halves: dict[Half, list[Task]] = {half: [] for half in HALVES}
    for task in tasks:
        halves[half_of(task.id)].append(task)
    return halves


def in_half(tasks: Sequence[Task], half: Half) -> list[Task]:
    return split(tasks)[half]


def split_listing(tasks: Sequence[Task]) -> str:
    """Per bug kind: how many tasks each half holds and which; then the totals."""
    halves = split(tasks)
    lines = [f"split: sha256(task id) first byte even -> development, odd -> holdout ({len(tasks)} tasks)"]
    for kind in KINDS:
        row = {half: [t.id for t in halves[half] if t.kind == kind] for half in HALVES}
        if not any(row.values()):
            continue
        lines.append(f"{kind} ({len(row['development'])} development, {len(row['holdout'])} holdout)")
        for half in HALVES:
            lines.append(f"  {half:11} {' '.join(row[half]) or '-'}")
    counts = Counter[str](half_of(t.id) for t in tasks)
    lines.append(f"development {counts['development']}, holdout {counts['holdout']}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    del argv
    print(split_listing(load_tasks()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
