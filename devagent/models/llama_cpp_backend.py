"""In-process llama.cpp (llama-cpp-python): one loaded model per GGUF path, shared by
every role that names it; replies constrained by a GBNF grammar.

Prompt caching: llama-cpp-python already skips the prefix a prompt shares with the
previous call. Roles sharing one model alternate (DevAgent, Supervisor, DevAgent...),
so on its own each role's prefix would be evicted by the other's; a RAM cache of saved
KV states brings the longest matching prefix back, and a prompt that keeps its stable
part first (prompt_builder) then evaluates only its new tokens."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from devagent.errors import ModelUnavailableError, TurnDeadlinePassed
from devagent.interrupt import STOP, Interrupted
from devagent.models.base import (
    ChatMessage,
    Completion,
    GenerationSettings,
    ReplyFormat,
    sampling,
    time_limit,
)
from devagent.models.grammar import reply_grammar


@dataclass
class EvalCounter:
    """What llama.cpp evaluated in one call: the first eval is the prompt's uncached
    suffix (after `reused` tokens kept from the cache), then one eval per generated token."""

    calls: list[tuple[int, int]] = field(default_factory=list)  # (tokens already in context, evaluated)

    @property
    def reused(self) -> int:
        return self.calls[0][0] if self.calls else 0

    @property
    def prompt_tokens(self) -> int:
        return sum(self.calls[0]) if self.calls else 0


_LOADED: dict[tuple[Path, int, int | None], Any] = {}
EVAL_SLICE = 128  # prompt tokens evaluated between two checks of the deadline and Ctrl-C


class _PastDeadline(Exception):
    """The call's time is up: its message says how far the reply got."""


class _Stopped(Exception):
    """Ctrl-C, seen while reading the prompt or between tokens (one place names the model)."""


_LOAD_LOCK = threading.Lock()


def _counting_llama(**kwargs: Any) -> Any:
    from llama_cpp import Llama  # 0.3 s import; only when a local model is used

    from devagent.models.grammar_sampler import GrammarCheckedSampler

    class CountingLlama(Llama):
        counter = EvalCounter()
        deadline: float | None = None  # time.perf_counter() by which this call must be done

        def eval(self, tokens: Sequence[int]) -> None:
            # A long prompt takes seconds to evaluate (about 100 tokens/s for SmolLM2 on
            # 2 cores): in slices, so a deadline or Ctrl-C stops it between two slices.
            self.counter.calls.append((int(self.n_tokens), len(tokens)))
            for start in range(0, len(tokens), EVAL_SLICE):
                if STOP.is_set():
                    raise _Stopped
                if self.deadline is not None and time.perf_counter() > self.deadline:
                    raise _PastDeadline("prompt not read")
                super().eval(tokens[start : start + EVAL_SLICE])

        def save_state(self) -> Any:
            # llama-cpp-python also saves up to n_batch rows of logits (n_vocab floats each:
            # 100 MB for SmolLM2, 300 MB for Qwen) that nothing reads: a restored state is
            # always re-evaluated from at least its last token. Keep one row.
            state = super().save_state()
            state.scores = state.scores[-1:].copy()
            return state

        def _init_sampler(self, **kwargs: Any) -> Any:  # type: ignore[override]  # called with keywords only
            # The grammar asked about each drawn token, not the whole vocabulary: see
            # grammar_sampler. Kept on the model so a test can read its counts.
            grammar = kwargs.pop("grammar", None)
            chain = super()._init_sampler(**kwargs)
            if grammar is None:
                return chain
            self.grammar_sampler = GrammarCheckedSampler(chain, self._model.vocab, grammar, self._n_vocab)
            return self.grammar_sampler

    return CountingLlama(**kwargs)


def _state_cache(capacity_bytes: int) -> Any:
    from llama_cpp.llama_cache import LlamaRAMCache

    class StateCache(LlamaRAMCache):
        """Counts every byte a saved state holds; the library counts only the KV part."""

        @property
        def cache_size(self) -> int:
            return sum(
                s.llama_state_size + s.scores.nbytes + s.input_ids.nbytes for s in self.cache_state.values()
            )

    return StateCache(capacity_bytes=capacity_bytes)


