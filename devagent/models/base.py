"""The backend interface every model (llama.cpp, Ollama, scripted) implements."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from devagent.errors import TurnDeadlinePassed


@dataclass(frozen=True)
class ChatMessage:
    role: Literal["system", "user", "assistant"]
    content: str


@dataclass(frozen=True)
class ReplyFormat:
    """What a reply must look like: a ```json fence (or, `bare_json`, the object alone)
    matching `json_schema`, then, when
    `diff_paths` is not None, an optional ```diff fence touching only those paths
    (an empty tuple means any path)."""

    json_schema: dict[str, Any]
    diff_paths: tuple[str, ...] | None = None
    # For grammars only: a stricter schema that also encodes rules JSON-schema servers
    # cannot take (a top-level oneOf, e.g. "a patch has no commands"). None: json_schema.
    decoding_schema: dict[str, Any] | None = None
    # When the decoding schema is a top-level oneOf: the alternatives (by index) that must
    # be followed by the diff fence; the others end the reply. None: the fence is optional.
    diff_variants: tuple[int, ...] | None = None
    # The n-th of several samples of one request (repair candidates): 0 decodes with the
    # configured seed and temperature; n > 0 with seed + n and a temperature of at least
    # 0.8, so samples differ (see `sampling`).
    sample: int = 0
    # time.monotonic() by which the reply must be complete, or TurnDeadlinePassed is
    # raised (None: model.timeout_s alone bounds the call).
    deadline: float | None = None
    # The seeds' "JSON only" roles (spec and plan mode): the reply is the JSON object
    # alone, with no fence, prose or markdown around it (grammars produce exactly that).
    bare_json: bool = False

    @property
    def grammar_schema(self) -> dict[str, Any]:
        return self.decoding_schema if self.decoding_schema is not None else self.json_schema


@dataclass(frozen=True)
class Completion:
    text: str
    prompt_tokens: int
    completion_tokens: int
    latency_s: float
    # Prompt tokens served from a cache instead of evaluated; None when the backend
    # cannot tell (a server that does not report it).
    cached_prompt_tokens: int | None = None


@dataclass(frozen=True)
class GenerationSettings:
    context_size: int = 8192
    max_tokens: int = 768
    temperature: float = 0.2
    seed: int = 0
    threads: int | None = None
    timeout_s: float = 600.0
    retries: int = 2  # extra attempts after a transient server error
    retry_backoff_s: float = 1.0  # first wait; doubles per retry
    kv_cache_reuse: bool = True  # in-process only: reuse evaluated prompt prefixes
    prompt_cache_mb: int = 1024  # in-process only: saved KV states across roles


def time_limit(settings: GenerationSettings, reply_format: ReplyFormat) -> tuple[float, bool]:
    """(seconds the call may take, whether the reply format's deadline sets them rather
    than model.timeout_s). Raises TurnDeadlinePassed when the deadline has passed."""
    if reply_format.deadline is None:
        return settings.timeout_s, False
    left = reply_format.deadline - time.monotonic()
    if left <= 0:
        raise TurnDeadlinePassed("the model's turn was not started: its deadline had passed")
    return (left, True) if left < settings.timeout_s else (settings.timeout_s, False)


def sampling(settings: GenerationSettings, sample: int) -> tuple[float, int]:
    """(temperature, seed) for the n-th sample of a request (see ReplyFormat.sample)."""
    if sample == 0:
        return settings.temperature, settings.seed
    return max(settings.temperature, 0.8), settings.seed + sample


class ModelBackend(Protocol):
    """A chat model that can be asked for one reply in a given format."""

    @property
    def name(self) -> str:
        """The model spec as the user wrote it, e.g. `ollama:qwen2.5-coder:7b`."""
        ...

    def complete(self, messages: Sequence[ChatMessage], reply_format: ReplyFormat) -> Completion:
        """Return one reply; raise ModelUnavailableError when the model cannot answer."""
        ...

    def count_tokens(self, text: str) -> int:
        """Tokens `text` takes in this model's context (an upper estimate where the
        backend has no tokenizer at hand); the prompt budgeter relies on it."""
        ...


CHARS_PER_TOKEN_ESTIMATE = 3.0  # code and English average ~3.5-4 chars/token; err on the long side


def estimate_tokens(text: str) -> int:
    """For backends without a local tokenizer: deliberately high, so prompts fit."""
    return int(len(text) / CHARS_PER_TOKEN_ESTIMATE) + 1
