"""Ollama through its Python client. JSON-only replies are constrained with
`format=<JSON schema>`; replies that also carry a diff fence cannot be, so they rely on
validation and the one re-prompt. `num_ctx` is always sent: Ollama's 2k default would
silently drop the overflow."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from typing import Any

from devagent.errors import ModelUnavailableError, TurnDeadlinePassed
from devagent.interrupt import STOP, Interrupted
from devagent.models.base import (
    ChatMessage,
    Completion,
    GenerationSettings,
    ReplyFormat,
    estimate_tokens,
    sampling,
    time_limit,
)
from devagent.models.retry import TransientError, with_retries

DEFAULT_HOST = "http://127.0.0.1:11434"


class OllamaBackend:
    def __init__(self, name: str, model: str, settings: GenerationSettings, host: str | None) -> None:
        import ollama  # imported lazily: keeps `--help` fast

        self._name = name
        self._model = model
        self._settings = settings
        self.host = host or os.environ.get("OLLAMA_HOST") or DEFAULT_HOST
        self._client = ollama.Client(host=self.host, timeout=settings.timeout_s)

    @property
    def name(self) -> str:
        return self._name

    def request(self, messages: Sequence[ChatMessage], reply_format: ReplyFormat) -> dict[str, Any]:
        """The exact keyword arguments sent to `ollama.Client.chat` (tests assert on them)."""
        temperature, seed = sampling(self._settings, reply_format.sample)
        request: dict[str, Any] = {
            "model": self._model,
            "messages": [{"role": m.role, "content": m.content} for m in messages],
            "stream": False,
            "options": {
                "num_ctx": self._settings.context_size,
                "num_predict": self._settings.max_tokens,
                "temperature": temperature,
                "seed": seed,
            },
        }
        if reply_format.diff_paths is None:
            request["format"] = reply_format.json_schema
        return request

    def count_tokens(self, text: str) -> int:
        return estimate_tokens(text)

    def complete(self, messages: Sequence[ChatMessage], reply_format: ReplyFormat) -> Completion:
        started = time.perf_counter()
        request = self.request(messages, reply_format)
        attempts = 1 + self._settings.retries
        try:
            response = with_retries(
                lambda: self._chat(request, reply_format),
                retries=self._settings.retries,
                backoff_s=self._settings.retry_backoff_s,
            )
        except TransientError as exc:
            raise ModelUnavailableError(
                f"{self._name} at {self.host}: {exc} (after {attempts} attempts)"
            ) from None
        content = response.message.content or ""
        if reply_format.diff_paths is None and not reply_format.bare_json:
            # Ollama returns the bare JSON object; the fix loop's protocol wants it fenced.
            content = f"```json\n{content.strip()}\n```"
        return Completion(
            text=content,
            prompt_tokens=int(response.prompt_eval_count or 0),
            completion_tokens=int(response.eval_count or 0),
            latency_s=time.perf_counter() - started,
        )

    def _chat(self, request: dict[str, Any], reply_format: ReplyFormat) -> Any:
        """One request; connection failures, timeouts, 429 and 5xx are transient (a timeout
        set by the reply format's deadline is not: TurnDeadlinePassed)."""
        import httpx
        import ollama

        if STOP.is_set():
            raise Interrupted(f"{self._name}: stopped before the model call")
        limit, by_deadline = time_limit(self._settings, reply_format)
        # ollama.Client takes its timeout at construction: a shorter one needs its own client
        client = ollama.Client(host=self.host, timeout=limit) if by_deadline else self._client
        try:
            return client.chat(**request)
        except httpx.TimeoutException as exc:
            if by_deadline:
                raise TurnDeadlinePassed(f"{self._name}: no reply by its turn's deadline") from None
            raise TransientError(_first_line(exc)) from None
        except (httpx.TransportError, ConnectionError) as exc:
            raise TransientError(_first_line(exc)) from None
        except ollama.ResponseError as exc:
            detail = str(exc.error or "").strip()
            reason = f"HTTP {exc.status_code}: {detail.splitlines()[0] if detail else 'no detail'}"
            if exc.status_code == 429 or exc.status_code >= 500:
                raise TransientError(reason) from None
            raise ModelUnavailableError(f"{self._name} at {self.host}: {reason}") from None


def _first_line(exc: Exception) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
