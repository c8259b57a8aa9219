"""Diffs written by the applier: the git diff from a file's current content to a computed
one (`render_diff`), and a parsed diff written back as a well-formed git diff."""

from __future__ import annotations

import difflib
from pathlib import Path

from devagent.tools.patch_apply.content import Content
from devagent.tools.patch_apply.locate import exact_positions
from devagent.tools.patch_apply.parse import FilePatch
from devagent.tools.patch_apply.worktree import Tree


def _terminated(content: Content) -> list[str]:
    out = [line + "\n" for line in content.lines]
    if out and not content.eol:
        out[-1] = out[-1][:-1]
    return out


def _diff_line(tag: str, line: str) -> str:
    if line.endswith("\n"):
        return tag + line
    return tag + line + "\n\\ No newline at end of file\n"


def render(path: str, old: Content | None, new: Content | None, mode: str = "100644") -> str:
    """A git diff taking `path` from `old` to `new` (None: absent)."""
    if old is None and new is None:
        return ""
    a = _terminated(old) if old is not None else []
    b = _terminated(new) if new is not None else []
    if old is not None and new is not None and a == b:
        return ""
    out = [f"diff --git a/{path} b/{path}\n"]
    if old is None:
        out.append(f"new file mode {mode}\n")
    elif new is None:
        out.append(f"deleted file mode {mode}\n")
    if not a and not b:
        return "".join(out)  # an empty file created or deleted: headers only
    out.append("--- /dev/null\n" if old is None else f"--- a/{path}\n")
    out.append("+++ /dev/null\n" if new is None else f"+++ b/{path}\n")
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for group in matcher.get_grouped_opcodes(3):
        i1, i2, j1, j2 = group[0][1], group[-1][2], group[0][3], group[-1][4]
        old_len, new_len = i2 - i1, j2 - j1
        old_start = i1 + 1 if old_len else i1
        new_start = j1 + 1 if new_len else j1
        out.append(f"@@ -{old_start},{old_len} +{new_start},{new_len} @@\n")
        for tag, g1, g2, h1, h2 in group:
            if tag == "equal":
                out.extend(_diff_line(" ", line) for line in a[g1:g2])
                continue
            out.extend(_diff_line("-", line) for line in a[g1:g2])
            out.extend(_diff_line("+", line) for line in b[h1:h2])
    return "".join(out)


def render_diff(worktree: Path, path: str, new_text: str) -> str:
    """A git-style unified diff (`diff --git`, a/ b/ prefixes) from the current content of
    `path` in `worktree` (absent: a new file) to `new_text`; "" when nothing changes."""
    tree = Tree(worktree.resolve())
    rel = tree.safe(path)
    old = tree.read(rel)
    return render(rel, old, Content.from_text(new_text), tree.mode(rel))


def serialise(files: list[FilePatch], tree: Tree) -> str:
    """The parsed diff as a well-formed git diff with recounted hunk headers."""
    out: list[str] = []
    for patch in files:
        src = patch.src or patch.dst
        dst = patch.dst or patch.src
        out.append(f"diff --git a/{src} b/{dst}\n")
        if patch.src_null:
            out.append("new file mode 100644\n")
        if patch.dst_null:
            out.append("deleted file mode 100644\n")
        if not patch.src_null and not patch.dst_null and src != dst:
            out.append(f"rename from {src}\nrename to {dst}\n")
        if not patch.hunks:
            continue
        out.append("--- /dev/null\n" if patch.src_null else f"--- a/{src}\n")
        out.append("+++ /dev/null\n" if patch.dst_null else f"+++ b/{dst}\n")
        current = None if patch.src_null or src is None else tree.read(src)
        delta = 0
        for hunk in patch.hunks:
            old, new = hunk.old, hunk.new
            if patch.src_null:
                old_start = 0
            elif hunk.old_start is not None:
                old_start = hunk.old_start
            elif current is not None and len(found := exact_positions(old, current.lines)) == 1:
                old_start = found[0] + 1
            else:
                old_start = 1 if old else 0
            new_start = old_start + delta + (0 if old or not new else 1)
            delta += len(new) - len(old)
            section = f" {hunk.section}" if hunk.section else ""
            out.append(f"@@ -{old_start},{len(old)} +{new_start},{len(new)} @@{section}\n")
            last_old = max((k for k, g in enumerate(hunk.tags) if g != "+"), default=-1)
            last_new = max((k for k, g in enumerate(hunk.tags) if g != "-"), default=-1)
            for k, (tag, text) in enumerate(zip(hunk.tags, hunk.texts, strict=True)):
                out.append(tag + text + "\n")
                if (k == last_old and hunk.old_noeol) or (k == last_new and hunk.new_noeol):
                    out.append("\\ No newline at end of file\n")
    return "".join(out)
