"""The debate's Markdown report (`--report PATH`): the problem, the agents and the judge
(model, temperature, prompt source), the clarifications, each round's contributions
(proposals, critiques, refinements, summaries) with their metadata, the final
synthesis and the totals, in that order."""

from __future__ import annotations

from devagent.workflows.debate.config import AgentConfig
from devagent.workflows.debate.state import Contribution, DebateState

SECTIONS = (
    "## Problem Description",
    "## Agents",
    "## Clarifications",
    "## Rounds",
    "## Final Synthesis",
    "## Totals",
)
KINDS = (("proposal", "Proposals"), ("critique", "Critiques"), ("refinement", "Refinements"))


def _meta(c: Contribution) -> str:
    m = c.metadata
    tokens = "-" if m.tokens_used is None else str(m.tokens_used)
    latency = "-" if m.latency_ms is None else f"{m.latency_ms} ms"
    return f"_tokens: {tokens} · latency: {latency} · model: {m.model or '-'}_"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def debate_report(
    state: DebateState, agents: list[AgentConfig], judge: AgentConfig, models: dict[str, str]
) -> str:
    names = {a.id: a.name for a in [*agents, judge]}
    sources = {}
    if state.prompt_sources:
        sources = {s.agent_id: s.source for s in state.prompt_sources.agents}
        if state.prompt_sources.judge:
            sources[state.prompt_sources.judge.agent_id] = state.prompt_sources.judge.source
    first = state.problem.strip().splitlines()[0] if state.problem.strip() else state.id
    out = [
        f"# Debate: {first[:100]}",
        "",
        f"Debate `{state.id}`, status **{state.status}**, {len(state.rounds)} round(s).",
        "",
    ]
    out += [SECTIONS[0], "", state.problem.strip(), ""]
    out += [
        SECTIONS[1],
        "",
        "| id | name | role | model | temperature | system prompt |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for a in agents:
        row = [
            a.id,
            a.name,
            a.role,
            models.get(a.id, a.model or "-"),
            str(a.temperature),
            sources.get(a.id, "built-in"),
        ]
        out.append("| " + " | ".join(_cell(x) for x in row) + " |")
    judge_model = models.get(judge.id, judge.model or "-")
    judge_source = sources.get(judge.id, "built-in")
    out += [
        "",
        f"Judge: {judge.name} (`{judge.id}`, {judge_model}, temperature {judge.temperature}, "
        f"system prompt {judge_source})",
        "",
    ]
    out += [SECTIONS[2], ""]
    groups = [g for g in state.clarifications or [] if g.items]
    if not groups:
        out += ["No clarifications were asked.", ""]
    for group in groups:
        out += [f"### {group.agent_name} ({group.role})", ""]
        for item in group.items:
            out += ["```text", f"Q ({item.id}): {item.question}", f"A: {item.answer}", "```", ""]
    out += [SECTIONS[3], ""]
    for r in state.rounds:
        out += [f"### Round {r.round_number}", ""]
        for agent_id, summary in r.summaries.items():
            m = summary.metadata
            out += [
                f"#### Summary: {names.get(agent_id, agent_id)} ({summary.agent_role})",
                "",
                summary.summary,
                "",
                f"_{m.before_chars} -> {m.after_chars} chars · method: {m.method} · "
                f"latency: {m.latency_ms} ms · tokens: {m.tokens_used}_",
                "",
            ]
        for kind, title in KINDS:
            found = [c for c in r.contributions if c.type == kind]
            if not found:
                continue
            out += [f"#### {title}", ""]
            for c in found:
                target = f" on {names.get(c.target_agent_id, c.target_agent_id)}" if c.target_agent_id else ""
                out += [
                    f"##### {names.get(c.agent_id, c.agent_id)} ({c.agent_role}){target}",
                    "",
                    c.content,
                    "",
                    _meta(c),
                    "",
                ]
    out += [SECTIONS[4], ""]
    solution = state.final_solution
    if solution is None:
        out += [f"No solution: the debate ended {state.status}.", ""]
    else:
        if state.judge_summary is not None:
            out += ["The judge condensed the final round first:", "", f"> {state.judge_summary.summary}", ""]
        out += [solution.description, ""]
        if solution.implementation:
            out += ["### Implementation", "", solution.implementation, ""]
        for title, items in (
            ("Tradeoffs", solution.tradeoffs),
            ("Recommendations", solution.recommendations),
        ):
            if items:
                out += [f"### {title}", "", *(f"- {i}" for i in items), ""]
        out += [
            f"Confidence: {solution.confidence}/100, synthesised by "
            f"{names.get(solution.synthesized_by, solution.synthesized_by)}.",
            "",
        ]
    contributions = [c for r in state.rounds for c in r.contributions]
    tokens = sum(c.metadata.tokens_used or 0 for c in contributions)
    out += [
        SECTIONS[5],
        "",
        f"- contributions: {len(contributions)}",
        f"- tokens (contributions): {tokens}",
        f"- created: {state.created_at.isoformat()}",
        f"- updated: {state.updated_at.isoformat()}",
        "",
    ]
    return "\n".join(out)
