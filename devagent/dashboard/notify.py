"""How a run tells a dashboard that a step finished (seed 003's orchestrator loop, step
10: "notify frontend via callback").

The engine calls its trace's `on_step` callback after every step execution; a run wires
that to `step_notifier`, which sends one datagram to the dashboards of its runs folder
(a Linux abstract unix socket named after the folder: no file, no port, nothing to clean
up). A dashboard (`StepListener`) wakes on it and reloads the run at once; with no
dashboard listening the datagram goes nowhere and costs nothing. The trace store is
written before the callback runs (the log's listener indexes the step record as it is
written), so what the dashboard reloads already holds the step. Polling stays as a
fallback: a second dashboard on the same folder, or any lost datagram, still sees every
step within the refresh interval."""

from __future__ import annotations

import contextlib
import hashlib
import json
import socket
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from devagent.workflow.trace import StepRecord

_PREFIX = b"\0dev-agent-dashboard:"


def socket_name(runs_dir: Path) -> bytes:
    digest = hashlib.sha256(str(Path(runs_dir).resolve()).encode()).hexdigest()[:32]
    return _PREFIX + digest.encode()


def step_notifier(runs_dir: Path, run_id: str) -> Callable[[StepRecord], None]:
    """The `on_step` callback of a run logging into `runs_dir`."""
    address = socket_name(runs_dir)

    def notify(record: StepRecord) -> None:
        notice = {"run_id": run_id, "execution": record.execution, "step": record.step}
        with contextlib.suppress(OSError), socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.setblocking(False)  # a dashboard that is slow to read never slows the run
            sock.sendto(json.dumps(notice).encode(), address)

    return notify


class StepListener:
    """A dashboard's ear for its runs folder: `version` goes up with every notice. When
    another dashboard already listens on the folder, `listening` is False and the page
    relies on polling alone."""

    def __init__(self, runs_dir: Path) -> None:
        self.version = 0
        self.last: dict[str, object] = {}
        self._changed = threading.Condition()
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        try:
            self._sock.bind(socket_name(runs_dir))
        except OSError:
            self._sock.close()
            self.listening = False
            return
        self.listening = True
        threading.Thread(target=self._serve, name="dashboard-steps", daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                data = self._sock.recv(4096)
            except OSError:
                return
            with contextlib.suppress(ValueError):
                notice = json.loads(data)
                if isinstance(notice, dict):
                    self.last = notice
            with self._changed:
                self.version += 1
                self._changed.notify_all()

    def wait(self, seen: int, timeout: float) -> int:
        """The version once it passes `seen`, or after `timeout` seconds."""
        with self._changed:
            self._changed.wait_for(lambda: self.version > seen, timeout)
            return self.version

    def close(self) -> None:
        self._sock.close()
