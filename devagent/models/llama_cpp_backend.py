"""In-process llama.cpp (llama-cpp-python): one loaded model per GGUF path, shared by
every role that names it; replies constrained by a GBNF grammar."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from devagent.errors import ModelUnavailableError
from devagent.interrupt import STOP, Interrupted
from devagent.models.base import ChatMessage, Completion, GenerationSettings, ReplyFormat
from devagent.models.grammar import reply_grammar

_LOADED: dict[tuple[Path, int, int | None], Any] = {}
_LOAD_LOCK = threading.Lock()


def _load(path: Path, settings: GenerationSettings, name: str) -> Any:
    key = (path, settings.context_size, settings.threads)
    with _LOAD_LOCK:
        if key not in _LOADED:
            if not path.is_file():
                raise ModelUnavailableError(f"{name}: model file not found: {path}")
            from llama_cpp import Llama  # 0.3 s import; only when a local model is used

            try:
                _LOADED[key] = Llama(
                    model_path=str(path),
                    n_ctx=settings.context_size,
                    n_threads=settings.threads,
                    seed=settings.seed,
                    verbose=False,
                )
            except (ValueError, RuntimeError, OSError) as exc:
                raise ModelUnavailableError(f"{name}: cannot load {path}: {exc}") from None
        return _LOADED[key]


class LlamaCppBackend:
    def __init__(self, name: str, path: Path, settings: GenerationSettings) -> None:
        self._name = name
        self._path = path
        self._settings = settings
        self._llama = _load(path, settings, name)
        self._grammars: dict[str, Any] = {}

    @property
    def name(self) -> str:
        return self._name

    def _grammar(self, reply_format: ReplyFormat) -> Any:
        from llama_cpp.llama_grammar import LlamaGrammar

        text = reply_grammar(reply_format)
        if text not in self._grammars:
            self._grammars[text] = LlamaGrammar.from_string(text, verbose=False)
        return self._grammars[text]

    def complete(self, messages: Sequence[ChatMessage], reply_format: ReplyFormat) -> Completion:
        started = time.perf_counter()
        parts: list[str] = []
        completion_tokens = 0
        try:
            # Streamed so Ctrl-C stops generation at the next token: llama-cpp-python's
            # chat handler ignores a caller's stopping criteria.
            chunks = self._llama.create_chat_completion(
                messages=[{"role": m.role, "content": m.content} for m in messages],
                grammar=self._grammar(reply_format),
                max_tokens=self._settings.max_tokens,
                temperature=self._settings.temperature,
                seed=self._settings.seed,
                stream=True,
            )
            deadline = started + self._settings.timeout_s
            for chunk in chunks:
                if STOP.is_set():
                    chunks.close()
                    raise Interrupted(f"{self._name}: generation stopped")
                if time.perf_counter() > deadline:
                    chunks.close()
                    limit = self._settings.timeout_s
                    raise ModelUnavailableError(
                        f"{self._name}: no complete reply within model.timeout_s={limit:g}s"
                    )
                delta = chunk["choices"][0]["delta"].get("content")
                if delta:
                    parts.append(delta)
                    completion_tokens += 1
        except ValueError as exc:  # e.g. the prompt exceeds the context window
            raise ModelUnavailableError(f"{self._name}: {exc}") from None
        # The context now holds the prompt followed by the generated tokens.
        prompt_tokens = max(int(self._llama.n_tokens) - completion_tokens, 0)
        return Completion(
            text="".join(parts),
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
            latency_s=time.perf_counter() - started,
        )
