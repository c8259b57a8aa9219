"""The command line of the history benchmark.

    python -m bench.repair.history mine [--set SET] [--projects NAME ...] [--commits N]
                                        [--candidates N] [--tasks N] [--large N] [--wall S]
    python -m bench.repair.history split
    python -m bench.repair.history report
    python -m bench.repair.history run [--set SET] [--mode loop|search] [--holdout]
                                       [--budget S] [ID ...]
    python -m bench.repair.history judge [--set SET] [--mode loop|search] [--holdout]
                                         [ID ...]
    python -m bench.repair.history review [--out FILE]

SET: benchmark (default), independent or independent2.
--set independent: the projects of independent.yaml (issue 40's independent check), their
tasks in independent_tasks.yaml, run as one set with no development/holdout split.
--set independent2: the same for the second independent set (independent2.yaml,
independent2_tasks.yaml), kept first-sight.

Exit codes: 0 done, 1 some task could not be run, 2 bad arguments or data (one line)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from bench.fidelity.projects import ProjectsError
from bench.repair.history import mine as mining
from bench.repair.history import results
from bench.repair.history.projects import PROJECT_SETS, ProjectSet, load_history_projects, project_named
from bench.repair.history.tasks import TaskDataError, dump_tasks, load_tasks, split_listing

EXIT_USAGE = 2
TASKS_HEADER = """\
# Real bugs from the projects' histories (issue 40.4), written by
# `python -m bench.repair.history mine`: data about public commits, no source text.
# A task: the source files of `parent` with the test files of `commit` (test_changes);
# `test_files` are run (`python -m pytest <test_files>` with the project's venv), `failing`
# fail there and pass at `commit`. `size`: the source diff of `commit` is one line, one hunk,
# or more. `functions`: what `commit` changed or added (the differential check's reference).
"""
INDEPENDENT_HEADER = """\
# The independent set (issue 40): real bugs of the projects of independent.yaml, kept out of
# the benchmark, written by `python -m bench.repair.history mine --set independent`. Same
# fields as tasks.yaml; no development/holdout split (the set is measured once, as a whole).
"""
INDEPENDENT2_HEADER = """\
# The second independent set (issue 40): real bugs of the projects of independent2.yaml,
# used nowhere else, written by `python -m bench.repair.history mine --set independent2`.
# Same fields as tasks.yaml; no split. Kept first-sight: not to be read while designing labels.
"""
HEADERS = {"benchmark": TASKS_HEADER, "independent": INDEPENDENT_HEADER, "independent2": INDEPENDENT2_HEADER}


def add_set_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--set",
        choices=sorted(PROJECT_SETS),
        default="benchmark",
        help="the benchmark's projects (projects.yaml) or an independent check's "
        "(independent.yaml, independent2.yaml)",
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.repair.history", description=__doc__.splitlines()[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    mine = sub.add_parser("mine", help="find tasks in the projects' histories")
    add_set_argument(mine)
    mine.add_argument("--projects", nargs="*", default=[], metavar="NAME")
    mine.add_argument("--commits", type=int, default=mining.DEFAULT_COMMITS)
    mine.add_argument("--candidates", type=int, default=mining.DEFAULT_CANDIDATES)
    mine.add_argument("--tasks", type=int, default=mining.DEFAULT_TASKS, help="tasks per project")
    mine.add_argument("--large", type=int, default=mining.DEFAULT_LARGE, help="of which larger fixes")
    mine.add_argument(
        "--wall",
        type=float,
        default=None,
        metavar="S",
        help="stop trying a project's candidates after S seconds of wall (default: no limit)",
    )
    sub.add_parser("split", help="print the development/holdout split")
    report = sub.add_parser(
        "report", help="recompute the summaries in repair.json from its records and print them"
    )
    report.add_argument("--out", type=Path, default=results.DEFAULT_OUT)
    from bench.repair.history import run as running

    running.add_arguments(sub.add_parser("run", help="run tasks and write their figures"))
    judge = sub.add_parser("judge", help="judge the kept fixes of a half again, C's full suite included")
    add_set_argument(judge)
    judge.add_argument("ids", nargs="*", metavar="ID")
    judge.add_argument("--mode", choices=("loop", "search"), default="loop")
    judge.add_argument("--holdout", action="store_true")
    judge.add_argument("--out", type=Path, default=results.DEFAULT_OUT)
    review = sub.add_parser(
        "review", help="the branch review on every task's human fix (how often it cries wolf)"
    )
    review.add_argument("--out", type=Path, default=results.DEFAULT_OUT)
    args = parser.parse_args(argv)
    try:
        if args.command == "mine":
            return mine_command(args)
        if args.command == "split":
            print(split_listing(load_tasks()))
            return 0
        if args.command == "report":
            print(results.table(results.refresh(args.out)))
            return 0
        if args.command == "judge":
            return running.judge_command(args)
        if args.command == "review":
            return review_command(args)
        return running.run_command(args)
    except (TaskDataError, ProjectsError) as exc:
        print(f"bench.repair.history: {exc}", file=sys.stderr)
        return EXIT_USAGE


def mine_command(args: argparse.Namespace) -> int:
    project_set: ProjectSet = PROJECT_SETS[args.set]
    projects = project_set.projects()
    if args.projects:
        known = {p.name for p in projects}
        unknown = [n for n in args.projects if n not in known]
        if unknown:
            raise ProjectsError(
                f"unknown project(s): {', '.join(unknown)} (known: {', '.join(sorted(known))})"
            )
        projects = [p for p in projects if p.name in args.projects]
    try:
        previous = {t.id: t for t in load_tasks(project_set.tasks_file)}
    except TaskDataError:
        previous = {}
    summaries = _previous_summaries(project_set.mining_file)
    for project in projects:
        result = mining.mine_project(
            project,
            commits=args.commits,
            max_candidates=args.candidates,
            max_tasks=args.tasks,
            max_large=args.large,
            wall_s=args.wall,
            say=_say,
        )
        previous = {i: t for i, t in previous.items() if t.project != project.name}
        previous.update({t.id: t for t in result.tasks})
        summaries[project.name] = result.summary()
        dump_tasks(list(previous.values()), project_set.tasks_file, header=HEADERS[project_set.name])
        project_set.mining_file.write_text(
            json.dumps(summaries, indent=2, sort_keys=True) + "\n", encoding="utf-8"
        )
        _say(f"{project.name}: {len(result.tasks)} tasks, {result.summary()['statuses']}")
    _say(f"{len(previous)} tasks in {project_set.tasks_file}")
    return 0


def review_command(args: argparse.Namespace) -> int:
    from bench.repair.history import human_review

    projects = load_history_projects()
    reviews = [(t, human_review.review_fix(project_named(projects, t.project), t)) for t in load_tasks()]
    summary = human_review.summarize(reviews)
    human_review.write_summary(args.out, summary)
    for task_id, texts in summary["labels"].items():
        _say(f"{task_id}: " + "; ".join(texts))
    _say(
        f"{summary['labelled']} of {summary['fixes']} human fixes labelled; findings {summary['findings']}"
        f" (written to {args.out}: history.human_fixes_review)"
    )
    return 0


def _previous_summaries(path: Path) -> dict[str, object]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _say(text: str) -> None:
    print(text, flush=True)
