"""The user prompts of the spec debate, rebuilt from ARDState every turn (agents are
stateless: the seed injects the whole state into every prompt).

Stable parts first (the idea, the review history), what changes every turn last (the
draft, the round line, the note, the instruction), so the in-process backend reuses its
KV cache. Context overflow follows the seed: when the prompt with every review round
verbatim does not fit the backend's real context, the last 3 rounds stay verbatim and
the earlier ones become one paragraph before them (made by the model and checked, or
extractive); then the budgeter fits what is left. Either cut is logged."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from devagent.prompt_budget import SEPARATOR, FittedPrompt, Section, TokenCounter, fit_sections
from devagent.workflows.spec.output import challenge_lines
from devagent.workflows.spec.state import ARDState

VERBATIM_ROUNDS = 3  # the seed: the last 3 challenge rounds are never summarised
SUMMARY_CHARS = 600  # a summary longer than this is not a summary: the extractive one is used
Summarise = Callable[[str], tuple[str, str]]  # earlier rounds' text -> (paragraph, "model" | "extractive")


@dataclass(frozen=True)
class ArchitectPrompt:
    fitted: FittedPrompt
    budget_record: dict[str, Any] | None  # the context_budget log record, when anything was cut


def round_text(record: dict[str, Any]) -> str:
    lines = challenge_lines(record["challenges"]) or ["(verified: no challenges)"]
    return f"## Review of round {record['round']}\n" + "\n".join(lines)


def extractive_summary(rounds: Sequence[dict[str, Any]]) -> str:
    """Each earlier round's challenges by category and first words, cut to SUMMARY_CHARS."""
    parts = []
    for record in rounds:
        points = [f"[{c['category']}] {_opening(str(c['description']))}" for c in record["challenges"]]
        parts.append(f"round {record['round']}: {'; '.join(points) or 'verified'}")
    text = f"Earlier reviews raised, {' | '.join(parts)}."
    return text if len(text) <= SUMMARY_CHARS else text[: SUMMARY_CHARS - 1] + "…"


def _opening(text: str, words: int = 8, chars: int = 60) -> str:
    """The first words of a challenge: enough to recall it, never a long run-on."""
    opening = " ".join(text.split()[:words])
    return opening if len(opening) <= chars else opening[: chars - 1] + "…"


def architect_instruction(state: ARDState) -> str:
    ids = [int(c["id"]) for c in state.last_challenges()]
    if not ids:
        return (
            # No copyable placeholder here: a small model writes back any token it is shown.
            "Reply now: the components the idea needs: each named after the thing it handles, "
            "capitalised words run together; a type each; a concrete one-sentence purpose naming "
            "what the component handles. design_rationale stays empty."
        )
    listed = ", ".join(str(i) for i in ids)
    return (
        f"Reply now: the revised components, fixing every challenge of round {state.iteration - 1} "
        f"(indexes {listed}). In design_rationale address each one by its index, in order, "
        '"<index>: <what you changed>", separated by "; ".'
    )


def architect_prompt(
    state: ARDState, budget: int, count: TokenCounter, summarise: Summarise
) -> ArchitectPrompt:
    rounds = state.challenge_history
    head = [Section("rough idea", f"# Rough idea\n{state.rough_idea}", 100, True)]
    tail = []
    if state.current_draft:
        tail.append(Section("current draft", f"# Your current draft\n{state.current_draft}", 60, True))
    tail.append(Section("round", f"# Round {state.iteration} of {state.max_iterations}", 100, True))
    if state.architect_note:
        tail.append(Section("note", f"# Your last reply was not accepted\n{state.architect_note}", 95, True))
    tail.append(Section("instruction", architect_instruction(state), 100, True))

    def history(records: Sequence[dict[str, Any]]) -> list[Section]:
        # Newer rounds matter more: if even the summarised prompt does not fit, the oldest
        # verbatim round is shortened first.
        return [
            Section(f"review round {r['round']}", round_text(r), 70 + i, True) for i, r in enumerate(records)
        ]

    sections = [*head, *history(rounds), *tail]
    summarised: list[dict[str, Any]] = []  # the summary cut, first among the logged cuts
    summary_info: dict[str, Any] | None = None
    if _tokens(sections, count) > budget and len(rounds) > VERBATIM_ROUNDS:
        earlier, kept = rounds[:-VERBATIM_ROUNDS], rounds[-VERBATIM_ROUNDS:]
        covered = len(earlier)
        if covered not in state.summaries:  # the same rounds are summarised once per run
            state.summaries[covered] = summarise("\n\n".join(round_text(r) for r in earlier))
        paragraph, made_by = state.summaries[covered]
        name = f"review rounds 1-{covered}"
        summary = Section(f"{name} (summary)", f"# Earlier reviews, summarised\n{paragraph}", 80, True)
        before = count(SEPARATOR.join(round_text(r) for r in earlier))
        summarised.append(
            {
                "section": name,
                "action": "summarised",
                "tokens_before": before,
                "tokens_after": count(summary.text),
            }
        )
        summary_info = {
            "rounds": list(range(1, covered + 1)),
            "verbatim_rounds": [r["round"] for r in kept],
            "by": made_by,
            "tokens_before": before,
            "tokens_after": count(summary.text),
        }
        sections = [*head, summary, *history(kept), *tail]
    fitted = fit_sections(sections, budget, count)
    record: dict[str, Any] | None = None
    if fitted.cuts or summarised:  # the same shape as the fix loop's, so `runs show` lists every cut
        record = {
            "budget_tokens": fitted.budget,
            "prompt_tokens": fitted.tokens,
            "cuts": [*summarised, *(cut.as_record() for cut in fitted.cuts)],
        }
        if summary_info is not None:
            record["summarised"] = summary_info
    return ArchitectPrompt(fitted, record)


REVIEW_INSTRUCTION = (
    "Reply now. Check the draft against the idea: completeness (something the idea needs has no "
    "component), consistency (a component relies on one that is not defined), ambiguity (a vague "
    "purpose or a type that does not fit). status verified with no challenges only if there is "
    "nothing to fix; otherwise needs_revision with numbered one-sentence challenges."
)


def reviewer_prompt(state: ARDState, budget: int, count: TokenCounter) -> FittedPrompt:
    sections = [
        Section("rough idea", f"# Rough idea\n{state.rough_idea}", 100, True),
        Section("draft", f"# Draft of round {state.iteration}\n{state.current_draft}", 90, True),
        Section("instruction", REVIEW_INSTRUCTION, 100, True),
    ]
    return fit_sections(sections, budget, count)


def _tokens(sections: Sequence[Section], count: TokenCounter) -> int:
    return count(SEPARATOR.join(s.text for s in sections))
