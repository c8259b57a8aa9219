"""The history figures in bench/results/repair.json, merged with what the file holds.

    history:
      development / holdout            the fix loop (mode loop): the figures that count
      independent, independent2        the independent sets (`--set independent|independent2`),
                                       the loop
      search_only: {development, holdout, independent, independent2}   Repair's search alone
                                       (mode search)
      commands: {...}                  the commands each section's records came from, in the
                                       order they ran (a run of a few tasks adds its command
                                       beside the one that ran the rest)
    labels:
      history_development / history_holdout / history_independent[2]   Repair's review of
          the fixes (verified or needs review) against the judgement (right or wrong), from
          the mode that ran more of the half's tasks (the loop on a tie); `mode` and
          `tasks` say which

Each half's summary: tasks, attempted, fixed, right, wrong, the median wall of the fixed
runs, the time to give up (the wall of the runs that did not fix), the baseline and
environment figures, the fixes judged right on the checks' word alone (right_elsewhere,
right_unchecked) or without C's suite, and the same by fix size and by project; per_task
holds the records.
A task run again replaces its record; records of other tasks are kept. Nothing of the
file outside `history` and `labels.history_*` is changed."""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from bench.repair.history.projects import PROJECT_SETS
from bench.repair.history.tasks import SIZES

ROOT = Path(__file__).resolve().parents[3]
DEFAULT_OUT = ROOT / "bench" / "results" / "repair.json"
LABEL_KEYS = ("verified", "verified_wrong", "wrong", "wrong_labelled", "right", "right_labelled")
# The sections a history summary is kept under: the benchmark's halves and each set measured
# whole (the independent sets).
HALVES = ("development", "holdout", *(s.half for s in PROJECT_SETS.values() if not s.split))


def median(values: Sequence[float]) -> float | None:
    return round(statistics.median(values), 1) if values else None


