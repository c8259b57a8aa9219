"""Scripted model replies for the examples/calc repository (mean() divides by len - 1),
shared by the CLI test suites: the good patch, the message shapes, and the replies file
that replays them (`scripted:<path>`)."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

# Diff context lines for blank lines are a single space: spelled out so no editor strips them.
GOOD_DIFF = (
    "--- a/calc.py\n"
    "+++ b/calc.py\n"
    "@@ -8,4 +8,4 @@\n"
    " \n"
    " def mean(values):\n"
    '     """Arithmetic mean of a non-empty list."""\n'
    "-    return sum(values) / (len(values) - 1)\n"
    "+    return sum(values) / len(values)\n"
)


def dev_patch(diff: str, content: str = "Divide by the number of values.") -> str:
    body = json.dumps({"type": "patch", "content": content, "commands": []})
    return f"```json\n{body}\n```\n\n```diff\n{diff}```\n"


def dev_instruction(*commands: str) -> str:
    # json.dumps escapes what YAML could not carry (control characters, lone surrogates).
    body = json.dumps({"type": "instruction", "content": "Show me more.", "commands": list(commands)})
    return f"```json\n{body}\n```\n"


def supervisor(approved: bool, content: str) -> str:
    return f"```json\n{json.dumps({'approved': approved, 'content': content})}\n```\n"


APPROVAL = supervisor(True, "The divisor is now the number of values; the tests are untouched.")
CRITIQUE = supervisor(False, "Nothing is committed yet; write the patch for mean().")


def write_replies(path: Path, dev: list[str], sup: list[str]) -> str:
    """Write a scripted replies file and return the model spec that replays it."""
    path.write_text(yaml.safe_dump({"DevAgent": dev, "Supervisor": sup}, allow_unicode=True))
    return f"scripted:{path}"


def approval_model(folder: Path) -> str:
    """One good patch, then the Supervisor's approval."""
    return write_replies(folder / "approval.yaml", [dev_patch(GOOD_DIFF)], [APPROVAL])
