"""Spec mode's parts without the CLI: ARDState, the prompts' summaries of old rounds
(extractive when the model's summary is unusable), the Architect's grammar, spec.md."""

from __future__ import annotations

import pytest

from devagent.messages import ArchitectReply
from devagent.models.grammar import reply_grammar
from devagent.workflows.spec.output import spec_document, trace_log
from devagent.workflows.spec.prompts import SUMMARY_CHARS, architect_prompt, extractive_summary
from devagent.workflows.spec.state import ARDState
from devagent.workflows.spec.team import architect_format


def verdict(round_: int, *descriptions: str) -> dict[str, object]:
    challenges = [
        {"id": i, "category": "ambiguity", "description": d} for i, d in enumerate(descriptions, start=1)
    ]
    return {"round": round_, "status": "needs_revision", "challenges": challenges}


def test_ard_state_starts_at_round_0_and_keeps_the_rough_idea() -> None:
    state = ARDState("notes on a page", max_iterations=3)
    assert (state.iteration, state.status, state.challenge_history, state.current_draft) == (
        0,
        "in_progress",
        [],
        "",
    )
    with pytest.raises(AttributeError, match="rough_idea cannot change"):
        state.idea = "something else"
    state.start_round()
    state.start_round()  # the re-prompt of round 1 is still round 1
    assert state.iteration == 1
    state.challenge_history.append(verdict(1, "x"))
    state.start_round()
    assert state.iteration == 2 and state.rough_idea == "notes on a page"


def test_over_budget_rounds_before_the_last_three_become_one_paragraph() -> None:
    state = ARDState("notes on a page", max_iterations=9)
    for n in range(1, 6):
        state.challenge_history.append(verdict(n, f"Round {n} says the page is vague " + "x" * 300))
    state.iteration = 6
    asked: list[str] = []

    def unusable(text: str) -> tuple[str, str]:
        asked.append(text)
        return extractive_summary(state.challenge_history[:-3]), "extractive"

    def count(text: str) -> int:
        return len(text) // 3 + 1

    roomy = architect_prompt(state, 10_000, count, unusable)
    assert roomy.budget_record is None and not asked
    assert "## Review of round 1" in roomy.fitted.text
    tight = architect_prompt(state, 600, count, unusable)
    assert len(asked) == 1 and "## Review of round 1" in asked[0] and "## Review of round 2" in asked[0]
    text = tight.fitted.text
    assert "# Earlier reviews, summarised\nEarlier reviews raised, round 1: [ambiguity] Round 1 says" in text
    assert "## Review of round 1" not in text and "## Review of round 2\n" not in text
    for n in (3, 4, 5):
        assert f"## Review of round {n}\n1. [ambiguity] Round {n} says the page is vague" in text
    record = tight.budget_record
    assert record is not None
    assert (record["summarised"]["rounds"], record["summarised"]["verbatim_rounds"]) == ([1, 2], [3, 4, 5])
    assert record["summarised"]["by"] == "extractive"
    architect_prompt(state, 600, count, unusable)
    assert len(asked) == 1  # the same rounds are summarised once
    assert len(extractive_summary(state.challenge_history * 20)) <= SUMMARY_CHARS


def test_architect_grammar_allows_only_pascal_case_names_and_indexed_rationales() -> None:
    llama_grammar = pytest.importorskip("llama_cpp.llama_grammar")
    first = reply_grammar(architect_format([]))
    later = reply_grammar(architect_format([1, 2]))
    assert 'design-rationale ::= "\\"\\""' in first.splitlines()  # round 1: an empty rationale
    assert 'components-item-name ::= "\\"" [A-Z] components-item-name-1' in first
    assert '"1:"' in later and '"; 2:"' in later
    for text in (first, later):
        llama_grammar.LlamaGrammar.from_string(text, verbose=False)  # llama.cpp accepts it


def test_spec_document_is_readable_and_ends_with_the_trace_log_on_timeout() -> None:
    design = ArchitectReply.model_validate(
        {
            "components": [{"name": "NoteStore", "type": "DataStore", "purpose": "Keeps notes | titles."}],
            "design_rationale": "1: split the store",
        }
    )
    unresolved = [{"id": 1, "category": "completeness", "description": "Nothing shows the notes."}]
    text = spec_document("# Notes\nA tool for notes.", design, False, 3, unresolved)
    assert text.startswith("# Spec: Notes\n\nStatus: not verified (max iterations reached) after 3 round(s)")
    assert "> # Notes\n> A tool for notes." in text
    assert "| NoteStore | DataStore | Keeps notes \\| titles. |" in text
    assert text.endswith(
        "\n---\n## ARD Trace Log — Max Iterations Reached\n\nUnresolved challenges at termination:\n"
        "1. [completeness] Nothing shows the notes.\n"
    )
    assert trace_log(unresolved) in text
    assert "ARD Trace Log" not in spec_document("Notes", design, True, 1, [])
