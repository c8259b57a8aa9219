"""What the spec workflow writes: a draft as Markdown (what the Reviewer and the dashboard
read), a review as a numbered list, and spec.md. The document starts with a `# Spec:`
title and the idea, so the fix loop accepts it as a phase spec
(`dev_agent.py --phase output/spec.md`); the trace log of a run that timed out is
appended in the seed's exact format."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from devagent.messages import ArchitectReply

TRACE_LOG_HEADING = "## ARD Trace Log — Max Iterations Reached"
TITLE_LIMIT = 80


def _cell(text: str) -> str:
    # A pipe or a line break would end the table cell.
    return " ".join(text.replace("|", "\\|").split())


def draft_markdown(design: ArchitectReply) -> str:
    rows = [f"| {_cell(c.name)} | {c.type} | {_cell(c.purpose)} |" for c in design.components]
    table = "\n".join(["| Name | Type | Purpose |", "| --- | --- | --- |", *rows])
    rationale = design.design_rationale.strip() or "(first draft: no challenges to address yet)"
    return f"## Components\n\n{table}\n\n## Design rationale\n\n{rationale}\n"


def challenge_lines(challenges: Sequence[dict[str, Any]]) -> list[str]:
    """The seed's `N. [category] description`, numbered by position."""
    return [f"{i}. [{c['category']}] {c['description']}" for i, c in enumerate(challenges, start=1)]


def review_markdown(status: str, challenges: Sequence[dict[str, Any]]) -> str:
    if not challenges:
        return "Verified: no challenges."
    return f"Needs revision: {len(challenges)} challenge(s)\n\n" + "\n".join(challenge_lines(challenges))


def title_of(idea: str) -> str:
    line = next((ln.strip().lstrip("#").strip() for ln in idea.splitlines() if ln.strip()), "")
    return line if len(line) <= TITLE_LIMIT else line[: TITLE_LIMIT - 1].rstrip() + "…"


def trace_log(challenges: Sequence[dict[str, Any]]) -> str:
    lines = challenge_lines(challenges)
    return "\n".join(["---", TRACE_LOG_HEADING, "", "Unresolved challenges at termination:", *lines]) + "\n"


def spec_document(
    idea: str, design: ArchitectReply, verified: bool, iterations: int, unresolved: Sequence[dict[str, Any]]
) -> str:
    status = "verified by the Reviewer" if verified else "not verified (max iterations reached)"
    quoted = "\n".join(f"> {line}" if line.strip() else ">" for line in idea.strip().splitlines())
    parts = [
        f"# Spec: {title_of(idea)}",
        "",
        f"Status: {status} after {iterations} round(s) of the Architect-Reviewer debate.",
        "",
        "## Rough idea",
        "",
        quoted,
        "",
        draft_markdown(design),
    ]
    text = "\n".join(parts)
    if not verified:
        text += "\n" + trace_log(unresolved)
    return text
