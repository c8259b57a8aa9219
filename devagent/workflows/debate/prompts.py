"""The debate's prompts: each role's built-in files under prompts/debate/<role>/ (system,
proposal, critique, refinement, summary, clarification; the judge's and the
evaluator's beside them), the per-agent overrides a config names, and the context every
prompt carries: clarifications first, then the agent's latest summary or the debate's
earlier rounds, cut to the model's context window with a visible marker.

A config names prompt files (`systemPromptPath`, `summaryPromptPath`,
`clarificationPromptPath`, an evaluator's `userPromptPath`) relative to its own folder.
A config can also name the model server, so a prompt file is what it could send out: it
must lie inside the config's folder or the bundled prompts, its real path too (a symlink
leading out is refused), with no hidden folder on the way (.ssh, .gnupg); anything else
is refused with one line naming the key, before any model loads. A file inside that
cannot be read, or is empty, gives the seed's warning and the built-in prompt. Whatever
a prompt file or an inline `systemPrompt` holds that is shaped like a secret (a PEM
block, a token, a password hash) is redacted before any model call, with a warning."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from devagent.prompt_budget import FittedPrompt, Section, TokenCounter, fit_sections
from devagent.resources import resource_dir
from devagent.secret_values import redact
from devagent.workflows.debate.config import AgentConfig
from devagent.workflows.debate.prompt_paths import prompt_file
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


def read_prompt_file(directory: Path, relative: str, key: str, warn: Warn) -> tuple[str, Path] | None:
    """A prompt file's text, redacted, and its path; None (the seed's warning given) when
    it cannot be read or is empty, so the built-in prompt is used."""
    path = prompt_file(directory, relative, key)
    try:
        text = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        warn(f"{key} {path} cannot be read ({reason}); using the built-in prompt")
        return None
    if not text:
        warn(f"{key} {path} is empty; using the built-in prompt")
        return None
    return redacted(text, f"{key} {path}", warn), path


def redacted(text: str, what: str, warn: Warn) -> str:
    clean = redact(text)
    if clean != text:
        warn(f"{what}: secret-shaped text redacted before any model call")
    return clean


def prompt_set(agent: AgentConfig, folder: str, directory: Path, warn: Warn) -> PromptSet:
    """`folder`: the role's prompts folder (the judge's is "judge")."""
    system, source = builtin_prompt(folder, "system"), BUILT_IN
    if agent.system_prompt:
        system, source = redacted(agent.system_prompt, f"agent {agent.id}: systemPrompt", warn), "inline"
    if agent.system_prompt_path:
        found = read_prompt_file(
            directory, agent.system_prompt_path, f"agent {agent.id}: systemPromptPath", warn
        )
        if found:
            system, source = found[0], str(found[1])
    kinds = ("synthesis", "summary") if folder == "judge" else KINDS
    templates = {kind: builtin_prompt(folder, kind) for kind in kinds}
    for kind, relative, key in (
        ("summary", agent.summary_prompt_path, "summaryPromptPath"),
        ("clarification", agent.clarification_prompt_path, "clarificationPromptPath"),
    ):
        if relative and kind in templates:
            found = read_prompt_file(directory, relative, f"agent {agent.id}: {key}", warn)
            if found:
                templates[kind] = found[0]
    return PromptSet(system, source, templates)


_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def fill(template: str, values: dict[str, str]) -> str:
    """Replace each {name} the values give, in one pass (a value that holds `{name}`
    itself, a user's answer, stays as written); other braces stay as written."""
    return _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), template)


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
    template: str,
    values: dict[str, str],
    context: str,
    budget: int,
    count: TokenCounter,
    slot: str = "context",
) -> FittedPrompt:
    """The template filled in, `context` in its `{slot}` cut to what the budget leaves
    (the clarifications and the latest rounds are what a cut keeps longest: it takes
    lines from the middle, with a marker saying how many)."""
    bare = fill(template, {**values, slot: ""})
    room = max(budget - count(bare), 0)
    fitted = fit_sections([Section("debate context", context, 0, required=True)], room, count)
    text = fill(template, {**values, slot: fitted.text})
    return FittedPrompt(text, count(text), budget, fitted.cuts, fitted.kept)


def synthesis_prompt(
    template: str, problem: str, clarifications: str, debate: str, budget: int, count: TokenCounter
) -> FittedPrompt:
    """The judge's synthesis prompt: the problem with the user's clarifications under it
    (`{context}`), and the debate (`{debate}`: the rounds, or the final round's summary)
    cut to the budget."""
    values = {"problem": problem, "context": clarifications}
    return build_prompt(template, values, debate, budget, count, slot="debate")