def counts(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    attempts = [r for r in records if r.get("error") is None]
    fixed = [r for r in attempts if r.get("fixed")]
    missed = [r for r in attempts if not r.get("fixed")]
    return {
        "tasks": len(records),
        "attempted": len(attempts),
        "errors": len(records) - len(attempts),
        "fixed": len(fixed),
        "fix_rate": round(len(fixed) / len(attempts), 3) if attempts else None,
        "right": sum(1 for r in fixed if r.get("right") is True),
        "wrong": sum(1 for r in fixed if r.get("right") is False),
        "unjudged": sum(1 for r in fixed if r.get("right") is None),
        "wall_s_median_fixed": median([float(r["wall_s"]) for r in fixed]),
        "give_up_s_median": median([float(r["wall_s"]) for r in missed]),
        "give_up_s_max": max((float(r["wall_s"]) for r in missed), default=None),
    }


def miss_reason(record: dict[str, Any]) -> str:
    """Why a run did not fix its task, from what its record says, first cause first."""
    repair = record.get("repair") if isinstance(record.get("repair"), dict) else None
    if record.get("environment_error"):
        return "environment error"
    if repair is None:
        if record.get("baseline_named") is False:
            return "baseline did not name the task's failing tests"
        return "no search ran"
    # A search ran: its own causes first. The baseline's naming is no cause of its miss (a
    # test command with --maxfail=1 names only the first failing test).
    if repair.get("fixed"):
        return "the search's fix did not hold (confirmation or review)"
    if repair.get("fault_rank") is None:
        return "C's lines not among the ranked lines"
    if "budget" in str(repair.get("error") or ""):
        return "C's lines ranked, time budget spent before a candidate passed"
    return "C's lines ranked, no candidate passed"


def summarize(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    attempts = [r for r in records if r.get("error") is None]
    summary = counts(records)
    missed = [r for r in attempts if not r.get("fixed")]
    reasons = [miss_reason(r) for r in missed]
    summary["misses"] = {reason: reasons.count(reason) for reason in sorted(set(reasons))}
    ranks = [r["repair"].get("fault_rank") for r in attempts if isinstance(r.get("repair"), dict)]
    summary["fault_ranked"] = {
        "searches": len(ranks),
        "top_1": sum(1 for k in ranks if k == 1),
        "top_10": sum(1 for k in ranks if k is not None and k <= 10),
        "ranked": sum(1 for k in ranks if k is not None),
    }
    # Judged right by the checks, but at none of the lines C changed: only the checks vouch
    # for these (the differential check reaches top-level functions only).
    summary["right_elsewhere"] = sum(
        1
        for r in attempts
        if r.get("fixed") and r.get("right") is True and (r.get("fix") or {}).get("at_c_lines") is False
    )
    # Of those, the ones no differential check compared either: only C's test files and C's
    # suite vouch for them (on the independent set, every such fix probed by hand was wrong).
    summary["right_unchecked"] = [
        str(r.get("task"))
        for r in attempts
        if r.get("fixed")
        and r.get("right") is True
        and (r.get("fix") or {}).get("at_c_lines") is False
        and not _judgement_part(r, "differential").get("available")
    ]
    # Fixes judged without C's full suite (it could not be run: a timeout, an unsigned report).
    summary["judged_without_suite"] = sum(
        1
        for r in attempts
        if r.get("fixed") and r.get("judgement") and not _judgement_part(r, "suite").get("available")
    )
    summary["baseline_named"] = sum(1 for r in attempts if r.get("baseline_named") is True)
    summary["environment_errors"] = sum(1 for r in attempts if r.get("environment_error"))
    summary["by_size"] = {
        size: counts([r for r in records if r.get("size") == size])
        for size in SIZES
        if any(r.get("size") == size for r in records)
    }
    projects = sorted({str(r.get("project")) for r in records})
    summary["by_project"] = {p: counts([r for r in records if r.get("project") == p]) for p in projects}
    summary["per_task"] = sorted(records, key=lambda r: str(r.get("task")))
    return summary


def _judgement_part(record: dict[str, Any], part: str) -> dict[str, Any]:
    judgement = record.get("judgement")
    found = judgement.get(part) if isinstance(judgement, dict) else None
    return found if isinstance(found, dict) else {}


def label_counts(records: Sequence[dict[str, Any]]) -> dict[str, int] | None:
    """Issue 40's label figures of one set; None when no run carries a label."""
    fixed = [r for r in records if r.get("error") is None and r.get("fixed")]
    if not any(r.get("label") for r in fixed):
        return None
    verified = [r for r in fixed if r.get("label") == "verified"]
    wrong = [r for r in fixed if r.get("right") is False]
    right = [r for r in fixed if r.get("right") is True]
    return {
        "verified": len(verified),
        "verified_wrong": sum(1 for r in verified if r.get("right") is False),
        "wrong": len(wrong),
        "wrong_labelled": sum(1 for r in wrong if r.get("label") == "needs_review"),
        "right": len(right),
        "right_labelled": sum(1 for r in right if r.get("label") == "needs_review"),
        "unlabelled_fixed": sum(1 for r in fixed if not r.get("label")),
    }


def set_labels(data: dict[str, Any], history: dict[str, Any], half: str) -> None:
    """labels.history_<half>: the label counts of the mode that ran more of the half's
    tasks (the loop on a tie), with that mode and its task count; left as it is when no
    fix of either mode carries a label."""
    sections = [("loop", history.get(half)), ("search", (history.get("search_only") or {}).get(half))]
    ran = [(mode, s) for mode, s in sections if isinstance(s, dict) and isinstance(s.get("per_task"), list)]
    if not ran:
        return
    mode, section = max(ran, key=lambda item: (item[1].get("attempted", 0), item[0] == "loop"))
    labels = label_counts(section["per_task"])
    if labels is None:
        return
    all_labels = dict(data.get("labels") or {})
    all_labels[f"history_{half}"] = {**labels, "mode": mode, "tasks": section.get("attempted", 0)}
    data["labels"] = all_labels


def merge_records(old: Sequence[dict[str, Any]], new: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    covered = {r.get("task") for r in new}
    return [r for r in old if r.get("task") not in covered] + list(new)


def section_records(path: Path, mode: str, half: str) -> list[dict[str, Any]]:
    """The per-task records of one half of one mode in the results file."""
    history = read_json(path).get("history")
    if not isinstance(history, dict):
        return []
    section = history if mode == "loop" else history.get("search_only")
    summary = section.get(half) if isinstance(section, dict) else None
    records = summary.get("per_task") if isinstance(summary, dict) else None
    return [r for r in records if isinstance(r, dict)] if isinstance(records, list) else []


def with_command(known: object, command: str) -> list[str]:
    """The commands a section's records came from, `command` added once at the end (a
    single string, as older files hold, counts as a list of one)."""
    if isinstance(known, str):
        known = [known]
    ran = [c for c in known if isinstance(c, str)] if isinstance(known, list) else []
    return [c for c in ran if c != command] + [command]


def read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_json(path: Path, data: dict[str, Any]) -> None:
    """Write the results file whole, through a temporary file (a reader never sees half)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)


def write_results(
    path: Path, mode: str, half: str, records: Sequence[dict[str, Any]], command: str, *, key: str = ""
) -> None:
    """Merge one half's records of one mode into the results file; `command` joins the list
    under commands[<mode>_<half>] (or commands[key]): a re-run of some tasks keeps the
    command that measured the others."""
    data = read_json(path)
    history = data.get("history") if isinstance(data.get("history"), dict) else {}
    assert isinstance(history, dict)
    section: dict[str, Any] = history if mode == "loop" else dict(history.get("search_only") or {})
    old = section.get(half, {}).get("per_task", []) if isinstance(section.get(half), dict) else []
    merged = merge_records(old, records)
    summary = summarize(merged)
    summary["measured"] = datetime.now().isoformat(timespec="seconds")
    section[half] = summary
    if mode != "loop":
        history["search_only"] = section
    commands = dict(history.get("commands") or {})
    name = key or f"{mode}_{half}"
    commands[name] = with_command(commands.get(name), command)
    history["commands"] = commands
    history["method"] = (
        "real fixing commits C: the source files of C's parent with C's test files "
        "(bench/repair/history); right = C's test files all pass on the fixed tree and, where "
        "a top-level function C also has changed, the differential check against C agrees"
    )
    data["history"] = history
    set_labels(data, history, half)
    write_json(path, data)


def refresh(path: Path) -> dict[str, Any]:
    """Recompute every history summary of the file from its per-task records (after the
    summary's rules change); returns the history section."""
    data = read_json(path)
    history = data.get("history")
    if not isinstance(history, dict):
        return {}
    sections: list[dict[str, Any]] = [history]
    if isinstance(history.get("search_only"), dict):
        sections.append(history["search_only"])
    for section in sections:
        for half in HALVES:
            old = section.get(half)
            if isinstance(old, dict) and isinstance(old.get("per_task"), list):
                summary = summarize(old["per_task"])
                summary["measured"] = old.get("measured")
                section[half] = summary
    for half in HALVES:
        set_labels(data, history, half)
    write_json(path, data)
    return history


def table(history: dict[str, Any]) -> str:
    """The figures as text: per half and mode, by size, by project, and the misses."""
    lines: list[str] = []
    sections = [("loop", history)]
    if isinstance(history.get("search_only"), dict):
        sections.append(("search", history["search_only"]))
    for mode, section in sections:
        for half in HALVES:
            s = section.get(half)
            if not isinstance(s, dict) or "tasks" not in s:
                continue
            lines.append(
                f"{mode} {half}: {s['fixed']}/{s['attempted']} fixed ({s['right']} right, "
                f"{s['wrong']} wrong), errors {s['errors']}, median wall fixed {s['wall_s_median_fixed']} s, "
                f"give up {s['give_up_s_median']} s (max {s['give_up_s_max']}), baseline named "
                f"{s.get('baseline_named')}, environment errors {s.get('environment_errors')}"
            )
            for size, row in s.get("by_size", {}).items():
                lines.append(f"  {size:11} {row['fixed']}/{row['attempted']} fixed, {row['right']} right")
            for project, row in s.get("by_project", {}).items():
                lines.append(f"  {project:17} {row['fixed']}/{row['attempted']} fixed, {row['right']} right")
            for reason, count in s.get("misses", {}).items():
                lines.append(f"  miss: {reason}: {count}")
            if "fault_ranked" in s:
                lines.append(f"  C's lines ranked: {s['fault_ranked']}")
    return "\n".join(lines)
