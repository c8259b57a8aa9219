"""Where a hunk's old lines are in a file: exactly, else ignoring whitespace, else with a few
stale context lines; the one place, or a refusal that shows the expected and the closest
lines (or the several places an ambiguous hunk fits)."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass

from devagent.tools.patch_apply.content import Ambiguous, Refuse, norm
from devagent.tools.patch_apply.hunk import Hunk

_SHOW_LINES = 4
_STALE_SIMILARITY = 0.6  # a stale context line must still resemble the real one


@dataclass
class _Placement:
    pos: int
    mode: str  # "exact", "loose" or "stale"
    matched: list[bool]  # per old line: equal (loosely) to the file's line


def exact_positions(needle: list[str], lines: list[str]) -> list[int]:
    m = len(needle)
    if m == 0 or m > len(lines):
        return []
    first = needle[0]
    return [i for i in range(len(lines) - m + 1) if lines[i] == first and lines[i : i + m] == needle]


def loose_positions(needle: list[str], lines: list[str], normed: list[str]) -> list[int]:
    m = len(needle)
    if m == 0 or m > len(lines):
        return []
    want = [norm(x) for x in needle]
    return [i for i in range(len(lines) - m + 1) if normed[i] == want[0] and normed[i : i + m] == want]


def _stale_positions(hunk: Hunk, normed: list[str]) -> list[tuple[int, list[bool]]]:
    """Places where every removed line matches and at most a few context lines differ slightly."""
    old_tags = [g for g in hunk.tags if g != "+"]
    want = [norm(x) for x in hunk.old]
    m = len(want)
    n_ctx = old_tags.count(" ")
    allowed = max(1, n_ctx // 3)
    found: list[tuple[int, list[bool]]] = []
    for i in range(len(normed) - m + 1):
        matched: list[bool] = []
        misses = 0
        for k in range(m):
            ok = normed[i + k] == want[k]
            if not ok:
                if old_tags[k] == "-" or not want[k] or not normed[i + k]:
                    break
                misses += 1
                if misses > allowed:
                    break
                ratio = difflib.SequenceMatcher(None, want[k], normed[i + k], autojunk=False).ratio()
                if ratio < _STALE_SIMILARITY:
                    break
            matched.append(ok)
        else:
            anchors_removed = sum(1 for k in range(m) if old_tags[k] == "-" and want[k])
            anchors_ctx = sum(1 for k in range(m) if old_tags[k] == " " and matched[k] and want[k])
            if misses and (anchors_removed >= 1 or anchors_ctx >= 2):
                found.append((i, matched))
    return found


def _lines_at(positions: Sequence[int]) -> str:
    shown = [str(p + 1) for p in positions[:5]]
    more = f" and {len(positions) - 5} more" if len(positions) > 5 else ""
    return (", ".join(shown[:-1]) + " and " + shown[-1] if len(shown) > 1 else shown[0]) + more


def _quote(lines: Sequence[str], first: int | None = None, limit: int = _SHOW_LINES) -> str:
    out: list[str] = []
    for k, line in enumerate(lines[:limit]):
        shown = line.rstrip("\r")
        shown = shown if len(shown) <= 100 else shown[:97] + "..."
        out.append(f"    {first + k}: {shown}" if first is not None else f"    | {shown}")
    if len(lines) > limit:
        out.append(f"    ... ({len(lines) - limit} more)")
    return "\n".join(out)


def _closest(needle: list[str], lines: list[str]) -> tuple[int, int, float] | None:
    """(start, length, similarity) of the window of the file most like `needle`."""
    if not needle or not lines:
        return None
    m = min(len(needle), len(lines))
    normed = [norm(x) for x in lines]
    want = {norm(x) for x in needle if x.strip()}
    scores = [(sum(1 for k in range(m) if normed[i + k] in want), -i) for i in range(len(lines) - m + 1)]
    candidates = [-neg for _, neg in sorted(scores, reverse=True)[:12]]
    target = "\n".join(norm(x) for x in needle)
    best: tuple[int, int, float] | None = None
    for start in candidates:
        ratio = difflib.SequenceMatcher(
            None, target, "\n".join(normed[start : start + m]), autojunk=False
        ).ratio()
        if best is None or ratio > best[2]:
            best = (start, m, ratio)
    return best


def miss_reason(path: str, what: str, needle: list[str], new: list[str], lines: list[str]) -> str:
    text = f"{path} {what}: its lines match nowhere in the file. Expected:\n{_quote(needle)}"
    normed = [norm(x) for x in lines]
    applied = loose_positions(new, lines, normed) if new and new != needle else []
    if len(applied) == 1:
        text += f"\nIt looks already applied: its new lines are at line {applied[0] + 1}."
    close = _closest(needle, lines)
    if close is not None and close[2] > 0.2:
        start, length, ratio = close
        text += (
            f"\nClosest lines in {path} (lines {start + 1}-{start + length}, {ratio:.0%} similar):\n"
            + _quote(lines[start : start + length], first=start + 1)
        )
    return text


def ambiguous_reason(path: str, what: str, positions: Sequence[int], needle: list[str]) -> str:
    return (
        f"ambiguous: {path} {what}: the hunk's context matches at lines {_lines_at(positions)}; "
        f"add context lines that occur only at the intended place. Its lines:\n{_quote(needle)}"
    )


def locate(
    path: str,
    hunk: Hunk,
    lines: list[str],
    normed: list[str],
    *,
    relocate: bool,
    max_drift: int | None,
) -> _Placement:
    old = hunk.old
    what = hunk.label()
    if not old:
        if not lines:
            return _Placement(0, "exact", [])
        raise Refuse(
            f"{path} {what} has no context or removed lines, so there is no telling where it goes; "
            "include a few unchanged lines around the change"
        )
    stated = hunk.old_start - 1 if hunk.old_start is not None and hunk.old_start > 0 else None
    exact = exact_positions(old, lines)
    placement: _Placement | None = None
    if len(exact) == 1 or (len(exact) > 1 and stated in exact):
        pos = exact[0] if len(exact) == 1 else stated
        assert pos is not None
        placement = _Placement(pos, "exact", [True] * len(old))
    elif len(exact) > 1:
        raise Ambiguous(ambiguous_reason(path, what, exact, old))
    elif not relocate:
        raise Refuse(miss_reason(path, what, old, hunk.new, lines))
    else:
        loose = loose_positions(old, lines, normed)
        if len(loose) == 1:
            placement = _Placement(loose[0], "loose", [True] * len(old))
        elif len(loose) > 1:
            raise Ambiguous(ambiguous_reason(path, what, loose, old))
        else:
            stale = _stale_positions(hunk, normed)
            if len(stale) == 1:
                placement = _Placement(stale[0][0], "stale", stale[0][1])
            elif len(stale) > 1:
                raise Ambiguous(ambiguous_reason(path, what, [p for p, _ in stale], old))
            else:
                raise Refuse(miss_reason(path, what, old, hunk.new, lines))
    if max_drift is not None and stated is not None and abs(placement.pos - stated) > max_drift:
        raise Refuse(
            f"{path} {what} matches only at line {placement.pos + 1}, "
            f"{abs(placement.pos - stated)} lines from its stated line {stated + 1} (max drift {max_drift})"
        )
    return placement
