"""Time per generated token under a reply grammar, llama-cpp-python's own sampling (the
grammar filters the whole vocabulary at every token) against ours (the grammar asked
about the drawn token only: devagent/models/grammar_sampler.py), on the embedded model:
`python -m bench.grammar_sampling [--tokens N]`.

Each role's system prompt and a short request, at temperatures 0 and 0.8, run once to
warm the prompt up and then timed; the prompt is cached, so the figure is generation.
Prints one line per case and the totals, and the share of first draws the grammar refused."""

from __future__ import annotations

import argparse
import time
from typing import Any

from llama_cpp import Llama
from llama_cpp.llama_grammar import LlamaGrammar

from devagent.agents.model_agent import reply_format_for
from devagent.agents.roles import ROLES
from devagent.models.base import GenerationSettings
from devagent.models.grammar import reply_grammar
from devagent.models.llama_cpp_backend import LlamaCppBackend
from devagent.resources import embedded_model_path

REQUEST = "Fix add() in calc.py: it returns a - b. tests/test_calc.py::test_add fails: assert -1 == 5."


def generate(llm: Any, role: str, temperature: float, tokens: int) -> tuple[int, float]:
    reply_format = reply_format_for(ROLES[role], ("calc.py",) if role == "DevAgent" else None)
    grammar = LlamaGrammar.from_string(reply_grammar(reply_format), verbose=False)
    messages = [
        {"role": "system", "content": ROLES[role].system_prompt()},
        {"role": "user", "content": REQUEST},
    ]
    for timed in (False, True):
        started = time.perf_counter()
        count = 0
        for _ in llm.create_chat_completion(
            messages=messages,
            grammar=grammar,
            max_tokens=tokens,
            temperature=temperature,
            seed=3,
            stream=True,
        ):
            count += 1
        if timed:
            return count, time.perf_counter() - started
    raise AssertionError("unreachable")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tokens", type=int, default=200, help="max_tokens per reply (default 200)")
    args = parser.parse_args()
    path = str(embedded_model_path())
    stock = Llama(model_path=path, n_ctx=4096, n_threads=2, verbose=False)
    ours = LlamaCppBackend(
        "llama-cpp:embedded", embedded_model_path(), GenerationSettings(context_size=4096, threads=2)
    )._llama
    totals = {"stock": [0, 0.0], "ours": [0, 0.0]}
    drawn = refused = 0
    for role in ROLES:
        for temperature in (0.0, 0.8):
            line = f"{role:10} t={temperature:<4}"
            for name, llm in (("stock", stock), ("ours", ours)):
                count, seconds = generate(llm, role, temperature, args.tokens)
                totals[name][0] += count
                totals[name][1] += seconds
                line += f"  {name} {count:4d} tokens {seconds * 1000 / count:5.1f} ms/token"
            drawn += ours.grammar_sampler.drawn
            refused += ours.grammar_sampler.refused
            print(line)
    for name, (count, seconds) in totals.items():
        print(f"{name}: {count} tokens in {seconds:.2f} s, {seconds * 1000 / count:.1f} ms/token")
    print(f"grammar refused {refused} of {drawn} first draws ({100 * refused / drawn:.0f}%)")


if __name__ == "__main__":
    main()
