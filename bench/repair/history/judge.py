"""Is a fix of a history task right? Three checks, outside any sandbox, with the project's venv:

1. the full set of C's test files (the task's test files, no --maxfail) passes on the fixed
   tree: every test passes, none fails, errs or fails to collect;
2. C's full suite (the project's test command, as the fidelity benchmark pins it) on the
   fixed tree fails no test that passes on C's own tree (a test C itself fails, in this
   environment, does not count against the fix); a suite that cannot be run in time is
   recorded as not run, and the fix is judged by 1 and 3;
3. where the code changed (by the fix or by C) is a top-level function C also has, the
   differential check (bench/repair/differential.py): the fixed tree and C's tree are run
   on the inputs of the test files' literal calls to those functions, and mutants of them,
   and must behave the same.

A fix is right when 1 and 2 hold and 3 agrees or cannot be made (no such function, or no
call with literal arguments); it is wrong otherwise."""

from __future__ import annotations

import shutil
from dataclasses import asdict, dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from bench.repair.differential import Differential, compare_calls, seed_calls
from bench.repair.history.gitdata import changed_functions, function_sources
from bench.repair.history.projects import HistoryProject
from bench.repair.history.tasks import HistoryTask
from bench.repair.history.testrun import TestRun, run_tests, tree_roots
from bench.repair.history.trees import lay_tree
from devagent.workflows.fix.repair_step import pytest_args

SUITE_TIMEOUT_S = 900.0
HANG_RUNS = 5  # C's suite time, times this: longer on the fixed tree is a hang
HANG_MIN_S = 120.0


@dataclass
class Judgement:
    tests_pass: bool
    failing: list[str] = field(default_factory=list)
    problem: str = ""
    entry_points: list[str] = field(default_factory=list)
    differential: dict[str, Any] = field(default_factory=dict)
    suite: dict[str, Any] = field(default_factory=dict)  # C's full suite: see `suite_check`

    @property
    def right(self) -> bool:
        agreed = self.differential.get("agreed", True) if self.differential.get("available") else True
        suite_holds = not self.suite.get("regressions") if self.suite.get("available") else True
        return self.tests_pass and suite_holds and bool(agreed)

    def record(self) -> dict[str, Any]:
        return {**asdict(self), "right": self.right}


def module_name(path: str, roots: list[str]) -> str | None:
    """The dotted module of a repository file under one of the import roots ("." the root)."""
    pure = PurePosixPath(path)
    for root in roots:
        base = PurePosixPath(root)
        try:
            rel = pure.relative_to(base) if root != "." else pure
        except ValueError:
            continue
        parts = list(rel.with_suffix("").parts)
        if parts and parts[-1] == "__init__":
            parts.pop()
        if parts and all(p.isidentifier() for p in parts):
            return ".".join(parts)
    return None


def fix_functions(before: dict[str, str | None], fixed: Path) -> list[tuple[str, str]]:
    """(path, function) pairs the fix changed: each file's text before the fix (`before`)
    against the fixed tree's."""
    pairs = []
    for path, old in sorted(before.items()):
        pairs += [(path, name) for name in changed_functions(old, _read(fixed / path))]
    return pairs


def entry_points(
    task: HistoryTask, fix_pairs: list[tuple[str, str]], reference: Path, fixed: Path, roots: list[str]
) -> dict[str, str]:
    """{function: module} for the top-level functions the fix or C changed that both the
    fixed tree and C have (methods are left out: the tests' calls cannot reach them alone)."""
    pairs = [(f.path, f.name) for f in task.functions] + fix_pairs
    found: dict[str, str] = {}
    for path, name in pairs:
        if "." in name or name in found:
            continue
        module = module_name(path, roots)
        if module is None:
            continue
        if _defines(reference / path, name) and _defines(fixed / path, name):
            found[name] = module
    return found


def suite_files(project: HistoryProject) -> list[str]:
    """What C's full suite runs: the arguments of the project's test command after `pytest`."""
    return pytest_args(project.fidelity.test_command) or []


