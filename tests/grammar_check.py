"""llama.cpp's grammar parser and sampler, asked directly: does a grammar parse, does it
allow a given text. Shared by the grammar tests and the grammar sampler's tests."""

from __future__ import annotations

import ctypes
import math
from typing import Any

import llama_cpp
from llama_cpp import Llama

from devagent.resources import embedded_model_path


class GrammarChecker:
    """llama.cpp's grammar parser and sampler over the embedded model's vocabulary."""

    def __init__(self) -> None:
        self.llm = Llama(model_path=str(embedded_model_path()), vocab_only=True, verbose=False)
        self.vocab = self.llm._model.vocab  # the C vocab handle the sampler API needs

    def parses(self, grammar: str) -> bool:
        sampler = llama_cpp.llama_sampler_init_grammar(self.vocab, grammar.encode(), b"root")
        if not sampler:
            return False
        llama_cpp.llama_sampler_free(sampler)
        return True

    def accepts(self, grammar: str, text: str, complete: bool = True) -> bool:
        """True when the grammar allows exactly `text`: every token, then end of text (or,
        with complete=False, when `text` is a prefix of some reply the grammar allows)."""
        sampler = llama_cpp.llama_sampler_init_grammar(self.vocab, grammar.encode(), b"root")
        assert sampler, "grammar does not parse"
        try:
            for token in self.llm.tokenize(text.encode(), add_bos=False, special=False):
                if not self._allowed(sampler, token):
                    return False
                llama_cpp.llama_sampler_accept(sampler, token)
            return not complete or self._allowed(sampler, llama_cpp.llama_vocab_eos(self.vocab))
        finally:
            llama_cpp.llama_sampler_free(sampler)

    @staticmethod
    def _allowed(sampler: Any, token: int) -> bool:
        data = (llama_cpp.llama_token_data * 1)(llama_cpp.llama_token_data(id=token, logit=0.0, p=0.0))
        candidates = llama_cpp.llama_token_data_array(data=data, size=1, selected=-1, sorted=False)
        llama_cpp.llama_sampler_apply(sampler, ctypes.byref(candidates))
        return not math.isinf(data[0].logit)
