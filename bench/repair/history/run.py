"""Running history tasks and judging what comes back.

    python -m bench.repair.history run [--set SET] [--mode loop|search] [--holdout]
                                       [--timeout S] [--budget S] [ID ...]   (SET: see cli.py)

Each task is laid anew under <HISTORY_HOME>/runs/<mode>/<id>/ (outside /tmp): `repo/` is the
parent's source with C's test files, one commit on `main` and no history, with `remote.git`
as its origin. Then:

* loop (the default, the figures that count): the fix loop end to end, as a user runs it,
  with the embedded model:
      python dev_agent.py --phase phase.md --repo repo --runs-dir runs
          --python /work/fidelity/<name>/venv/bin/python
          --test-command "python -m pytest <C's test files> --maxfail=1 -q <project options>"
  The run log gives the baseline, an environment error, the outcome, Repair's record and
  the label; a pushed fix is fetched from the remote and judged (judge.py).
* search: Repair's search alone (devagent.repair.repair with the config's settings, the
  project's interpreter and the tree's import roots, no model, no sandbox), faster; `--budget`
  lowers its time ceiling. The fix gets the label Repair's review gives it (review_of on the
  search's ambiguity and the edit), as the fix loop does.

A fix stays in the task's repository (branch loop/fix or search/fix), so `judge` can judge
it again.

Without --holdout only development tasks run (named ones must be development tasks); with
it, only the holdout half: it is measured once, at the end (SPLIT.md). Figures go into
bench/results/repair.json under `history` (and `labels.history_<half>`), merged with what
the file holds. `--set independent` runs the independent set's tasks (independent.yaml's
projects), all of them or the named ones, with no split; their figures go under the half
"independent" (`history.independent`, `history.search_only.independent`,
`labels.history_independent`); `--set independent2`, the second independent set, likewise
under "independent2"."""

from __future__ import annotations

import argparse
import shlex
import shutil
import sys
import time
import traceback
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bench.fidelity.compare import names_test
from bench.fidelity.fix import run_environment
from bench.fidelity.runlogs import newest_log, read_records
from bench.repair.history.gitdata import Change, fault_rank, is_test_path, old_ranges
from bench.repair.history.judge import fix_functions, judge_fix
from bench.repair.history.projects import PROJECT_SETS, WORK, HistoryProject, ProjectSet, project_named
from bench.repair.history.results import DEFAULT_OUT, write_results
from bench.repair.history.results import section_records as results_records
from bench.repair.history.runlog import read_run
from bench.repair.history.tasks import HistoryTask, TaskDataError, load_tasks, select
from bench.repair.history.testrun import relative_roots
from bench.repair.history.trees import add_remote, lay_tree, make_repository
from bench.repair.peer_common import git, git_ok, run_limited
from bench.repair.split import Half

ROOT = Path(__file__).resolve().parents[3]
DEV_AGENT = ROOT / "dev_agent.py"
RUN_LIMIT_S = 900.0
TASK_BRANCH = "main"  # the task's one commit (trees.make_repository)
FIX_BRANCHES = {"loop": "loop/fix", "search": "search/fix"}  # the fix, in the task's repo
LOOP_FIX, SEARCH_FIX = FIX_BRANCHES["loop"], FIX_BRANCHES["search"]
PHASE = """# Fix the failing tests

Some tests of the project fail. Find the bug in the library code and fix it, without
changing any test.
"""


@dataclass
class HistoryRecord:
    """One run of one task."""

    task: str
    project: str
    half: str
    size: str
    mode: str
    fixed: bool = False
    right: bool | None = None  # None: not fixed, or not judged
    wall_s: float = 0.0
    error: str | None = None  # the harness could not run the task (not an attempt)
    baseline_named: bool | None = None  # the first test run named every failing test of the task
    baseline_failing: int | None = None
    environment_error: bool = False
    outcome: str = ""
    label: str | None = None
    findings: list[Any] | None = None
    repair: dict[str, Any] | None = None
    judgement: dict[str, Any] | None = None
    fix: dict[str, Any] | None = None  # what the fix changed: files, lines
    detail: str = ""
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def test_command(project: HistoryProject, task: HistoryTask) -> str:
    return shlex.join(
        ["python", "-m", "pytest", *task.test_files, "--maxfail=1", "-q", *project.pytest_options]
    )


def lay_task(project: HistoryProject, task: HistoryTask, workdir: Path) -> tuple[Path, str]:
    """workdir anew with the task's repository (and its bare remote); (repo, its commit)."""
    if workdir.exists():
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True)
    repo = workdir / "repo"
    changes = [Change(c.status, c.path) for c in task.test_changes]
    lay_tree(project, repo, task.parent, task.commit, changes)
    base = make_repository(repo, "The project, with tests that fail")
    add_remote(repo, workdir / "remote.git")
    (workdir / "phase.md").write_text(PHASE, encoding="utf-8")
    return repo, base


