"""The backend interface every model (llama.cpp, Ollama, scripted) implements."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol


@dataclass(frozen=True)
class ChatMessage:
    role: Literal["system", "user", "assistant"]
    content: str


@dataclass(frozen=True)
class ReplyFormat:
    """What a reply must look like: a ```json fence matching `json_schema`, then, when
    `diff_paths` is not None, an optional ```diff fence touching only those paths
    (an empty tuple means any path)."""

    json_schema: dict[str, Any]
    diff_paths: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Completion:
    text: str
    prompt_tokens: int
    completion_tokens: int
    latency_s: float


@dataclass(frozen=True)
class GenerationSettings:
    context_size: int = 8192
    max_tokens: int = 768
    temperature: float = 0.2
    seed: int = 0
    threads: int | None = None
    timeout_s: float = 600.0


class ModelBackend(Protocol):
    """A chat model that can be asked for one reply in a given format."""

    @property
    def name(self) -> str:
        """The model spec as the user wrote it, e.g. `ollama:qwen2.5-coder:7b`."""
        ...

    def complete(self, messages: Sequence[ChatMessage], reply_format: ReplyFormat) -> Completion:
        """Return one reply; raise ModelUnavailableError when the model cannot answer."""
        ...
