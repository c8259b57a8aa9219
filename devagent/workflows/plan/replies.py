"""What the plan roles write (seed 001, section 3), validated with pydantic: the Planner's
plan, the Coder's full-file edits, the Tester's report, or from any of them the error
reply `{"status": "error", "reason": "<short>"}`. Every text field is at most 4000
characters and every key snake_case."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel

TEXT_LIMIT = 4000  # the seed's limit for any text field
Text = Annotated[str, Field(max_length=TEXT_LIMIT)]
Path = Annotated[str, Field(min_length=1, max_length=200)]


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
    content: Text


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