def regressions(fixed: TestRun, reference: TestRun) -> list[str]:
    """Tests (and test files that fail to collect) that fail on the fixed tree but not on
    C's own tree."""
    bad_at_c = set(reference.failing) | set(reference.collection_errors)
    return sorted(t for t in [*fixed.failing, *fixed.collection_errors] if t not in bad_at_c)


def suite_check(
    project: HistoryProject, fixed: Path, reference: Path, timeout_s: float = SUITE_TIMEOUT_S
) -> dict[str, Any]:
    """C's full suite on C's own tree, then on the fixed tree. A fixed tree whose suite
    takes longer than HANG_RUNS times C's (at least HANG_MIN_S) hangs: a regression."""
    files = suite_files(project)
    reference_run = run_tests(project, reference, files, timeout_s)
    if reference_run.problem or reference_run.timed_out:
        why = "timed out" if reference_run.timed_out else reference_run.problem[:200]
        return {"available": False, "why": f"C's suite on C's tree: {why}", "files": files}
    limit = min(timeout_s, max(HANG_MIN_S, HANG_RUNS * reference_run.seconds))
    fixed_run = run_tests(project, fixed, files, limit)
    found = [f"<the suite did not end in {limit:.0f}s>"] if fixed_run.timed_out else []
    if not found and fixed_run.problem:
        return {"available": False, "why": f"C's suite on the fixed tree: {fixed_run.problem[:200]}"}
    found += regressions(fixed_run, reference_run)
    return {
        "available": True,
        "files": files,
        "ran": len(fixed_run.outcomes),
        "failing_at_c": len(reference_run.failing) + len(reference_run.collection_errors),
        "regressions": found[:20],
        "seconds": round(fixed_run.seconds + reference_run.seconds, 1),
    }


def judge_fix(
    project: HistoryProject,
    task: HistoryTask,
    fixed: Path,
    fix_pairs: list[tuple[str, str]],
    scratch: Path,
    *,
    full_suite: bool = True,
) -> Judgement:
    """Judge the fixed tree `fixed` (the task's tree with the fix, which changed the
    functions `fix_pairs`); C's tree is laid in `scratch`. `full_suite` False leaves
    check 2 out (recorded as not run)."""
    run = run_tests(project, fixed, list(task.test_files))
    problem = run.problem or ("timed out" if run.timed_out else "")
    if run.foreign_imports:
        problem = f"imported from the venv's checkout: {sorted(run.foreign_imports)[0]}"
    judgement = Judgement(
        tests_pass=run.clean and not problem,
        failing=(run.failing + run.collection_errors)[:20],
        problem=problem,
    )
    reference = scratch / "reference"
    lay_tree(project, reference, task.commit, task.commit, [])
    try:
        judgement.suite = (
            suite_check(project, fixed, reference)
            if full_suite
            else {"available": False, "why": "not asked for"}
        )
        roots_abs = tree_roots(project, fixed)
        roots = [p.resolve().relative_to(fixed.resolve()).as_posix() or "." for p in roots_abs] or ["."]
        modules = entry_points(task, fix_pairs, reference, fixed, roots)
        judgement.entry_points = sorted(modules)
        tests = [reference / f for f in task.test_files]
        seeds = [
            c for c in seed_calls(reference, list(modules), tests, attribute_calls=True) if c[0] in modules
        ]
        root = roots[0]
        verdict = (
            compare_calls(
                fixed / root if root != "." else fixed,
                reference / root if root != "." else reference,
                modules,
                seeds,
                python=str(project.python),
            )
            if modules
            else Differential(available=False, why="no top-level function changed that C also has")
        )
        judgement.differential = {
            "available": verdict.available,
            "agreed": verdict.agreed,
            "compared": verdict.compared,
            "disagreements": verdict.disagreements,
            "example": verdict.example[:300],
            "why": verdict.why,
            "seeds": verdict.seeds,
        }
    finally:
        shutil.rmtree(reference, ignore_errors=True)
    return judgement


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _defines(path: Path, name: str) -> bool:
    text = _read(path)
    return text is not None and name in function_sources(text)
