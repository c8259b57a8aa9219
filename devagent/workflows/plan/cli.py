"""`dev-agent plan "goal" | --goal "..." | --goal-file FILE` and `dev-agent run --idea
"..."`: the command lines of plan mode and of the idea-to-PR chain. Kept out of
devagent/cli.py, which only dispatches here."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from devagent.cli_args import ArgumentParser, HelpFormatter, config_path, exit_code_table
from devagent.errors import ExitCode, UsageError
from devagent.sourced import Sourced


def plan_parser() -> argparse.ArgumentParser:
    parser = ArgumentParser(
        prog="dev-agent plan",
        description=(
            "Plan mode: a Planner splits a goal into small tasks (T1..Tn, each with its artifacts), "
            "a Coder writes each task's files in full, the tests run in the sandbox and a Tester "
            "reports; one commit per passed task on a new branch, then push and PR. The run halts "
            "on the first failing task or error reply. The user's checkout is never touched."
        ),
        epilog=exit_code_table("plan"),
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "goal_text", nargs="?", metavar="goal", help="the goal, as text (or --goal, --goal-file)"
    )
    parser.add_argument("--goal", metavar="TEXT", help="the goal, as text (the same as the positional goal)")
    parser.add_argument("--goal-file", type=Path, metavar="FILE", help="read the goal from a text file")
    parser.add_argument("--plan-id", metavar="ID", default="plan_0001", help="plan id (default: plan_0001)")
    parser.add_argument("--max-tasks", type=int, metavar="N", help="override plan.max_tasks")
    parser.add_argument("--repo", type=Path, help="target git repository (default: the current directory's)")
    parser.add_argument(
        "--model", metavar="SPEC", help="model for every role (plan roles, and DevAgent for --repair)"
    )
    parser.add_argument("--planner-model", metavar="SPEC", help="override plan.planner_model")
    parser.add_argument("--coder-model", metavar="SPEC", help="override plan.coder_model")
    parser.add_argument("--tester-model", metavar="SPEC", help="override plan.tester_model")
    parser.add_argument("--test-command", metavar="CMD", help="override test_command")
    parser.add_argument(
        "--python",
        metavar="PATH",
        help="the Python the tests run with: an interpreter or a virtualenv folder (shell.python; default: "
        "the active VIRTUAL_ENV or CONDA_PREFIX, else the repository's .venv or venv, else dev-agent's own)",
    )
    parser.add_argument(
        "--config",
        type=Path,
        help="config file (default: $DEV_AGENT_CONFIG or the bundled config/dev_agent.yaml)",
    )
    parser.add_argument(
        "--runs-dir", type=Path, help="where run logs go (default: runs/ in the current directory)"
    )
    parser.add_argument("--no-pr", action="store_true", help="push the branch but do not open a pull request")
    parser.add_argument(
        "--repair",
        action="store_true",
        help="before halting on a failing task, hand its tests to the fix loop's Repair step and DevAgent",
    )
    parser.add_argument("--quiet", action="store_true", help="print only the final result")
    return parser


def goal_of(args: argparse.Namespace) -> str:
    """Exactly one of the goal (positional or --goal) and --goal-file, checked like spec
    mode's idea."""
    from devagent.user_input import idea_from_file, idea_from_text

    given = [g for g in (args.goal_text, args.goal, args.goal_file) if g is not None]
    if len(given) != 1:
        raise UsageError("plan: give the goal as text (or --goal TEXT) or with --goal-file FILE, exactly one")
    if args.goal_file is not None:
        return idea_from_file(args.goal_file, "goal file")
    flag = "--goal" if args.goal is not None else "the goal"
    return idea_from_text(args.goal if args.goal is not None else args.goal_text, f"plan: {flag}")


def overrides(args: argparse.Namespace) -> dict[str, Any]:
    values: dict[str, Any] = {}
    if args.max_tasks is not None:
        values["plan.max_tasks"] = Sourced(args.max_tasks, "--max-tasks")
    for role in ("planner", "coder", "tester"):
        own = getattr(args, f"{role}_model")
        if own or args.model:
            values[f"plan.{role}_model"] = Sourced(own or args.model, f"--{role}-model" if own else "--model")
    if args.model:  # also the fix loop's DevAgent, which --repair hands a failing task to
        values["model.dev_agent"] = Sourced(args.model, "--model")
    if args.test_command:
        values["test_command"] = Sourced(args.test_command, "--test-command")
    if args.python:
        values["shell.python"] = Sourced(args.python, "--python")
    if args.no_pr:
        values["git.auto_pr"] = False
    return values


def plan_command(argv: list[str]) -> int:
    args = plan_parser().parse_args(argv)
    goal = goal_of(args)  # bad input costs nothing: no config read, no model loaded
    from devagent.config import load_config
    from devagent.remote_check import check_push_target
    from devagent.user_files import check_output_folder
    from devagent.workflows.plan.replies import check_plan_id

    check_plan_id(args.plan_id)
    config = load_config(config_path(args.config), overrides(args))
    runs_flag = "--runs-dir" if args.runs_dir else "runs_dir"
    runs_dir = check_output_folder(args.runs_dir or Path(config.runs_dir), runs_flag)
    repo = (args.repo or Path.cwd()).expanduser()
    check_push_target(repo, config.git.remote)  # before the engine, AutoGen and the models load
    from devagent.transcript import print_envelope
    from devagent.workflows.plan.report import print_plan_result
    from devagent.workflows.plan.run import PlanRequest, run_plan

    request = PlanRequest(goal, repo, config, runs_dir, plan_id=args.plan_id, repair=args.repair)
    result = run_plan(request, None if args.quiet else print_envelope)
    print_plan_result(result)
    if result.exit_code != ExitCode.OK:
        reason = f": {result.detail}" if result.detail else ""
        print(f"dev-agent: plan: {result.outcome}{reason} (log: {result.log_path})", file=sys.stderr)
    return int(result.exit_code)


