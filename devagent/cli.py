"""Command line: the fix loop (`dev_agent.py --phase spec.md`, `--resume ID`) and the
subcommands (COMMANDS): spec, plan, debate, run, runs, dashboard. `--help` lists them
all; each subcommand's `--help` shows its own flags and its own exit codes.

Imports stay light at module level so `--help` answers at once; AutoGen, llama.cpp and
pydantic load only when a run starts."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from pathlib import Path
from typing import Any

from devagent.cli_args import ArgumentParser as _Parser
from devagent.cli_args import HelpFormatter, config_path
from devagent.cli_args import exit_code_table as _exit_code_table
from devagent.errors import DevAgentError, ExitCode, UsageError
from devagent.run_status import STATUSES
from devagent.sourced import Sourced
from devagent.text import printable

# Every subcommand, one line each, as the top-level help lists them.
COMMANDS: dict[str, str] = {
    "spec": "turn a rough idea into spec.md: an Architect and a Reviewer debate it (seed 000)",
    "plan": "build a goal task by task: Planner, Coder, Tester, one commit per task, then a PR (seed 001)",
    "debate": "role agents propose, critique and refine a design; a judge synthesises it (seed 002)",
    "run": "from a rough idea to one PR: spec mode, then the fix loop builds and fixes it",
    "runs": "list, show and verify past runs; rebuild the trace database",
    "dashboard": "serve the review dashboard (Streamlit) for a runs folder",
}


def _commands_text() -> str:
    width = max(len(name) for name in COMMANDS)
    lines = [f"  {name:<{width}}  {text}" for name, text in COMMANDS.items()]
    return "commands (each has its own --help and exit codes):\n" + "\n".join(lines)


def _run_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="dev-agent",
        usage=(
            "dev-agent --phase SPEC | --resume RUN_ID [options]\n"
            f"       dev-agent {{{','.join(COMMANDS)}}} ..."
        ),
        description=(
            "Fix failing tests with local models: agents patch a fix branch in their own git "
            "worktree until the tests pass and the Supervisor approves, then push it and open a PR. "
            "`--resume ID` continues a run that was killed. The options below are the fix loop's.\n\n"
            + _commands_text()
        ),
        epilog=_exit_code_table(),
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--phase", type=Path, metavar="SPEC", help="phase spec: the work to do (Markdown)")
    parser.add_argument(
        "--resume",
        metavar="RUN_ID",
        help=(
            "instead of --phase: continue a killed run from its last completed step, on its branch "
            "(a unique id prefix is enough; its phase, repository and settings come from its log, "
            "flags given here win)"
        ),
    )
    parser.add_argument(
        "--repo", type=Path, help="target git repository (default: the one containing the current directory)"
    )
    parser.add_argument(
        "--config",
        type=Path,
        help="config file (default: $DEV_AGENT_CONFIG or the bundled config/dev_agent.yaml)",
    )
    parser.add_argument("--max-iterations", type=int, metavar="N", help="override max_iterations")
    parser.add_argument(
        "--model",
        metavar="SPEC",
        help="model for every role, e.g. llama-cpp:/m.gguf, ollama:qwen2.5-coder:7b",
    )
    parser.add_argument("--dev-model", metavar="SPEC", help="override model.dev_agent")
    parser.add_argument("--supervisor-model", metavar="SPEC", help="override model.supervisor")
    parser.add_argument("--test-command", metavar="CMD", help="override test_command")
    parser.add_argument(
        "--python",
        metavar="PATH",
        help="the Python the tests run with: an interpreter or a virtualenv folder (shell.python; default: "
        "the active VIRTUAL_ENV or CONDA_PREFIX, else the repository's .venv or venv, else dev-agent's own)",
    )
    parser.add_argument(
        "--runs-dir", type=Path, help="where run logs go (default: runs/ in the current directory)"
    )
    parser.add_argument("--no-pr", action="store_true", help="push the branch but do not open a pull request")
    parser.add_argument("--quiet", action="store_true", help="print only the final result")
    return parser


def _runs_parser() -> argparse.ArgumentParser:
    # --runs-dir is accepted before or after the action (`runs show ID --runs-dir D`).
    common = _Parser(add_help=False)
    common.add_argument(
        "--runs-dir", type=Path, default=argparse.SUPPRESS, help="run log folder (default: runs/)"
    )
    # Filters go before or after `list` (`runs --status failed`, `runs list --status failed`).
    filters = _Parser(add_help=False)
    filters.add_argument(
        "--status", choices=STATUSES, default=argparse.SUPPRESS, help="only runs with this status"
    )
    filters.add_argument(
        "--workflow", metavar="NAME", default=argparse.SUPPRESS, help="only runs of this workflow (e.g. fix)"
    )
    for flag, side in (("--since", "on or after"), ("--until", "on or before")):
        filters.add_argument(
            flag, metavar="DATE", type=_date, default=argparse.SUPPRESS, help=f"only runs started {side} DATE"
        )
    parser = _Parser(
        prog="dev-agent runs",
        description=(
            "List, show and verify past runs; rebuild the trace database. STATUS is each "
            "workflow's own word for how the run ended (spec: verified, max_iterations_reached; "
            "debate and plan: completed, failed; plan also agent_error; the fix loop: approved, "
            "timeout, failed), OUTCOME the run's exact ending."
        ),
        epilog=_exit_code_table("runs"),
        formatter_class=HelpFormatter,
        parents=[common, filters],
    )
    sub = parser.add_subparsers(dest="action", parser_class=_Parser)
    sub.add_parser("list", help="list runs (the default), with filters", parents=[common, filters])
    show = sub.add_parser(
        "show",
        help="print a run: transcript, steps with spec results and diffs, model usage",
        parents=[common],
    )
    show.add_argument("run_id", help="run id (a unique prefix is enough)")
    verify = sub.add_parser(
        "verify",
        help=f"check a run log's hash chain (exit {int(ExitCode.LOG_INVALID)}: broken)",
        parents=[common],
    )
    verify.add_argument("run_id", help="run id (a unique prefix is enough)")
    sub.add_parser(
        "reindex", help="rebuild the trace database (traces.sqlite3) from the run logs", parents=[common]
    )
    return parser


def _spec_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="dev-agent spec",
        description=(
            "Spec mode: an Architect drafts the components of a rough idea and a Reviewer (pure "
            "checks plus a model) challenges them, round after round, until the draft is verified "
            "or max_iterations is reached; the result is written as spec.md (with a trace log of "
            "unresolved challenges on timeout), usable as a phase spec for the fix loop.\n\n"
            "Config: --config FILE, either this tool's config (its spec: section) or the seed's "
            "config.yaml (top-level architect_model, reviewer_model, max_iterations, output_path; "
            "a plain model name such as gemini-1.5-flash goes to the OpenAI-compatible server at "
            "$OPENAI_BASE_URL, default http://127.0.0.1:8080/v1). Without --config, ./config.yaml "
            "is read when it is in the seed's format. Flags win over both."
        ),
        epilog=_exit_code_table("spec"),
        formatter_class=HelpFormatter,
    )
    parser.add_argument("idea", nargs="?", help="the rough idea, as text (or use --idea-file)")
    parser.add_argument("--idea-file", type=Path, metavar="FILE", help="read the rough idea from a text file")
    parser.add_argument("--max-iterations", type=int, metavar="N", help="override spec.max_iterations")
    parser.add_argument("--output", type=Path, metavar="PATH", help="override spec.output_path")
    parser.add_argument("--architect-model", metavar="SPEC", help="override spec.architect_model")
    parser.add_argument("--reviewer-model", metavar="SPEC", help="override spec.reviewer_model")
    parser.add_argument(
        "--config",
        type=Path,
        help=(
            "the seed's config.yaml or this tool's config (default: ./config.yaml in the seed's "
            "format, else $DEV_AGENT_CONFIG or the bundled config/dev_agent.yaml)"
        ),
    )
    parser.add_argument(
        "--runs-dir", type=Path, help="where run logs go (default: runs/ in the current directory)"
    )
    parser.add_argument("--quiet", action="store_true", help="print only the final result")
    return parser


def sourced(args: argparse.Namespace, flags: dict[str, tuple[str, str]]) -> dict[str, Any]:
    """Overrides from flags given: attribute -> (dotted key, flag), each value remembering
    its flag so a bad value is blamed on it."""
    values: dict[str, Any] = {}
    for attribute, (dotted, flag) in flags.items():
        value = getattr(args, attribute)
        if value is not None:
            values[dotted] = Sourced(str(value) if isinstance(value, Path) else value, flag)
    return values


def _spec(argv: list[str]) -> int:
    args = _spec_parser().parse_args(argv)
    if (args.idea is None) == (args.idea_file is None):
        raise UsageError("spec: give the rough idea as text or with --idea-file, exactly one of them")
    # The idea is checked first: bad input costs nothing, no config read, no model loaded.
    from devagent.user_input import idea_from_file, idea_from_text

    idea = idea_from_text(args.idea) if args.idea is not None else idea_from_file(args.idea_file)
    from devagent.config import load_config
    from devagent.spec_config import spec_config_files
    from devagent.user_files import check_output, check_output_folder

    files = spec_config_files(args.config)
    if files.note and not args.quiet:
        print(f"dev-agent: note: {files.note}", file=sys.stderr)
    flags = {
        "max_iterations": ("spec.max_iterations", "--max-iterations"),
        "architect_model": ("spec.architect_model", "--architect-model"),
        "reviewer_model": ("spec.reviewer_model", "--reviewer-model"),
        "output": ("spec.output_path", "--output"),
    }
    overrides = {**files.overrides, **sourced(args, flags)}
    config = load_config(files.tool_config or config_path(), overrides)
    # Every file the run writes, checked before any model is asked.
    output = check_output(Path(config.spec.output_path), config.key_name("spec.output_path"))
    runs_dir = check_output_folder(
        args.runs_dir or Path(config.runs_dir), "--runs-dir" if args.runs_dir else "runs_dir"
    )
    # Only now the engine, AutoGen and the models load: every check above took well
    # under a second.
    from devagent.report import print_spec_result
    from devagent.transcript import print_envelope
    from devagent.workflows.spec.run import SpecRequest, run_spec

    result = run_spec(SpecRequest(idea, config, runs_dir, output), None if args.quiet else print_envelope)
    print_spec_result(result)
    if result.exit_code != ExitCode.OK:  # the reason also goes to stderr, as one line
        reason = f": {printable(result.detail)}" if result.detail else ""
        print(f"dev-agent: spec: {result.outcome}{reason} (log: {result.log_path})", file=sys.stderr)
    return int(result.exit_code)


def _date(text: str) -> str:
    """A date or timestamp for the run filters, as ISO text (compared with start times)."""
    from datetime import date, datetime

    try:
        if len(text) == 10:
            return date.fromisoformat(text).isoformat()
        return datetime.fromisoformat(text.replace("Z", "+00:00")).isoformat().replace("+00:00", "Z")
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a date (YYYY-MM-DD)") from None


def _overrides(args: argparse.Namespace) -> dict[str, Any]:
    values: dict[str, Any] = {}
    if args.model:
        for key in ("dev_agent", "supervisor", "architect", "reviewer"):
            values[f"model.{key}"] = Sourced(args.model, "--model")
    values |= sourced(
        args,
        {
            "max_iterations": ("max_iterations", "--max-iterations"),
            "dev_model": ("model.dev_agent", "--dev-model"),
            "supervisor_model": ("model.supervisor", "--supervisor-model"),
            "test_command": ("test_command", "--test-command"),
            "python": ("shell.python", "--python"),
        },
    )
    if args.no_pr:
        values["git.auto_pr"] = False
    return values


def _config_path(args: argparse.Namespace) -> Path:
    return config_path(args.config)


def _check_mode(args: argparse.Namespace) -> None:
    """Either a new run (--phase) or a resumed one (--resume), whose phase and repository
    come from its log."""
    if args.resume is None and args.phase is None:
        raise UsageError("one of --phase SPEC or --resume RUN_ID is required (see --help)")
    if args.resume is not None and args.phase is not None:
        raise UsageError("--resume continues a run with its own phase; drop --phase (see --help)")
    if args.resume is not None and args.repo is not None:
        raise UsageError("--resume continues a run in its own repository; drop --repo (see --help)")


def _fix(argv: list[str]) -> int:
    args = _run_parser().parse_args(argv)
    _check_mode(args)
    from devagent.config import load_config
    from devagent.remote_check import check_push_target
    from devagent.user_files import check_output_folder

    config = load_config(_config_path(args), _overrides(args))
    runs_dir = check_output_folder(
        args.runs_dir or Path(config.runs_dir), "--runs-dir" if args.runs_dir else "runs_dir"
    )
    if args.resume is None:  # a resumed run's repository comes from its log: checked there
        check_push_target((args.repo or Path.cwd()).expanduser(), config.git.remote)
    from devagent.report import print_result
    from devagent.transcript import print_envelope
    from devagent.workflows.fix.run import FixRequest, run_fix
    from devagent.workflows.plan.fix_step import BORROWED_STEPS

    show = None if args.quiet else print_envelope
    if args.resume is None:
        repo = (args.repo or Path.cwd()).expanduser()
        result = run_fix(FixRequest(args.phase, repo, config, runs_dir, borrowed_steps=BORROWED_STEPS), show)
    else:
        from devagent.resume import resume_point

        with resume_point(runs_dir, args.resume, config.git.branch_prefix) as point:
            # The run's own settings, then whatever flags this command line gives.
            config = load_config(_config_path(args), {**point.config_overrides, **_overrides(args)})
            if not args.quiet:
                print(
                    f"dev-agent: resuming {point.run_id} on {point.branch}: iteration {point.iteration}, "
                    f"{len(point.commits)} commit(s)",
                    file=sys.stderr,
                )
            result = run_fix(
                FixRequest(point.phase_path, point.repo, config, runs_dir, borrowed_steps=BORROWED_STEPS),
                show,
                resume=point,
            )
    print_result(result)
    if result.exit_code != ExitCode.OK:  # the reason also goes to stderr, as one line
        reason = f": {printable(result.detail)}" if result.detail else ""
        print(f"dev-agent: {result.outcome}{reason} (log: {result.log_path})", file=sys.stderr)
    return int(result.exit_code)


def _runs(argv: list[str]) -> int:
    args = _runs_parser().parse_args(argv)
    from devagent.report import print_reindex, print_run, print_runs, print_verification
    from devagent.trace_store import RunFilter

    runs_dir = getattr(args, "runs_dir", None) or Path("runs")
    if args.action == "show":
        return print_run(runs_dir, args.run_id)
    if args.action == "verify":
        return print_verification(runs_dir, args.run_id)
    if args.action == "reindex":
        return print_reindex(runs_dir)
    where = RunFilter(*(getattr(args, key, None) for key in ("status", "workflow", "since", "until")))
    return print_runs(runs_dir, where)


def _dashboard(argv: list[str]) -> int:
    parser = _Parser(
        prog="dev-agent dashboard",
        description="Serve the review dashboard (Streamlit) for a runs folder; needs the `dashboard` extra.",
        epilog=_exit_code_table("dashboard"),
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--runs-dir", type=Path, default=Path("runs"), help="run log folder (default: runs/)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8501, help="port (default: 8501)")
    args = parser.parse_args(argv)
    import importlib.util

    if importlib.util.find_spec("streamlit") is None:
        raise UsageError("dashboard: Streamlit is not installed; pip install 'dev-agent[dashboard]'")
    app = Path(__file__).resolve().parent / "dashboard" / "app.py"  # a script: importing it would run it
    env = {**os.environ, "DEV_AGENT_RUNS_DIR": str(args.runs_dir.expanduser().absolute())}
    command = [sys.executable, "-m", "streamlit", "run", str(app),
               "--server.headless", "true", "--server.address", args.host, "--server.port", str(args.port),
               "--browser.gatherUsageStats", "false", "--client.toolbarMode", "viewer"]  # fmt: skip
    print(
        f"dev-agent: dashboard for {env['DEV_AGENT_RUNS_DIR']} at http://{args.host}:{args.port}",
        file=sys.stderr,
    )
    from devagent.process import die_with_parent

    return _run_forwarding_signals(die_with_parent(command), env)  # gone with us, even after SIGKILL


# How long a stopped dashboard waits for its server to end on the forwarded signal before
# killing it: Streamlit ends in well under a second, but one still starting (its handlers
# not installed) or one stuck can ignore the signal, and the command must still end.
STOP_GRACE_S = 10.0


def _run_forwarding_signals(command: list[str], env: dict[str, str]) -> int:
    """Run a long-lived child (the dashboard's Streamlit server) until it ends; SIGTERM and
    SIGINT sent to us go to it, and we wait for it, at most STOP_GRACE_S after the first
    such signal before killing it, so stopping `dev-agent dashboard` never leaves the
    server running and never hangs on it. The exit code is ours, never the server's (its
    codes could read as ours, and a signal death would be exit 247): INTERRUPTED once we
    were signalled, OK when it ended cleanly by itself, SERVICE_FAILED otherwise."""
    code, signalled = _wait_forwarding_signals(command, env)
    if signalled:
        return int(ExitCode.INTERRUPTED)
    return int(ExitCode.OK) if code == 0 else int(ExitCode.SERVICE_FAILED)


def _wait_forwarding_signals(command: list[str], env: dict[str, str]) -> tuple[int, bool]:
    """The child's return code (negative: the signal that ended it), and whether SIGTERM or
    SIGINT reached us meanwhile."""
    import signal
    import subprocess

    child = subprocess.Popen(command, env=env)
    stopping_since: list[float] = []

    def forward(signum: int, _frame: object) -> None:
        stopping_since.append(time.monotonic())
        with contextlib.suppress(ProcessLookupError):
            child.send_signal(signum)

    previous = {sig: signal.signal(sig, forward) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        while True:
            try:
                if not stopping_since:
                    return child.wait(timeout=1.0), bool(stopping_since)
                left = stopping_since[0] + STOP_GRACE_S - time.monotonic()
                if left <= 0:
                    child.kill()
                    return child.wait(), True
                return child.wait(timeout=left), True
            except subprocess.TimeoutExpired:
                continue
            except KeyboardInterrupt:  # a handler raised it: keep waiting for the child
                continue
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if child.poll() is None:  # we are going anyway: do not leave the server behind
            child.kill()
            child.wait()


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0] == "runs":
            return _runs(argv[1:])
        if argv and argv[0] == "dashboard":
            return _dashboard(argv[1:])
        if argv and argv[0] == "spec":
            return _spec(argv[1:])
        if argv and argv[0] == "debate":
            from devagent.debate_cli import debate_main

            return debate_main(argv[1:])
        if argv and argv[0] == "plan":
            from devagent.workflows.plan.cli import plan_command

            return plan_command(argv[1:])
        if argv and argv[0] == "run":
            from devagent.workflows.plan.cli import run_command

            return run_command(argv[1:])
        return _fix(argv)
    except DevAgentError as exc:
        print(f"dev-agent: {printable(exc.message)}", file=sys.stderr)
        return int(exc.exit_code)
    except KeyboardInterrupt:
        print("dev-agent: interrupted", file=sys.stderr)
        return int(ExitCode.INTERRUPTED)
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