def baseline_named(task: HistoryTask, failing: list[str]) -> bool:
    return all(any(names_test(test, seen) for seen in failing) for test in task.failing)


def fixed_tree(
    project: HistoryProject, task: HistoryTask, repo: Path, ref: str, dest: Path
) -> dict[str, Any]:
    """dest: the task's tree with the non-test files `ref` changed taken from `ref` (test
    files stay C's, whatever the fix did to them). Returns what the fix changed."""
    changes = [Change(c.status, c.path) for c in task.test_changes]
    lay_tree(project, dest, task.parent, task.commit, changes)
    names = git_ok(repo, "diff", "--name-status", "--no-renames", TASK_BRANCH, ref).splitlines()
    changed, tests = [], []
    for line in names:
        status, path = line.split("\t", 1)
        if is_test_path(path):
            tests.append(path)
            continue
        changed.append(path)
        target = dest / path
        if status.startswith("D"):
            target.unlink(missing_ok=True)
            continue
        blob = git(repo, "show", f"{ref}:{path}")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(blob.stdout, encoding="utf-8")
    stat = git_ok(repo, "diff", "--shortstat", TASK_BRANCH, ref)
    return {"files": changed, "test_files_changed": tests, "shortstat": stat}


def rank_of_fault(project: HistoryProject, task: HistoryTask, lines: list[tuple[str, int]]) -> int | None:
    """Where localisation ranked the lines C changed: the rank of the first suspicious line
    inside C's hunks on the parent (None: none of them was ranked)."""
    return fault_rank(lines, old_ranges(project.mirror, task.parent, task.commit, list(task.source_files)))


def run_loop(project: HistoryProject, task: HistoryTask, workdir: Path, timeout_s: float) -> HistoryRecord:
    record = HistoryRecord(task.id, task.project, task.half, task.size, "loop")
    repo, _base = lay_task(project, task, workdir)
    argv = [
        sys.executable, str(DEV_AGENT),
        "--phase", str(workdir / "phase.md"),
        "--repo", str(repo),
        "--runs-dir", str(workdir / "runs"),
        "--python", str(project.python),
        "--test-command", test_command(project, task),
    ]  # fmt: skip
    limited = run_limited(
        argv, workdir, run_environment(project.fidelity, True), timeout_s, workdir / "run.out"
    )
    record.wall_s = limited.wall_s
    log = newest_log(workdir / "runs")
    if log is None:
        record.error = f"no run log (dev_agent exit {limited.returncode}): {limited.tail(3)[:300]}"
        return record
    facts = read_run(read_records(log))
    summary = facts.summary
    record.outcome = summary.outcome or ("killed at the limit" if limited.returncode is None else "")
    record.baseline_failing = len(summary.baseline_failing)
    record.baseline_named = baseline_named(task, summary.baseline_failing) if summary.baseline_found else None
    record.environment_error = summary.environment_error
    record.label, record.findings, record.repair = facts.label, facts.findings, facts.repair
    if facts.repair is not None:
        lines = [(str(p), int(n)) for p, n in facts.repair.get("suspicious") or []]
        facts.repair["fault_rank"] = rank_of_fault(project, task, lines)
    record.detail = (summary.detail or facts.triage or "")[:300]
    record.fixed = facts.fixed
    if record.fixed and summary.branch:
        fetched = git(repo, "fetch", "-q", "origin", f"refs/heads/{summary.branch}")
        if fetched.returncode != 0:
            record.notes.append(f"branch {summary.branch} not on the remote: {fetched.stderr.strip()[:200]}")
            record.right = False
            return record
        git_ok(repo, "branch", "-f", LOOP_FIX, "FETCH_HEAD")  # kept for `judge`
        judge_into(record, project, task, repo, LOOP_FIX, workdir)
    return record


def judge_into(
    record: HistoryRecord,
    project: HistoryProject,
    task: HistoryTask,
    repo: Path,
    ref: str,
    workdir: Path,
    *,
    full_suite: bool = True,
) -> None:
    fixed = workdir / "fixed"
    record.fix = fixed_tree(project, task, repo, ref, fixed)
    record.fix["at_c_lines"] = at_c_lines(project, task, repo, ref, record.fix["files"])
    before = {
        path: _text_at(repo, TASK_BRANCH, path) for path in record.fix["files"] if str(path).endswith(".py")
    }
    judgement = judge_fix(project, task, fixed, fix_functions(before, fixed), workdir, full_suite=full_suite)
    record.judgement = judgement.record()
    record.right = judgement.right
    shutil.rmtree(fixed, ignore_errors=True)


