"""A corpus of damaged diffs, generated from the repair tasks' reference fixes, for the patch appliers.

Weak local models write diffs with wrong line numbers, stale or re-indented context, missing
headers, wrong hunk counts, prose and Markdown fences around them, and truncated hunks. For
every task this module derives such variants from the task's `fix.diff`, deterministically
(a seeded RNG per task), and labels each one:

* `expect="apply"`: the diff is applicable and unambiguous; the only correct result is the
  reference fixed file (`expected`).
* `expect="refuse"`: it must not land: its context matches at several places (a duplicate
  of the hunk's region is inserted into the file for that case, and the stated line numbers
  point at neither copy), its context matches nowhere, or a removed line does not exist.

Labels come from simple rules over the file's lines (never from an applier): a hunk is
applicable when its old lines (context and removed), compared ignoring whitespace, occur
exactly once in the file, or exactly at the line the diff states. A stale context line is a
wildcard: the rest must still match once, anchored by a removed line or two context lines.

`python -m bench.repair.corpus` prints the case counts per kind and label."""

from __future__ import annotations

import keyword
import random
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

DEFAULT_SEED = 20240611
KINDS = (
    "line_drift",
    "stale_context",
    "whitespace",
    "missing_headers",
    "wrong_headers",
    "fenced_in_prose",
    "truncated_hunk",
    "combined",
    "ambiguous",
    "nonexistent_context",
    "missing_removed_line",
)
Expect = Literal["apply", "refuse"]
_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@(.*)$")


@dataclass(frozen=True)
class Source:
    """What a case is made from: the buggy files (path -> text) and the reference fix."""

    task_id: str
    files: dict[str, str]
    fix_diff: str


@dataclass(frozen=True)
class Case:
    id: str
    task_id: str
    kind: str
    diff: str
    expect: Expect
    # Files to write over the task's repo before applying (the ambiguous cases' duplicates).
    setup: dict[str, str] = field(default_factory=dict)
    # For "apply": the changed files' correct contents (path -> text). Empty for "refuse".
    expected: dict[str, str] = field(default_factory=dict)
    note: str = ""


# --------------------------------------------------------------------------- the reference diff


@dataclass
class Hunk:
    old_start: int
    new_start: int
    section: str
    lines: list[str]  # with their " ", "-", "+" tag; "\\ No newline" lines kept as they are

    @property
    def old(self) -> list[str]:
        return [line[1:] for line in self.lines if line[:1] in (" ", "-")]

    @property
    def new(self) -> list[str]:
        return [line[1:] for line in self.lines if line[:1] in (" ", "+")]


@dataclass
class FileDiff:
    path: str
    git_header: list[str]  # "diff --git ..." and "index ..." lines
    hunks: list[Hunk]


def parse_reference(diff: str) -> list[FileDiff]:
    """Parse a well-formed git diff (hunk bodies walked by their counts)."""
    files: list[FileDiff] = []
    lines = diff.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("diff --git "):
            files.append(FileDiff("", [line], []))
        elif line.startswith(("index ", "new file mode", "deleted file mode")) and files:
            files[-1].git_header.append(line)
        elif line.startswith("+++ ") and files:
            files[-1].path = line[4:].split("\t")[0].removeprefix("b/")
        elif line.startswith("@@"):
            m = _HUNK.match(line)
            if m is None or not files:
                raise ValueError(f"bad hunk header: {line}")
            old_left = int(m.group(2) or 1)
            new_left = int(m.group(4) or 1)
            body: list[str] = []
            i += 1
            while i < len(lines) and (old_left > 0 or new_left > 0 or lines[i].startswith("\\")):
                body_line = lines[i] or " "
                tag = body_line[0]
                if tag in " -":
                    old_left -= 1
                if tag in " +":
                    new_left -= 1
                body.append(body_line)
                i += 1
            files[-1].hunks.append(Hunk(int(m.group(1)), int(m.group(3)), m.group(5), body))
            continue
        i += 1
    if not files or not all(f.path and f.hunks for f in files):
        raise ValueError("reference diff has no file with hunks")
    return files


