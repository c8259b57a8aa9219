"""Scripted replies for spec mode (`scripted:<yaml>`): Architect drafts, Reviewer
verdicts and Summarizer paragraphs, written as the models would write them, for the
control-flow tests of tests/test_spec_mode.py."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

IDEA = "A tool that stores notes and shows them on a page."

# What the pure checks say about these drafts of IDEA is fixed (tests/test_spec_checks.py):
# the first has a vague purpose and nothing covering "page"; the second has no finding.
ROUGH_DRAFT = [{"name": "NoteStore", "type": "DataStore", "purpose": "Stores notes"}]
GOOD_DRAFT = [
    {
        "name": "NoteStore",
        "type": "DataStore",
        "purpose": "Stores each note with its title and text in a table.",
    },
    {
        "name": "NotePage",
        "type": "UIComponent",
        "purpose": "Displays the stored notes on one page, newest first.",
    },
]

# A draft of the recipes idea (examples/run_demo.py) the pure checks find nothing in.
RECIPES_DRAFT = [
    {
        "name": "RecipeStore",
        "type": "DataStore",
        "purpose": "Stores each recipe with the user who uploaded it and the friends it is shared with.",
    },
    {
        "name": "RecipePage",
        "type": "UIComponent",
        "purpose": "Page where a user uploads a recipe and shares it with friends.",
    },
    {
        "name": "DigestJob",
        "type": "Agent",
        "purpose": "Nightly job that emails each friend a digest of new recipes.",
    },
]


def architect(components: list[dict[str, str]], rationale: str = "") -> str:
    body = json.dumps({"components": components, "design_rationale": rationale})
    return f"```json\n{body}\n```\n"


def reviewer(*challenges: tuple[str, str]) -> str:
    listed = [{"id": i, "category": c, "description": d} for i, (c, d) in enumerate(challenges, start=1)]
    status = "needs_revision" if listed else "verified"
    return f"```json\n{json.dumps({'status': status, 'challenges': listed})}\n```\n"


def summary(text: str) -> str:
    return f"```json\n{json.dumps({'summary': text})}\n```\n"


def write_replies(
    path: Path, architect_replies: list[str], reviewer_replies: list[str], summaries: list[str] | None = None
) -> str:
    """Write the replies file; returns its model spec."""
    data = {"Architect": architect_replies, "Reviewer": reviewer_replies, "Summarizer": summaries or []}
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return f"scripted:{path}"
