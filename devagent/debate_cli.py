"""`dev-agent debate [problem] | --problemDescription FILE ...` and `dev-agent debate eval
DEBATE.json`: the command line of debate mode (devagent/workflows/debate/).

Input is checked in the seed's order before any model loads: the problem (exactly one
of the text or the file; the file exists, is no directory, is not empty), --agents,
--rounds, then the configuration. Every such error is one line and exit 3, this tool's
code for bad arguments and configuration (the seed's 2 and 4). Progress and warnings go
to stderr; the solution (or nothing, with --output) goes to stdout."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from devagent.cli_args import ArgumentParser as _Parser
from devagent.cli_args import config_path
from devagent.cli_args import exit_code_table as _exit_code_table
from devagent.errors import ExitCode, UsageError

if TYPE_CHECKING:
    from devagent.workflows.debate.progress import Progress
    from devagent.workflows.debate.run import DebateResult


def debate_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="dev-agent debate",
        description=(
            "Debate mode: role agents (architect, performance, security, testing, kiss, generalist) "
            "propose, critique and refine designs for a problem over rounds on local models; a judge "
            "synthesises the solution. The state is saved to debates/<id>.json after every "
            "contribution. `dev-agent debate eval DEBATE.json` scores a finished debate."
        ),
        epilog=_exit_code_table(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("problem", nargs="?", help="the problem, as text (or use --problemDescription)")
    parser.add_argument(
        "--problemDescription",
        "--problem-description",
        dest="problem_file",
        type=Path,
        metavar="FILE",
        help="read the problem from a text file",
    )
    parser.add_argument(
        "--agents", metavar="ROLES", help="comma-separated roles to keep, e.g. architect,security"
    )
    parser.add_argument(
        "--rounds", type=int, metavar="N", help="number of rounds (>= 1; default: the config's, 3)"
    )
    parser.add_argument(
        "--config",
        type=Path,
        metavar="FILE",
        help="debate config (JSON or YAML: agents, judge, debate); default: the tool config's `debate:`",
    )
    parser.add_argument(
        "--output", type=Path, metavar="PATH", help=".json: the full debate state; else the solution text"
    )
    parser.add_argument(
        "--report", type=Path, metavar="PATH", help="write a Markdown report (.md is added if missing)"
    )
    parser.add_argument(
        "--verbose", action="store_true", help="a round-by-round summary on stderr at the end"
    )
    parser.add_argument(
        "--clarify", action="store_true", help="agents ask clarifying questions first (Enter = NA)"
    )
    parser.add_argument("--model", metavar="SPEC", help="one model spec for every agent and the judge")
    parser.add_argument(
        "--runs-dir", type=Path, help="where run logs go (default: runs/ in the current directory)"
    )
    return parser


def eval_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="dev-agent debate eval",
        description=(
            "Score a finished debate: each evaluator agent rates the final solution from 1 to 10 on "
            "functional completeness, performance and scalability, security, maintainability and "
            "evolvability, testability and requirements fulfilment; the averages and summaries are "
            "written as JSON and Markdown."
        ),
        epilog=_exit_code_table(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("debate", type=Path, help="a debate state file (debates/deb-....json)")
    parser.add_argument("--config", type=Path, metavar="FILE", help="evaluator config (JSON or YAML: agents)")
    parser.add_argument(
        "--output", type=Path, metavar="PATH", help="the JSON result (default: beside the debate)"
    )
    parser.add_argument("--model", metavar="SPEC", help="one model spec for every evaluator")
    return parser


def resolve_problem_description(problem: str | None, problem_file: Path | None) -> str:
    """The seed's resolveProblemDescription: exactly one of the two."""
    from devagent.workflows.debate.run import problem_from_file, problem_from_text

    if problem is not None and problem_file is not None:
        raise UsageError("debate: give the problem as text or with --problemDescription, not both")
    if problem is None and problem_file is None:
        raise UsageError("debate: give the problem as text or with --problemDescription FILE")
    return problem_from_text(problem) if problem is not None else problem_from_file(problem_file)  # type: ignore[arg-type]


def _check_file_target(path: Path, flag: str) -> Path:
    if path.is_dir():
        raise UsageError(f"{path}: {flag} is a directory; name a file")
    for parent in path.parents:
        if parent.exists():
            if not parent.is_dir():
                raise UsageError(f"{path}: {flag}: {parent} is not a directory")
            break
    return path


def ask_terminal(prompt: str) -> str:
    """One answer from the user: the prompt on stderr, a line from stdin ("" at its end)."""
    sys.stderr.write(prompt)
    sys.stderr.flush()
    return sys.stdin.readline().rstrip("\n")


