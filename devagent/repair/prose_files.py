"""Which changed files are prose: release notes and top-level documentation pages that no
code reads. The branch review names every other changed file that is not Python
(`not_reviewed`); a changelog entry, as 45 of 89 real fixing commits add one, is not a
reason to label a fix. A change to lines Python may run in such a page (a doctest, a
Python code fence) is a change to a test, so it is not prose."""

from __future__ import annotations

import difflib
import re

_NOTES_NAME = re.compile(
    r"(changelog|changes|history|news|release[-_]?notes|authors|contributors)(\.(md|rst|txt))?", re.IGNORECASE
)
_FRAGMENT_DIRS = frozenset({"changelog.d", "newsfragments", "changes"})  # towncrier and kin
# A towncrier fragment with no suffix: `1234.bugfix`, `+orphan.feature.1` (not `rates.json`).
_FRAGMENT = re.compile(
    r"[\w+-]+\.(feature|bugfix|bug|fix|doc|docs|removal|misc|change|changed|breaking|deprecation|trivial"
    r"|chore|added|security|internal|contrib|vendor|performance)(\.\d+)?"
)
_DOCS_DIRS = frozenset({"docs", "doc"})
_PROSE_SUFFIXES = (".md", ".rst", ".txt")
_FENCE = re.compile(rb"(```|~~~)\s*\{?\.?i?py", re.IGNORECASE)  # python, pycon, py3, {.python}


def _runnable_lines(text: bytes) -> set[int]:
    """The lines of a page that Python may run: doctest examples with their expected
    output (up to a blank line), and Markdown code fences marked as Python."""
    lines, in_fence, in_doctest = set(), False, False
    for number, line in enumerate(text.splitlines()):
        stripped = line.strip()
        if in_fence:
            in_fence = not stripped.startswith((b"```", b"~~~"))
        elif _FENCE.match(stripped):
            in_fence = True
        else:
            in_doctest = stripped.startswith(b">>>") or (in_doctest and bool(stripped))
            if not in_doctest:
                continue
        lines.add(number)
    return lines


def is_prose_change(path: str, old: bytes | None, new: bytes | None) -> bool:
    """Whether the change of `path` from `old` to `new` is to a release note or a docs
    page, and touches none of its runnable lines (a doctest's expected output is a test).
    Only at the repository's top (a package's own `docs/` or `CHANGES.txt` may be data its
    code reads); a deleted page is not (nobody read why it went)."""
    top, _slash, rest = path.lower().partition("/")
    if not rest:
        prose = _NOTES_NAME.fullmatch(top) is not None
    else:
        fragment = top in _FRAGMENT_DIRS and _FRAGMENT.fullmatch(rest) is not None
        prose = fragment or (top in _FRAGMENT_DIRS | _DOCS_DIRS and rest.endswith(_PROSE_SUFFIXES))
    if not prose or new is None:
        return False
    before, after = (old or b"").splitlines(), new.splitlines()
    runs_before, runs_after = _runnable_lines(old or b""), _runnable_lines(new)
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, before, after).get_opcodes():
        # An insertion between two runnable lines splits their block (a doctest's expected
        # output cut off by a blank line); after a block's last line it is outside it.
        split = i2 == i1 and {i1 - 1, i1} <= runs_before
        if tag != "equal" and (split or set(range(i1, i2)) & runs_before or set(range(j1, j2)) & runs_after):
            return False
    return True
