"""`dev-agent debate [problem] | --problemDescription FILE ...` and `dev-agent debate eval
DEBATE.json`: the command line of debate mode (devagent/workflows/debate/).

Input is checked before any model loads: the problem (exactly one of the text or the
file; the file exists, is no directory, is not empty), --rounds, every path the debate
will write (--output, --report, the runs folder; these before the engine loads, so at
once), --agents, the configuration (its prompt files, its debates folder and its
models). Every such error
is one line and exit 3, this tool's code for bad arguments and configuration (the
seed's 2 and 4). Progress and warnings go to stderr; the solution (or nothing, with
--output) goes to stdout."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from devagent.cli_args import ArgumentParser as _Parser
from devagent.cli_args import HelpFormatter, config_path
from devagent.cli_args import exit_code_table as _exit_code_table
from devagent.errors import ExitCode, UsageError
from devagent.text import printable
from devagent.user_files import check_output, check_output_folder, write_output

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
            "contribution. `dev-agent debate eval DEBATE.json` scores a finished debate.\n\n"
            "Config: the seed's debate-config.json (agents, judge, debate), from --config or "
            "./debate-config.json, else the tool config's debate: section, else built-in "
            'defaults. "provider": "openai" with a plain "model" uses the OpenAI-compatible '
            "server at $OPENAI_BASE_URL (default http://127.0.0.1:8080/v1, llama.cpp's server; "
            "Ollama serves one at http://127.0.0.1:11434/v1) with $OPENAI_API_KEY if set; "
            '"openrouter" uses OpenRouter with $OPENROUTER_API_KEY.'
        ),
        epilog=_exit_code_table("debate"),
        formatter_class=HelpFormatter,
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
        help="debate config (JSON or YAML: agents, judge, debate); default: ./debate-config.json",
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
        epilog=_exit_code_table("debate eval"),
        formatter_class=HelpFormatter,
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
    from devagent.user_input import idea_from_text, problem_from_file

    if problem is not None and problem_file is not None:
        raise UsageError("debate: give the problem as text or with --problemDescription, not both")
    if problem is None and problem_file is None:
        raise UsageError("debate: give the problem as text or with --problemDescription FILE")
    if problem is not None:
        return idea_from_text(problem, "debate: the problem")
    assert problem_file is not None
    return problem_from_file(problem_file)


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
    if args.rounds is not None and args.rounds < 1:
        raise UsageError(f"debate: --rounds must be 1 or more, not {args.rounds}")
    from devagent.config import load_config

    tool_config = config_path()
    config = load_config(tool_config)
    # Every file the debate will write, checked before any model is asked (and before the
    # engine and AutoGen load: an unwritable path is known at once).
    output = check_output(args.output, "--output") if args.output else None
    report = None
    if args.report is not None:
        report = (
            args.report if args.report.suffix == ".md" else args.report.with_name(args.report.name + ".md")
        )
        report = check_output(report, "--report")
    runs_dir = check_output_folder(
        args.runs_dir or Path(config.runs_dir), "--runs-dir" if args.runs_dir else "runs_dir"
    )
    from devagent.workflows.debate.config import load_debate_config, parse_roles

    roles = parse_roles(args.agents) if args.agents is not None else None
    loaded = load_debate_config(args.config, config.debate, tool_config, roles)
    check_output_folder(Path(loaded.debate.debates_dir), f"{loaded.source}: debate.debatesDir")
    from devagent.workflows.debate.progress import Progress
    from devagent.workflows.debate.run import DebateRequest, model_specs, run_debate

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
    from devagent.models.factory import check_spec

    for spec, where in model_specs(request, lambda _: None).values():
        check_spec(spec, where)  # a model string no backend serves: one line, before anything
    progress = Progress()
    for warning in loaded.warnings:
        progress.warn(warning)
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
            else printable(solution.description + "\n" if solution else "")
        )
        try:
            write_output(output, text, "--output")
        except OSError as exc:
            print(f"dev-agent: debate: cannot write {output}: {exc.strerror or exc}", file=sys.stderr)
            code = int(ExitCode.IO_ERROR)
        except UsageError as exc:  # the path turned into a link since the check
            print(f"dev-agent: debate: {exc.message}", file=sys.stderr)
            code = int(ExitCode.USAGE)
    elif solution is not None:
        print(printable(solution.description))
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
            tokens += s.tokens_used or 0
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
    if state.judge_summary is not None:
        tokens += state.judge_summary.metadata.tokens_used or 0
    seconds = (state.updated_at - state.created_at).total_seconds()
    progress.info(f"Totals: {len(state.rounds)} round(s), {seconds:.1f} s, {tokens} tokens")


def _write_report(result: DebateResult, request: object, path: Path, progress: Progress) -> None:
    from devagent.workflows.debate.report import debate_report
    from devagent.workflows.debate.run import DebateRequest, model_specs

    assert isinstance(request, DebateRequest)
    loaded = request.loaded
    models = {agent_id: spec for agent_id, (spec, _) in model_specs(request, lambda _: None).items()}
    try:
        text = debate_report(result.state, loaded.agents, loaded.judge, models)
        write_output(path, printable(text), "--report")
    except (OSError, UsageError) as exc:  # the seed: a report failure is a warning, not the debate's
        reason = exc.message if isinstance(exc, UsageError) else exc.strerror or exc
        progress.warn(f"cannot write the report {path}: {reason}")
        return
    progress.info(f"Generated report: {path}")


def eval_main(argv: list[str]) -> int:
    args = eval_parser().parse_args(argv)
    from devagent.workflows.debate.evaluation import run_eval

    return run_eval(args.debate, args.config, args.output, args.model, config_path())