def debate_main(argv: list[str]) -> int:
    if argv and argv[0] == "eval":
        return eval_main(argv[1:])
    args = debate_parser().parse_args(argv)
    problem = resolve_problem_description(args.problem, args.problem_file)
    from devagent.workflows.debate.config import load_debate_config, parse_roles

    roles = parse_roles(args.agents) if args.agents is not None else None
    if args.rounds is not None and args.rounds < 1:
        raise UsageError(f"debate: --rounds must be 1 or more, not {args.rounds}")
    from devagent.config import load_config

    tool_config = config_path()
    config = load_config(tool_config)
    loaded = load_debate_config(args.config, config.debate, tool_config, roles)
    output = _check_file_target(args.output.expanduser().absolute(), "--output") if args.output else None
    report = None
    if args.report is not None:
        report = (
            args.report if args.report.suffix == ".md" else args.report.with_name(args.report.name + ".md")
        )
        report = _check_file_target(report.expanduser().absolute(), "--report")
    from devagent.workflows.debate.progress import Progress
    from devagent.workflows.debate.run import DebateRequest, run_debate

    progress = Progress()
    for warning in loaded.warnings:
        progress.warn(warning)
    runs_dir = (args.runs_dir or Path(config.runs_dir)).expanduser().absolute()
    request = DebateRequest(
        problem,
        loaded,
        config,
        tool_config,
        args.rounds or loaded.debate.rounds,
        args.clarify or loaded.debate.interactive_clarifications,
        runs_dir,
        args.model,
    )
    result = run_debate(request, progress, ask_terminal)
    code = _output_results(result, output, args.verbose, progress)
    if report is not None:
        _write_report(result, request, report, progress)
    if result.exit_code != ExitCode.OK:
        reason = f": {result.detail}" if result.detail else ""
        print(f"dev-agent: debate: {result.outcome}{reason} (log: {result.log_path})", file=sys.stderr)
        return int(result.exit_code)
    return code


def _output_results(result: DebateResult, output: Path | None, verbose: bool, progress: Progress) -> int:
    """The seed's outputResults; the exit code an unwritable --output gives (74), else 0."""
    state = result.state
    solution = state.final_solution
    code = 0
    if output is not None:
        text = (
            state.to_json()
            if output.suffix.lower() == ".json"
            else (solution.description + "\n" if solution else "")
        )
        try:
            output.parent.mkdir(parents=True, exist_ok=True)
            output.write_text(text, encoding="utf-8")
        except OSError as exc:
            print(f"dev-agent: debate: cannot write {output}: {exc.strerror or exc}", file=sys.stderr)
            code = int(ExitCode.IO_ERROR)
    elif solution is not None:
        print(solution.description)
    if verbose:
        _verbose_summary(result, progress)
    progress.info(f"Saved debate to {result.debate_path}")
    return code


def _verbose_summary(result: DebateResult, progress: Progress) -> None:
    state = result.state
    if state.prompt_sources:
        for source in state.prompt_sources.agents:
            progress.info(f"System prompt of {source.agent_id}: {source.source}")
        if state.prompt_sources.judge:
            progress.info(
                f"System prompt of {state.prompt_sources.judge.agent_id}: {state.prompt_sources.judge.source}"
            )
    tokens = 0
    for r in state.rounds:
        progress.info(f"Round {r.round_number}")
        for agent_id, summary in r.summaries.items():
            s = summary.metadata
            progress.info(
                f"  summary {agent_id}: {s.before_chars} -> {s.after_chars} chars, "
                f"{s.latency_ms} ms, {s.tokens_used} tokens"
            )
        for c in r.contributions:
            first = c.content.strip().splitlines()[0] if c.content.strip() else ""
            target = f" -> {c.target_agent_id}" if c.target_agent_id else ""
            m = c.metadata
            tokens += m.tokens_used or 0
            progress.info(
                f"  {c.type} {c.agent_id}{target}: {first[:80]} "
                f"({m.latency_ms} ms, {m.tokens_used} tokens, {m.model})"
            )
    progress.info(f"Totals: {len(state.rounds)} round(s), {tokens} tokens in contributions")


def _write_report(result: DebateResult, request: object, path: Path, progress: Progress) -> None:
    from devagent.workflows.debate.report import debate_report
    from devagent.workflows.debate.run import DebateRequest

    assert isinstance(request, DebateRequest)
    loaded = request.loaded
    models = {
        a.id: request.model_override or a.model_spec(request.config.model.architect) for a in loaded.agents
    }
    models[loaded.judge.id] = request.model_override or loaded.judge.model_spec(
        request.config.model.architect
    )
    try:
        text = debate_report(result.state, loaded.agents, loaded.judge, models)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:  # the seed: a report failure is a warning, not the debate's
        progress.warn(f"cannot write the report {path}: {exc.strerror or exc}")
        return
    progress.info(f"Generated report: {path}")


def eval_main(argv: list[str]) -> int:
    args = eval_parser().parse_args(argv)
    from devagent.workflows.debate.evaluation import run_eval

    return run_eval(args.debate, args.config, args.output, args.model, config_path())
