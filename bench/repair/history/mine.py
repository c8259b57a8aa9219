"""Mining real bugs from a project's history (the BugsInPy/Defects4J method).

For each first-parent commit C back from the commit the project's venv was installed at
(recent history first, so that venv still fits), C is a candidate when it changes both
Python source files and test modules. The task tree is C's parent with C's test files; the
test modules C touched are run there and at C, outside any sandbox, with the project's
venv (testrun.py). C is kept when some of those tests fail on the task tree and all of
them pass at C. A candidate that cannot be judged in this venv is dropped with its reason,
and so is a feature: every test that fails on the parent fails for a name it lacks
(missing_names).

Candidates are tried smallest source diff first (the fixes Repair can reach: a project gives
only a few tasks, and a benchmark of large fixes would measure little about its labels),
then those whose subject says "fix" (or bug, crash, regression ...), then newest first; a
couple of slots per project go to larger fixes first, so the set shows what lies beyond
Repair's reach too. Every task records its size, and the figures are reported by size.
Every verdict is cached as JSON under <HISTORY_HOME>/cache/<project>/, so a second run only
tries commits not seen yet. One suite runs at a time."""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bench.repair.history.gitdata import (
    Change,
    Commit,
    changed_files,
    changed_functions,
    diff_size,
    file_text,
    first_parent_commits,
    is_source_path,
    is_test_module,
    is_test_path,
)
from bench.repair.history.projects import WORK, HistoryProject
from bench.repair.history.tasks import HistoryTask, task_id
from bench.repair.history.testrun import TestRun, run_tests
from bench.repair.history.trees import lay_tree

CACHE_VERSION = 2
DEFAULT_COMMITS = 600  # first-parent commits looked at per project
DEFAULT_CANDIDATES = 40  # candidates tried per project (cached ones included)
DEFAULT_TASKS = 10  # a project stops once it has this many tasks
MAX_TEST_MODULES = 12  # more test modules than this: not one fix's tests
MISSING_NAME = re.compile(
    r"^(ImportError|ModuleNotFoundError)\b|^AttributeError: (module|type object) .* has no attribute"
)
NOT_INSTALLED = re.compile(r"No module named '(\w+)")
SMALL_LINES = 10  # a source diff of at most this many lines changed counts as small
LARGE = 3  # the size bucket of the rest
DEFAULT_LARGE = 2  # tasks per project kept for fixes larger than that (tried first)
LARGE_TRIES = 4  # candidates tried per large task wanted


@dataclass
class Candidate:
    commit: Commit
    tests: list[Change]  # test files C changed
    modules: list[str]  # test modules C touched (added or modified), run by the task
    sources: list[str]  # Python source files C changed
    others: list[str]  # everything else C changed outside the tests


@dataclass
class Verdict:
    """What mining decided about one candidate."""

    commit: str
    status: str  # "kept", or why not: "parent_passes", "collection_error", "fix_fails", "error" ...
    reason: str = ""
    seconds: float = 0.0
    task: dict[str, Any] | None = None
    parent_failing: list[str] = field(default_factory=list)
    parent_messages: dict[str, str] = field(default_factory=dict)  # kept out of tasks.yaml
    version: int = CACHE_VERSION


def candidate_of(project: HistoryProject, commit: Commit) -> Candidate | None:
    changes = changed_files(project.mirror, commit.parent, commit.sha)
    tests = [c for c in changes if is_test_path(c.path)]
    modules = [c.path for c in tests if c.status != "D" and is_test_module(c.path)]
    sources = [c.path for c in changes if is_source_path(c.path) and c.status != "D"]
    if not modules or not sources:
        return None
    others = [c.path for c in changes if not is_test_path(c.path) and c.path not in sources]
    return Candidate(commit, tests, modules, sources, others)


def candidates(project: HistoryProject, commits: int) -> list[tuple[Candidate, bool]]:
    """The candidates among `commits` first-parent commits with whether each is small,
    smallest source diff first (a one-line change, one hunk, at most SMALL_LINES lines,
    the rest), then those whose subject says fix, then the newest."""
    found = [
        c
        for c in (
            candidate_of(project, k) for k in first_parent_commits(project.mirror, project.start, commits)
        )
        if c
    ]
    keyed = []
    for i, candidate in enumerate(found):
        size = diff_size(project.mirror, candidate.commit.parent, candidate.commit.sha, candidate.sources)
        bucket = (
            0
            if size.one_line
            else 1
            if size.one_hunk
            else 2
            if size.added + size.removed <= SMALL_LINES
            else 3
        )
        keyed.append(((bucket, not candidate.commit.says_fix, i), candidate))
    keyed.sort(key=lambda pair: pair[0])
    return [(candidate, key[0] < LARGE) for key, candidate in keyed]


