"""Repair's search: localise, generate and validate until a candidate passes every test.

`repair()` ranks the suspicious lines (localize.py), plans the candidate edits of the rules
(rules/: the most natural first, `plan`), tests them side by side in throwaway copies
(validate.py, pool.py) within a time and candidate budget, keeps the first that passes
every test unless the overfit guard (overfit.py) finds it suspect, then tries synthesised
conditions (synthesis.py), two-location edits (`pairs`) and a model's candidates."""

from __future__ import annotations

import ast
import dataclasses
import itertools
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from devagent.repair import behaviour_change, overfit, synthesis, wider_suite
from devagent.repair.ambiguity import Alternative, Ambiguity, distinguish
from devagent.repair.localize import Localization, SuspiciousLine, TestSpectrum, localize, run_traced
from devagent.repair.oracles import data_fields, enclosing_function, oracle_functions
from devagent.repair.pool import RunnerPool, default_workers
from devagent.repair.reproduce import reproduced
from devagent.repair.rules import candidates
from devagent.repair.rules.edit import Edit, apply, combine, compiles
from devagent.repair.suspect_edits import Finding
from devagent.repair.validate import CandidateRunner, CommandPrefix, Mode, TestVerdict
from devagent.worktree_files import read_text_inside


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
    budget_s: float | None = None  # the search's time limit as applied (see `search_budget`)
    suspicion: str | None = None  # why the fix may overfit (overfit.py), when no clean one passed
    suspects: list[str] = field(default_factory=list)  # passing candidates set aside as suspect
    run_s: float = 0.0  # one run of the failing tests, as measured before the search
    workers: int = 1  # copies of the repository that tested candidates side by side
    fixed_at: int = 0  # the fix's place among the candidates tried (1: the first)
    # Other candidates that passed every test in the fix's guard window: behaviours the
    # tests accept as well (ambiguity.py)
    alternatives: list[Candidate] = field(default_factory=list)
    ambiguity: Ambiguity | None = None  # an input where one of them and the fix disagree
    window_s: float = 0.0  # seconds spent after the fix was chosen (the window, the probes, the traced run)
    # What tests passing before the fix do differently with it: code no longer run, values
    # changed (behaviour_change.py)
    behaviour_changes: tuple[Finding, ...] = ()
    tracer_only: list[str] = field(default_factory=list)  # failed traced only (reproduce.py)

    def families(self) -> dict[str, int]:
        """Candidates validated per template family ("a+b" for a two-location edit)."""
        counts: dict[str, int] = {}
        for candidate, _ in self.verdicts:
            counts[candidate.edit.template] = counts.get(candidate.edit.template, 0) + 1
        return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))

    def summary(self) -> str:
        """What the search tried, for a user who gets no fix: the lines and families."""
        top = self.localization.lines[:5]
        ranked = ", ".join(f"{line.path}:{line.line} ({line.score:.2f})" for line in top)
        families = ", ".join(f"{name} {count}" for name, count in self.families().items())
        return (
            f"{self.tried} of {self.planned} candidate(s) tried in {self.duration_s:.1f}s"
            f"{f' (budget {self.budget_s:.0f}s)' if self.budget_s is not None else ''}; "
            f"ranked lines: {ranked or 'none'}; families: {families or 'none'}"
        )


def search_budget(configured: float | None, spent_s: float, run_s: float) -> float:
    """The search's time limit: BUDGET_RUNS runs of the failing tests (at least
    MIN_BUDGET_S) after what localisation took, and never past the configured ceiling. A
    fast suite gives up in seconds; a slow one gets the time its runs need."""
    scaled = spent_s + max(MIN_BUDGET_S, BUDGET_RUNS * run_s)
    return scaled if configured is None else min(configured, scaled)


