"""A new workflow plugs into the engine with only a manifest, a state type, step actions
and a spec: this toy one (an outline, a draft, a word count) has two model steps on
scripted replies (deterministic control flow) and one tool step, and changes nothing in
devagent/workflow/."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field

from devagent.agents import ModelAgent, RoleSpec, ToolAgent
from devagent.errors import ExitCode, StepRefused, UsageError
from devagent.messages import Envelope, Metadata
from devagent.models.base import ReplyFormat
from devagent.models.scripted import ScriptedBackend
from devagent.workflow import GENERIC, Subject, Trace, WorkflowPlugin, load_manifest, run_workflow

# --- The plug-in: agents, events, specs -----------------------------------------------------


class ToyEvent(StrEnum):
    TOPIC = "topic"
    OUTLINED = "outlined"
    DRAFTED = "drafted"
    COUNTED = "counted"
    TOO_LONG = "too_long"


SPECS = GENERIC.extend()
SPECS.events(ToyEvent)


@SPECS.spec("has_outline", "there is no outline to write from")
def _has_outline(s: Subject) -> bool:
    return bool(s.context.get("outline"))


TOY = WorkflowPlugin("toy", {"Outliner": "model", "Writer": "model", "Counter": "tool"}, ToyEvent, SPECS)

MANIFEST = """\
name: toy
start: Outliner
steps:
  Outliner:
    kind: model
    routes:
      - {to: Writer}
  Writer:
    kind: model
    pre: [budget_left, has_outline]
    routes:
      - {to: end, when: [skipped], outcome: failed}
      - {to: Counter}
  Counter:
    kind: tool
    routes:
      - {to: end, when: [counted], outcome: completed}
      - {to: Writer, when: [budget_left]}
      - {to: end, outcome: max_iterations}
"""


# --- The state --------------------------------------------------------------------------------


class ToyState:
    volatile_keys = frozenset({"iteration"})

    def __init__(self, topic: str, max_words: int, max_iterations: int) -> None:
        self.topic = topic
        self.max_words = max_words
        self.max_iterations = max_iterations
        self.iteration = 0
        self.outline: list[str] = []
        self.draft = ""
        self.note = ""  # what the Writer must fix next

    def snapshot(self) -> dict[str, Any]:
        return {
            "topic": self.topic,
            "outline": list(self.outline),
            "draft_words": len(self.draft.split()),
            "note": self.note,
            "iteration": self.iteration,
            "max_iterations": self.max_iterations,
        }

    def add_failure(self, step: str, reasons: list[str]) -> None:
        self.note = "; ".join(reasons)

    def record_output(self, step: str, output: Envelope) -> None:
        return None


def said(role: str, event: ToyEvent, content: str, iteration: int) -> Envelope:
    return Envelope(
        role=role, type="status", content=content, metadata=Metadata(iteration=iteration, event=event)
    )


# --- The step actions: replies for the model roles, and the tool ---------------------------


class OutlineReply(BaseModel):
    model_config = ConfigDict(extra="forbid")
    points: list[str] = Field(min_length=1, max_length=5)


class DraftReply(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=400)


def outline_envelope(state: ToyState, reply: BaseModel, diff: str | None) -> Envelope:
    assert isinstance(reply, OutlineReply)
    state.outline = reply.points
    return said("Outliner", ToyEvent.OUTLINED, "; ".join(reply.points), state.iteration)


def draft_envelope(state: ToyState, reply: BaseModel, diff: str | None) -> Envelope:
    assert isinstance(reply, DraftReply)
    state.draft = reply.text
    return said("Writer", ToyEvent.DRAFTED, reply.text, state.iteration)


def writer_prompt(state: ToyState) -> str:
    state.iteration += 1
    note = f"\nFix this: {state.note}" if state.note else ""
    return f"Write about {state.topic} from: {', '.join(state.outline)}.{note}"


def count_words(state: ToyState, trigger: Envelope) -> Envelope:
    words = len(state.draft.split())
    if words > state.max_words:  # not terminating: back to the Writer as context
        raise StepRefused(
            ToyEvent.TOO_LONG,
            f"{words} words",
            f"the draft has {words} words; the limit is {state.max_words}",
        )
    state.note = ""
    return said("Counter", ToyEvent.COUNTED, f"{words} words", state.iteration)


# --- Running it ---------------------------------------------------------------------------------


def toy_run(
    tmp_path: Path, replies: str, max_iterations: int = 3
) -> tuple[Any, ToyState, list[tuple[str, str, dict[str, Any]]]]:
    (tmp_path / "toy.yaml").write_text(MANIFEST)
    (tmp_path / "replies.yaml").write_text(replies)
    (tmp_path / "toy_prompt.md").write_text("You help write short texts. Reply with the JSON asked for.")
    manifest = load_manifest(tmp_path / "toy.yaml", TOY)
    state = ToyState("tide pools", max_words=8, max_iterations=max_iterations)
    records: list[tuple[str, str, dict[str, Any]]] = []
    trace = Trace(lambda role, kind, data: records.append((role, kind, data)))

    def record_call(call: dict[str, Any]) -> None:
        records.append((str(call["role"]), "model_call", call))

    def role(name: str, reply: type[BaseModel]) -> RoleSpec:
        return RoleSpec(name, name.lower(), str(tmp_path / "toy_prompt.md"), reply)

    def model(name: str, reply: type[BaseModel], prompt: Any, envelope: Any) -> ModelAgent:
        backend = ScriptedBackend(f"scripted:{name}", tmp_path / "replies.yaml", name)
        schema = reply.model_json_schema()
        return ModelAgent(
            role(name, reply),
            backend,
            prompt,
            lambda: ReplyFormat(schema),
            lambda r, d: envelope(state, r, d),
            record_call,
        )

    agents = {
        "Outliner": model("Outliner", OutlineReply, lambda: f"Outline {state.topic}.", outline_envelope),
        "Writer": model("Writer", DraftReply, lambda: writer_prompt(state), draft_envelope),
        "Counter": ToolAgent("Counter", "counts words", lambda trigger: count_words(state, trigger)),
    }
    task = said("User", ToyEvent.TOPIC, state.topic, 0)
    result = run_workflow(manifest, TOY, state, agents, task, trace, max_turns=20)
    return result, state, records


REPLIES = """\
Outliner:
  - '```json\n{"points": ["water", "crabs"]}\n```'
