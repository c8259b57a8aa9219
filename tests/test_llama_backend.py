"""The in-process llama.cpp backend on the real embedded model: time limit and Ctrl-C."""

from __future__ import annotations

import dataclasses
import threading
import time
from typing import Any

import pytest

from devagent.agents.model_agent import strict_schema
from devagent.errors import ExitCode, ModelUnavailableError, TurnDeadlinePassed
from devagent.interrupt import STOP, Interrupted
from devagent.messages import DevAgentReply, SupervisorReply
from devagent.models.base import ChatMessage, GenerationSettings, ReplyFormat
from devagent.models.llama_cpp_backend import LlamaCppBackend
from devagent.resources import embedded_model_path

pytestmark = pytest.mark.model

PROMPT = [ChatMessage("user", "Write a long unified diff for calc.py that rewrites every line.")]
FORMAT = ReplyFormat(strict_schema(DevAgentReply), ("calc.py",))


def backend(**settings: Any) -> LlamaCppBackend:
    return LlamaCppBackend(
        "llama-cpp:embedded",
        embedded_model_path(),
        GenerationSettings(**{"context_size": 2048, "max_tokens": 600, **settings}),
    )


def test_a_reply_over_the_time_limit_is_model_unavailable_naming_the_key() -> None:
    with pytest.raises(ModelUnavailableError, match=r"llama-cpp:embedded: .*model\.timeout_s=0\.3s"):
        backend(timeout_s=0.3).complete(PROMPT, FORMAT)


def test_a_reply_still_running_at_its_deadline_is_cut_as_a_stall() -> None:
    """The fix loop's stall window (ReplyFormat.deadline) is shorter than model.timeout_s:
    the reply is cut at the deadline, with the stalled outcome rather than a dead model.
    The deadline falls halfway through the same reply as timed whole just before, so it
    passes while the reply runs however fast the machine is (a fixed 0.5 s did not once
    the model's threads stopped spinning: the whole reply took 0.5 s). The reply is cut at
    120 tokens: the model writes its 600-token cap here, 11 s for no part of the claim."""
    model = backend(timeout_s=600, max_tokens=120)
    started = time.monotonic()
    model.complete(PROMPT, FORMAT)  # the whole reply (120 tokens), timed on this machine
    whole = time.monotonic() - started
    late = dataclasses.replace(FORMAT, deadline=time.monotonic() + whole / 2)
    with pytest.raises(TurnDeadlinePassed, match=r"llama-cpp:embedded: .*deadline") as info:
        model.complete(PROMPT, late)
    assert info.value.outcome == "stalled" and info.value.exit_code == ExitCode.LOOP_DETECTED
    with pytest.raises(TurnDeadlinePassed, match="not started"):
        backend().complete(PROMPT, dataclasses.replace(FORMAT, deadline=time.monotonic() - 1))
    # model.timeout_s still names itself when it is the shorter of the two
    early = dataclasses.replace(FORMAT, deadline=time.monotonic() + 600)
    with pytest.raises(ModelUnavailableError, match=r"model\.timeout_s=0\.3s"):
        backend(timeout_s=0.3).complete(PROMPT, early)


def test_a_long_prompt_is_cut_at_the_deadline_while_it_is_read() -> None:
    """Reading 2000 prompt tokens takes seconds here: the deadline is checked between
    slices of the prompt, not only once tokens come out."""
    long_prompt = [ChatMessage("user", "def f(x):\n    return x + 1\n" * 160)]
    model = backend(context_size=4096, timeout_s=600)  # loaded first: loading is not reading
    started = time.monotonic()
    late = dataclasses.replace(FORMAT, deadline=started + 0.5)
    prompt_tokens = model.count_tokens(long_prompt[0].content)
    with pytest.raises(TurnDeadlinePassed, match="prompt not read"):
        model.complete(long_prompt, late)
    assert model._llama.n_tokens < prompt_tokens  # stopped part-way through the prompt


def test_stop_request_ends_generation_at_the_next_token() -> None:
    timer = threading.Timer(0.3, STOP.set)
    timer.start()
    try:
        with pytest.raises(Interrupted):
            backend().complete(PROMPT, FORMAT)
    finally:
        timer.cancel()
        STOP.clear()


def test_a_stop_request_while_the_prompt_is_read_names_the_model() -> None:
    long_prompt = [ChatMessage("user", "def f(x):\n    return x + 2\n" * 160)]
    model = backend(context_size=4096)
    prompt_tokens = model.count_tokens(long_prompt[0].content)
    timer = threading.Timer(0.3, STOP.set)
    timer.start()
    try:
        with pytest.raises(Interrupted, match=r"^llama-cpp:embedded: generation stopped"):
            model.complete(long_prompt, FORMAT)
    finally:
        timer.cancel()
        STOP.clear()
    assert model._llama.n_tokens < prompt_tokens  # stopped part-way through the prompt


