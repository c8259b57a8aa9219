"""python -m bench.fidelity {suites,fix,report} [--projects NAME ...] [--projects-dir DIR]

The projects are taken prepared from DIR (default /work/fidelity): <name>/repo (checkout at
the pinned commit) and <name>/venv (the project installed editable), and <name>/fix/{repo,venv}
for `fix`. Preparing them is not part of the repository (fetched code is never committed, nor
a recipe that builds it).

  suites   each unmodified suite outside any sandbox, in bubblewrap and in Landlock:
           pass/fail/skip sets compared, every difference listed with its cause
  fix      the injected bug committed in the prepared fix clone, then the fix loop end to end
  report   rewrite bench/results/fidelity.json from the saved per-project results

Exit codes: 0 done, 1 a step failed for some project (`report`: the results file was not
rewritten, since it records projects whose saved runs are not on this machine), 3 bad
arguments or data file, or a project not prepared."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from bench.fidelity import projects as project_data
from bench.fidelity.projects import ProjectsError, load_projects, not_prepared, select, uncovered


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.fidelity", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("suites", "fix", "report"))
    parser.add_argument("--projects", nargs="*", default=[], metavar="NAME", help="only these projects")
    parser.add_argument(
        "--projects-dir",
        type=Path,
        default=project_data.DEFAULT_HOME,
        metavar="DIR",
        help="where the prepared projects are (default %(default)s)",
    )
    parser.add_argument(
        "--sandboxes", default="bwrap,landlock", help="suites: which sandboxes (default bwrap,landlock)"
    )
    parser.add_argument(
        "--recheck",
        action="store_true",
        help="fix: no new run; read the saved ones again and check each fixed branch not yet checked",
    )
    parser.add_argument(
        "--fix-sandbox",
        choices=("auto", "bwrap", "landlock"),
        default="auto",
        help="fix: the sandbox the fix loop uses (auto: its own choice; else $DEV_AGENT_SANDBOX)",
    )
    args = parser.parse_args(argv)
    project_data.use_projects_dir(args.projects_dir)
    try:
        everything = load_projects()
        projects = select(everything, list(args.projects))
    except ProjectsError as exc:
        print(f"bench.fidelity: {exc}", file=sys.stderr)
        return 3
    missing = uncovered(everything)
    if missing:
        print(f"bench.fidelity: note: no project covers {', '.join(missing)}", file=sys.stderr)
    if args.command != "report":
        for project in projects:
            problem = not_prepared(project, for_fix=args.command == "fix")
            if problem is not None:
                print(f"bench.fidelity: {problem}", file=sys.stderr)
                return 3
    if args.command == "suites":
        from bench.fidelity.suites import run_suites

        return run_suites(projects, [s for s in args.sandboxes.split(",") if s], argv_used(argv))
    if args.command == "fix":
        from bench.fidelity.fix import recheck, run_fixes

        if args.recheck:
            return recheck(projects, args.fix_sandbox)
        return run_fixes(projects, argv_used(argv), args.fix_sandbox)
    from bench.fidelity.results import write_results

    return 0 if write_results(everything) else 1


def argv_used(argv: Sequence[str] | None) -> str:
    words = list(argv) if argv is not None else sys.argv[1:]
    return " ".join(["python -m bench.fidelity", *words])


if __name__ == "__main__":
    sys.exit(main())
