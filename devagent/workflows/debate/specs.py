"""The debate workflow's specs: the generic ones, one per event, and the pure checks its
routes and pre conditions read from the run's snapshot (devagent/workflows/debate/run_state.py)."""

from __future__ import annotations

from devagent.workflow.specs import GENERIC, Subject
from devagent.workflows.debate.events import DebateEvent

DEBATE_SPECS = GENERIC.extend()
DEBATE_SPECS.events(DebateEvent)


@DEBATE_SPECS.spec("clarifications_on", "clarifications were not asked for (--clarify)")
def _clarifications_on(s: Subject) -> bool:
    return bool(s.context.get("clarify"))


@DEBATE_SPECS.spec("questions_asked", "no agent asked a question")
def _questions_asked(s: Subject) -> bool:
    return s.number("questions") > 0


@DEBATE_SPECS.spec("rounds_left", "every round has run")
def _rounds_left(s: Subject) -> bool:
    return s.number("round") < s.number("rounds")


@DEBATE_SPECS.spec("judge_history_long", "the last round is short enough for the judge as it is")
def _judge_history_long(s: Subject) -> bool:
    return bool(s.context.get("judge_summary_needed"))


@DEBATE_SPECS.spec("solution_ready", "the judge gave no solution")
def _solution_ready(s: Subject) -> bool:
    return bool(s.context.get("solution"))
