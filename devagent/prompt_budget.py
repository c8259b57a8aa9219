"""Fit a prompt into the model's context window by construction, never by silent
truncation: the prompt is a list of named sections; the least relevant optional ones
are dropped first, then required ones are shortened with a visible marker, and every
cut is returned so the run log records what the model did not see."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

TokenCounter = Callable[[str], int]

TEMPLATE_TOKENS = 96  # chat template markup around the system and user messages
SEPARATOR = "\n\n"


@dataclass(frozen=True)
class Section:
    name: str  # how the log names it: "file calc.py", "test output"
    text: str
    priority: int  # lower is less relevant: cut first
    required: bool = False  # required sections are shortened, never dropped


@dataclass(frozen=True)
class Cut:
    section: str
    action: Literal["dropped", "shortened"]
    tokens_before: int
    tokens_after: int

    def as_record(self) -> dict[str, object]:
        return {
            "section": self.section,
            "action": self.action,
            "tokens_before": self.tokens_before,
            "tokens_after": self.tokens_after,
        }


@dataclass(frozen=True)
class FittedPrompt:
    text: str
    tokens: int  # counted with the backend's tokenizer (or its estimate)
    budget: int
    cuts: tuple[Cut, ...]
    kept: tuple[str, ...]  # names of the sections the model sees


def prompt_budget(context_size: int, max_tokens: int, system_tokens: int) -> int:
    """Tokens the user prompt may take. Room is kept for the reply and for the one
    re-prompt, which adds the invalid reply and a short correction to the prompt."""
    return context_size - system_tokens - 2 * max_tokens - 2 * TEMPLATE_TOKENS


def shorten(text: str, keep_fraction: float) -> str:
    """Keep the first two thirds and the last third of the kept lines (a test run's
    first failure is at the start, its summary at the end) around a visible marker."""
    lines = text.splitlines()
    keep = max(int(len(lines) * keep_fraction), 0)
    if keep >= len(lines):
        return text
    head, tail = (keep * 2) // 3, keep - (keep * 2) // 3
    omitted = len(lines) - head - tail
    marker = f"[... {omitted} lines left out to fit the context window ...]"
    return "\n".join([*lines[:head], marker, *(lines[len(lines) - tail :] if tail else [])])


def fit_sections(sections: Sequence[Section], budget: int, count: TokenCounter) -> FittedPrompt:
    """Sections keep their order in the prompt; what is cut depends on priority alone:
    from the least relevant up, optional sections are dropped and required ones are
    shortened, first to no less than an eighth of the budget, then, if the prompt still
    does not fit, as far as needed."""
    tokens = [count(s.text) for s in sections]
    texts: list[str | None] = [s.text for s in sections]
    separator = count(SEPARATOR)
    cuts: dict[int, Cut] = {}

    def total() -> int:
        kept = [t for t, text in zip(tokens, texts, strict=True) if text is not None]
        return sum(kept) + separator * max(len(kept) - 1, 0)

    def shrink(i: int, floor: int) -> None:
        before = count(sections[i].text)
        target = max(tokens[i] - (total() - budget), min(floor, tokens[i]))
        if target >= tokens[i]:
            return
        fraction = target / before if before else 0.0
        while True:  # the count is not linear in lines: shrink until it fits or is gone
            text = shorten(sections[i].text, fraction)
            if count(text) <= target or fraction == 0.0:
                break
            fraction = max(fraction - 0.05, 0.0)
        texts[i], tokens[i] = text, count(text)
        cuts[i] = Cut(sections[i].name, "shortened", before, tokens[i])

    by_relevance = sorted(range(len(sections)), key=lambda i: sections[i].priority)
    for floor in (budget // 8, 0):
        for i in by_relevance:
            if total() <= budget:
                break
            if texts[i] is None:
                continue
            if not sections[i].required:
                cuts[i] = Cut(sections[i].name, "dropped", tokens[i], 0)
                texts[i], tokens[i] = None, 0
            else:
                shrink(i, floor)
    kept = [(s.name, t) for s, t in zip(sections, texts, strict=True) if t is not None]
    return FittedPrompt(
        text=SEPARATOR.join(t for _, t in kept),
        tokens=total(),
        budget=budget,
        cuts=tuple(cuts[i] for i in sorted(cuts, key=lambda i: sections[i].priority)),
        kept=tuple(name for name, _ in kept),
    )
