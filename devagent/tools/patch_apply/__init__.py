"""Land model-written diffs that are applicable; refuse the rest; never misapply.

A cascade, first success wins, every attempt recorded in `ApplyResult.attempts`:

1. strict: `git apply --check`, then `git apply`, of the text as given. Before anything is
   written every hunk (delimited by its @@ counts, as git does) must sit exactly at its
   stated line or match exactly once in the file, and afterwards the files must hold what
   our own reading of the diff computes (else they are restored and the cascade goes on).
2. tolerant: the text normalised (prose and Markdown fences dropped, missing `diff --git`,
   `---`/`+++` headers rebuilt, @@ counts recounted from the hunk bodies, final newline
   added) must pass `git apply --recount --check`; the hunks are placed by exact match.
3. relocate: our own matcher. Each hunk's old lines (context and removed) must match at
   exactly one place in the whole file: exactly, else ignoring whitespace (added lines are
   then re-indented like the file), else with up to a third of its context lines stale
   (slightly different; every removed line still present). Zero or several places:
   refused, never guessed. An exact match at exactly the stated line also settles a tie.
4. search_replace: aider-style SEARCH/REPLACE blocks; the search text must match exactly
   once (exactly, else ignoring whitespace).

A hunk whose end is unclear (its @@ counts end it early and more +/- lines follow, or
+/- lines follow an empty line, before prose or the end of an unfenced text) lands only if
every plausible reading of it gives the same result. A diff without file names goes to the
only file holding its lines (or the only such file the text mentions).

Every non-strict stage computes the final content in memory, renders it as a git diff from
the current files (`render_diff`), lands it only after `git apply --check` of that diff, and
reads the files back to confirm. `check_only=True` writes nothing. Paths outside the
worktree, into `.git`, or through symlinks are refused; `worktree` is the repository's top
level (or a plain directory).

The stages live in: parse.py, hunk.py and blocks.py (reading the reply), locate.py and
edit.py (placing and applying hunks), compute.py (the final contents), render.py (diffs
written back) and cascade.py (the stages and landing), on worktree.py (the files and git)."""

from __future__ import annotations

from devagent.tools.patch_apply.cascade import (
    RELOCATE,
    SEARCH_REPLACE,
    STRICT,
    TOLERANT,
    ApplyResult,
    Attempt,
    apply_patch,
)
from devagent.tools.patch_apply.render import render_diff

__all__ = [
    "RELOCATE",
    "SEARCH_REPLACE",
    "STRICT",
    "TOLERANT",
    "ApplyResult",
    "Attempt",
    "apply_patch",
    "render_diff",
]