def _load(path: Path, settings: GenerationSettings, name: str) -> Any:
    key = (path, settings.context_size, settings.threads)
    with _LOAD_LOCK:
        if key not in _LOADED:
            if not path.is_file():
                raise ModelUnavailableError(f"{name}: model file not found: {path}")
            try:
                llama = _counting_llama(
                    model_path=str(path),
                    n_ctx=settings.context_size,
                    n_threads=settings.threads,
                    seed=settings.seed,
                    verbose=False,
                )
            except (ValueError, RuntimeError, OSError) as exc:
                raise ModelUnavailableError(f"{name}: cannot load {path}: {exc}") from None
            llama.prompt_cache = _state_cache(settings.prompt_cache_mb << 20)  # used per call: complete()
            llama.turn_lock = threading.Lock()  # one context: roles sharing it take turns
            _LOADED[key] = llama
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

    def count_tokens(self, text: str) -> int:
        return len(self._llama.tokenize(text.encode("utf-8"), add_bos=False, special=True))

    def _grammar(self, reply_format: ReplyFormat) -> Any:
        from llama_cpp.llama_grammar import LlamaGrammar

        text = reply_grammar(reply_format)
        if text not in self._grammars:
            self._grammars[text] = LlamaGrammar.from_string(text, verbose=False)
        return self._grammars[text]

    def complete(self, messages: Sequence[ChatMessage], reply_format: ReplyFormat) -> Completion:
        started = time.perf_counter()
        limit, by_deadline = time_limit(self._settings, reply_format)
        text: list[str] = []
        finish_reason = None
        llama = self._llama
        temperature, seed = sampling(self._settings, reply_format.sample)
        with llama.turn_lock:
            reuse = self._settings.kv_cache_reuse and self._settings.prompt_cache_mb > 0
            llama.prompt_cache.capacity_bytes = self._settings.prompt_cache_mb << 20
            llama.set_cache(llama.prompt_cache if reuse else None)
            if not self._settings.kv_cache_reuse:
                llama.reset()  # evaluate the whole prompt, as if nothing were cached
            llama.counter = counter = EvalCounter()
            llama.deadline = deadline = started + limit
            try:
                # Streamed so Ctrl-C stops generation at the next token: llama-cpp-python's
                # chat handler ignores a caller's stopping criteria.
                chunks = llama.create_chat_completion(
                    messages=[{"role": m.role, "content": m.content} for m in messages],
                    grammar=self._grammar(reply_format),
                    max_tokens=self._settings.max_tokens,
                    temperature=temperature,
                    seed=seed,
                    stream=True,
                )
                for chunk in chunks:
                    if STOP.is_set():
                        chunks.close()
                        raise _Stopped
                    if time.perf_counter() > deadline:
                        chunks.close()
                        raise _PastDeadline("reply incomplete")
                    choice = chunk["choices"][0]
                    text.append(choice["delta"].get("content") or "")
                    finish_reason = choice.get("finish_reason") or finish_reason
            except _Stopped:
                raise Interrupted(f"{self._name}: generation stopped") from None
            except _PastDeadline as past:
                if by_deadline:
                    raise TurnDeadlinePassed(f"{self._name}: {past} by its turn's deadline") from None
                raise ModelUnavailableError(
                    f"{self._name}: no complete reply within model.timeout_s={limit:g}s"
                ) from None
            except ValueError as exc:  # e.g. the prompt exceeds the context window
                raise ModelUnavailableError(f"{self._name}: {exc}") from None
            finally:
                llama.deadline = None
            # Every generated token but the last is evaluated; the last is the end-of-text
            # token unless generation stopped at max_tokens.
            generated = int(llama.n_tokens) - counter.prompt_tokens + (finish_reason == "length")
        return Completion(
            text="".join(text),
            prompt_tokens=counter.prompt_tokens,
            completion_tokens=max(generated, 0),
            latency_s=time.perf_counter() - started,
            cached_prompt_tokens=counter.reused,
        )
