"""The prompt budgeter: prompts fit the context window by construction, the least
relevant context goes first, and every cut is reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from devagent.models.base import estimate_tokens
from devagent.prompt_budget import Section, fit_sections, prompt_budget, shorten


def words(text: str) -> int:
    """A transparent counter for exact arithmetic in tests: one token per word."""
    return len(text.split())


def section(name: str, n_words: int, priority: int, required: bool = False) -> Section:
    return Section(name, " ".join([name.replace(" ", "_")] * n_words), priority, required)


def test_everything_fits_nothing_is_cut() -> None:
    sections = [section("phase", 10, 90, True), section("file a.py", 20, 50), section("output", 5, 70, True)]
    fitted = fit_sections(sections, budget=100, count=words)
    assert fitted.cuts == ()
    assert fitted.kept == ("phase", "file a.py", "output")
    assert fitted.text == "\n\n".join(s.text for s in sections)
    assert fitted.tokens == 35


def test_least_relevant_optional_sections_are_dropped_first_and_order_is_kept() -> None:
    sections = [
        section("phase", 10, 90, True),
        section("file editable.py", 30, 60),
        section("file helper.py", 30, 59),
        section("file tests/test_x.py", 30, 30),
        section("output", 10, 70, True),
    ]
    fitted = fit_sections(sections, budget=85, count=words)
    assert fitted.kept == ("phase", "file editable.py", "file helper.py", "output")
    assert [(c.section, c.action, c.tokens_before, c.tokens_after) for c in fitted.cuts] == [
        ("file tests/test_x.py", "dropped", 30, 0)
    ]
    tighter = fit_sections(sections, budget=55, count=words)
    assert tighter.kept == ("phase", "file editable.py", "output")
    assert [c.section for c in tighter.cuts] == ["file tests/test_x.py", "file helper.py"]
    assert tighter.tokens <= 55


def test_required_sections_are_shortened_visibly_never_dropped() -> None:
    output = Section("test output", "\n".join(f"line {i} of the test run" for i in range(200)), 70, True)
    sections = [section("phase", 10, 90, True), section("file a.py", 50, 50), output]
    fitted = fit_sections(sections, budget=300, count=words)
    assert fitted.kept == ("phase", "test output")
    assert [(c.section, c.action) for c in fitted.cuts] == [
        ("file a.py", "dropped"),
        ("test output", "shortened"),
    ]
    assert fitted.tokens <= 300
    assert "line 0 of the test run" in fitted.text  # the first failure
    assert "line 199 of the test run" in fitted.text  # the summary
    assert "lines left out to fit the context window ...]" in fitted.text
    assert fitted.cuts[1].tokens_after <= 300 - 10


def test_shorten_keeps_head_and_tail_around_a_marker() -> None:
    text = "\n".join(str(i) for i in range(10))
    assert shorten(text, 1.0) == text
    assert shorten(text, 0.6).splitlines() == [
        "0",
        "1",
        "2",
        "3",
        "[... 4 lines left out to fit the context window ...]",
        "8",
        "9",
    ]
    assert shorten(text, 0.0) == "[... 10 lines left out to fit the context window ...]"


def test_budget_keeps_room_for_reply_and_re_prompt() -> None:
    assert prompt_budget(context_size=8192, max_tokens=768, system_tokens=300) == 8192 - 300 - 2 * 768 - 192


def test_estimate_errs_on_the_long_side_for_code() -> None:
    code = (Path(__file__).resolve().parent.parent / "devagent" / "prompt_budget.py").read_text()
    # Real tokenizers average ~3.5-4 characters per token on code; the estimate must not undercount.
    assert estimate_tokens(code) >= len(code) / 3.5


@pytest.mark.model
def test_dev_prompt_fits_a_small_context_with_the_real_tokenizer(tmp_path: Path) -> None:
    """A repository whose relevant files overflow a 2048-token window: the prompt built
    for it, counted by the model's own tokenizer, fits, and the model accepts it."""
    from devagent.agents.model_agent import strict_schema
    from devagent.agents.roles import ROLES
    from devagent.config import ModelConfig
    from devagent.messages import DevAgentReply
    from devagent.models.base import ChatMessage, ReplyFormat
    from devagent.models.factory import open_backend
    from devagent.phase import PhaseSpec
    from devagent.pytest_output import Failure
    from devagent.workflows.fix.prompts import dev_agent_prompt
    from devagent.workflows.fix.state import FixState, TestRun

    (tmp_path / "big.py").write_text("".join(f"def f{i}(x):\n    return x + {i}\n\n" for i in range(400)))
    (tmp_path / "calc.py").write_text("import big\n\n\ndef mean(xs):\n    return sum(xs) / (len(xs) - 1)\n")
    config = ModelConfig(context_size=2048, max_tokens=128)
    backend = open_backend("llama-cpp:embedded", "DevAgent", config, "model.dev_agent")
    phase = PhaseSpec(tmp_path / "spec.md", "Fix mean", "Fix mean so the tests pass.", None)
    state = FixState(
        phase, max_iterations=5, base_sha="0" * 40, base_branch="main", branch="fix-1", iteration=1
    )
    failure = Failure(
        test_name="tests/test_calc.py::test_mean",
        message="assert 3.0 == 2",
        locations=[("tests/test_calc.py", 5), ("calc.py", 5)],
    )
    output = "tests/test_calc.py:5: in test_mean\n    assert mean([1, 2, 3]) == 2\n" + "E   noise\n" * 2000
    state.last_test = TestRun("pytest", 1, output, timed_out=False, failure=failure)
    state.last_failure = failure
    system = ROLES["DevAgent"].system_prompt()
    budget = prompt_budget(config.context_size, config.max_tokens, backend.count_tokens(system))
    prompt = dev_agent_prompt(
        state, tmp_path, lambda rel: rel.startswith("tests/"), budget, backend.count_tokens
    )
    assert backend.count_tokens(prompt.fitted.text) <= budget
    assert prompt.editable == ("calc.py",)  # the file at fault is kept, the big import dropped
    assert ("file big.py", "dropped") in [(c.section, c.action) for c in prompt.fitted.cuts]
    assert ("test output", "shortened") in [(c.section, c.action) for c in prompt.fitted.cuts]
    completion = backend.complete(
        [ChatMessage("system", system), ChatMessage("user", prompt.fitted.text)],
        ReplyFormat(strict_schema(DevAgentReply), prompt.editable),
    )
    assert completion.prompt_tokens + completion.completion_tokens <= config.context_size
