"""The plan workflow's specs: the generic ones, one per event, and the orchestrator's
rules as pure functions of the state snapshot (devagent/workflows/plan/state.py:
PlanState.snapshot). What each rule checks is in devagent/workflows/plan/checks.py."""

from __future__ import annotations

from devagent.workflow.specs import GENERIC, Subject
from devagent.workflows.plan.events import PlanEvent

PLAN_SPECS = GENERIC.extend()
PLAN_SPECS.events(PlanEvent)


@PLAN_SPECS.spec("plan_valid", "the plan breaks the Planner's rules")
def _plan_valid(s: Subject) -> bool:
    # An error reply has nothing to check: its route halts the run.
    return s.event == PlanEvent.AGENT_ERROR or not s.context.get("plan_problems")


@PLAN_SPECS.spec("plan_rejected", "the plan follows the Planner's rules")
def _plan_rejected(s: Subject) -> bool:
    return bool(s.context.get("plan_problems"))


@PLAN_SPECS.spec("tester_agrees", "the Tester's passed must equal (exit code == 0) for the task in progress")
def _tester_agrees(s: Subject) -> bool:
    return s.event == PlanEvent.AGENT_ERROR or bool(s.context.get("tester_agrees"))


@PLAN_SPECS.spec("tester_rejected", "the Tester's verdict agrees with the exit code")
def _tester_rejected(s: Subject) -> bool:
    return not s.context.get("tester_agrees")


@PLAN_SPECS.spec("coder_retry_left", "the Coder's edits were refused twice for this task")
def _coder_retry_left(s: Subject) -> bool:
    return s.number("coder_refusals") <= 1


@PLAN_SPECS.spec("tasks_left", "every task of the plan is done")
def _tasks_left(s: Subject) -> bool:
    return s.number("tasks_done") < s.number("tasks_total")


@PLAN_SPECS.spec("repair_available", "--repair is off or already ran for this task")
def _repair_available(s: Subject) -> bool:
    return s.context.get("repair") is True and s.context.get("repair_tried") is not True
