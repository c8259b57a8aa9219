"""What a fix run's log says about a history task: the fidelity benchmark's reading
(bench/fidelity/runlogs.py: baseline, outcome, branch, environment error) plus Repair's
record (candidates tried, the fix it found, how long it took) and the label of the fix.

The label ("verified" or "needs_review", issue 40.3) is read from the `repair_review`
record, else from a `review` or `label` in the `repair` record or in run_finished, else
from the outcome `approved_needs_review`; a log that has none of these gives None (a
dev-agent without labels)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from bench.fidelity.runlogs import RunSummary, summarize

FIXED_OUTCOMES = frozenset({"approved", "approved_needs_review", "needs_review"})
LABELS = frozenset({"verified", "needs_review"})


@dataclass
class RunFacts:
    summary: RunSummary
    repair: dict[str, Any] | None = None  # Repair's search: tried, planned, fixed, seconds
    label: str | None = None
    findings: list[Any] | None = None
    triage: str | None = None  # the baseline triage's line, when the run ended on one
    notes: list[str] = field(default_factory=list)

    @property
    def fixed(self) -> bool:
        return self.summary.outcome in FIXED_OUTCOMES and bool(self.summary.commits)

    def record(self) -> dict[str, Any]:
        return {
            "outcome": self.summary.outcome,
            "exit_code": self.summary.exit_code,
            "detail": self.summary.detail[:300],
            "branch": self.summary.branch,
            "baseline_failing": self.summary.baseline_failing[:30],
            "environment_error": self.summary.environment_error,
            "log_seconds": self.summary.log_seconds,
            "iterations": self.summary.iterations,
            "repair": self.repair,
            "label": self.label,
            "findings": self.findings,
            "triage": self.triage,
        }


def read_run(records: list[dict[str, Any]]) -> RunFacts:
    facts = RunFacts(summarize(records))
    finished: dict[str, Any] = {}
    for record in records:
        kind, data = record.get("type"), record.get("data")
        if not isinstance(data, dict):
            continue
        if kind == "repair":
            facts.repair = repair_figures(data)
            review = data.get("review")
            if isinstance(review, dict):
                _take_label(facts, review)
            _take_label(facts, data)
        elif kind == "repair_review":
            _take_label(facts, data)
        elif kind == "triage" and facts.triage is None:
            facts.triage = str(data.get("line") or data.get("message") or data.get("reason") or data)[:300]
        elif kind == "run_finished":
            finished = data
    if facts.label is None and finished:
        review = finished.get("review")
        if isinstance(review, dict):
            _take_label(facts, review)
        _take_label(facts, finished)
    if facts.label is None and facts.summary.outcome == "approved_needs_review":
        facts.label = "needs_review"
    return facts


def _take_label(facts: RunFacts, data: dict[str, Any]) -> None:
    """A label (and findings) in `data`, if it has one and none was read yet."""
    label = data.get("label")
    labels = data.get("labels")
    if facts.label is None and isinstance(label, str) and label in LABELS:
        facts.label = label
    elif facts.label is None and isinstance(labels, list) and labels:
        facts.label = "needs_review" if "needs_review" in labels else str(labels[0])
    findings = data.get("findings")
    if facts.findings is None and isinstance(findings, list):
        facts.findings = findings[:10]


def repair_figures(data: dict[str, Any]) -> dict[str, Any]:
    """The figures of a `repair` record worth keeping per task."""
    fixed = data.get("fixed")
    return {
        "tried": data.get("tried"),
        "planned": data.get("planned"),
        "duration_s": data.get("duration_s"),
        "fixed": fixed if isinstance(fixed, dict) else None,
        "error": data.get("error"),
        "suspicion": data.get("suspicion"),
        "failing_tests": len(data.get("failing_tests") or []),
        "suspicious": [
            [str(s.get("path")), int(s.get("line") or 0)]
            for s in (data.get("suspicious") or [])[:20]
            if isinstance(s, dict)
        ],
    }


def summary_dict(summary: RunSummary) -> dict[str, Any]:
    return asdict(summary)