Writer:
  - '```json\n{"text": "Tide pools hold water and crabs and many more small living things."}\n```'
  - '```json\n{"text": "Tide pools hold water and crabs."}\n```'
"""


def test_scripted_toy_workflow_runs_on_the_engine_unchanged(tmp_path: Path) -> None:
    result, state, records = toy_run(tmp_path, REPLIES)
    assert (result.outcome, result.exit_code) == ("completed", ExitCode.OK)
    trail = [(d["step"], d["status"]) for _, kind, d in records if kind == "step"]
    assert trail == [
        ("Outliner", "ok"),
        ("Writer", "ok"),
        ("Counter", "ok"),
        ("Writer", "ok"),
        ("Counter", "ok"),
    ]
    # The refusal was not terminating: it became the step's output and the Writer's context.
    outputs = [d for _, kind, d in records if kind == "step" and d["step"] == "Counter"]
    assert outputs[0]["output"]["metadata"]["event"] == "too_long"
    prompts = [d["prompt"] for role, kind, d in records if kind == "model_call" and role == "Writer"]
    assert "Fix this: the draft has 12 words; the limit is 8" in prompts[1]
    assert state.draft == "Tide pools hold water and crabs."


def test_scripted_toy_workflow_reply_invalid_twice_ends_with_exit_5(tmp_path: Path) -> None:
    bad = REPLIES.replace('{"points": ["water", "crabs"]}', '{"points": []}')
    bad = bad.replace("Outliner:\n", "Outliner:\n  - '```json\\n{\"points\": []}\\n```'\n")
    result, _, records = toy_run(tmp_path, bad)
    assert (result.outcome, result.exit_code) == ("model_error", ExitCode.MODEL_PROTOCOL)
    calls = [d for _, kind, d in records if kind == "model_call"]
    assert [(c["attempt"], c["valid"]) for c in calls] == [(1, False), (2, False)]  # one re-prompt, then stop


def test_scripted_toy_workflow_stops_at_its_iteration_ceiling(tmp_path: Path) -> None:
    long = '  - \'```json\\n{"text": "one two three four five six seven eight nine"}\\n```\'\n'
    replies = REPLIES.split("Writer:\n")[0] + "Writer:\n" + long * 3
    result, state, _ = toy_run(tmp_path, replies, max_iterations=2)
    assert (result.outcome, result.exit_code) == ("max_iterations", ExitCode.MAX_ITERATIONS)
    assert state.iteration == 2


def test_toy_manifest_naming_a_spec_or_agent_the_plug_in_lacks_is_a_config_error(tmp_path: Path) -> None:
    path = tmp_path / "toy.yaml"
    path.write_text(MANIFEST.replace("[budget_left, has_outline]", "[budget_left, has_title]"))
    with pytest.raises(UsageError, match=r"toy\.yaml:10: unknown spec 'has_title'"):
        load_manifest(path, TOY)
    path.write_text(
        MANIFEST.replace("  Counter:\n    kind: tool\n", "  Counter:\n    kind: tool\n    agent: Judge\n")
    )
    with pytest.raises(UsageError, match="workflow toy has no agent 'Judge'") as info:
        load_manifest(path, TOY)
    assert info.value.exit_code == ExitCode.USAGE