def cache_path(project: HistoryProject, sha: str) -> Path:
    return WORK / "cache" / project.name / f"{sha}.json"


def cached(project: HistoryProject, sha: str) -> Verdict | None:
    try:
        data = json.loads(cache_path(project, sha).read_text(encoding="utf-8"))
        verdict = Verdict(**data)
    except (OSError, ValueError, TypeError):
        return None
    if verdict.version != CACHE_VERSION:
        return None
    if verdict.status == "collection_error" and not verdict.parent_messages:
        return None  # a verdict without its evidence (the first version kept none) is redone
    return verdict


def save(project: HistoryProject, verdict: Verdict) -> None:
    path = cache_path(project, verdict.commit)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(asdict(verdict), indent=1) + "\n", encoding="utf-8")


def judge_candidate(project: HistoryProject, candidate: Candidate) -> Verdict:
    """Run the candidate's test modules on the task tree and at C; the verdict."""
    commit = candidate.commit
    started = time.monotonic()

    def verdict(status: str, reason: str = "", **more: Any) -> Verdict:
        return Verdict(commit.sha, status, reason, round(time.monotonic() - started, 1), **more)

    if len(candidate.modules) > MAX_TEST_MODULES:
        return verdict("too_many_tests", f"{len(candidate.modules)} test modules changed")
    tree = WORK / "scratch" / project.name / "tree"
    lay_tree(project, tree, commit.parent, commit.sha, candidate.tests)
    before = run_tests(project, tree, candidate.modules)
    problem = run_problem(before)
    if problem:
        return verdict("error", f"on the parent: {problem}")
    if before.collection_errors:
        shown = ", ".join(before.collection_errors[:3])
        why = "; ".join(sorted(set(before.messages.values())))[:200]
        status = "venv_mismatch" if not_installed(why, tree) else "collection_error"
        return verdict(status, f"the parent cannot collect {shown}: {why}", parent_messages=before.messages)
    if not before.failing:
        return verdict("parent_passes", f"{len(before.passing)} passed on the parent")
    if missing_names(before):
        shown = next(iter(before.messages.values()), "")
        return verdict("feature", f"the tests need names the parent lacks: {shown}"[:300])
    lay_tree(project, tree, commit.sha, commit.sha, [])
    after = run_tests(project, tree, candidate.modules)
    problem = run_problem(after)
    if problem:
        return verdict("error", f"at C: {problem}", parent_failing=before.failing)
    if not after.clean:
        bad = after.failing[:3] or after.collection_errors[:3]
        return verdict("fix_fails", f"C's own tests do not all pass in this venv: {', '.join(bad)}")
    gone = [t for t in before.failing if after.outcomes.get(t) != "passed"]
    if gone:
        return verdict("fix_fails", f"failing on the parent, not passed at C: {', '.join(gone[:3])}")
    task = task_of(project, candidate, before, after)
    return verdict(
        "kept",
        task=task.model_dump(mode="json"),
        parent_failing=before.failing,
        parent_messages=before.messages,
    )


def not_installed(messages: str, tree: Path) -> bool:
    """A module the tests import that is neither in the tree nor in the venv: the venv
    built for today's project does not fit that commit."""
    for name in NOT_INSTALLED.findall(messages):
        if not any(
            (tree / base / name).exists() or (tree / base / f"{name}.py").exists() for base in (".", "src")
        ):
            return True
    return False


def missing_names(run: TestRun) -> bool:
    """Every failure of the parent is a name it does not have (an import, an attribute of a
    module or of a class): C adds API, and its tests fail for want of it. That is a feature,
    not a bug; a fix that adds code nobody calls yet is out of Repair's reach by design."""
    return bool(run.failing) and all(MISSING_NAME.search(run.messages.get(t, "")) for t in run.failing)


def run_problem(run: TestRun) -> str:
    """Why a run says nothing about the code: no report, a timeout, or the project imported
    from the venv's checkout instead of the tree."""
    if run.timed_out:
        return f"timed out after {run.seconds:.0f}s"
    if run.problem:
        lines = [line.strip() for line in run.output_tail.splitlines() if line.strip()]
        return f"{run.problem}: {lines[-1][:160]}" if lines else run.problem
    if run.foreign_imports:
        module, path = sorted(run.foreign_imports.items())[0]
        return f"imported {module} from the venv's checkout ({path})"
    return ""


