"""Ctrl-C and SIGTERM during a run: stop promptly and clean up.

The first signal sets STOP: a running command's process group is killed, a model call
stops generating, and the conversation ends after the current turn, so the worktree is
removed and the log finished. A second signal raises KeyboardInterrupt at once."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

from devagent.errors import RunInterrupted

STOP = threading.Event()
_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Interrupted(RunInterrupted):
    """Raised by a tool or a model call that stopped because STOP was set; it ends the
    run like the signal itself (exit 130)."""


@contextmanager
def stop_on_signals(on_stop: Callable[[], None]) -> Iterator[None]:
    STOP.clear()
    if threading.current_thread() is not threading.main_thread():
        yield  # signals reach only the main thread; nothing to install
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        if STOP.is_set():
            raise KeyboardInterrupt
        STOP.set()
        on_stop()

    previous = {sig: signal.getsignal(sig) for sig in _SIGNALS}
    for sig in _SIGNALS:
        signal.signal(sig, handler)
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)