ORACLE_PENALTY = 10  # an edit of a test's expected-value helper ranks after every other edit
PER_LINE = 150  # candidates of one line, before the search-wide order and cap
PAIR_LINES = 4  # two-location edits: the most suspicious lines combined
PAIR_PER_LINE = 8  # ... each with its first candidates
MAX_PAIRS = 120
BUDGET_RUNS = 300  # the search's time budget, in runs of the failing tests
MIN_BUDGET_S = 30.0
SYNTHESIS_LINES = 4  # the most suspicious lines a missing condition is synthesised for
MAX_SYNTHESIZED = 48
SYNTHESIS_RESERVE_S = 8.0  # of the search's budget, kept for them when the templates run long
SYNTHESIS_RESERVE_SHARE = 0.2
GUARD_EXTRA = 40  # candidates tried after the first pass: a clean one, other behaviours
# After the fix is chosen, the rest of its guard window (looking for other candidates the
# tests accept) may take this much more time, and their probes (ambiguity.py) PROBE_S:
# the extra time a fix costs is at most their sum (and one batch of candidate runs), plus
# two traced runs of the suite, without and with the fix (behaviour_change.py, each at
# most COVERAGE_RUNS localisation runs, at least COVERAGE_MIN_S), and for a narrowed test
# command two untraced runs of the wider suite within the same limit (wider_suite.py).
WINDOW_S = 8.0
PROBE_S = 8.0
COVERAGE_RUNS = 4
COVERAGE_MIN_S = 30.0
SAME_LINE_EXTRA = 40  # after the window, the fix line's own later candidates, as far as WINDOW_S goes
# Families that win only when the overfit guard finds nothing suspect: a synthesised
# condition is built from whatever values the runs single out, not from the code's shape,
# so with weak tests a plausible wrong one passes as easily as the right one.
CLEAN_ONLY = frozenset({"synthesized"})
CANDIDATE_TIMEOUT_RUNS = 10  # a candidate's failing-test run may take this many buggy runs
CANDIDATE_TIMEOUT_MIN_S = 2.0  # an edit that makes a loop endless is common; each costs this


def candidate_timeout(configured: float, run_s: float) -> float:
    """How long a candidate's run of the failing tests may take: CANDIDATE_TIMEOUT_RUNS
    times the buggy program's run (at least CANDIDATE_TIMEOUT_MIN_S), never past the
    configured timeout. An edit that makes a loop endless is the common reason to hit it."""
    return min(configured, max(CANDIDATE_TIMEOUT_MIN_S, CANDIDATE_TIMEOUT_RUNS * run_s))


def order_key(candidate: Candidate, score: float, best: float) -> tuple[float, int]:
    """Likely fixes first: edit size (the family's prior and the change's extent) scaled
    up for a less suspicious line, so a boundary slip on the top line goes before a new
    statement on it, and a small edit on a line half as suspicious lands in between."""
    weight = score / best if best > 0 else 0.0
    return candidate.edit.size * (2.0 - min(max(weight, 0.0), 1.0)), candidate.line_rank


def plan(repo: Path, lines: Sequence[SuspiciousLine], per_line: int = PER_LINE) -> list[Candidate]:
    """Candidates for the suspicious lines, the likeliest first (see `order_key`).
    Duplicates (the same module after parsing: a no-op or an edit another one already
    makes) are dropped. Edits inside a function the tests call only for expected values
    (see oracles.py) rank last: passing tests through them is how a suite gets fooled."""
    sources: dict[str, str | None] = {}
    found: list[Candidate] = []
    seen: set[tuple[str, str]] = set()
    oracles = oracle_functions(Path(repo))
    fields = data_fields(Path(repo))
    for rank_index, suspicious in enumerate(lines):
        if suspicious.path not in sources:
            try:
                sources[suspicious.path] = read_text_inside(Path(repo), suspicious.path)
            except (OSError, UnicodeDecodeError):
                sources[suspicious.path] = None
            original = sources[suspicious.path]
            if original is not None:
                seen.add((suspicious.path, _tree_key(original)))
        source = sources[suspicious.path]
        if source is None:
            continue
        oracle = enclosing_function(source, suspicious.line) in oracles
        for edit in candidates(source, suspicious.line, limit=per_line, data_fields=fields):
            content = apply(source, edit)
            key = (suspicious.path, _tree_key(content))
            if key in seen:
                continue
            seen.add(key)
            if oracle:
                edit = dataclasses.replace(edit, size=edit.size + ORACLE_PENALTY)
            found.append(Candidate(suspicious.path, edit, content, rank_index))
    scores = [line.score for line in lines]
    best = max(scores, default=0.0)
    return sorted(found, key=lambda c: order_key(c, scores[c.line_rank], best))


