"""What every subcommand's argument handling shares: one-line argument errors with the
usage exit code, the exit-code table for `--help`, and where the tool's config is found.

Its own module so that each mode's command line (devagent/debate_cli.py, plan mode's)
can use it without importing devagent/cli.py, which dispatches to them."""

from __future__ import annotations

import argparse
import os
import textwrap
from pathlib import Path
from typing import NoReturn

from devagent.errors import EXIT_CODE_HELP, ExitCode, UsageError

E = ExitCode
_BAD_INPUT = "bad arguments, config or input file; an output path that cannot be written"
_ENGINE = {
    E.LOOP_DETECTED: "loop detected: a step failed the same way in the same situation twice",
    E.INVARIANT_FAILED: "a workflow invariant failed; the run halted",
    E.INTERNAL: "internal error (a bug); the traceback is in the run log",
    E.IO_ERROR: "the run log (or an output file) cannot be written (disk full...)",
    E.INTERRUPTED: "interrupted (Ctrl-C, SIGTERM)",
}
# Each subcommand's own exit codes: what it can end with, in its own words.
MODE_EXIT_CODES: dict[str, dict[ExitCode, str]] = {
    "fix": EXIT_CODE_HELP,
    "spec": {
        E.OK: "the Reviewer verified the draft; spec.md written",
        E.MAX_ITERATIONS: (
            "max_iterations rounds without verification (or the workflow's budget ran out): "
            "spec.md holds the last draft and the trace log of unresolved challenges"
        ),
        E.USAGE: _BAD_INPUT,
        E.MODEL_UNAVAILABLE: "model unavailable (GGUF missing, server down, timeout)",
        E.MODEL_PROTOCOL: "a reply invalid after one re-prompt (or an Architect reply breaking its rules)",
        **_ENGINE,
    },
    "debate": {
        E.OK: "the judge synthesised the solution (debate completed)",
        E.MAX_ITERATIONS: "the workflow's token or wall-time budget ran out (debate failed)",
        E.USAGE: _BAD_INPUT + " (the seed's 2 and 4)",
        E.MODEL_UNAVAILABLE: "model unavailable: GGUF missing, server down, timeout (the seed's 3)",
        E.MODEL_PROTOCOL: "a reply invalid after one re-prompt (the seed's 3)",
        **_ENGINE,
    },
    "debate eval": {
        E.OK: "the scores were written",
        E.USAGE: _BAD_INPUT,
        E.MODEL_UNAVAILABLE: "model unavailable (GGUF missing, server down, timeout)",
        E.MODEL_PROTOCOL: "no evaluator gave a valid score",
        E.IO_ERROR: "the result cannot be written",
        E.INTERRUPTED: "interrupted (Ctrl-C, SIGTERM)",
    },
    "plan": {
        E.OK: "every planned task passed (completed); the branch pushed, the PR opened or recorded",
        E.MAX_ITERATIONS: "a task's tests failed (failed) or a role answered an error (agent_error)",
        E.GIT_ERROR: "unrecoverable git error (worktree, commit or push)",
        E.USAGE: _BAD_INPUT + "; a remote that is missing or refused",
        E.MODEL_UNAVAILABLE: "model unavailable (GGUF missing, server down, timeout)",
        E.MODEL_PROTOCOL: "a reply invalid, or breaking its rules, after one re-prompt",
        E.ENVIRONMENT: "the project's Python cannot run the tests (--python, shell.python)",
        **_ENGINE,
    },
    "run": {
        E.OK: "the spec stage wrote spec.md and the fix stage ended approved (or nothing to do)",
        E.MAX_ITERATIONS: "a stage ran out of rounds or iterations (see `spec --help`, `--help`)",
        E.GIT_ERROR: "unrecoverable git error (worktree, commit or push)",
        E.USAGE: _BAD_INPUT + "; no repository, a remote that is missing or refused",
        E.MODEL_UNAVAILABLE: "model unavailable (GGUF missing, server down, timeout)",
        E.MODEL_PROTOCOL: "a reply invalid after one re-prompt",
        E.ENVIRONMENT: "the tests cannot run as the project runs them (fix stage)",
        E.NEEDS_REVIEW: "fix pushed, but the tests do not decide it (fix stage)",
        **_ENGINE,
    },
    "runs": {
        E.OK: "done",
        E.USAGE: "bad arguments, or no single run matches the id",
        E.LOG_INVALID: "runs verify: the log's hash chain is broken",
    },
    "dashboard": {
        E.OK: "the server stopped on its own, cleanly",
        E.USAGE: "bad arguments, or Streamlit is not installed (the dashboard extra)",
        E.SERVICE_FAILED: "the server failed: it ended with an error (its message is above) or was killed",
        E.INTERRUPTED: "stopped by Ctrl-C or SIGTERM (the server stopped with it)",
    },
}


def exit_code_table(mode: str = "fix") -> str:
    """The exit codes `mode` (a subcommand, or the fix loop) can end with."""
    codes = MODE_EXIT_CODES[mode]
    lines = [
        textwrap.fill(text, 92, initial_indent=f"  {int(code):<4} ", subsequent_indent=" " * 7)
        for code, text in sorted(codes.items())
    ]
    return "exit codes:\n" + "\n".join(lines)


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Prose paragraphs wrapped to the terminal; blocks whose lines are indented (the
    command list, the exit codes) kept as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        paragraphs = []
        for paragraph in text.split("\n\n"):
            lines = paragraph.splitlines()
            if len(lines) > 1 and all(line.startswith(" ") for line in lines[1:]):
                paragraphs.append("\n".join(indent + line for line in lines))
            else:
                paragraphs.append(
                    textwrap.fill(
                        " ".join(paragraph.split()), width, initial_indent=indent, subsequent_indent=indent
                    )
                )
        return "\n\n".join(paragraphs)


class ArgumentParser(argparse.ArgumentParser):
    """Argument errors as one line with the usage exit code, like every other error."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see --help)")


def config_path(explicit: str | Path | None = None) -> Path:
    """The config file: `--config`, else $DEV_AGENT_CONFIG, else the bundled default."""
    if explicit:
        return Path(explicit)
    env = os.environ.get("DEV_AGENT_CONFIG")
    if env:
        return Path(env)
    from devagent.resources import default_config_path

    return default_config_path()
