"""The debate workflow's agents, panels and the events its steps report."""

from __future__ import annotations

from enum import StrEnum

from devagent.workflow.plugin import AgentKind


class DebateAgent(StrEnum):
    MODERATOR = "Moderator"  # begins each round (no model)
    USER = "User"  # asks the user the clarifying questions on the terminal (no model)
    JUDGE_SUMMARIZER = "JudgeSummarizer"  # the judge's model, condensing the last round
    JUDGE = "Judge"  # synthesises the final solution


AGENT_KINDS: dict[str, AgentKind] = {
    DebateAgent.MODERATOR: "tool",
    DebateAgent.USER: "tool",
    DebateAgent.JUDGE_SUMMARIZER: "model",
    DebateAgent.JUDGE: "model",
}


class Panel(StrEnum):
    """The configured agents, one AutoGen agent per agent and phase."""

    QUESTIONERS = "questioners"
    SUMMARISERS = "summarisers"
    PROPOSERS = "proposers"
    CRITICS = "critics"
    REFINERS = "refiners"


class DebateEvent(StrEnum):
    PROBLEM = "problem"  # the problem statement, the run's first message
    QUESTIONS = "questions"  # one agent's clarifying questions (possibly none)
    ANSWERS = "answers"  # the user's answers ("NA" for a skipped one)
    ROUND_STARTED = "round_started"
    SUMMARY = "summary"  # an agent's summarisation turn (a summary, or none needed)
    PROPOSAL = "proposal"
    CRITIQUE = "critique"  # one agent's critiques of every other agent's proposal
    REFINEMENT = "refinement"
    JUDGE_SUMMARY = "judge_summary"
    SOLUTION = "solution"  # the judge's synthesis
