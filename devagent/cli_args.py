"""What every subcommand's argument handling shares: one-line argument errors with the
usage exit code, the exit-code table for `--help`, and where the tool's config is found.

Its own module so that each mode's command line (devagent/debate_cli.py, plan mode's)
can use it without importing devagent/cli.py, which dispatches to them."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import NoReturn

from devagent.errors import EXIT_CODE_HELP, UsageError


def exit_code_table() -> str:
    return "exit codes:\n" + "\n".join(f"  {int(code):<4} {text}" for code, text in EXIT_CODE_HELP.items())


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