def _split(text: str) -> list[str]:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def _join(lines: Sequence[str]) -> str:
    return "".join(line + "\n" for line in lines)


def apply_reference(files: dict[str, str], diffs: list[FileDiff]) -> dict[str, str]:
    """The fixed contents: each hunk applied exactly at its stated line (it must match there)."""
    out: dict[str, str] = {}
    for fd in diffs:
        lines = _split(files[fd.path])
        for hunk in reversed(fd.hunks):
            start = hunk.old_start - 1
            if lines[start : start + len(hunk.old)] != hunk.old:
                raise ValueError(f"reference hunk does not match {fd.path}:{hunk.old_start}")
            lines[start : start + len(hunk.old)] = hunk.new
        out[fd.path] = _join(lines)
    return out


# --------------------------------------------------------------------------- labelling rules


def _norm(line: str) -> str:
    return " ".join(line.split())


def loose_positions(block: Sequence[str], lines: Sequence[str]) -> list[int]:
    """Where `block` occurs in `lines`, comparing lines with whitespace runs collapsed."""
    want = [_norm(x) for x in block]
    have = [_norm(x) for x in lines]
    m = len(want)
    if not m:
        return []
    return [i for i in range(len(have) - m + 1) if have[i : i + m] == want]


def exact_at(block: Sequence[str], lines: Sequence[str], start: int) -> bool:
    return start >= 0 and list(lines[start : start + len(block)]) == list(block)


def applicable(block: Sequence[str], lines: Sequence[str], stated: int | None) -> bool:
    """The labelling rule: unique ignoring whitespace, or exactly at the stated line."""
    if len(loose_positions(block, lines)) == 1:
        return True
    return stated is not None and exact_at(block, lines, stated - 1)


def wildcard_positions(block: Sequence[str], wildcard: int, lines: Sequence[str]) -> list[int]:
    """Where `block` occurs with line `wildcard` allowed to be anything."""
    want = [_norm(x) for x in block]
    have = [_norm(x) for x in lines]
    m = len(want)
    return [
        i for i in range(len(have) - m + 1) if all(k == wildcard or have[i + k] == want[k] for k in range(m))
    ]


# --------------------------------------------------------------------------- emitting variants


@dataclass
class Emit:
    git_header: bool = True
    file_headers: bool = True
    counts: Callable[[Hunk], tuple[int, int]] | None = None  # None: the true counts
    starts: Callable[[Hunk], tuple[int, int]] | None = None  # None: as in the reference


def emit(diffs: list[FileDiff], opts: Emit) -> str:
    out: list[str] = []
    for fd in diffs:
        if opts.git_header:
            out.extend(fd.git_header)
        if opts.file_headers:
            out += [f"--- a/{fd.path}", f"+++ b/{fd.path}"]
        for hunk in fd.hunks:
            old_start, new_start = opts.starts(hunk) if opts.starts else (hunk.old_start, hunk.new_start)
            if opts.counts:
                old_count, new_count = opts.counts(hunk)
            else:
                old_count, new_count = len(hunk.old), len(hunk.new)
            out.append(f"@@ -{old_start},{old_count} +{new_start},{new_count} @@{hunk.section}")
            out.extend(hunk.lines)
    return _join(out)


def _with_lines(diffs: list[FileDiff], fn: Callable[[Hunk], list[str]]) -> list[FileDiff]:
    return [replace(fd, hunks=[replace(h, lines=fn(h)) for h in fd.hunks]) for fd in diffs]


def _map_lines(diffs: list[FileDiff], fn: Callable[[str, str], str]) -> list[FileDiff]:
    """Apply fn(tag, text) -> text to every body line."""
    return _with_lines(
        diffs,
        lambda h: [line if line.startswith("\\") else line[0] + fn(line[0], line[1:]) for line in h.lines],
    )


