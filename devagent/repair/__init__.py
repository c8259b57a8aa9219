"""Generate-and-validate program repair that needs no model.

localize.py ranks source lines by spectrum-based fault localisation (Ochiai plus the
failing tracebacks), templates.py proposes general one-line edits for a line, and
validate.py tests candidates quickly in a throwaway copy of the repository. `repair`
chains the three: candidates of the most suspicious lines, the most natural edits
first, until one makes the failing tests and then the whole suite pass."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from devagent.repair.localize import Localization, SuspiciousLine, localize
from devagent.repair.oracles import enclosing_function, oracle_functions
from devagent.repair.templates import Edit, apply, candidates, rank
from devagent.repair.validate import CandidateRunner, CommandPrefix, Mode, RunnerError, TestVerdict
from devagent.worktree_files import read_text_inside

__all__ = [
    "Candidate",
    "CandidateRunner",
    "Edit",
    "Localization",
    "RepairResult",
    "RunnerError",
    "SuspiciousLine",
    "TestVerdict",
    "apply",
    "candidates",
    "localize",
    "plan",
    "rank",
    "repair",
]


@dataclass(frozen=True)
class Candidate:
    path: str  # repo-relative
    edit: Edit
    content: str  # the whole file with the edit applied
    line_rank: int  # 0 = the most suspicious line


@dataclass
class RepairResult:
    fixed: Candidate | None
    localization: Localization
    tried: int  # candidates validated
    planned: int  # candidates generated
    duration_s: float
    error: str | None = None
    verdicts: list[tuple[Candidate, TestVerdict]] = field(default_factory=list)


ORACLE_PENALTY = 10  # an edit of a test's expected-value helper ranks after every other edit


def plan(repo: Path, lines: Sequence[SuspiciousLine], per_line: int = 60) -> list[Candidate]:
    """Candidates for the suspicious lines: the smallest edits first, and among equal
    sizes the more suspicious line first. Duplicates (same file content) are dropped.
    Edits inside a function the tests call only for expected values (see oracles.py)
    rank last: passing tests through them is how a suite gets fooled."""
    sources: dict[str, str | None] = {}
    found: list[Candidate] = []
    seen: set[tuple[str, str]] = set()
    oracles = oracle_functions(Path(repo))
    for rank_index, suspicious in enumerate(lines):
        if suspicious.path not in sources:
            try:
                sources[suspicious.path] = read_text_inside(Path(repo), suspicious.path)
            except (OSError, UnicodeDecodeError):
                sources[suspicious.path] = None
        source = sources[suspicious.path]
        if source is None:
            continue
        oracle = enclosing_function(source, suspicious.line) in oracles
        for edit in candidates(source, suspicious.line, limit=per_line):
            content = apply(source, edit)
            if (suspicious.path, content) in seen:
                continue
            seen.add((suspicious.path, content))
            if oracle:
                edit = dataclasses.replace(edit, size=edit.size + ORACLE_PENALTY)
            found.append(Candidate(suspicious.path, edit, content, rank_index))
    return sorted(found, key=lambda c: (c.edit.size, c.line_rank))


def repair(
    repo: Path,
    test_args: Sequence[str] = (),
    *,
    timeout_s: float = 60.0,
    localize_timeout_s: float = 300.0,
    lines: int = 10,
    max_candidates: int = 300,
    budget_s: float | None = None,
    mode: Mode = "auto",
    command_prefix: CommandPrefix = (),
    templates: bool = True,
    more: Callable[[Path, Localization], list[Candidate]] | None = None,
) -> RepairResult:
    """Localise, generate and validate until a candidate passes every test, or the
    candidates (`max_candidates`) or the time (`budget_s`) run out.

    Everything runs in the runner's throwaway copy, localisation included: the repo is
    never written and its tests never run in place. Apply `result.fixed.content` to
    `result.fixed.path` yourself.

    `templates` turns the fix-template candidates off; `more(copy, localization)` gives
    candidates of another source (a model's), tried when no template passed."""
    started = time.monotonic()
    with CandidateRunner(repo, test_args, timeout_s, mode=mode, command_prefix=command_prefix) as runner:
        found = localize(
            runner.root,
            test_args,
            timeout_s=localize_timeout_s,
            limit=lines,
            command_prefix=command_prefix,
            env=runner.env,
            scratch_dir=runner.scratch,
        )
        result = RepairResult(None, found, 0, 0, 0.0, found.error)
        if not found.failing or not found.lines:
            result.error = result.error or ("no failing test" if not found.failing else "no suspicious line")
            result.duration_s = time.monotonic() - started
            return result
        planned = plan(runner.root, found.lines)[:max_candidates] if templates else []
        result.planned = len(planned)
        baseline = runner.check(first=found.failing)
        if baseline.stage != "first" or not (baseline.exit_code == 1 or baseline.timed_out):
            # The runs must show the failure localize saw: tests that ran and failed (exit
            # code 1) or hung. Passing tests would let every candidate "pass"; a usage or
            # collection error would reject every one.
            result.error = f"the validation runs do not reproduce the failure: {baseline.summary}"
            result.duration_s = time.monotonic() - started
            return result
        _validate(runner, planned, found, result, started, budget_s)
        if result.fixed is None and more is not None and result.error is None:
            # Model candidates cost model calls, and every one is a bigger change than a
            # template's: asked for only when no template passed.
            extra = sorted(more(runner.root, found), key=lambda c: (c.edit.size, c.line_rank))
            extra = extra[: max(max_candidates - result.tried, 0)]
            result.planned += len(extra)
            _validate(runner, extra, found, result, started, budget_s)
    result.duration_s = time.monotonic() - started
    return result


def _validate(
    runner: CandidateRunner,
    candidates: Sequence[Candidate],
    found: Localization,
    result: RepairResult,
    started: float,
    budget_s: float | None,
) -> None:
    """Run candidates in order until one passes or the time budget is spent."""
    for candidate in candidates:
        if budget_s is not None and time.monotonic() - started > budget_s:
            result.error = f"time budget of {budget_s:g}s spent"
            return
        verdict = runner.run(candidate.path, candidate.content, first=found.failing)
        result.tried += 1
        result.verdicts.append((candidate, verdict))
        if verdict.passed:
            result.fixed = candidate
            return
