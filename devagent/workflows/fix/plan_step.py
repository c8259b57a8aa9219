"""PlanMode's action (config/workflows/fix_new_work.yaml): a phase whose tests are all
green but which the Supervisor judges not met yet asks for new work, so plan mode runs
as a stage on the fix branch, in this run's worktree and log (tests first for each
task, then code; devagent/workflows/plan/stage.py). Its commits become the fix run's;
the loop then runs the tests again."""

from __future__ import annotations

from devagent.messages import Envelope
from devagent.workflow import Trace
from devagent.workflows.fix.events import FixAgent, FixEvent
from devagent.workflows.fix.state import FixState
from devagent.workflows.fix.tools import FixTools


class PlanModeStep:
    def __init__(self, state: FixState, tools: FixTools, trace: Trace) -> None:
        self._state = state
        self._tools = tools
        self._trace = trace

    def act(self, trigger: Envelope) -> Envelope:
        from devagent.workflows.plan.stage import plan_stage  # the plan workflow loads only here

        state, tools = self._state, self._tools
        state.plan_tried = True
        stage = plan_stage(
            state.phase.text,
            tools.config,
            tools.git,
            tools.tests,
            tools.log,
            self._trace,
            state.branch,
            (state.base_sha, state.base_branch),
        )
        state.commits.extend(stage.commits)
        state.feedback = None
        summary = f"plan mode: {stage.tasks_done} of {stage.tasks_total} task(s) committed"
        if stage.result.outcome != "completed":
            detail = stage.detail or stage.result.reason
            return state.message(
                FixAgent.PLAN_MODE,
                "status",
                f"{summary}; {stage.result.outcome}: {detail}",
                FixEvent.PLAN_HALTED,
            )
        return state.message(FixAgent.PLAN_MODE, "status", summary, FixEvent.PLANNED)
