"""Progress on stderr while a debate runs (rich): the round, the phase, each agent's
activity and how long it took; warnings in the same stream. stdout stays for results."""

from __future__ import annotations

import threading
import time

from rich.console import Console
from rich.markup import escape


class Progress:
    def __init__(self, quiet: bool = False, console: Console | None = None) -> None:
        self._console = console or Console(stderr=True, highlight=False, soft_wrap=True)
        self._quiet = quiet
        self._lock = threading.Lock()
        self._started = time.monotonic()
        self._phases: set[tuple[int, str]] = set()
        self.warnings: list[str] = []

    def _print(self, text: str) -> None:
        with self._lock:
            self._console.print(text)

    def _clock(self) -> str:
        return f"[dim]{time.monotonic() - self._started:7.1f}s[/dim]"

    def warn(self, message: str) -> None:
        """Always shown (also with --quiet), and kept for the run log."""
        self.warnings.append(message)
        self._print(f"[yellow]Warning:[/yellow] {escape(message)}")

    def info(self, message: str) -> None:
        self._print(escape(message))

    def round_start(self, number: int, total: int) -> None:
        if not self._quiet:
            self._print(f"{self._clock()} [bold]Round {number}/{total}[/bold]")

    def phase(self, round_number: int, phase: str, tasks: int) -> None:
        """Shown once per round and phase, by whichever panel member starts first."""
        with self._lock:
            if (round_number, phase) in self._phases:
                return
            self._phases.add((round_number, phase))
        if not self._quiet:
            self._print(f"{self._clock()}   {escape(phase)} ({tasks} task(s))")

    def agent(self, name: str, activity: str) -> None:
        if not self._quiet:
            self._print(f"{self._clock()}     {escape(name)} {escape(activity)}...")

    def agent_done(self, name: str, activity: str, seconds: float) -> None:
        if not self._quiet:
            self._print(
                f"{self._clock()}     [green]done[/green] {escape(name)} {escape(activity)} ({seconds:.1f}s)"
            )

    def summarised(self, name: str, before: int, after: int) -> None:
        if not self._quiet:
            self._print(
                f"{self._clock()}     {escape(name)} summarised its history: {before} -> {after} chars"
            )