def _reindent(text: str, fn: Callable[[int], str]) -> str:
    stripped = text.lstrip(" ")
    if not stripped:
        return text
    return fn(len(text) - len(stripped)) + stripped


PROSE_BEFORE = (
    "The failing test shows the function returns the wrong value. Here is the fix:",
    "I found the bug. Apply this patch:",
    "Sure! The problem is an off-by-one mistake.\n\nHere's the corrected code as a diff:",
    "### Fix\n\nThe comparison is wrong; change it like this:",
)
PROSE_AFTER = (
    "This should make the test pass.",
    "After this change:\n- the edge case is handled\n- the other tests still pass",
    "Let me know if you want me to add a test as well.",
    "",
)


def _fence(rng: random.Random, body: str) -> str:
    before = rng.choice(PROSE_BEFORE)
    after = rng.choice(PROSE_AFTER)
    lang = rng.choice(("diff", "diff", "patch", ""))
    return f"{before}\n\n```{lang}\n{body}```\n\n{after}\n"


# --------------------------------------------------------------------------- generation


class _Gen:
    def __init__(self, source: Source, seed: int) -> None:
        self.source = source
        self.rng = random.Random(f"{seed}:{source.task_id}")
        self.diffs = parse_reference(source.fix_diff)
        self.expected = apply_reference(source.files, self.diffs)
        self.cases: list[Case] = []
        self.counter: Counter[str] = Counter()

    # -- helpers

    def lines_of(self, path: str) -> list[str]:
        return _split(self.source.files[path])

    def add(
        self, kind: str, diff: str, expect: Expect, note: str, setup: dict[str, str] | None = None
    ) -> None:
        self.counter[kind] += 1
        case_id = f"{self.source.task_id}/{kind}/{self.counter[kind]}"
        expected = dict(self.expected) if expect == "apply" else {}
        self.cases.append(Case(case_id, self.source.task_id, kind, diff, expect, setup or {}, expected, note))

    def label(self, diffs: list[FileDiff], starts: Callable[[Hunk], int] | None = None) -> Expect:
        """apply when every hunk is applicable by the rule in its file, else refuse."""
        for fd in diffs:
            lines = self.lines_of(fd.path)
            for hunk in fd.hunks:
                stated = starts(hunk) if starts else hunk.old_start
                if not applicable(hunk.old, lines, stated):
                    return "refuse"
        return "apply"

    def drift(self) -> int:
        return self.rng.choice((-1, 1)) * self.rng.randint(1, 20)

    # -- kinds

    def line_drift(self) -> None:
        for _ in range(2):
            self.line_drift_one("")

    def stale_context(self) -> None:
        fd = self.diffs[0]
        hunk = fd.hunks[0]
        old_idx = [k for k, line in enumerate(hunk.lines) if line[:1] in " -"]
        ctx = [
            (k, pos)
            for pos, k in enumerate(old_idx)
            if hunk.lines[k].startswith(" ") and len(hunk.lines[k].strip()) >= 8
        ]
        if not ctx:
            self.line_drift_one("no context line long enough to alter")
            return
        k, pos = self.rng.choice(ctx)
        original = hunk.lines[k][1:]
        altered = _alter(original, self.rng)
        lines = list(hunk.lines)
        lines[k] = " " + altered
        stale = [replace(fd, hunks=[replace(hunk, lines=lines), *fd.hunks[1:]]), *self.diffs[1:]]
        file_lines = self.lines_of(fd.path)
        matches = wildcard_positions(hunk.old, pos, file_lines)
        anchors = sum(1 for line in hunk.lines if line.startswith("-") and line[1:].strip())
        anchors_ctx = sum(
            1 for j in old_idx if j != k and hunk.lines[j].startswith(" ") and hunk.lines[j].strip()
        )
        ok = len(matches) == 1 and (anchors >= 1 or anchors_ctx >= 2)
        expect: Expect = "apply" if ok and self.label(self.diffs) == "apply" else "refuse"
        self.add(
            "stale_context",
            emit(stale, Emit()),
            expect,
            f"context line {original.strip()!r} altered to {altered.strip()!r}",
        )

    def line_drift_one(self, why: str) -> None:
        d = self.drift()
        shifted = {id(h): max(1, h.old_start + d) for fd in self.diffs for h in fd.hunks}
        opts = Emit(starts=lambda h: (shifted[id(h)], shifted[id(h)] + h.new_start - h.old_start))
        note = f"@@ numbers shifted by {d:+d}" + (f" ({why})" if why else "")
        self.add("line_drift", emit(self.diffs, opts), self.label(self.diffs, lambda h: shifted[id(h)]), note)

    def whitespace(self) -> None:
        styles = ["two_spaces", "tabs", "trailing", "dedent"]
        self.rng.shuffle(styles)
        made = 0
        for style in styles:
            if made == 2:
                break
            variant = self._whitespace_variant(style)
            if variant is None:
                continue
            made += 1
            self.add("whitespace", emit(variant, Emit()), self.label(variant), style)

    def _whitespace_variant(self, style: str) -> list[FileDiff] | None:
        if style == "two_spaces":
            if not any(
                h.old for fd in self.diffs for h in fd.hunks if any(x.startswith("    ") for x in h.old)
            ):
                return None
            return _map_lines(self.diffs, lambda _t, s: _reindent(s, lambda n: " " * (n // 2)))
        if style == "tabs":
            if not any(x.startswith("    ") for fd in self.diffs for h in fd.hunks for x in h.old):
                return None
            return _map_lines(
                self.diffs, lambda _t, s: _reindent(s, lambda n: "\t" * (n // 4) + " " * (n % 4))
            )
        if style == "trailing":
            return self._trailing(self.diffs, 3, "  ")
        # dedent: every hunk line loses the indentation all its non-blank lines share
        widths = [
            len(x) - len(x.lstrip(" "))
            for fd in self.diffs
            for h in fd.hunks
            for x in h.old + h.new
            if x.strip()
        ]
        base = min(widths, default=0)
        if base == 0:
            return None
        return _map_lines(self.diffs, lambda _t, s: s[base:] if s.strip() else s)

    def missing_headers(self) -> None:
        if self.rng.random() < 0.5:
            self.add(
                "missing_headers",
                emit(self.diffs, Emit(git_header=False)),
                self.label(self.diffs),
                "no diff --git",
            )
        else:
            self._hunks_only()

    def _hunks_only(self) -> None:
        diff = emit(self.diffs, Emit(git_header=False, file_headers=False))
        # Without any file name the target must be the one file holding the hunk's lines.
        expect: Expect = "apply"
        if len(self.diffs) != 1:
            expect = "refuse"
        else:
            hunks = self.diffs[0].hunks
            holders = [
                path
                for path, text in self.source.files.items()
                if all(loose_positions(h.old, _split(text)) for h in hunks)
            ]
            if holders != [self.diffs[0].path] or self.label(self.diffs) == "refuse":
                expect = "refuse"
        self.add("missing_headers", diff, expect, "hunks only, no file headers")

    def wrong_headers(self) -> None:
        def counts(h: Hunk) -> tuple[int, int]:
            old, new = len(h.old), len(h.new)
            while (old, new) == (len(h.old), len(h.new)):
                old = max(0, old + self.rng.randint(-3, 4))
                new = max(0, new + self.rng.randint(-3, 4))
            return old, new

        fixed = {id(h): counts(h) for fd in self.diffs for h in fd.hunks}
        diff = emit(self.diffs, Emit(counts=lambda h: fixed[id(h)]))
        self.add("wrong_headers", diff, self.label(self.diffs), "bad @@ counts")

    def fenced_in_prose(self) -> None:
        self.add(
            "fenced_in_prose", _fence(self.rng, emit(self.diffs, Emit())), self.label(self.diffs), "fenced"
        )

    def truncated_hunk(self) -> None:
        def cut(h: Hunk) -> list[str]:
            lines = list(h.lines)
            trailing = 0
            while trailing < len(lines) and lines[-1 - trailing].startswith(" "):
                trailing += 1
            drop = self.rng.randint(1, trailing) if trailing else 0
            return lines[: len(lines) - drop]

        cut_diffs = _with_lines(self.diffs, cut)
        # The header keeps the original (now too large) counts, as a model that stopped early would.
        orig = {(fd.path, k): (len(h.old), len(h.new)) for fd in self.diffs for k, h in enumerate(fd.hunks)}
        lookup = {id(h): orig[(fd.path, k)] for fd in cut_diffs for k, h in enumerate(fd.hunks)}
        diff = emit(cut_diffs, Emit(counts=lambda h: lookup[id(h)]))
        self.add("truncated_hunk", diff, self.label(cut_diffs), "trailing context dropped")

    def combined(self) -> None:
        d = self.drift()
        ws = self._trailing(self.diffs, 1, " ")
        diff = emit(
            ws,
            Emit(
                git_header=False,
                counts=lambda h: (len(h.old) + 2, len(h.new) + 1),
                starts=lambda h: (max(1, h.old_start + d), max(1, h.old_start + d)),
            ),
        )
        expect = self.label(ws, lambda h: max(1, h.old_start + d))
        self.add(
            "combined", _fence(self.rng, diff), expect, f"drift {d:+d}, trailing space, bad counts, fenced"
        )

    def _trailing(self, diffs: list[FileDiff], how_many: int, pad: str) -> list[FileDiff]:
        """Trailing whitespace on `how_many` randomly chosen context lines."""
        n_ctx = sum(1 for fd in diffs for h in fd.hunks for x in h.lines if x.startswith(" "))
        picks = set(self.rng.sample(range(n_ctx), min(how_many, n_ctx)))
        counter = iter(range(n_ctx))
        return _map_lines(diffs, lambda t, s: s + (pad if t == " " and next(counter) in picks else ""))

    def ambiguous(self) -> None:
        fd = self.diffs[0]
        hunk = fd.hunks[0]
        lines = self.lines_of(fd.path)
        block = hunk.old
        region = (hunk.old_start - 1, hunk.old_start - 1 + len(block))
        # Insert a copy of the hunk's old lines at a line boundary away from the region.
        spots = [i for i in range(len(lines) + 1) if i <= region[0] - 2 or i >= region[1] + 2]
        if not spots:
            spots = [len(lines)]
        spot = self.rng.choice(spots)
        copy = (
            ["", *block, ""] if spot not in (0, len(lines)) else ([*block, ""] if spot == 0 else ["", *block])
        )
        new_lines = lines[:spot] + copy + lines[spot:]
        positions = loose_positions(block, new_lines)
        # Line numbers that point at neither copy (and keep the rule's answer "refuse").
        d = self.drift()
        while max(1, hunk.old_start + d) - 1 in positions:
            d = self.drift()
        shifted = {id(h): max(1, h.old_start + d) for f in self.diffs for h in f.hunks}
        stated = shifted[id(hunk)]
        setup = {fd.path: _join(new_lines)}
        if len(positions) < 2 or exact_at(block, new_lines, stated - 1):
            return  # not ambiguous after all (cannot happen with the copy inserted): no case
        opts = Emit(starts=lambda h: (shifted[id(h)], shifted[id(h)] + h.new_start - h.old_start))
        self.add(
            "ambiguous",
            emit(self.diffs, opts),
            "refuse",
            f"copy of the hunk's region inserted at line {spot + 1}; @@ shifted by {d:+d}",
            setup=setup,
        )

    def nonexistent_context(self) -> None:
        counter = iter(range(10_000))

        def invent(tag: str, text: str) -> str:
            if tag != " " or not text.strip():
                return text
            n = next(counter)
            indent = text[: len(text) - len(text.lstrip())]
            return f"{indent}unrelated_{n} = compute_value_{n}(previous_{n})"

        variant = _map_lines(self.diffs, invent)
        self.add(
            "nonexistent_context", emit(variant, Emit()), self.label(variant), "every context line invented"
        )

    def missing_removed_line(self) -> None:
        fd = self.diffs[0]
        present = {_norm(x) for x in self.lines_of(fd.path)}
        done = {"flag": False}

        def change(tag: str, text: str) -> str:
            if tag != "-" or done["flag"]:
                return text
            done["flag"] = True
            altered = _rename_identifier(text, self.rng)
            return altered if _norm(altered) not in present else text + "  # not in the file"

        variant = _map_lines(self.diffs, change)
        if done["flag"]:  # else a pure insertion: nothing to alter
            self.add(
                "missing_removed_line",
                emit(variant, Emit()),
                self.label(variant),
                "a removed line not in the file",
            )

    def generate(self) -> list[Case]:
        self.line_drift()
        self.stale_context()
        self.whitespace()
        self.missing_headers()
        self.wrong_headers()
        self.fenced_in_prose()
        self.truncated_hunk()
        self.combined()
        self.ambiguous()
        self.nonexistent_context()
        self.missing_removed_line()
        return self.cases


_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_KEYWORDS = frozenset(keyword.kwlist) | {"self"}


def _alter(text: str, rng: random.Random) -> str:
    """A slight change: one identifier gets a suffix, else a character is appended."""
    idents = [m for m in _IDENT.finditer(text) if m.group() not in _KEYWORDS and len(m.group()) >= 3]
    if not idents:
        return text.rstrip() + " x"
    m = rng.choice(idents)
    return text[: m.end()] + "_" + rng.choice(("old", "x", "tmp", "v")) + text[m.end() :]


def _rename_identifier(text: str, rng: random.Random) -> str:
    idents = [m for m in _IDENT.finditer(text) if m.group() not in _KEYWORDS]
    if not idents:
        return text + "  # changed"
    m = rng.choice(idents)
    return text[: m.start()] + "undefined_" + m.group() + text[m.end() :]


def generate(sources: Iterable[Source], seed: int = DEFAULT_SEED) -> list[Case]:
    """All cases for all sources, in a deterministic order."""
    cases: list[Case] = []
    for source in sources:
        cases.extend(_Gen(source, seed).generate())
    return cases


# --------------------------------------------------------------------------- loading the tasks


def read_files(repo: Path) -> dict[str, str]:
    """The text files of a task repo (path relative to it -> content)."""
    files: dict[str, str] = {}
    for path in sorted(repo.rglob("*")):
        rel = path.relative_to(repo)
        if not path.is_file() or any(part in ("__pycache__", ".git", ".pytest_cache") for part in rel.parts):
            continue
        try:
            files[rel.as_posix()] = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
    return files


def load_available_tasks(task_ids: Sequence[str] = ()) -> list[Any]:
    """The tasks in bench/repair/tasks (check_tasks.load_task), sorted by id; a task that does
    not load (another tool may be writing it) is skipped with a warning on stderr."""
    from bench.repair.check_tasks import TASKS_DIR, TaskError, load_task

    tasks = []
    for child in sorted(TASKS_DIR.iterdir()):
        if not child.is_dir() or child.name.startswith((".", "_")):
            continue
        if task_ids and child.name not in task_ids:
            continue
        try:
            tasks.append(load_task(child))
        except TaskError as exc:
            print(f"warning: task skipped: {exc}", file=sys.stderr)
    return tasks


def task_sources(task_ids: Sequence[str] = ()) -> list[Source]:
    """One Source per loadable task in bench/repair/tasks."""
    return [Source(task.id, read_files(task.repo), task.fix_diff) for task in load_available_tasks(task_ids)]


def main(argv: Sequence[str] | None = None) -> int:
    del argv
    cases = generate(task_sources())
    counts = Counter((c.kind, c.expect) for c in cases)
    print(f"{len(cases)} cases from {len({c.task_id for c in cases})} tasks")
    for kind in KINDS:
        print(f"  {kind:22} apply={counts[(kind, 'apply')]:4} refuse={counts[(kind, 'refuse')]:4}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
