"""The grammar sampler (devagent/models/grammar_sampler.py) held to llama-cpp-python's own
grammar-first sampling, on the real embedded model: greedy replies are the same text,
including where the grammar refused the first draw and the token was drawn again."""

from __future__ import annotations

from typing import Any

import pytest
from llama_cpp import Llama
from llama_cpp.llama_grammar import LlamaGrammar

from devagent.agents.model_agent import reply_format_for
from devagent.agents.roles import ROLES
from devagent.models.base import ChatMessage, GenerationSettings, ReplyFormat
from devagent.models.grammar import reply_grammar
from devagent.models.llama_cpp_backend import LlamaCppBackend
from devagent.resources import embedded_model_path

pytestmark = pytest.mark.model

MAX_TOKENS = 96
CALC = "Fix add() in calc.py: it returns a - b. tests/test_calc.py::test_add fails: assert -1 == 5."
CASES = [
    ("DevAgent", reply_format_for(ROLES["DevAgent"], ("calc.py",)), CALC),
    ("Reviewer", reply_format_for(ROLES["Reviewer"], None), "Review: add() now returns a + b."),
]


def conversation(role: str, request: str) -> list[ChatMessage]:
    # A one-line system prompt: the roles' own take seconds to read and the claim is about
    # sampling, not prompts.
    system = f"You are the {role}. Reply with the JSON block."
    return [ChatMessage("system", system), ChatMessage("user", request)]


def stock_reply(llm: Any, messages: list[ChatMessage], reply_format: ReplyFormat) -> str:
    result = llm.create_chat_completion(
        messages=[{"role": m.role, "content": m.content} for m in messages],
        grammar=LlamaGrammar.from_string(reply_grammar(reply_format), verbose=False),
        max_tokens=MAX_TOKENS,
        temperature=0.0,
    )
    return str(result["choices"][0]["message"]["content"])


def test_greedy_replies_are_the_text_llama_cpp_python_s_own_grammar_sampling_gives() -> None:
    ours = LlamaCppBackend(
        "llama-cpp:embedded",
        embedded_model_path(),
        GenerationSettings(context_size=2048, max_tokens=MAX_TOKENS, temperature=0.0, kv_cache_reuse=False),
    )
    stock = Llama(model_path=str(embedded_model_path()), n_ctx=2048, verbose=False)
    try:
        refused = 0
        for role, reply_format, request in CASES:
            messages = conversation(role, request)
            text = ours.complete(messages, reply_format).text
            sampler = ours._llama.grammar_sampler
            refused += sampler.refused
            assert text == stock_reply(stock, messages, reply_format), role
            assert text.startswith("```json\n")
        # The claim covers the second draw: the grammar refused some first draws.
        assert refused > 0
    finally:
        stock.close()