def at_c_lines(project: HistoryProject, task: HistoryTask, repo: Path, ref: str, files: list[str]) -> bool:
    """Whether the fix changes a line of the parent that C changes too: a fix elsewhere
    may still be right, but only the checks say so, not C's place (the differential
    check reaches top-level functions only)."""
    mine = old_ranges(repo / ".git", TASK_BRANCH, ref, [f for f in files if not is_test_path(f)])
    theirs = old_ranges(project.mirror, task.parent, task.commit, list(task.source_files))
    return any(
        a <= d and c <= b for path, spans in mine.items() for a, b in spans for c, d in theirs.get(path, [])
    )


def _text_at(repo: Path, ref: str, path: str) -> str | None:
    shown = git(repo, "show", f"{ref}:{path}")
    return shown.stdout if shown.returncode == 0 else None


def run_search(
    project: HistoryProject, task: HistoryTask, workdir: Path, budget_s: float | None = None
) -> HistoryRecord:
    """Repair's search alone on the task (no model, no sandbox), with the project's venv;
    `budget_s` lowers the config's time ceiling (None: the config's)."""
    from devagent.config import Config
    from devagent.repair import repair
    from devagent.workflows.fix.repair_step import pytest_args, search_options

    record = HistoryRecord(task.id, task.project, task.half, task.size, "search")
    repo, _base = lay_task(project, task, workdir)
    args = pytest_args(test_command(project, task)) or []
    options = search_options(Config())
    if budget_s is not None:
        options["budget_s"] = min(options["budget_s"], budget_s)
    started = time.monotonic()
    result = repair(
        repo,
        args,
        **options,
        python=str(project.python),
        import_roots=relative_roots(project, repo),
    )
    record.wall_s = round(time.monotonic() - started, 2)
    failing = list(result.localization.failing)
    record.baseline_failing = len(failing)
    record.baseline_named = baseline_named(task, failing)
    fixed = result.fixed
    lines = [(line.path, line.line) for line in result.localization.lines]
    record.repair = {
        "tried": result.tried,
        "planned": result.planned,
        "duration_s": round(result.duration_s, 1),
        "budget_s": result.budget_s,
        "error": result.error,
        "suspicion": result.suspicion,
        "suspicious": [list(line) for line in lines[:20]],
        "fault_rank": rank_of_fault(project, task, lines),
        "fixed": None
        if fixed is None
        else {"path": fixed.path, "line": fixed.edit.line, "template": fixed.edit.template},
    }
    record.outcome = "fixed" if fixed is not None else (result.error or "no candidate passed")[:200]
    if fixed is None:
        return record
    record.fixed = True
    original = (repo / fixed.path).read_text(encoding="utf-8")
    record.label, record.findings = search_label(result, fixed.path, original, fixed.content)
    (repo / fixed.path).write_text(fixed.content, encoding="utf-8")
    git_ok(repo, "checkout", "-q", "-b", SEARCH_FIX)
    git_ok(repo, "commit", "-q", "-a", "--no-verify", "-m", "Repair's fix")
    judge_into(record, project, task, repo, SEARCH_FIX, workdir)
    return record


def search_label(result: Any, path: str, original: str, content: str) -> tuple[str, list[Any]]:
    """The label Repair's review gives the fix, as the fix loop computes it (repair_step):
    "verified" or "needs_review", and the findings (the ambiguity first, as a record)."""
    from devagent.repair.review import review_of

    review = review_of(path, original, content, result.ambiguity, result.behaviour_changes)
    recorded = review.record()
    findings: list[Any] = []
    if recorded["ambiguity"] is not None:
        findings.append({"ambiguity": recorded["ambiguity"]})
    findings += recorded["findings"]
    return review.label, findings


# ----------------------------------------------------------------------------------------- command


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from bench.repair.history.cli import add_set_argument

    add_set_argument(parser)
    parser.add_argument("ids", nargs="*", metavar="ID", help="task ids (default: every task of the half)")
    parser.add_argument("--mode", choices=("loop", "search"), default="loop")
    parser.add_argument(
        "--holdout", action="store_true", help="run the holdout half (measured once, at the end)"
    )
    parser.add_argument("--timeout", type=float, default=RUN_LIMIT_S, help="seconds per task (loop mode)")
    parser.add_argument(
        "--budget",
        type=float,
        default=None,
        help="search mode: lower the search's time ceiling to S seconds (default: the config's)",
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)


