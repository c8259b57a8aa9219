"""The debate's prompts: each role's built-in files under prompts/debate/<role>/ (system,
proposal, critique, refinement, summary, clarification; the judge's and the
evaluator's beside them), the per-agent overrides a config names (a file that cannot be
read, or is empty, gives a warning and the built-in prompt), and the context every
prompt carries: clarifications first, then the agent's latest summary or the debate's
earlier rounds, cut to the model's context window with a visible marker."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from devagent.prompt_budget import FittedPrompt, Section, TokenCounter, fit_sections
from devagent.resources import resource_dir
from devagent.workflows.debate.config import AgentConfig
from devagent.workflows.debate.state import AgentClarifications, Contribution, DebateRound, DebateState

KINDS = ("proposal", "critique", "refinement", "summary", "clarification")
BUILT_IN = "built-in"
Warn = Callable[[str], None]


@cache
def builtin_prompt(folder: str, name: str) -> str:
    return (resource_dir("prompts") / "debate" / folder / f"{name}.md").read_text(encoding="utf-8").strip()


@dataclass(frozen=True)
class PromptSet:
    """One agent's prompts: its system prompt (and where it came from) and a template per kind."""

    system: str
    source: str  # "built-in" or the absolute path of the file used
    templates: dict[str, str]


def _override(directory: Path, relative: str, what: str, agent_id: str, warn: Warn) -> tuple[str, str] | None:
    path = (directory / relative).expanduser().absolute()
    try:
        text = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        warn(f"agent {agent_id}: {what} {path} cannot be read ({reason}); using the built-in prompt")
        return None
    if not text:
        warn(f"agent {agent_id}: {what} {path} is empty; using the built-in prompt")
        return None
    return text, str(path)


def prompt_set(agent: AgentConfig, folder: str, directory: Path, warn: Warn) -> PromptSet:
    """`folder`: the role's prompts folder (the judge's is "judge")."""
    system, source = builtin_prompt(folder, "system"), BUILT_IN
    if agent.system_prompt_path:
        found = _override(directory, agent.system_prompt_path, "systemPromptPath", agent.id, warn)
        if found:
            system, source = found
    kinds = ("synthesis", "summary") if folder == "judge" else KINDS
    templates = {kind: builtin_prompt(folder, kind) for kind in kinds}
    for kind, relative, key in (
        ("summary", agent.summary_prompt_path, "summaryPromptPath"),
        ("clarification", agent.clarification_prompt_path, "clarificationPromptPath"),
    ):
        if relative and kind in templates:
            found = _override(directory, relative, key, agent.id, warn)
            if found:
                templates[kind] = found[0]
    return PromptSet(system, source, templates)


def fill(template: str, values: dict[str, str]) -> str:
    """Replace each {name} the values give; other braces stay as written."""
    for key, value in values.items():
        template = template.replace("{" + key + "}", value)
    return template


def clarifications_text(clarifications: list[AgentClarifications] | None) -> str:
    groups = [g for g in clarifications or [] if g.items]
    if not groups:
        return ""
    lines = ["## Clarifications from the user", ""]
    for group in groups:
        lines.append(f"### {group.agent_name} ({group.role})")
        for item in group.items:
            lines += [f"- Q ({item.id}): {item.question}", f"  A: {item.answer}"]
        lines.append("")
    return "\n".join(lines).strip()


def contribution_text(c: Contribution, names: dict[str, str]) -> str:
    who = f"{names.get(c.agent_id, c.agent_id)} ({c.agent_role})"
    target = f" of {names.get(c.target_agent_id, c.target_agent_id)}" if c.target_agent_id else ""
    return f"#### {who}: {c.type}{target}\n\n{c.content}"


def rounds_text(rounds: list[DebateRound], names: dict[str, str]) -> str:
    parts = []
    for r in rounds:
        body = "\n\n".join(contribution_text(c, names) for c in r.contributions)
        parts.append(f"### Round {r.round_number}\n\n{body}")
    return "\n\n".join(parts)


def perspective(state: DebateState, agent_id: str, before_round: int) -> list[DebateRound]:
    """The seed's filter for an agent's summary: its proposals and refinements and the
    critiques it received, in the rounds before `before_round`."""
    kept = []
    for r in state.rounds[: before_round - 1]:
        mine = [
            c
            for c in r.contributions
            if (c.agent_id == agent_id and c.type != "critique") or c.target_agent_id == agent_id
        ]
        kept.append(DebateRound(round_number=r.round_number, contributions=mine, timestamp=r.timestamp))
    return kept


def latest_summary(state: DebateState, agent_id: str, upto_round: int) -> str | None:
    for r in reversed(state.rounds[:upto_round]):
        if agent_id in r.summaries:
            return r.summaries[agent_id].summary
    return None


def history_text(
    state: DebateState, agent_id: str, round_number: int, full: bool, names: dict[str, str]
) -> str:
    """What the agent sees of the earlier rounds: its latest summary, else (with
    includeFullHistory) every earlier round in full."""
    summary = latest_summary(state, agent_id, round_number)
    if summary is not None:
        return f"## Your summary of the debate so far\n\n{summary}"
    earlier = state.rounds[: round_number - 1]
    if full and earlier:
        return f"## The debate so far\n\n{rounds_text(earlier, names)}"
    return ""


def build_prompt(
    template: str, values: dict[str, str], context: str, budget: int, count: TokenCounter
) -> FittedPrompt:
    """The template filled in, its `{context}` cut to what the budget leaves (the
    clarifications and the latest rounds are what a cut keeps longest: it takes lines
    from the middle, with a marker saying how many)."""
    bare = fill(template, {**values, "context": ""})
    room = max(budget - count(bare), 0)
    fitted = fit_sections([Section("debate context", context, 0, required=True)], room, count)
    text = fill(template, {**values, "context": fitted.text})
    return FittedPrompt(text, count(text), budget, fitted.cuts, fitted.kept)
