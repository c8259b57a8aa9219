"""The in-process llama.cpp backend on the real embedded model: time limit and Ctrl-C."""

from __future__ import annotations

import threading

import pytest

from devagent.agents.model_agents import strict_schema
from devagent.errors import ModelUnavailableError
from devagent.interrupt import STOP, Interrupted
from devagent.messages import DevAgentReply
from devagent.models.base import ChatMessage, GenerationSettings, ReplyFormat
from devagent.models.llama_cpp_backend import LlamaCppBackend
from devagent.resources import embedded_model_path

pytestmark = pytest.mark.model

PROMPT = [ChatMessage("user", "Write a long unified diff for calc.py that rewrites every line.")]
FORMAT = ReplyFormat(strict_schema(DevAgentReply), ("calc.py",))


def backend(**settings: float) -> LlamaCppBackend:
    return LlamaCppBackend(
        "llama-cpp:embedded",
        embedded_model_path(),
        GenerationSettings(context_size=2048, max_tokens=600, **settings),
    )


def test_a_reply_over_the_time_limit_is_model_unavailable_naming_the_key() -> None:
    with pytest.raises(ModelUnavailableError, match=r"llama-cpp:embedded: .*model\.timeout_s=0\.3s"):
        backend(timeout_s=0.3).complete(PROMPT, FORMAT)


def test_stop_request_ends_generation_at_the_next_token() -> None:
    timer = threading.Timer(0.3, STOP.set)
    timer.start()
    try:
        with pytest.raises(Interrupted):
            backend().complete(PROMPT, FORMAT)
    finally:
        timer.cancel()
        STOP.clear()


def test_usage_counts_prompt_and_generated_tokens() -> None:
    completion = backend().complete(
        [ChatMessage("user", "Say hi.")], ReplyFormat(strict_schema(DevAgentReply))
    )
    assert completion.prompt_tokens > 5
    assert completion.completion_tokens > 5
    assert completion.text.startswith("```json\n")