def tasks_of_run(args: argparse.Namespace) -> tuple[ProjectSet, str, list[HistoryTask]]:
    """The set asked for, the half its figures go under and the tasks to run: a half of the
    benchmark (select's rules), or the independent set's tasks (all, or the named ones)."""
    project_set = PROJECT_SETS[getattr(args, "set", "benchmark")]
    tasks = load_tasks(project_set.tasks_file)
    if project_set.split:
        half: Half = "holdout" if args.holdout else "development"
        return project_set, half, select(tasks, half, args.ids, holdout=args.holdout)
    if args.holdout:
        raise TaskDataError(f"--holdout: the {project_set.name} set has no halves (it runs as a whole)")
    known = {t.id: t for t in tasks}
    unknown = [i for i in args.ids if i not in known]
    if unknown:
        raise TaskDataError(f"unknown {project_set.name} task id(s): {', '.join(unknown)}")
    return project_set, project_set.half, [known[i] for i in args.ids] if args.ids else tasks


def run_command(args: argparse.Namespace) -> int:
    project_set, half, tasks = tasks_of_run(args)
    projects = project_set.projects()
    command = "python -m bench.repair.history run " + shlex.join(_argv(args))
    records: list[HistoryRecord] = []
    failed = False
    print(f"== {half}: {len(tasks)} tasks, mode {args.mode}", flush=True)
    for task in tasks:
        workdir = WORK / "runs" / args.mode / task.id
        try:
            project = project_named(projects, task.project)
            if args.mode == "loop":
                record = run_loop(project, task, workdir, args.timeout)
            else:
                record = run_search(project, task, workdir, args.budget)
        except Exception as exc:  # the harness's own failure on one task is that task's record
            tail = traceback.format_exc(limit=3).strip().splitlines()[-1]
            record = HistoryRecord(task.id, task.project, half, task.size, args.mode)
            record.error = f"harness: {type(exc).__name__}: {exc} ({tail})"[:400]
        record.half = half
        failed = failed or record.error is not None
        records.append(record)
        verdict = "not fixed"
        if record.fixed:
            verdict = "RIGHT" if record.right else "WRONG" if record.right is False else "fixed"
        print(
            f"  {task.id:28} {task.size:10} {verdict:9} {record.wall_s:7.1f}s label={record.label} "
            f"named={record.baseline_named} {record.error or record.outcome} {record.detail[:80]}",
            flush=True,
        )
        write_results(args.out, args.mode, half, [r.as_dict() for r in records], command)
    return 1 if failed else 0


def judge_command(args: argparse.Namespace) -> int:
    """Judge again the fixed tasks of one half and mode from the fixes kept in their
    repositories (WORK/runs/<mode>/<id>/repo, branch FIX_BRANCHES[mode]), with every check
    (C's full suite included); the records' judgements are replaced."""
    project_set, half, chosen = tasks_of_run(argparse.Namespace(**{**vars(args), "ids": []}))
    tasks = {t.id: t for t in chosen}
    projects = project_set.projects()
    wanted = set(args.ids)
    judged: list[dict[str, Any]] = []
    failed = False
    for data in results_records(args.out, args.mode, half):
        if not data.get("fixed") or (wanted and data.get("task") not in wanted):
            continue
        record = HistoryRecord(**data)
        task = tasks.get(record.task)
        workdir = WORK / "runs" / args.mode / record.task
        repo = workdir / "repo"
        if task is None or git(repo, "rev-parse", "--verify", "-q", FIX_BRANCHES[args.mode]).returncode:
            print(f"  {record.task:28} no task or no kept fix in {repo}", flush=True)
            failed = True
            continue
        judge_into(
            record, project_named(projects, task.project), task, repo, FIX_BRANCHES[args.mode], workdir
        )
        judged.append(record.as_dict())
        suite = (record.judgement or {}).get("suite", {})
        print(f"  {record.task:28} {'RIGHT' if record.right else 'WRONG'} suite={suite}"[:300], flush=True)
        command = "python -m bench.repair.history judge " + shlex.join(_argv(args))
        write_results(args.out, args.mode, half, judged, command, key=f"judge_{args.mode}_{half}")
    return 1 if failed else 0


def _argv(args: argparse.Namespace) -> list[str]:
    argv = [f"--mode={args.mode}"]
    if getattr(args, "set", "benchmark") != "benchmark":
        argv.append(f"--set={args.set}")
    if args.holdout:
        argv.append("--holdout")
    if getattr(args, "timeout", RUN_LIMIT_S) != RUN_LIMIT_S:
        argv.append(f"--timeout={args.timeout:g}")
    if getattr(args, "budget", None) is not None:
        argv.append(f"--budget={args.budget:g}")
    return argv + list(args.ids)