def pairs(
    repo: Path, lines: Sequence[SuspiciousLine], singles: Sequence[Candidate], limit: int = MAX_PAIRS
) -> list[Candidate]:
    """Two-location edits: the first candidates of the most suspicious lines of one file,
    combined two by two, the pair of the most suspicious lines first (the product of
    their scores), then the smaller pair."""
    by_line: dict[int, list[Candidate]] = {}
    for candidate in singles:
        if candidate.line_rank < PAIR_LINES and candidate.edit.size < ORACLE_PENALTY:
            chosen = by_line.setdefault(candidate.line_rank, [])
            if len(chosen) < PAIR_PER_LINE:
                chosen.append(candidate)
    scored: list[tuple[float, int, Candidate]] = []
    sources: dict[str, str] = {}
    seen: set[str] = set()
    for (rank_a, first), (rank_b, second) in itertools.combinations(sorted(by_line.items()), 2):
        if lines[rank_a].path != lines[rank_b].path:
            continue
        path = lines[rank_a].path
        if path not in sources:
            sources[path] = (Path(repo) / path).read_text(encoding="utf-8")
        product = lines[rank_a].score * lines[rank_b].score
        for a, b in itertools.product(first, second):
            edit = combine(sources[path], a.edit, b.edit)
            if edit is None:
                continue
            content = apply(sources[path], edit)
            key = _tree_key(content)
            if key in seen:
                continue
            seen.add(key)
            scored.append((-product, edit.size, Candidate(path, edit, content, min(rank_a, rank_b))))
    scored.sort(key=lambda item: (item[0], item[1]))
    return [candidate for _, _, candidate in scored[:limit]]


