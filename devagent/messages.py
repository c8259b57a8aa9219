"""The conversation protocol: every message is a JSON envelope in a ```json fence.

A DevAgent patch carries its unified diff in a second ```diff fence after the JSON
(code escaped inside JSON strings makes models worse at editing). Models write only
the small *reply* for their role; the orchestrator wraps it into the envelope with
the role, type and metadata it already knows.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

# The roles of the bundled workflows are Developer, Supervisor, DevAgent, ShellTool,
# GitTool, Architect, Reviewer and Orchestrator; a workflow manifest may name others.
Role = Annotated[str, Field(pattern=r"^[A-Za-z][A-Za-z0-9_-]{0,39}$")]
MessageType = Literal["instruction", "patch", "output", "status"]

# A fence closes at a line that is only ``` (JSON strings escape newlines, and diff
# lines start with a space, +, - or @, so a ``` inside content never closes a fence).
_JSON_FENCE = re.compile(r"```json[ \t]*\n(.*?)\n```[ \t]*(?:\n|$)", re.DOTALL)
_DIFF_FENCE = re.compile(r"```(?:diff|patch)[ \t]*\n(.*?)(?:\n```[ \t]*(?:\n|$)|\Z)", re.DOTALL)


class Metadata(BaseModel):
    model_config = ConfigDict(extra="forbid")

    iteration: int = Field(ge=0)
    test_name: str | None = None
    approved: bool | None = None
    # Extension to the seed schema: what happened, for routing and for the log reader
    # (e.g. "tests_failed", "patch_committed"); the router's conditions read it.
    event: str | None = None


class Envelope(BaseModel):
    """One message of the conversation (the seed's schema plus `event`)."""

    model_config = ConfigDict(extra="forbid")

    role: Role
    content: str
    type: MessageType
    metadata: Metadata
    # ShellTool only: the command's exit code (the seed's "status": exit_code).
    status: int | None = None
    # DevAgent instructions only: the commands it asks ShellTool to run.
    commands: list[str] | None = None
    # The unified diff of a patch; travels in its own ```diff fence, not in the JSON.
    diff: str | None = Field(default=None, exclude=True)
    # A parallel step's output: each of its agents' messages.
    parts: list[Envelope] | None = None

    @model_validator(mode="after")
    def _patch_has_diff(self) -> Envelope:
        if self.type == "patch" and not self.diff:
            raise ValueError("a patch message needs a ```diff fence after the JSON")
        return self

    def as_json(self) -> dict[str, Any]:
        """The JSON object of the fence: the seed's keys always (null when unset), our
        extensions only when used. The diff is not part of it."""
        data = self.model_dump()
        for key in ("status", "commands", "parts"):
            if data[key] is None:
                del data[key]
        if self.parts is not None:  # each part as its own fence would show it
            data["parts"] = [p.as_json() for p in self.parts]
        if data["metadata"]["event"] is None:
            del data["metadata"]["event"]
        return data

    def render(self) -> str:
        body = json.dumps(self.as_json(), indent=2, ensure_ascii=False)
        text = f"```json\n{body}\n```"
        if self.diff:
            diff = self.diff if self.diff.endswith("\n") else self.diff + "\n"
            text += f"\n\n```diff\n{diff}```"
        return text

    @classmethod
    def parse(cls, text: str) -> Envelope:
        data, diff = split_fences(text)
        return cls.model_validate({**data, "diff": diff})


ReplyT = TypeVar("ReplyT", bound=BaseModel)


class ReplyError(ValueError):
    """A model reply that does not follow its role's format; the message is fed back
    to the model on the one re-prompt, so it says precisely what was wrong."""


def split_fences(text: str) -> tuple[dict[str, Any], str | None]:
    """Return the JSON object of the first ```json fence and the text of the ```diff fence.

    Unconstrained backends sometimes drop the fence; a bare JSON object is accepted.
    """
    match = _JSON_FENCE.search(text)
    raw = match.group(1) if match else _bare_json_object(text)
    if raw is None:
        raise ReplyError("no ```json fence with a JSON object was found")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ReplyError(f"the ```json fence is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    if not isinstance(data, dict):
        raise ReplyError("the ```json fence must hold a JSON object")
    rest = text[match.end() :] if match else text
    diff_match = _DIFF_FENCE.search(rest)
    diff = diff_match.group(1) + "\n" if diff_match and diff_match.group(1).strip() else None
    return data, diff


def _bare_json_object(text: str) -> str | None:
    """The first complete JSON object in the text (a diff after it may hold braces)."""
    start = text.find("{")
    if start < 0:
        return None
    try:
        _, end = json.JSONDecoder().raw_decode(text, start)
    except json.JSONDecodeError:
        return text[start:]  # let json.loads report what is wrong
    return text[start:end]


# --- What each model-backed role writes -------------------------------------------------


class DevAgentReply(BaseModel):
    """DevAgent: a patch (diff in its own fence) or an instruction asking ShellTool to
    run commands whose output it wants to see."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["patch", "instruction"]
    # Bounded so constrained decoding cannot loop inside the string until max_tokens.
    content: str = Field(max_length=400, description="one or two sentences: what the change does and why")
    commands: list[Annotated[str, Field(max_length=200)]] = Field(default_factory=list, max_length=3)


class SupervisorReply(BaseModel):
    model_config = ConfigDict(extra="forbid")

    approved: bool
    content: str = Field(max_length=600, description="the verdict: why it is merge-ready, or what to change")


# Seed 000 sets no maximum on the spec debate's replies: any number of components and
# challenges, texts of any length. Only the grammars (in-process llama.cpp) bound them:
# under constrained decoding a weak model otherwise fills a field until max_tokens cuts
# the reply off mid-JSON. These are the decoding schemas' bounds, never validation's.
MAX_ITEMS = 5  # components and challenges a grammar lets a model write
DECODE_NAME_CHARS = 40
DECODE_PURPOSE_CHARS = 160
DECODE_RATIONALE_CHARS = 400
DECODE_DESCRIPTION_CHARS = 200


class Component(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    type: Literal["Subsystem", "DataStore", "Agent", "API", "UIComponent", "Utility"]
    purpose: str


class ArchitectReply(BaseModel):
    model_config = ConfigDict(extra="forbid")

    components: list[Component] = Field(min_length=1)
    design_rationale: str


class Challenge(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: int = Field(ge=1)
    category: Literal["completeness", "consistency", "ambiguity"]
    description: str


class ReviewerReply(BaseModel):
    model_config = ConfigDict(extra="forbid")

    status: Literal["verified", "needs_revision"]
    challenges: list[Challenge]

    @model_validator(mode="after")
    def _challenges_match_status(self) -> ReviewerReply:
        if self.status == "verified" and self.challenges:
            raise ValueError("challenges must be empty when status is verified")
        if self.status == "needs_revision" and not self.challenges:
            raise ValueError("challenges must not be empty when status is needs_revision")
        return self


def parse_reply(text: str, model: type[ReplyT]) -> tuple[ReplyT, str | None]:
    """Validate a model's raw text against its role's reply model; raise ReplyError."""
    data, diff = split_fences(text)
    reply = _validated(data, model)
    if isinstance(reply, DevAgentReply):
        if reply.type == "patch" and diff is None:
            raise ReplyError("a patch needs its unified diff in a ```diff fence after the JSON")
        if reply.type == "instruction" and not reply.commands:
            raise ReplyError("an instruction needs at least one command in `commands`")
    return reply, diff


def _validated(data: dict[str, Any], model: type[ReplyT]) -> ReplyT:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(root)"
        raise ReplyError(f"field {where}: {first['msg']}") from None


# The one tolerance of the JSON-only rule: a reply that is nothing but one code fence
# around the object (what chat models write by habit) is read as the object, and the
# repair is logged. Prose or markdown around it is refused and re-prompted.
_ONLY_A_FENCE = re.compile(r"\A```(?:json)?[ \t]*\n(.*)\n```\Z", re.DOTALL)
NOT_BARE = "the reply must be the JSON object alone: no prose, no markdown, no code fences"
FENCE_REMOVED = "code fence around the JSON removed"


def parse_bare_reply(text: str, model: type[ReplyT]) -> tuple[ReplyT, str | None]:
    """The seeds' "JSON only" rule (spec and plan modes): the reply is one JSON object and
    nothing else. Returns the validated reply and what was repaired (None, or
    FENCE_REMOVED); raises ReplyError, which the caller feeds back on its re-prompt."""
    body = text.strip()
    repaired = None
    fenced = _ONLY_A_FENCE.match(body)
    if fenced:
        body, repaired = fenced.group(1).strip(), FENCE_REMOVED
    if not body.startswith("{"):
        raise ReplyError(NOT_BARE)
    try:
        data, end = json.JSONDecoder().raw_decode(body)
    except json.JSONDecodeError as exc:
        raise ReplyError(f"the reply is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    if body[end:].strip():
        raise ReplyError(f"{NOT_BARE} (text follows the object)")
    if not isinstance(data, dict):
        raise ReplyError("the reply must be a JSON object")
    return _validated(data, model), repaired
