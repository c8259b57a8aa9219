"""Model backends behind one small interface (`ModelBackend`), independent of AutoGen.
`open_backend` opens one from a model spec; the backends' own modules load their client
libraries only when a run uses them."""

from devagent.models.base import (
    ChatMessage,
    Completion,
    GenerationSettings,
    ModelBackend,
    ReplyFormat,
    estimate_tokens,
)
from devagent.models.factory import SCHEMES, open_backend

__all__ = [
    "SCHEMES",
    "ChatMessage",
    "Completion",
    "GenerationSettings",
    "ModelBackend",
    "ReplyFormat",
    "estimate_tokens",
    "open_backend",
]
