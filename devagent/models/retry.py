"""Bounded retries with exponential backoff for transient server errors (connection
refused while a server starts, 429, 5xx). Anything else fails at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from devagent.interrupt import STOP, Interrupted

T = TypeVar("T")


class TransientError(Exception):
    """A failure worth retrying; `str()` is the one-line reason."""


def with_retries(
    call: Callable[[], T],
    *,
    retries: int,
    backoff_s: float,
    on_retry: Callable[[int, TransientError], None] | None = None,
) -> T:
    """Run `call`; after a TransientError wait backoff_s, 2*backoff_s, ... and try again,
    at most `retries` more times. The last TransientError propagates."""
    attempt = 0
    while True:
        try:
            return call()
        except TransientError as exc:
            if attempt >= retries:
                raise
            attempt += 1
            if on_retry is not None:
                on_retry(attempt, exc)
            # wait() instead of sleep(): Ctrl-C during a backoff ends the run at once.
            if STOP.wait(backoff_s * 2 ** (attempt - 1)):
                raise Interrupted("interrupted while waiting to retry the model call") from None