def _tree_key(source: str) -> str:
    """A module's identity for deduplication: its AST, so spacing and parentheses that
    change nothing make no second candidate."""
    try:
        return ast.dump(ast.parse(source))
    except (SyntaxError, ValueError):
        return source


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
    synthesis: bool = True,
    more: Callable[[Path, Localization, float], list[Candidate]] | None = None,
    overfit_guard: bool = True,
    workers: int | None = None,
    python: str | None = None,
    import_roots: Sequence[str] | None = None,
    ambiguity: bool = True,
    coverage_check: bool = True,
    localise_only: Sequence[str] = (),
) -> RepairResult:
    """Localise, generate and validate until a candidate passes every test, or the
    candidates (`max_candidates`) or the time (`budget_s`) run out.

    Everything runs in the runner's throwaway copy, localisation included: the repo is
    never written and its tests never run in place. Apply `result.fixed.content` to
    `result.fixed.path` yourself.

    `templates` turns the fix-template candidates off, `synthesis` the synthesised
    conditions and calls tried when no template passes (synthesis.py); `more(copy, localization, deadline)`
    gives candidates of another source (a model's), tried when no template passed; it
    shares the search's budget, so it gets its end (time.monotonic()) as the deadline.
    `overfit_guard` probes each passing candidate on mutated test inputs (overfit.py);
    a suspect one is kept only when no clean one passes within GUARD_EXTRA more.
    `ambiguity` walks the rest of that window after a clean fix, the fix's own line first
    (at most WINDOW_S more), and for at most PROBE_S probes the other passing candidates
    beside the fix (ambiguity.py): an input where they disagree is `result.ambiguity`,
    the sign that the tests do not decide the fix.
    `coverage_check` runs the suite traced twice more, without and with the fix, watching
    the fixed file: code that passing tests ran before and no test runs now, and values its
    functions return differently in a passing test, are `result.behaviour_changes`
    (behaviour_change.py); when `test_args` name some tests only, the wider suite (the same
    arguments without the paths) runs without and with the fix too, and the tests it breaks
    are one more of them (wider_suite.py).
    `workers` copies of the repository test candidates side by side (None: one per core,
    at most pool.MAX_WORKERS); the first passing one in the search's order still wins.
    `python` runs the tests (the project's interpreter; None: this one) and `import_roots`
    are the repository's folders its tests import from (devagent/import_roots.py).
    `localise_only` (test files) scopes localisation's traced run, the costliest of the
    search on a large suite, to them; the candidates' runs keep the whole command."""
    started = time.monotonic()

    def runner_of_repo() -> CandidateRunner:
        return CandidateRunner(
            repo,
            test_args,
            timeout_s,
            mode=mode,
            command_prefix=command_prefix,
            python=python,
            import_roots=import_roots,
        )

    count = default_workers() if workers is None else max(1, workers)
    with runner_of_repo() as runner, RunnerPool(runner, count, runner_of_repo) as pool:

        def localise(args: Sequence[str]) -> Localization:
            return localize(
                runner.root,
                wider_suite.scoped_args(args, localise_only) if localise_only else args,
                timeout_s=localize_timeout_s,
                limit=lines,
                command_prefix=command_prefix,
                env=runner.env,
                scratch_dir=runner.scratch,
                python=runner.python,
            )

        reproduction = reproduced(runner, test_args, localise)
        found, baseline = reproduction.localization, reproduction.check
        result = RepairResult(None, found, 0, 0, 0.0, found.error, tracer_only=reproduction.tracer_only)
        if baseline is None or not found.lines:
            result.error = result.error or ("no failing test" if baseline is None else "no suspicious line")
            result.duration_s = time.monotonic() - started
            return result
        planned = plan(runner.root, found.lines)[:max_candidates] if templates else []
        result.planned = len(planned)
        result.run_s = baseline.duration_s
        runner.first_timeout_s = candidate_timeout(timeout_s, baseline.duration_s)
        budget_s = result.budget_s = search_budget(budget_s, time.monotonic() - started, baseline.duration_s)
        if baseline.stage != "first" or not (baseline.exit_code == 1 or baseline.timed_out):
            # The runs must show the failure localize saw: tests that ran and failed (exit
            # code 1) or hung. Passing tests would let every candidate "pass"; a usage or
            # collection error would reject every one.
            result.error = f"the validation runs do not reproduce the failure: {baseline.summary}"
            result.duration_s = time.monotonic() - started
            return result
        guard = _overfit_guard(runner, command_prefix, found.failing) if overfit_guard else None
        result.workers = len(pool.runners)
        # The template search leaves a share of the budget (time and candidates) to the
        # synthesised conditions: a handful of candidates the runs themselves chose, worth
        # more than the templates' long tail. The templates it did not reach come after
        # them, as far as the time and the candidate cap allow.
        synthesise = templates and synthesis
        reserve = min(SYNTHESIS_RESERVE_S, SYNTHESIS_RESERVE_SHARE * budget_s) if synthesise else 0.0
        reserved = min(MAX_SYNTHESIZED, int(max_candidates * SYNTHESIS_RESERVE_SHARE)) if synthesise else 0
        templates_first = planned[: max_candidates - reserved]
        _validate(pool, templates_first, found, result, started, budget_s - reserve, guard, ambiguity)
        if result.fixed is None and result.error is not None and time.monotonic() - started <= budget_s:
            result.error = None  # only the templates' share ran out (_validate sets no other error)
        if result.fixed is None and result.error is None and synthesise:
            # No template edit passes: a missing condition built from what is in scope,
            # judged first by where it would change the runs (synthesis.py).
            tried = {_tree_key(c.content) for c, _ in result.verdicts}
            left_s = max(1.0, started + budget_s - time.monotonic())
            built = [
                c
                for c in synthesized(
                    runner, found, reproduction.traced_args, min(localize_timeout_s, left_s), command_prefix
                )
                if _tree_key(c.content) not in tried
            ]
            tested = {id(c) for c, _ in result.verdicts}
            built = built[: max(max_candidates - result.tried, 0)]  # the cap holds, over the templates' tail
            result.planned += len(built)
            _validate(pool, built, found, result, started, budget_s, guard, ambiguity)
            untried = [c for c in planned if id(c) not in tested][: max(max_candidates - result.tried, 0)]
            if result.fixed is None and result.error is None and untried:
                _validate(pool, untried, found, result, started, budget_s, guard, ambiguity)
        if result.fixed is None and result.error is None and templates:
            # No single edit passes: two at once, the most suspicious pairs of lines first.
            combined = pairs(runner.root, found.lines, planned)[: max(max_candidates - result.tried, 0)]
            result.planned += len(combined)
            _validate(pool, combined, found, result, started, budget_s, guard, ambiguity)
        if (
            result.fixed is None
            and result.error is None
            and not _spent(result, started, budget_s)
            and more is not None
        ):
            # Model candidates cost model calls, and every one is a bigger change than a
            # template's: asked for only when no template passed, within the budget.
            extra = sorted(
                more(runner.root, found, started + budget_s), key=lambda c: (c.edit.size, c.line_rank)
            )
            extra = extra[: max(max_candidates - result.tried, 0)]
            result.planned += len(extra)
            _validate(pool, extra, found, result, started, budget_s, guard, ambiguity)
        if ambiguity and result.fixed is not None and result.alternatives:
            result.ambiguity = _ambiguity(runner, command_prefix, found.failing, result)
        if coverage_check and result.fixed is not None:
            result.behaviour_changes = _behaviour_changes(
                runner, reproduction.traced_args, command_prefix, found, result, localize_timeout_s
            ) + _other_tests(runner, test_args, found, result, localize_timeout_s)
    result.duration_s = time.monotonic() - started
    return result


