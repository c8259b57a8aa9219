"""What the plan roles write (seed 001, section 3), validated with pydantic: the Planner's
plan, the Coder's full-file edits, the Tester's report, or from any of them the error
reply `{"status": "error", "reason": "<short>"}`. Every text field is at most 4000
characters (the seed's limit) and every key snake_case. An edit's `content` is a whole
file, not a text field: it is bounded only by a size cap (FILE_LIMIT), far above any
source file a task edits."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel

from devagent.errors import UsageError

TEXT_LIMIT = 4000  # the seed's limit for any text field
FILE_LIMIT = 1_000_000  # characters of one full-file edit: a sanity cap, not the seed's
Text = Annotated[str, Field(max_length=TEXT_LIMIT)]
Path = Annotated[str, Field(min_length=1, max_length=200)]


def check_plan_id(plan_id: str) -> str:
    """`--plan-id`: the seed's plan_NNNN."""
    if not re.fullmatch(r"plan_[0-9]{4}", plan_id):
        raise UsageError(f"--plan-id: '{plan_id}' must look like plan_0001 (plan_ and four digits)")
    return plan_id


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ErrorReply(_Strict):
    status: Literal["error"]
    reason: str = Field(min_length=1, max_length=200)


class PlanTask(_Strict):
    id: str = Field(pattern=r"^T[1-9][0-9]?$")
    title: str = Field(min_length=1, max_length=200)
    rationale: Text
    acceptance: Text
    artifacts: list[Path] = Field(min_length=1, max_length=10)


class Plan(_Strict):
    plan_id: str = Field(pattern=r"^plan_[0-9]{4}$")
    tasks: list[PlanTask] = Field(min_length=1, max_length=20)


class Edit(_Strict):
    path: Path
    content: str = Field(max_length=FILE_LIMIT)


class Edits(_Strict):
    edits: list[Edit] = Field(min_length=1, max_length=10)


class TesterReport(_Strict):
    __test__ = False  # not a pytest test class (tests import it by name)

    task_id: str = Field(pattern=r"^T[1-9][0-9]?$")
    passed: bool
    report: Text


class PlannerReply(RootModel[Plan | ErrorReply]):
    pass


class CoderReply(RootModel[Edits | ErrorReply]):
    pass


class TesterReply(RootModel[TesterReport | ErrorReply]):
    pass
