"""A file's content with hunks applied in memory: each hunk placed (locate.py), added lines
re-indented like the file when it matched ignoring whitespace, and a hunk with several
plausible extents applied only when every reading gives the same result."""

from __future__ import annotations

import itertools
import math

from devagent.tools.patch_apply.content import Ambiguous, Content, Refuse, norm
from devagent.tools.patch_apply.hunk import Hunk
from devagent.tools.patch_apply.locate import locate

_TAB_COLS = 4


def _lead(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" \t"))]


def _cols(lead: str) -> int:
    return sum(_TAB_COLS if ch == "\t" else 1 for ch in lead)


class Reindent:
    """Maps the indentation of a hunk's added lines onto the file's, from the matched pairs."""

    def __init__(self, pairs: list[tuple[str, str]]) -> None:
        leads = [(_lead(h), _lead(f)) for h, f in pairs if h.strip() and f.strip()]
        self.identity = all(h == f for h, f in leads)
        self.mapping: dict[str, str] = {}
        self.consistent = True
        for h, f in leads:
            if self.mapping.setdefault(h, f) != f:
                self.consistent = False
        self.leads = leads

    def __call__(self, line: str) -> str | None:
        if self.identity or not line.strip():
            return line
        if not self.consistent:
            return None
        lead = _lead(line)
        if lead in self.mapping:
            return self.mapping[lead] + line[len(lead) :]
        width = self._width(_cols(lead))
        if width is None or width < 0:
            return None
        file_leads = [f for _, f in self.leads if f]
        if file_leads and all(set(f) == {"\t"} for f in file_leads):
            if width % _TAB_COLS:
                return None
            return "\t" * (width // _TAB_COLS) + line[len(lead) :]
        if any("\t" in f for f in file_leads):
            return None
        return " " * width + line[len(lead) :]

    def _width(self, w: int) -> int | None:
        pairs = [(_cols(h), _cols(f)) for h, f in self.leads]
        offsets = {f - h for h, f in pairs}
        offset = offsets.pop() + w if len(offsets) == 1 else None
        ratios = {f / h for h, f in pairs if h}
        zero_ok = all(f == 0 for h, f in pairs if h == 0)
        scale: int | None = None
        if len(ratios) == 1 and zero_ok:
            k = ratios.pop()
            if (w * k).is_integer():
                scale = int(w * k)
        if offset is None or scale is None or offset == scale:
            return offset if scale is None else scale
        # Both a shift and a scaling explain the matched lines but disagree here: unsure.
        return None


def adapt_eol(line: str, crlf: bool) -> str:
    if crlf and not line.endswith("\r"):
        return line + "\r"
    if not crlf and line.endswith("\r"):
        return line[:-1]
    return line


_MAX_READINGS = 8


def apply_hunks(
    path: str,
    hunks: list[Hunk],
    content: Content,
    *,
    relocate: bool,
    max_drift: int | None,
    counted: bool = False,
) -> Content:
    """The hunks applied to `content`. A hunk with several plausible extents (`readings`) lands
    only if every reading that applies gives the same result; `counted` takes the reading the
    @@ counts delimit, as git does."""
    if counted:
        return _apply_hunk_set(
            path, [h.by_counts or h for h in hunks], content, relocate=relocate, max_drift=max_drift
        )
    choices = [[h, *h.readings] for h in hunks]
    combos = list(itertools.islice(itertools.product(*choices), _MAX_READINGS))
    results: list[Content] = []
    first: Refuse | None = None
    for combo in combos:
        try:
            results.append(
                _apply_hunk_set(path, list(combo), content, relocate=relocate, max_drift=max_drift)
            )
        except Ambiguous:
            raise  # a reading that fits at several places is not one that does not fit
        except Refuse as exc:
            first = first or exc
    if not results:
        assert first is not None
        raise first
    if len(combos) < math.prod(len(c) for c in choices) or any(r != results[0] for r in results[1:]):
        hunk = next(h for h in hunks if h.readings)
        raise Ambiguous(
            f"ambiguous: {path} {hunk.label()}: where it ends is unclear: more +/- lines follow where "
            "its @@ counts end it or after an empty line (prose, or part of the hunk?); fix the counts, "
            "write blank context lines as a single space, or put the diff alone in a ```diff fence"
        )
    return results[0]


def _apply_hunk_set(
    path: str, hunks: list[Hunk], content: Content, *, relocate: bool, max_drift: int | None
) -> Content:
    lines = content.lines
    normed = [norm(x) for x in lines]
    placed = [(locate(path, h, lines, normed, relocate=relocate, max_drift=max_drift), h) for h in hunks]
    placed.sort(key=lambda item: item[0].pos)
    for (a, ha), (b, hb) in itertools.pairwise(placed):
        if a.pos + len(ha.old) > b.pos:
            raise Refuse(f"{path} {ha.label()} and {hb.label()} overlap (lines {a.pos + 1} and {b.pos + 1})")
    crlf = bool(lines) and sum(x.endswith("\r") for x in lines) * 2 > len(lines)
    out = list(lines)
    eol = content.eol
    for placement, hunk in reversed(placed):
        real = lines[placement.pos : placement.pos + len(hunk.old)]
        reindent = Reindent(
            [(h, f) for h, f, ok in zip(hunk.old, real, placement.matched, strict=True) if ok]
        )
        region: list[str] = []
        k = 0
        for tag, text in zip(hunk.tags, hunk.texts, strict=True):
            if tag == " ":
                region.append(real[k])
                k += 1
            elif tag == "-":
                k += 1
            elif placement.mode == "exact":
                region.append(text)
            else:
                fixed = reindent(text)
                if fixed is None:
                    raise Refuse(
                        f"{path} {hunk.label()}: its whitespace differs from the file's and the "
                        f"indentation of added line {text.strip()[:60]!r} cannot be mapped onto it; "
                        "copy the context lines exactly"
                    )
                region.append(adapt_eol(fixed, crlf))
        end = placement.pos + len(hunk.old)
        out[placement.pos : end] = region
        if end == len(lines) and (hunk.old_noeol or hunk.new_noeol):
            eol = not hunk.new_noeol
    return Content(out, eol if out else True)