def _ambiguity(
    runner: CandidateRunner, command_prefix: CommandPrefix, failing: Sequence[str], result: RepairResult
) -> Ambiguity | None:
    """An input where the fix and another candidate that passed in its window disagree,
    probed for at most PROBE_S."""
    fixed = result.fixed
    assert fixed is not None
    started = time.monotonic()
    deadline = started + PROBE_S
    prefix = list(command_prefix(runner.root) if callable(command_prefix) else command_prefix)
    others = [
        Alternative(c.path, c.edit.line, c.edit.old_text, c.edit.new_text, c.content)
        for c in result.alternatives
    ]
    found = distinguish(
        runner.root,
        runner.scratch,
        fixed.path,
        fixed.content,
        others,
        runner.env,
        prefix,
        failing,
        deadline,
        runner.python,
    )
    result.window_s += time.monotonic() - started
    return found


def _behaviour_changes(
    runner: CandidateRunner,
    test_args: Sequence[str],
    command_prefix: CommandPrefix,
    found: Localization,
    result: RepairResult,
    timeout_s: float,
) -> tuple[Finding, ...]:
    """The test command traced without and with the fix in the runner's copy, watching the
    fixed file, and compared: nothing is claimed unless both runs are complete. The runs
    drop the command's early stops (`--maxfail=1` would hide every test after the first
    failure). A finding counts when a second run without the fix gives it again: values
    drawn at random, or lines run only sometimes, change from run to run on their own."""
    fixed = result.fixed
    assert fixed is not None
    started = time.monotonic()
    limit = min(timeout_s, max(COVERAGE_MIN_S, COVERAGE_RUNS * found.duration_s))
    every_test = wider_suite.without_early_stops(test_args)

    def traced() -> list[TestSpectrum] | None:
        spectra, _output, error = run_traced(
            runner.root,
            every_test,
            limit,
            command_prefix=command_prefix,
            env=runner.env,
            scratch_dir=runner.scratch,
            python=runner.python,
            watch=fixed.path,
        )
        return None if error is not None or not spectra or any(s.timeout for s in spectra) else spectra

    original = runner.original(fixed.path)

    def compared(before: list[TestSpectrum], after: list[TestSpectrum]) -> tuple[Finding, ...]:
        return behaviour_change.findings(
            behaviour_change.lost_lines(fixed.path, original, fixed.content, before, after),
            behaviour_change.changed_values(before, after),
        )

    found_now: tuple[Finding, ...] = ()
    before = traced()
    with runner.holding(fixed.path, fixed.content):
        after = traced() if before is not None else None
    failed = None
    if before is not None and after is not None:
        failed = behaviour_change.failed_again(after, before, found.failing)
    if failed is not None:  # the comparisons claim nothing on a run with a failing test
        result.window_s += time.monotonic() - started
        return (failed,)
    if before is not None and after is not None:
        found_now = compared(before, after)
    if found_now:
        again = traced()
        if again is None or after is None or before is None:
            found_now = ()
        else:
            repeated = set(compared(again, after))
            drawn = behaviour_change.unsteady_functions(before, again)
            found_now = tuple(
                f
                for f in found_now
                if f in repeated and not (f.kind == behaviour_change.VALUES_KIND and f.function in drawn)
            )
    result.window_s += time.monotonic() - started
    return found_now


def _other_tests(
    runner: CandidateRunner,
    test_args: Sequence[str],
    found: Localization,
    result: RepairResult,
    timeout_s: float,
) -> tuple[Finding, ...]:
    """When the test command names some tests only, the rest of the project's suite without
    and with the fix in the runner's copy (untraced: a traced run of a whole suite costs
    several times as much), within the traced runs' limit: the tests it breaks."""
    fixed = result.fixed
    assert fixed is not None
    wider = wider_suite.wider_args(test_args)
    if wider is None:
        return ()
    started = time.monotonic()
    limit = min(timeout_s, max(COVERAGE_MIN_S, COVERAGE_RUNS * found.duration_s))
    broken = wider_suite.broken_tests(runner, wider, fixed.path, fixed.content, limit)
    result.window_s += time.monotonic() - started
    return (behaviour_change.broken_finding(broken),) if broken else ()


