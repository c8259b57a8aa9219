"""Grammar-constrained sampling that asks the grammar about the drawn token only.

llama-cpp-python puts the grammar first in its sampler chain, so every generated token
first runs the whole vocabulary (49,152 entries for SmolLM2) through the grammar: under
a reply grammar that is about half of each token's time on 2 cores. llama.cpp's own
sampler (`common/sampling.cpp`) draws first and asks the grammar about that one token;
only when the grammar refuses it does it filter the whole vocabulary and draw again.

What this changes: greedy decoding gives the same tokens (the most likely allowed token
is the most likely token whenever that one is allowed). With a temperature the draws
differ from llama-cpp-python's, not the constraint: every token kept is one the grammar
allows, so a reply is still a sentence of the grammar (or a prefix, when cut short).

This reads llama-cpp-python internals (`LlamaTokenDataArray`, the grammar's text and root,
`Llama._init_sampler`), pinned in pyproject.toml; tests/test_grammar_sampler.py holds it
to the library's own grammar sampling."""

from __future__ import annotations

import ctypes
import math
from typing import Any

import numpy as np


class GrammarCheckedSampler:
    """Stands in for llama-cpp-python's `LlamaSampler` (its `sample(ctx, idx)` and
    `close()`): `chain` is that sampler built without the grammar."""

    def __init__(self, chain: Any, vocab: Any, grammar: Any, n_vocab: int) -> None:
        import llama_cpp
        from llama_cpp._internals import LlamaTokenDataArray

        self._chain = chain
        self._free = llama_cpp.llama_sampler_free  # kept: close() may run at interpreter exit
        self._grammar = llama_cpp.llama_sampler_init_grammar(
            vocab, grammar._grammar.encode("utf-8"), grammar._root.encode("utf-8")
        )
        if not self._grammar:
            raise ValueError("llama.cpp could not parse the reply grammar")
        self._n_vocab = n_vocab
        self._candidates = LlamaTokenDataArray(n_vocab=n_vocab)
        self._drawn = (llama_cpp.llama_token_data * 1)()
        self._drawn_array = llama_cpp.llama_token_data_array(
            data=self._drawn, size=1, selected=-1, sorted=False
        )
        self.drawn = 0  # tokens sampled
        self.refused = 0  # of which the grammar refused the first draw

    def sample(self, ctx: Any, idx: int) -> int:
        import llama_cpp

        logits = np.ctypeslib.as_array(llama_cpp.llama_get_logits_ith(ctx.ctx, idx), shape=(self._n_vocab,))
        token = self._draw(logits, through_grammar=False)
        self.drawn += 1
        if not self._allows(token):
            self.refused += 1
            token = self._draw(logits, through_grammar=True)
        llama_cpp.llama_sampler_accept(self._grammar, token)
        llama_cpp.llama_sampler_accept(self._chain.sampler, token)
        return token

    def _draw(self, logits: Any, through_grammar: bool) -> int:
        import llama_cpp

        candidates = self._candidates
        candidates.copy_logits(logits)
        candidates.candidates.selected = -1
        if through_grammar:
            llama_cpp.llama_sampler_apply(self._grammar, ctypes.byref(candidates.candidates))
        llama_cpp.llama_sampler_apply(self._chain.sampler, ctypes.byref(candidates.candidates))
        return int(candidates.candidates_data.id[candidates.candidates.selected])

    def _allows(self, token: int) -> bool:
        import llama_cpp

        self._drawn[0] = llama_cpp.llama_token_data(id=token, logit=0.0, p=0.0)
        self._drawn_array.size = 1
        self._drawn_array.selected = -1
        self._drawn_array.sorted = False
        llama_cpp.llama_sampler_apply(self._grammar, ctypes.byref(self._drawn_array))
        return not math.isinf(self._drawn[0].logit)

    def close(self) -> None:
        if getattr(self, "_grammar", None):
            self._free(self._grammar)
            self._grammar = None
        if hasattr(self, "_chain"):
            self._chain.close()

    def __del__(self) -> None:
        self.close()
