"""The files a patch names (or the one file a diff without names must be for), and their
final content computed in memory from the diff hunks or the SEARCH/REPLACE blocks."""

from __future__ import annotations

from devagent.tools.git.diff_headers import strip_prefix
from devagent.tools.patch_apply.blocks import Block
from devagent.tools.patch_apply.content import Changes, Content, Refuse, norm
from devagent.tools.patch_apply.edit import Reindent, adapt_eol, apply_hunks
from devagent.tools.patch_apply.locate import ambiguous_reason, exact_positions, loose_positions, miss_reason
from devagent.tools.patch_apply.parse import FilePatch, Parsed
from devagent.tools.patch_apply.worktree import Tree

_MAX_SCAN_BYTES = 1_000_000


def _infer_target(tree: Tree, parsed: Parsed, needles: list[list[str]]) -> str:
    """The one file a diff without file names must be for, or Refuse: the only file holding
    all its old lines, or among several such files the only one the text mentions."""
    mentioned: list[str] = []
    for token in parsed.mentioned:
        try:
            rel = tree.safe(strip_prefix(strip_prefix(token, "a/"), "b/"))
        except Refuse:
            continue
        if (tree.root / rel).is_file() and rel not in mentioned:
            mentioned.append(rel)
    needles = [n for n in needles if n]
    if not needles:
        if len(mentioned) == 1:
            return mentioned[0]
        raise Refuse("the patch names no file and has no lines to find one by; add `--- a/<path>` headers")
    hits: list[str] = []
    for name in tree.tracked_files():
        full = tree.root / name
        try:
            if full.is_symlink() or not full.is_file() or full.stat().st_size > _MAX_SCAN_BYTES:
                continue
            data = full.read_bytes()
        except OSError:
            continue
        if b"\0" in data:
            continue
        lines = Content.from_text(data.decode("utf-8", "surrogateescape")).lines
        normed = [norm(x) for x in lines]
        if all(loose_positions(n, lines, normed) for n in needles):
            hits.append(name)
    named_hits = [h for h in hits if h in mentioned]
    if len(hits) == 1:
        return tree.safe(hits[0])
    if len(named_hits) == 1:
        return tree.safe(named_hits[0])
    if not hits:
        if len(mentioned) == 1:
            return mentioned[0]  # its lines are not there: the refusal will show the closest ones
        raise Refuse("the patch names no file, and no file in the worktree holds its lines; add file headers")
    raise Refuse(
        "the patch names no file, and its lines occur in several files ("
        + ", ".join(hits[:5])
        + "); add `--- a/<path>` / `+++ b/<path>` headers"
    )


def resolve_paths(tree: Tree, parsed: Parsed) -> None:
    """Fill in missing file names and normalise every path, refusing unsafe ones."""
    for patch in parsed.files:
        if not patch.named:
            if patch.src_null or patch.dst_null:
                raise Refuse("the patch creates or deletes a file without naming it")
            target = _infer_target(tree, parsed, [h.old for h in patch.hunks])
            patch.src = patch.dst = target
        if patch.src is not None:
            patch.src = tree.safe(patch.src)
        if patch.dst is not None:
            patch.dst = tree.safe(patch.dst)
    for block in parsed.blocks:
        if block.path is None:
            block.path = _infer_target(tree, parsed, [block.search])
        else:
            block.path = tree.safe(block.path)


def _state(tree: Tree, changes: Changes, path: str) -> Content | None:
    return changes[path] if path in changes else tree.read(path)


def compute_diff(
    tree: Tree, files: list[FilePatch], *, relocate: bool, max_drift: int | None, counted: bool = False
) -> Changes:
    changes: Changes = {}
    for patch in files:
        if patch.binary:
            raise Refuse("binary patches are not supported")
        path = patch.path
        assert path is not None
        current = None if patch.src_null else _state(tree, changes, path)
        all_new = all(not h.old for h in patch.hunks)
        if current is None and not patch.src_null and not (all_new and not patch.dst_null):
            raise Refuse(f"{path} does not exist in the worktree")
        if current is None:  # a new file
            dest = patch.dst or path
            existing = _state(tree, changes, dest)
            if existing is not None and existing.lines:
                raise Refuse(f"{dest} already exists; the patch creates it as a new file")
            new = apply_hunks(
                dest, patch.hunks, Content([]), relocate=relocate, max_drift=None, counted=counted
            )
            changes[dest] = new
            continue
        if patch.dst_null:
            new = apply_hunks(path, patch.hunks, current, relocate=False, max_drift=None, counted=counted)
            if new.lines:
                raise Refuse(f"{path}: the patch deletes the file but does not remove all its lines")
            changes[path] = None
            continue
        new = apply_hunks(path, patch.hunks, current, relocate=relocate, max_drift=max_drift, counted=counted)
        dest = patch.dst or path
        if dest != path:
            if _state(tree, changes, dest) is not None:
                raise Refuse(f"{dest} already exists; the patch renames {path} onto it")
            changes[path] = None
        changes[dest] = new
    return changes


def compute_blocks(tree: Tree, blocks: list[Block]) -> Changes:
    changes: Changes = {}
    for block in blocks:
        path = block.path
        assert path is not None
        what = f"SEARCH/REPLACE block {block.number}"
        current = _state(tree, changes, path)
        search = block.search
        if current is None:
            if any(x.strip() for x in search):
                raise Refuse(f"{path} does not exist in the worktree ({what})")
            changes[path] = Content(list(block.replace))
            continue
        if not any(x.strip() for x in search):
            raise Refuse(f"{path} {what} has an empty SEARCH section; quote the lines to replace")
        lines = current.lines
        normed = [norm(x) for x in lines]
        crlf = bool(lines) and sum(x.endswith("\r") for x in lines) * 2 > len(lines)
        exact = exact_positions(search, lines)
        if len(exact) == 1:
            pos, replacement = exact[0], list(block.replace)
        elif len(exact) > 1:
            raise Refuse(ambiguous_reason(path, what, exact, search).replace("hunk's context", "search text"))
        else:
            loose = loose_positions(search, lines, normed)
            if len(loose) > 1:
                raise Refuse(
                    ambiguous_reason(path, what, loose, search).replace("hunk's context", "search text")
                )
            if not loose:
                raise Refuse(miss_reason(path, what, search, block.replace, lines))
            pos = loose[0]
            reindent = Reindent(list(zip(search, lines[pos : pos + len(search)], strict=True)))
            replacement = []
            for text in block.replace:
                fixed = reindent(text)
                if fixed is None:
                    raise Refuse(
                        f"{path} {what}: its whitespace differs from the file's and the indentation "
                        f"of replacement line {text.strip()[:60]!r} cannot be mapped onto it"
                    )
                replacement.append(adapt_eol(fixed, crlf))
        out = list(lines)
        out[pos : pos + len(search)] = replacement
        changes[path] = Content(out, current.eol if out else True)
    return changes