Guard = Callable[[Candidate], overfit.Suspicion]


def synthesized(
    runner: CandidateRunner,
    found: Localization,
    test_args: Sequence[str],
    timeout_s: float,
    command_prefix: CommandPrefix,
) -> list[Candidate]:
    """Synthesised conditions for the SYNTHESIS_LINES most suspicious lines and the first
    statements of their functions, kept by one traced run of the suite in the runner's
    copy (synthesis.py), the likeliest first."""
    root = runner.root
    sources: dict[str, str | None] = {}
    wanted: list[tuple[int, SuspiciousLine, list[synthesis.Probe]]] = []
    probed: set[tuple[str, int]] = set()
    for rank_index, suspicious in enumerate(found.lines[:SYNTHESIS_LINES]):
        if suspicious.path not in sources:
            try:
                sources[suspicious.path] = read_text_inside(root, suspicious.path)
            except (OSError, UnicodeDecodeError, ValueError):
                sources[suspicious.path] = None
        source = sources[suspicious.path]
        if source is None:
            continue
        # the line, then its function's first statement: where a base case or an
        # up-front check goes, whether or not localisation ranked it
        for line in (suspicious.line, synthesis.first_statement(source, suspicious.line)):
            if line is None or (suspicious.path, line) in probed:
                continue
            probed.add((suspicious.path, line))
            probes = synthesis.probes(source, line)
            if probes:
                at = dataclasses.replace(suspicious, line=line)
                wanted.append((rank_index, at, probes))
    if not wanted:
        return []
    expressions = {f"{s.path}:{s.line}": [p.divergence for p in probes] for _, s, probes in wanted}
    spectra, _, _ = run_traced(
        root,
        test_args,
        timeout_s,
        command_prefix=command_prefix,
        env=runner.env,
        scratch_dir=runner.scratch,
        conditions=expressions,
        python=runner.python,
    )
    ordered: list[tuple[tuple[int, int, int, int, int], Candidate]] = []
    for rank_index, suspicious, probes in wanted:
        key = f"{suspicious.path}:{suspicious.line}"
        failing = [s.conditions.get(key, []) for s in spectra if s.outcome == "failed"]
        passing = [s.conditions.get(key, []) for s in spectra if s.outcome == "passed"]
        source = sources[suspicious.path]
        assert source is not None  # only lines of readable files were probed
        for (in_passing, in_failing, cost), probe in synthesis.chosen(probes, failing, passing):
            for order, edit in enumerate(synthesis.edits(source, suspicious.line, [probe])):
                content = apply(source, edit)
                if compiles(content):
                    # the evidence first, across lines: a path changed in no passing test
                    # on the third line before one changed in a passing test on the first
                    rank = (in_passing, in_failing, rank_index, cost, order)
                    ordered.append((rank, Candidate(suspicious.path, edit, content, rank_index)))
    ordered.sort(key=lambda item: item[0])
    return [candidate for _, candidate in ordered][:MAX_SYNTHESIZED]


def _spent(result: RepairResult, started: float, budget_s: float | None) -> bool:
    """Whether the search's time budget is spent; if so, the result says so."""
    if budget_s is None or time.monotonic() - started <= budget_s:
        return False
    result.error = f"time budget of {budget_s:g}s spent"
    return True


def _overfit_guard(runner: CandidateRunner, command_prefix: CommandPrefix, failing: Sequence[str]) -> Guard:
    prefix = list(command_prefix(runner.root) if callable(command_prefix) else command_prefix)

    def guard(c: Candidate) -> overfit.Suspicion:
        return overfit.check(
            runner.root, runner.scratch, c.path, c.edit, c.content, runner.env, prefix, failing, runner.python
        )

    return guard


