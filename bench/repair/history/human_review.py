"""The branch review on the human fixes themselves: each task's fixing commit C, reviewed
against its parent as the fix loop reviews a run's branch (devagent/repair/branch_review.py),
over the files a fix may change (C's source and other files; its test files are the
task's, and a run may not edit tests). The projects merged these fixes, so each is right
and each finding is a label on a right fix: how often the review cries wolf on real code.

    python -m bench.repair.history review [--out repair.json]

Reads the mirrors only (no venv, no test run); writes `history.human_fixes_review`."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from bench.repair.history.gitdata import GitError, git_bytes
from bench.repair.history.projects import HistoryProject
from bench.repair.history.results import read_json, write_json
from bench.repair.history.tasks import HistoryTask
from devagent.repair.branch_review import review_of_branch
from devagent.repair.review import Review

COMMAND = "python -m bench.repair.history review"


def _blob(git_dir: Path, commit: str, path: str) -> bytes | None:
    try:
        return git_bytes(git_dir, "cat-file", "blob", f"{commit}:{path}")
    except GitError:  # not a file there: added, deleted, or a submodule's commit
        return None


def _defined_at(git_dir: Path, commit: str, name: str) -> bool:
    """Whether some Python file at `commit` defines a function `name` (git grep exits 1,
    a GitError, when nothing matches)."""
    if not name.isidentifier():
        return False
    pattern = rf"^\s*(async\s+)?def\s+{re.escape(name)}\s*[(\[]"
    try:
        git_bytes(git_dir, "grep", "-q", "-E", pattern, commit, "--", "*.py")
    except GitError:
        return False
    return True


def review_fix(project: HistoryProject, task: HistoryTask) -> Review:
    """The review of C's own change to the files a run may change."""
    paths = [*task.source_files, *task.other_files]
    mirror = project.mirror
    changes = {p: (_blob(mirror, task.parent, p), _blob(mirror, task.commit, p)) for p in paths}
    return review_of_branch(changes, None, lambda name: _defined_at(mirror, task.parent, name))


def summarize(reviews: Sequence[tuple[HistoryTask, Review]]) -> dict[str, Any]:
    """Counts of labelled fixes and findings, overall and per project, with each label."""
    kinds: Counter[str] = Counter()
    projects: dict[str, dict[str, int]] = {}
    labelled: dict[str, list[str]] = {}
    for task, review in reviews:
        found = [f.kind for f in review.findings]
        kinds.update(found)
        counts = projects.setdefault(task.project, {"fixes": 0, "labelled": 0})
        counts["fixes"] += 1
        if found:
            counts["labelled"] += 1
            labelled[task.id] = [f.text() for f in review.findings]
    return {
        "fixes": len(reviews),
        "labelled": len(labelled),
        "findings": dict(sorted(kinds.items())),
        "projects": dict(sorted(projects.items())),
        "labels": labelled,
    }


def write_summary(path: Path, summary: dict[str, Any]) -> None:
    data = read_json(path)
    history = data.get("history") if isinstance(data.get("history"), dict) else {}
    assert isinstance(history, dict)
    history["human_fixes_review"] = {
        **summary,
        "measured": datetime.now().isoformat(timespec="seconds"),
        "measured_by": COMMAND,
    }
    data["history"] = history
    write_json(path, data)