def task_of(project: HistoryProject, candidate: Candidate, before: TestRun, after: TestRun) -> HistoryTask:
    commit = candidate.commit
    mirror = project.mirror
    size = diff_size(mirror, commit.parent, commit.sha, candidate.sources)
    functions = []
    for path in candidate.sources:
        old = file_text(mirror, commit.parent, path)
        new = file_text(mirror, commit.sha, path)
        functions += [{"path": path, "name": name} for name in changed_functions(old, new)]
    exceptions = Counter(e or "other" for e in before.exceptions.values())
    return HistoryTask.model_validate(
        {
            "id": task_id(project.name, commit.sha),
            "project": project.name,
            "commit": commit.sha,
            "parent": commit.parent,
            "date": commit.date,
            "subject": commit.subject[:200],
            "test_files": candidate.modules,
            "test_changes": [{"status": c.status, "path": c.path} for c in candidate.tests],
            "failing": before.failing,
            "exceptions": dict(sorted(exceptions.items())),
            "passing_at_fix": len(after.passing),
            "source_files": candidate.sources,
            "other_files": candidate.others,
            "diff": {"files": size.files, "hunks": size.hunks, "added": size.added, "removed": size.removed},
            "size": size.size,
            "functions": functions,
        }
    )


@dataclass
class ProjectMining:
    name: str
    commits: int = 0
    candidates: int = 0
    tried: int = 0
    statuses: dict[str, int] = field(default_factory=dict)
    tasks: list[HistoryTask] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        return {
            "commits_walked": self.commits,
            "candidates": self.candidates,
            "tried": self.tried,
            "statuses": dict(sorted(self.statuses.items())),
            "tasks": len(self.tasks),
        }


def mine_project(
    project: HistoryProject,
    *,
    commits: int = DEFAULT_COMMITS,
    max_candidates: int = DEFAULT_CANDIDATES,
    max_tasks: int = DEFAULT_TASKS,
    max_large: int = DEFAULT_LARGE,
    wall_s: float | None = None,
    say: Callable[[str], None] = print,
) -> ProjectMining:
    """Try the project's candidates (cached verdicts are reused): first the large ones,
    until max_large tasks or LARGE_TRIES times as many tries, so the set keeps some fixes
    beyond Repair's reach; then the small ones, until the project has max_tasks tasks or
    max_candidates candidates were tried. `wall_s`: no candidate is started after that
    many seconds (the one running is finished); `statuses["wall"]` says it happened."""
    result = ProjectMining(project.name, commits=commits)
    started = time.monotonic()

    def out_of_time() -> bool:
        if wall_s is None or time.monotonic() - started < wall_s:
            return False
        if "wall" not in result.statuses:
            say(f"{project.name}: {wall_s:g}s of wall spent, no more candidates tried")
            result.statuses["wall"] = 1
        return True

    if not project.python.exists():
        say(f"{project.name}: no venv at {project.venv} (python -m bench.fidelity prepare)")
        result.statuses["no_venv"] = 1
        return result
    found = candidates(project, commits)
    result.candidates = len(found)
    say(f"{project.name}: {len(found)} candidates in {commits} commits")
    large = [c for c, small in found if not small]
    for candidate in large[: max_large * LARGE_TRIES]:
        if len(result.tasks) >= max_large or out_of_time():
            break
        _try(project, candidate, result, say)
    for candidate in (c for c, small in found if small):
        if len(result.tasks) >= max_tasks or result.tried >= max_candidates or out_of_time():
            break
        _try(project, candidate, result, say)
    return result


def _try(
    project: HistoryProject, candidate: Candidate, result: ProjectMining, say: Callable[[str], None]
) -> None:
    verdict = cached(project, candidate.commit.sha)
    if verdict is None:
        try:
            verdict = judge_candidate(project, candidate)
        except Exception as exc:  # one odd commit (a tree that cannot be written) is a drop
            verdict = Verdict(candidate.commit.sha, "error", f"{type(exc).__name__}: {exc}"[:300])
        save(project, verdict)
    result.tried += 1
    result.statuses[verdict.status] = result.statuses.get(verdict.status, 0) + 1
    if verdict.status == "kept" and verdict.task is not None:
        result.tasks.append(HistoryTask.model_validate(verdict.task))
    say(
        f"  {candidate.commit.sha[:10]} {verdict.status:16} {verdict.seconds:6.1f}s "
        f"{(verdict.reason or candidate.commit.subject)[:100]}"
    )
