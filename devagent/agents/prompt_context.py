"""An AutoGen model context that shows the model a prompt rebuilt from the run state
instead of the whole group-chat transcript, so every turn fits the context window and
keeps its stable part first."""

from __future__ import annotations

from collections.abc import Callable

from autogen_core.model_context import ChatCompletionContext
from autogen_core.models import LLMMessage, UserMessage


class StatePromptContext(ChatCompletionContext):
    def __init__(self, build_prompt: Callable[[], str]) -> None:
        super().__init__()
        self._build_prompt = build_prompt

    async def add_message(self, message: LLMMessage) -> None:
        return None  # the transcript lives in the run log; the prompt comes from state

    async def get_messages(self) -> list[LLMMessage]:
        return [UserMessage(content=self._build_prompt(), source="orchestrator")]
