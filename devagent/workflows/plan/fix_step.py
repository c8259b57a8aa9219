"""PlanMode's action (config/workflows/fix_new_work.yaml): a phase whose tests are all
green but which the Supervisor judges not met yet asks for new work, so plan mode runs
as a stage on the fix branch, in this run's worktree and log (tests first for each
task, then code; devagent/workflows/plan/stage.py). Its commits become the fix run's;
the loop then runs the tests again. The fix workflow gets this step from its caller
(`BORROWED_STEPS` in FixRequest), so it never imports plan mode."""

from __future__ import annotations

from collections.abc import Callable

from devagent.messages import Envelope
from devagent.workflow import Trace
from devagent.workflows.fix.events import FixAgent, FixEvent
from devagent.workflows.fix.state import FixState
from devagent.workflows.fix.tools import FixTools, StepFactory
from devagent.workflows.plan.stage import plan_stage


class PlanModeStep:
    def __init__(self, state: FixState, tools: FixTools, trace: Trace) -> None:
        self._state = state
        self._tools = tools
        self._trace = trace

    def act(self, trigger: Envelope) -> Envelope:
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


def _plan_mode_step(state: FixState, tools: FixTools, trace: Trace) -> Callable[[Envelope], Envelope]:
    return PlanModeStep(state, tools, trace).act


# What a fix run borrows from plan mode (fix_new_work.yaml names it).
BORROWED_STEPS: dict[str, StepFactory] = {FixAgent.PLAN_MODE.value: _plan_mode_step}