def _validate(
    pool: RunnerPool,
    candidates: Sequence[Candidate],
    found: Localization,
    result: RepairResult,
    started: float,
    budget_s: float | None,
    guard: Guard | None = None,
    window: bool = True,
) -> None:
    """Run candidates in order until one passes and the guard finds nothing suspect in it,
    or the time budget is spent. A suspect pass is set aside; it wins only when no
    cleaner one passes within the guard window, the first pass and the next GUARD_EXTRA
    (the least suspect, then the first), and never when its family is CLEAN_ONLY.
    With `window`, after a clean pass (`_walk_window`) the fix line's own later
    candidates (at most SAME_LINE_EXTRA), then the rest of the window, are tested too,
    for at most WINDOW_S: every candidate that passes there is one of
    `result.alternatives`. The pool tests a batch of candidates at once, one per runner;
    their verdicts are weighed in order, and those after the window's end are not
    counted as tried."""
    suspect: tuple[Candidate, overfit.Suspicion, int] | None = None
    chosen: Candidate | None = None
    passed: list[Candidate] = []
    after_first = 0
    done = 0  # how many of `candidates` were weighed
    tested = _verdicts(pool, candidates, found.failing, lambda: _spent(result, started, budget_s))
    for index, (candidate, verdict) in enumerate(tested):
        if passed:
            after_first += 1
            if after_first > GUARD_EXTRA:
                break
        done = index + 1
        result.tried += 1
        result.verdicts.append((candidate, verdict))
        if not verdict.passed:
            continue
        passed.append(candidate)
        why = guard(candidate) if guard is not None else overfit.Suspicion(0, None)
        if why.score == 0:
            chosen, result.fixed_at = candidate, result.tried
            break
        where = f"{candidate.path}:{candidate.edit.line}"
        result.suspects.append(f"{candidate.edit.template} edit of {where}: {why.reason}")
        if candidate.edit.template in CLEAN_ONLY:
            continue
        if suspect is None or why.score < suspect[1].score:
            suspect = (candidate, why, result.tried)
    if chosen is not None:
        result.fixed, result.error = chosen, None
        if window:
            rest = candidates[done:]
            passed += _walk_window(pool, chosen, rest, rest[: GUARD_EXTRA - after_first], found, result)
    elif suspect is not None:
        result.fixed, result.suspicion, result.error = suspect[0], suspect[1].reason, None
        result.fixed_at = suspect[2]
    if result.fixed is not None:
        result.alternatives = [c for c in passed if c is not result.fixed]


def _walk_window(
    pool: RunnerPool,
    chosen: Candidate,
    rest: Sequence[Candidate],
    window: Sequence[Candidate],
    found: Localization,
    result: RepairResult,
) -> list[Candidate]:
    """After the clean fix `chosen`: the candidates of its own line among `rest` (at most
    SAME_LINE_EXTRA: the likeliest other readings of what the line should be, one of each
    family first, so that a deletion is not left behind forty operator swaps), then the
    rest of the guard `window`, tested for at most WINDOW_S; those that pass."""
    started = time.monotonic()
    same_line = [c for c in rest if c.path == chosen.path and c.edit.line == chosen.edit.line]
    places: list[int] = []  # each candidate's place among those of its family
    counts: Counter[str] = Counter()
    for candidate in same_line:
        places.append(counts[candidate.edit.template])
        counts[candidate.edit.template] += 1
    order = sorted(range(len(same_line)), key=lambda i: (places[i], i))
    same_line = [same_line[i] for i in order][:SAME_LINE_EXTRA]
    walk = same_line + [c for c in window if c not in same_line]
    passed = []
    # a candidate that hangs here costs the window's time, not the suite's timeout
    with pool.capped(max(WINDOW_S, 1.0)):
        for candidate, verdict in _verdicts(
            pool, walk, found.failing, lambda: time.monotonic() - started > WINDOW_S
        ):
            result.tried += 1
            result.verdicts.append((candidate, verdict))
            if verdict.passed:
                passed.append(candidate)
    result.window_s = time.monotonic() - started
    return passed


def _verdicts(
    pool: RunnerPool, candidates: Sequence[Candidate], first: Sequence[str], spent: Callable[[], bool]
) -> Iterator[tuple[Candidate, TestVerdict]]:
    """Each candidate with its verdict, in order, tested a batch (one per runner) at a
    time until the candidates end or `spent()` says the budget is."""
    width = len(pool.runners)
    for start in range(0, len(candidates), width):
        if spent():
            return
        batch = candidates[start : start + width]
        yield from zip(batch, pool.run([(c.path, c.content) for c in batch], first=first), strict=True)
