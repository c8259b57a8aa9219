"""One hunk of a model-written diff: its header, and every plausible extent of its body (the
extent its @@ counts give, the greedy one, and the ends before prose)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from devagent.tools.git.diff_headers import LOOSE_HUNK_HEADER_RE, HunkCounter

BOUNDARY = "\x00boundary\x00"  # stands for a Markdown fence line: ends any hunk


@dataclass
class Hunk:
    number: int
    header: str
    old_start: int | None
    old_count: int | None
    new_start: int | None
    new_count: int | None
    section: str
    tags: list[str] = field(default_factory=list)  # " ", "-" or "+"
    texts: list[str] = field(default_factory=list)
    old_noeol: bool = False
    new_noeol: bool = False
    by_counts: Hunk | None = None  # the reading the @@ counts delimit, when it differs from this one
    readings: list[Hunk] = field(default_factory=list)  # other plausible extents of the hunk

    @property
    def old(self) -> list[str]:
        return [t for g, t in zip(self.tags, self.texts, strict=True) if g != "+"]

    @property
    def new(self) -> list[str]:
        return [t for g, t in zip(self.tags, self.texts, strict=True) if g != "-"]

    def label(self) -> str:
        header = self.header if len(self.header) <= 60 else self.header[:57] + "..."
        return f"hunk {self.number} ({header})"


def _is_body(line: str) -> bool:
    return line == "" or line[0] in " +-\\"


def parse_hunk(lines: list[str], i: int, number: int) -> tuple[Hunk, int]:
    header = lines[i].rstrip()
    m = LOOSE_HUNK_HEADER_RE.match(header)
    if m:
        os_, oc, ns, nc = (int(g) if g is not None else None for g in m.groups()[:4])
        hunk = Hunk(
            number,
            header,
            os_,
            1 if oc is None else oc,
            ns,
            1 if nc is None else nc,
            m.group(5).strip(),
        )
    else:
        hunk = Hunk(number, header, None, None, None, None, "")
    body: list[str] = []
    j = i + 1
    structural = False  # ended by a fence, a hunk or a file header rather than prose or the end
    while j < len(lines):
        line = lines[j]
        if (
            line == BOUNDARY
            or line.startswith(("@@", "diff --git "))
            or (line.startswith("--- ") and j + 1 < len(lines) and lines[j + 1].startswith("+++ "))
        ):
            structural = True
            break
        if not _is_body(line):
            break
        body.append(line)
        j += 1
    end = i + 1 + len(body)
    greedy = list(body)
    while greedy and greedy[-1] == "":
        greedy.pop()
    counted = _counted_body(body, hunk.old_count, hunk.new_count)
    if counted is not None and all(line == "" for line in body[len(counted) :]):
        _fill(hunk, counted)  # the counts end the hunk cleanly: only blank lines follow
        return hunk, end
    _fill(hunk, greedy)
    if counted is not None:
        hunk.by_counts = _reading(hunk, counted)
    if structural:
        return hunk, end  # inside a fence, or before the next hunk: all of it is diff
    # More body-like lines follow where the counts end the hunk, or after an empty line, and
    # then prose or the end of the text: wrong counts (or a blank context line written as ""),
    # or prose after the diff? Every plausible end is kept as another reading, and all readings
    # that apply must agree (apply_hunks). A tail closed by a non-blank context line is diff,
    # not prose: that context has to match the file.
    ends: set[int] = set()
    if counted is not None:
        last_ctx = max(
            (k + 1 for k, line in enumerate(greedy) if line[:1] == " " and line.strip()), default=0
        )
        for p in range(min(len(counted), last_ctx), len(greedy)):
            if not _closed_by_context(greedy[p:]):
                ends.add(p)
    for k in range(len(greedy) - 1, 0, -1):
        if greedy[k] == "" and not _closed_by_context(greedy[k + 1 :]):
            if any(line[:1] in "+-" for line in greedy[k + 1 :]):
                ends.add(k)
            break
    seen = [greedy]
    for p in sorted(ends):
        cut = greedy[:p]
        while cut and cut[-1] == "":
            cut.pop()
        if cut not in seen:
            seen.append(cut)
            hunk.readings.append(_reading(hunk, cut))
    return hunk, end


def _reading(hunk: Hunk, body: list[str]) -> Hunk:
    other = replace(hunk, tags=[], texts=[], old_noeol=False, new_noeol=False, by_counts=None, readings=[])
    _fill(other, body)
    return other


def _closed_by_context(extra: list[str]) -> bool:
    """True when a non-blank context line follows the last +/- line of `extra`."""
    last = max((k for k, line in enumerate(extra) if line[:1] in "+-"), default=-1)
    return any(line[:1] == " " and line.strip() for line in extra[last + 1 :])


def _fill(hunk: Hunk, body: list[str]) -> None:
    for line in body:
        if line.startswith("\\"):
            if hunk.tags:
                last = hunk.tags[-1]
                if last in " -":
                    hunk.old_noeol = True
                if last in " +":
                    hunk.new_noeol = True
            continue
        hunk.tags.append(line[:1] or " ")
        hunk.texts.append(line[1:])


def _counted_body(body: list[str], old_count: int | None, new_count: int | None) -> list[str] | None:
    """The start of the body the header counts delimit (with a "\\ No newline" marker after
    it), or None when the body runs out first."""
    if old_count is None or new_count is None:
        return None
    counter = HunkCounter(old_count, new_count)
    k = 0
    while k < len(body) and counter.active:
        counter.consume(body[k])
        k += 1
    if not counter.exact:
        return None
    while k < len(body) and body[k].startswith("\\"):
        k += 1
    return body[:k]