def run_parser() -> argparse.ArgumentParser:
    parser = ArgumentParser(
        prog="dev-agent run",
        description=(
            "From a rough idea to one pull request: spec mode writes spec.md (in the runs folder), "
            "then the fix loop takes it as its phase (workflows/fix_new_work.yaml): the Supervisor "
            "judges the green suite against it, plan mode builds the new work on the fix branch, "
            "tests first, the fix loop repairs what is red, and the approval pushes the branch and "
            "opens the PR. The two runs are linked in their logs and in `runs show`."
        ),
        epilog=exit_code_table("run"),
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--idea", metavar="TEXT", help="the rough idea, as text (or use --idea-file)")
    parser.add_argument("--idea-file", type=Path, metavar="FILE", help="read the rough idea from a text file")
    parser.add_argument("--repo", type=Path, help="target git repository (default: the current directory's)")
    parser.add_argument("--model", metavar="SPEC", help="model for every role of every stage")
    parser.add_argument("--spec-rounds", type=int, metavar="N", help="override spec.max_iterations")
    parser.add_argument("--max-iterations", type=int, metavar="N", help="override max_iterations (fix loop)")
    parser.add_argument("--test-command", metavar="CMD", help="override test_command")
    parser.add_argument(
        "--python",
        metavar="PATH",
        help="the Python the tests run with: an interpreter or a virtualenv folder (shell.python; default: "
        "the active VIRTUAL_ENV or CONDA_PREFIX, else the repository's .venv or venv, else dev-agent's own)",
    )
    parser.add_argument(
        "--config",
        type=Path,
        help="config file (default: $DEV_AGENT_CONFIG or the bundled config/dev_agent.yaml)",
    )
    parser.add_argument(
        "--runs-dir", type=Path, help="where run logs go (default: runs/ in the current directory)"
    )
    parser.add_argument("--no-pr", action="store_true", help="push the branch but do not open a pull request")
    parser.add_argument("--quiet", action="store_true", help="print only the final result")
    return parser


def run_command(argv: list[str]) -> int:
    args = run_parser().parse_args(argv)
    from devagent.user_input import idea_from_file, idea_from_text

    if (args.idea is None) == (args.idea_file is None):
        raise UsageError("run: give the idea with --idea TEXT or --idea-file FILE, exactly one of them")
    idea = (
        idea_from_text(args.idea, "run: --idea") if args.idea is not None else idea_from_file(args.idea_file)
    )
    from devagent.config import load_config
    from devagent.remote_check import check_push_target
    from devagent.user_files import check_output_folder

    values: dict[str, Any] = {}
    if args.model:
        for key in ("dev_agent", "supervisor", "architect", "reviewer"):
            values[f"model.{key}"] = Sourced(args.model, "--model")
    for attribute, key in (("spec_rounds", "spec.max_iterations"), ("max_iterations", "max_iterations")):
        if getattr(args, attribute) is not None:
            values[key] = Sourced(getattr(args, attribute), "--" + attribute.replace("_", "-"))
    if args.test_command:
        values["test_command"] = Sourced(args.test_command, "--test-command")
    if args.python:
        values["shell.python"] = Sourced(args.python, "--python")
    if args.no_pr:
        values["git.auto_pr"] = False
    config = load_config(config_path(args.config), values)
    repo = (args.repo or Path.cwd()).expanduser()
    # The repository and its remote are checked before the spec stage spends any model
    # time on the idea.
    check_push_target(repo, config.git.remote)
    runs_flag = "--runs-dir" if args.runs_dir else "runs_dir"
    runs_dir = check_output_folder(args.runs_dir or Path(config.runs_dir), runs_flag)
    from devagent.transcript import print_envelope
    from devagent.workflows.plan.idea import run_idea

    result = run_idea(idea, repo, config, runs_dir, None if args.quiet else print_envelope)
    lines = [f"stage {s.name}: {s.run_id} {s.outcome} (exit {int(s.exit_code)})" for s in result.stages]
    lines.append(f"outcome: {result.outcome} (exit {int(result.exit_code)})")
    if result.spec_path is not None:
        lines.append(f"spec: {result.spec_path}")
    if result.branch:
        lines.append(f"branch: {result.branch}")
    if result.pull_request is not None:
        lines.append(f"pull request: {result.pull_request.url or result.pull_request.record_path}")
    print("\n".join(lines))
    if result.exit_code != ExitCode.OK:
        last = result.stages[-1]
        reason = f": {last.detail}" if last.detail else ""
        print(
            f"dev-agent: run: {last.name} stage {last.outcome}{reason} (log: {last.log_path})",
            file=sys.stderr,
        )
    return int(result.exit_code)
