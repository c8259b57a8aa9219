"""How a plan run ended, as the terminal shows it: outcome, tasks, branch, PR, and for a
failing task the Tester's report (already truncated by the 4000-character rule)."""

from __future__ import annotations

from functools import cache

from rich.console import Console
from rich.markup import escape

from devagent.workflows.plan.run import PlanResult


@cache
def _out() -> Console:
    """Made at first use: a Console reads the environment when it is built (devagent/report.py)."""
    return Console(highlight=False, soft_wrap=True)


def print_plan_result(result: PlanResult) -> None:
    lines = [
        f"outcome: {result.outcome} (exit {int(result.exit_code)})",
        f"tasks: {result.tasks_done} of {result.tasks_total} passed",
    ]
    if result.detail:
        lines.append(f"detail: {result.detail}")
    if result.plan_path is not None:
        lines.append(f"plan: {result.plan_path}")
    if result.branch_kept:
        lines.append(f"branch: {result.branch}")
    if result.pull_request is not None:
        lines.append(f"pull request: {result.pull_request.url or result.pull_request.record_path}")
    lines.append(f"log: {result.log_path}")
    _out().print("\n".join(escape(line) for line in lines))
    if result.outcome == "failed" and result.report:
        _out().print(escape(f"report:\n{result.report}"))