def test_usage_matches_what_llama_cpp_itself_reports() -> None:
    """Our streamed call counts tokens by what llama.cpp evaluates; the same request made
    directly and unstreamed reports its own usage. They must agree."""
    ours = backend(kv_cache_reuse=False, temperature=0.0)
    # A request the model answers completely in about 20 tokens ("Say hi." took 170):
    # agreeing counts are the claim, whatever the reply's length.
    request = 'Reply: approved true, content "ok".'
    messages = [ChatMessage("user", request)]
    reply_format = ReplyFormat(strict_schema(SupervisorReply))
    completion = ours.complete(messages, reply_format)
    direct = ours._llama.create_chat_completion(
        messages=[{"role": "user", "content": request}],
        grammar=ours._grammar(reply_format),
        max_tokens=600,
        temperature=0.0,
        seed=0,
    )
    assert completion.text == direct["choices"][0]["message"]["content"]
    assert completion.prompt_tokens == direct["usage"]["prompt_tokens"]
    assert completion.completion_tokens == direct["usage"]["completion_tokens"]
    assert completion.cached_prompt_tokens == 0
    assert completion.text.startswith("```json\n")
    assert direct["choices"][0]["finish_reason"] == "stop"  # a whole reply, not one cut at max_tokens


# About 250 tokens: a stable prefix far longer than what changes between turns, which is
# all the claim needs; each turn without reuse evaluates it whole (seconds per turn here).
STABLE = "# Phase\nFix mean().\n\n# Files\n" + "".join(f"{i:4d} | value_{i} = {i} * 2\n" for i in range(16))
DEV_SYSTEM = ChatMessage("system", "You are DevAgent. Reply with JSON, then a diff.")
SUPERVISOR_SYSTEM = ChatMessage("system", "You are the Supervisor. Judge the patch.")


def dev_turn(iteration: int) -> list[ChatMessage]:
    return [
        DEV_SYSTEM,
        ChatMessage("user", f"{STABLE}\n# Iteration {iteration} of 5\nE  assert {iteration} == 2"),
    ]


def test_kv_cache_reuse_survives_another_role_using_the_model_in_between() -> None:
    """DevAgent, Supervisor, DevAgent on one loaded model: the second DevAgent turn
    evaluates only what changed after the stable prefix; without reuse, everything."""
    counts: dict[bool, list[tuple[int, int | None]]] = {}
    for reuse in (True, False):
        # Replies cut at 4 tokens: what a turn generates is no part of the next prompt, so
        # its length is no part of the claim (each token costs as much as reading 3).
        llama = backend(kv_cache_reuse=reuse, max_tokens=4)
        supervisor_format = ReplyFormat(strict_schema(SupervisorReply))
        counts[reuse] = []
        for iteration in (1, 2, 3):
            completion = llama.complete(dev_turn(iteration), FORMAT)
            counts[reuse].append((completion.prompt_tokens, completion.cached_prompt_tokens))
            llama.complete([SUPERVISOR_SYSTEM, ChatMessage("user", "Review: x = 1")], supervisor_format)
    for prompt_tokens, cached in counts[True][1:]:
        assert cached is not None and cached >= 0.9 * prompt_tokens
    assert all(cached == 0 for _, cached in counts[False])
    assert [p for p, _ in counts[True]] == [p for p, _ in counts[False]]


def test_saved_states_are_small_and_bounded_by_prompt_cache_mb() -> None:
    """A saved state keeps the KV data, not llama-cpp-python's copy of up to 512 rows of
    logits (100 MB each for this model), and the cache evicts by the bytes it really holds."""
    # About 90 prompt tokens a turn: a state of 2.7 MB (the logits would add 17 MB), so a
    # 3 MB cache holds one of the three.
    llama = backend(max_tokens=8, prompt_cache_mb=3)
    reply_format = ReplyFormat(strict_schema(SupervisorReply))
    for turn in range(3):
        llama.complete([ChatMessage("user", f"turn {turn}: " + "words " * 80)], reply_format)
    cache = llama._llama.prompt_cache
    states = list(cache.cache_state.values())
    assert states, "nothing was cached"
    assert all(state.scores.shape[0] == 1 for state in states)
    assert cache.cache_size <= 3 << 20
    assert len(states) < 3  # the oldest were evicted to stay within the limit
