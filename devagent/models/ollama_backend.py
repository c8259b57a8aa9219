"""Ollama through its Python client. JSON-only replies are constrained with
`format=<JSON schema>`; replies that also carry a diff fence cannot be, so they rely on
validation and the one re-prompt. `num_ctx` is always sent: Ollama's 2k default would
silently drop the overflow."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from typing import Any

from devagent.errors import ModelUnavailableError
from devagent.models.base import ChatMessage, Completion, GenerationSettings, ReplyFormat

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
        request: dict[str, Any] = {
            "model": self._model,
            "messages": [{"role": m.role, "content": m.content} for m in messages],
            "stream": False,
            "options": {
                "num_ctx": self._settings.context_size,
                "num_predict": self._settings.max_tokens,
                "temperature": self._settings.temperature,
                "seed": self._settings.seed,
            },
        }
        if reply_format.diff_paths is None:
            request["format"] = reply_format.json_schema
        return request

    def complete(self, messages: Sequence[ChatMessage], reply_format: ReplyFormat) -> Completion:
        import httpx
        import ollama

        started = time.perf_counter()
        try:
            response = self._client.chat(**self.request(messages, reply_format))
        except (httpx.HTTPError, ConnectionError, ollama.ResponseError) as exc:
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise ModelUnavailableError(f"{self._name} at {self.host}: {reason}") from None
        content = response.message.content or ""
        if reply_format.diff_paths is None:
            # Ollama returns the bare JSON object; the protocol wants it fenced.
            content = f"```json\n{content.strip()}\n```"
        return Completion(
            text=content,
            prompt_tokens=int(response.prompt_eval_count or 0),
            completion_tokens=int(response.eval_count or 0),
            latency_s=time.perf_counter() - started,
        )
