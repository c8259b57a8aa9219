"""The cascade of stages (see the package doc), first success wins; every stage but the strict
one lands its computed result through `git apply --check` and reads the files back."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from devagent.tools.patch_apply.compute import compute_blocks, compute_diff, resolve_paths
from devagent.tools.patch_apply.content import Changes, Refuse
from devagent.tools.patch_apply.parse import Parsed, parse
from devagent.tools.patch_apply.render import render, serialise
from devagent.tools.patch_apply.worktree import GitApply, Tree

STRICT = "strict"
TOLERANT = "tolerant"
RELOCATE = "relocate"
SEARCH_REPLACE = "search_replace"

_MAX_REASON = 1500


@dataclass(frozen=True)
class Attempt:
    stage: str
    ok: bool
    detail: str


@dataclass(frozen=True)
class ApplyResult:
    ok: bool
    stage: str | None
    attempts: tuple[Attempt, ...]
    files: tuple[str, ...]
    reason: str  # empty on success
    diff: str = ""  # on success: the strict diff that lands (passes `git apply --check` as it is)


def _land(tree: Tree, git: GitApply, changes: Changes, *, check_only: bool) -> tuple[tuple[str, ...], str]:
    """Render `changes`, `git apply --check` the diff, apply it and read the files back."""
    parts: list[str] = []
    for path in sorted(changes):
        old = tree.read(path)
        parts.append(render(path, old, changes[path], tree.mode(path)))
    diff = "".join(parts)
    touched = tuple(p for p, part in zip(sorted(changes), parts, strict=True) if part)
    if not diff:
        raise Refuse("the patch changes nothing (already applied?)")
    git.check(diff, "the computed result failed git apply --check: ")
    if not check_only:
        git.land(diff, tree, changes, "git apply of the computed result failed: ")
    return touched, diff


def _clip(text: str) -> str:
    return text if len(text) <= _MAX_REASON else text[: _MAX_REASON - 4] + " ..."


def _strict(
    tree: Tree, git: GitApply, text: str, parsed: Parsed, *, check_only: bool, max_drift: int | None
) -> tuple[tuple[str, ...], str]:
    raw = text if text.endswith("\n") else text + "\n"
    git.check(raw, "git apply --check: ")
    git_paths = git.numstat_paths(raw)
    if git_paths is None:
        raise Refuse("git apply --numstat failed")
    safe_paths = {tree.safe(p) for p in git_paths}
    # git delimits hunks by their @@ counts: so does this reading.
    changes = compute_diff(tree, parsed.files, relocate=False, max_drift=max_drift, counted=True)
    ours = {p for f in parsed.files for p in (f.src, f.dst) if p is not None}
    if safe_paths != ours:
        raise Refuse("git reads this text differently from the parser; not applied as is")
    if not check_only:
        git.land(raw, tree, changes, "git apply: ")
    return tuple(sorted(changes)), raw


def apply_patch(
    worktree: Path, text: str, *, check_only: bool = False, max_drift: int | None = None
) -> ApplyResult:
    """Apply a model-written diff (or SEARCH/REPLACE blocks) to `worktree`; see the module doc.

    `max_drift`: refuse a hunk that matches only more than this many lines away from the line
    its @@ header states (None: anywhere in the file, as long as the match is unique). On
    failure `reason` names the hunk, the lines it expected and the closest real lines, or the
    places an ambiguous hunk matches."""
    root = worktree.resolve()
    attempts: list[Attempt] = []
    tree = Tree(root)

    def refused(reason: str, files: tuple[str, ...] = ()) -> ApplyResult:
        return ApplyResult(False, None, tuple(attempts), files, _clip(reason))

    if not root.is_dir():
        return refused(f"worktree {worktree} is not a directory")
    if not text.strip():
        return refused("the patch is empty")
    parsed = parse(text)
    try:
        resolve_paths(tree, parsed)
    except Refuse as exc:
        # A path outside the worktree refuses the whole patch before any stage runs.
        attempts.append(Attempt("parse", False, _clip(str(exc))))
        return refused(str(exc))
    named = tuple(
        sorted(
            {p for f in parsed.files for p in (f.src, f.dst) if p is not None}
            | {b.path for b in parsed.blocks if b.path is not None}
        )
    )
    if parsed.files and parsed.blocks:
        return refused("the text mixes a unified diff and SEARCH/REPLACE blocks; send one kind", named)
    git = GitApply(root)
    has_diff = bool(parsed.files)

    stages: list[tuple[str, bool]] = [
        (STRICT, has_diff),
        (TOLERANT, has_diff),
        (RELOCATE, has_diff),
        (SEARCH_REPLACE, bool(parsed.blocks)),
    ]
    for stage, applicable in stages:
        if not applicable:
            continue
        try:
            if stage == STRICT:
                files, diff = _strict(tree, git, text, parsed, check_only=check_only, max_drift=max_drift)
            elif stage == TOLERANT:
                normalised = serialise(parsed.files, tree)
                git.check(normalised, "git apply --recount --check of the normalised diff: ", "--recount")
                changes = compute_diff(tree, parsed.files, relocate=False, max_drift=max_drift)
                files, diff = _land(tree, git, changes, check_only=check_only)
            elif stage == RELOCATE:
                changes = compute_diff(tree, parsed.files, relocate=True, max_drift=max_drift)
                files, diff = _land(tree, git, changes, check_only=check_only)
            else:
                changes = compute_blocks(tree, parsed.blocks)
                files, diff = _land(tree, git, changes, check_only=check_only)
        except Refuse as exc:
            attempts.append(Attempt(stage, False, _clip(str(exc))))
            continue
        verb = "would apply" if check_only else "applied"
        attempts.append(Attempt(stage, True, f"{verb} to {', '.join(files) or '(no file)'}"))
        return ApplyResult(True, stage, tuple(attempts), files, "", diff)

    if not attempts:
        return refused("no unified diff hunks (@@ ... @@) or SEARCH/REPLACE blocks found in the text", named)
    by_stage = {a.stage: a.detail for a in attempts}
    reason = by_stage.get(RELOCATE) or by_stage.get(SEARCH_REPLACE) or attempts[-1].detail
    if RELOCATE in by_stage and SEARCH_REPLACE in by_stage:
        reason = by_stage[RELOCATE] + "\n" + by_stage[SEARCH_REPLACE]
    return refused(reason, named)
