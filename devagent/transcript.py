"""Live messages while a run goes: one line per envelope on stderr (stdout stays the
result), and the escaping every terminal line of run text goes through. Its own module
so that each mode's command line can show a run without importing the run log viewer
(devagent/report.py), which reads every workflow's records."""

from __future__ import annotations

from functools import cache

from rich.console import Console
from rich.markup import escape as escape_markup

from devagent.messages import Envelope
from devagent.text import printable


@cache
def _err() -> Console:
    """Made at first use: a Console reads the environment when it is built (devagent/report.py)."""
    return Console(stderr=True, highlight=False, soft_wrap=True)


_STYLE = {
    "DevAgent": "cyan",
    "Supervisor": "magenta",
    "ShellTool": "yellow",
    "GitTool": "green",
    "Architect": "cyan",
    "Reviewer": "magenta",
}


def escape(text: str) -> str:
    """Text from a run (test output, git, a model) as rich shows it: its markup escaped and
    its control characters written out, so it cannot drive the terminal."""
    return escape_markup(printable(text))


def first_line(text: str, width: int = 110) -> str:
    line = next((ln for ln in text.strip().splitlines() if ln.strip()), "")
    return line if len(line) <= width else line[: width - 1] + "…"


def last_line(text: str, width: int = 110) -> str:
    return first_line("\n".join(reversed(text.strip().splitlines())), width)


def print_envelope(envelope: Envelope) -> None:
    """One line per message while a run is live (stderr, so stdout stays the result)."""
    style = _STYLE.get(envelope.role, "white")
    event = envelope.metadata.event or envelope.type
    summary = first_line(envelope.content)
    if envelope.role == "ShellTool" and envelope.type == "output":
        # A test run's last line is its summary ("1 failed, 1 passed in 0.05s").
        summary = last_line(envelope.content)
        if event == "tests_failed" and envelope.metadata.test_name:
            summary = f"{envelope.metadata.test_name}: {summary}"
    _err().print(
        f"[dim]#{envelope.metadata.iteration}[/dim] [{style}]{envelope.role:<10}[/{style}] "
        f"{event:<16} {escape(summary)}"
    )
