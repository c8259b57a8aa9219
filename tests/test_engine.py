"""The workflow engine on the three shapes the next workflows need, with scripted agents
(deterministic control flow): a two-agent loop with a re-prompt-once rule and an
iteration ceiling, a linear pipeline that halts on its first failure, and rounds whose
phases run several agents at once before a synthesis step. Also: loop detection,
invariants that halt, pre-specs that skip, and what every step execution records."""

from __future__ import annotations

import copy
import re
import threading
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest

from devagent.agents import ToolAgent
from devagent.errors import ExitCode
from devagent.messages import Envelope, Metadata
from devagent.workflow import (
    GENERIC,
    OUTCOME_EXIT,
    Manifest,
    Subject,
    Trace,
    WorkflowPlugin,
    WorkflowResult,
    fingerprint,
    load_manifest,
    run_workflow,
)

Records = list[tuple[str, str, dict[str, Any]]]


class Event(StrEnum):
    DESIGN = "design"
    INVALID_REPLY = "invalid_reply"
    VERIFIED = "verified"
    NEEDS_REVISION = "needs_revision"
    PLAN = "plan"
    CODE = "code"
    TESTS_PASSED = "tests_passed"
    CONTRIBUTION = "contribution"
    SYNTHESIS = "synthesis"
    TASK = "task"


SPECS = GENERIC.extend()
SPECS.events(Event)


@SPECS.spec("reply_valid", "the reply did not follow the required schema")
def _reply_valid(s: Subject) -> bool:
    return s.event != Event.INVALID_REPLY


@SPECS.spec("rounds_left", "no rounds are left")
def _rounds_left(s: Subject) -> bool:
    return s.number("round") < s.number("max_rounds")


@SPECS.spec("has_contributions", "nothing to judge yet")
def _has_contributions(s: Subject) -> bool:
    return s.number("commits") > 0


AGENTS = ("Architect", "Reviewer", "Planner", "Coder", "Tester", "Security", "Performance", "Judge")
PLUGIN = WorkflowPlugin("shapes", {a: "tool" if a == "Tester" else "model" for a in AGENTS}, Event, SPECS)


class DataState:
    """A plain run state: a dict of JSON-like values the scripted agents share."""

    volatile_keys = frozenset({"iteration"})

    def __init__(self, data: dict[str, Any] | None = None) -> None:
        self.data: dict[str, Any] = data if data is not None else {}

    def snapshot(self) -> dict[str, Any]:
        return copy.deepcopy(self.data)

    def add_failure(self, step: str, reasons: list[str]) -> None:
        # Replaced, not appended: the same failure twice leaves the same state.
        self.data.setdefault("failures", {})[step] = reasons

    def record_output(self, step: str, output: Envelope) -> None:
        self.data.setdefault("outputs", {})[step] = output.content


def manifest_from(tmp_path: Path, text: str) -> Manifest:
    path = tmp_path / "workflow.yaml"
    path.write_text(text)
    return load_manifest(path, PLUGIN)  # the same validation a user's manifest gets


def say(role: str, event: str, content: str = "", iteration: int = 0) -> Envelope:
    return Envelope(
        role=role,
        type="status",
        content=content or event,
        metadata=Metadata(iteration=iteration, event=event),
    )


def run(
    manifest: Manifest, agents: dict[str, Callable[[Envelope], Envelope]], context: DataState
) -> tuple[WorkflowResult, Records]:
    records: Records = []
    chat = {name: ToolAgent(name, name, act) for name, act in agents.items()}
    task = say("Developer", "task", "go")
    trace = Trace(lambda role, kind, data: records.append((role, kind, data)))
    result = run_workflow(manifest, PLUGIN, context, chat, task, trace, max_turns=100)
    return result, records


def steps(records: Records) -> list[dict[str, Any]]:
    return [data for _, kind, data in records if kind == "step"]


# --- A two-agent loop: re-prompt once, iteration ceiling -------------------------------

DEBATE = """\
name: debate
start: Architect
steps:
  Architect:
    kind: model
    post: [reply_valid]
    retries: 1                      # the re-prompt-once rule
    routes:
      - {to: end, when: [invalid_reply], outcome: model_error}
      - {to: Reviewer}
  Reviewer:
    kind: model
    routes:
      - {to: end, when: [verified], outcome: verified}
      - {to: Architect, when: [budget_left]}
      - {to: end, outcome: max_iterations}
"""


def architect(context: DataState, replies: list[str]) -> Callable[[Envelope], Envelope]:
    """Replies in order; "invalid" stands for a reply that failed its schema."""

    def act(_: Envelope) -> Envelope:
        context.data["iteration"] = context.data.get("iteration", 0) + 1
        reply = replies.pop(0)
        event = "invalid_reply" if reply.startswith("invalid") else "design"
        return say("Architect", event, reply, context.data["iteration"])

    return act


def reviewer(context: DataState, verdicts: list[str]) -> Callable[[Envelope], Envelope]:
    def act(_: Envelope) -> Envelope:
        return say("Reviewer", verdicts.pop(0))

    return act


def test_scripted_two_agent_loop_reprompts_once_then_verifies(tmp_path: Path) -> None:
    context = DataState({"max_iterations": 5})
    agents = {
        "Architect": architect(context, ["invalid: no components", "draft 1", "draft 2"]),
        "Reviewer": reviewer(context, ["needs_revision", "verified"]),
    }
    result, records = run(manifest_from(tmp_path, DEBATE), agents, context)
    assert result.outcome == "verified"
    trail = [(s["step"], s["attempt"], s["status"]) for s in steps(records)]
    assert trail == [
        ("Architect", 1, "retry"),
        ("Architect", 2, "ok"),
        ("Reviewer", 1, "ok"),
        ("Architect", 1, "ok"),
        ("Reviewer", 1, "ok"),
    ]
    retry = steps(records)[0]
    assert [(r["spec"], r["passed"]) for r in retry["specs"] if r["kind"] == "post"] == [
        ("reply_valid", False)
    ]
    assert retry["fingerprint"]
    # The retry saw why: the failure is in the context it started from.
    assert steps(records)[1]["before"]["failures"] == {
        "Architect": ["the reply did not follow the required schema"]
    }


def test_scripted_two_agent_loop_second_invalid_reply_ends_with_model_error(tmp_path: Path) -> None:
    context = DataState({"max_iterations": 5})
    agents = {
        "Architect": architect(context, ["invalid: no components", "invalid: component without type"]),
        "Reviewer": reviewer(context, []),
    }
    result, records = run(manifest_from(tmp_path, DEBATE), agents, context)
    assert result.outcome == "model_error"
    assert OUTCOME_EXIT[result.outcome] == ExitCode.MODEL_PROTOCOL
    assert [(s["step"], s["status"]) for s in steps(records)] == [
        ("Architect", "retry"),
        ("Architect", "failed"),
    ]


def test_scripted_two_agent_loop_stops_at_the_iteration_ceiling(tmp_path: Path) -> None:
    context = DataState({"max_iterations": 3})
    agents = {
        "Architect": architect(context, [f"draft {i}" for i in range(10)]),
        "Reviewer": reviewer(context, ["needs_revision"] * 10),
    }
    result, records = run(manifest_from(tmp_path, DEBATE), agents, context)
    assert result.outcome == "max_iterations"
    assert context.data["iteration"] == 3
    assert [s["step"] for s in steps(records)] == ["Architect", "Reviewer"] * 3


def test_scripted_identical_failure_twice_is_a_detected_loop(tmp_path: Path) -> None:
    text = DEBATE.replace("retries: 1 ", "retries: 5 ")
    context = DataState({"max_iterations": 9})
    same = "invalid: no components"
    agents = {"Architect": architect(context, [same] * 6), "Reviewer": reviewer(context, [])}
    result, records = run(manifest_from(tmp_path, text), agents, context)
    assert result.outcome == "loop_detected"
    assert OUTCOME_EXIT[result.outcome] == ExitCode.LOOP_DETECTED
    assert result.exit_code == ExitCode.LOOP_DETECTED and result.step == "Architect"
    # First failure; the retry fails the same way, now with the failure in its context
    # (a new situation); the third attempt repeats the second exactly: stopped there.
    statuses = [s["status"] for s in steps(records)]
    assert statuses == ["retry", "retry", "loop_detected"]
    prints = [s["fingerprint"] for s in steps(records)]
    assert prints[0] != prints[1] == prints[2]
    routes = [data for _, kind, data in records if kind == "route"]
    assert routes[-1] == {"from": "Architect", "to": "end", "when": [], "outcome": "loop_detected"}


def test_fingerprint_ignores_volatile_keys_and_sees_data_and_failed_specs() -> None:
    volatile = frozenset({"iteration"})
    base = fingerprint("A", {"x": 1, "iteration": 1}, volatile, ["s"])
    assert fingerprint("A", {"x": 1, "iteration": 7}, volatile, ["s"]) == base
    assert fingerprint("A", {"x": 2, "iteration": 1}, volatile, ["s"]) != base
    assert fingerprint("A", {"x": 1, "y": None, "iteration": 1}, volatile, ["s"]) != base
    assert fingerprint("A", {"x": 1}, volatile, ["s", "t"]) != base
    assert fingerprint("B", {"x": 1}, volatile, ["s"]) != base


# --- A linear pipeline that halts on the first failure ----------------------------------

PIPELINE = """\
name: pipeline
start: Planner
steps:
  Planner:
    kind: model
    routes:
      - {to: end, when: [failed], outcome: failed}
      - {to: Coder}
  Coder:
    kind: model
    routes:
      - {to: end, when: [failed], outcome: failed}
      - {to: Tester}
  Tester:
    kind: tool
    routes:
      - {to: end, when: [tests_passed], outcome: completed}
      - {to: end, outcome: failed}
"""


def pipeline_agents(ran: list[str], failing: str | None) -> dict[str, Callable[[Envelope], Envelope]]:
    def agent(name: str, ok_event: str) -> Callable[[Envelope], Envelope]:
        def act(_: Envelope) -> Envelope:
            ran.append(name)
            return say(name, "failed" if name == failing else ok_event)

        return act

    return {
        "Planner": agent("Planner", "plan"),
        "Coder": agent("Coder", "code"),
        "Tester": agent("Tester", "tests_passed"),
    }


@pytest.mark.parametrize(
    ("failing", "ran", "outcome"),
    [
        (None, ["Planner", "Coder", "Tester"], "completed"),
        ("Planner", ["Planner"], "failed"),
        ("Coder", ["Planner", "Coder"], "failed"),
        ("Tester", ["Planner", "Coder", "Tester"], "failed"),
    ],
)
def test_scripted_pipeline_halts_on_first_failure(
    tmp_path: Path, failing: str | None, ran: list[str], outcome: str
) -> None:
    seen: list[str] = []
    result, _ = run(manifest_from(tmp_path, PIPELINE), pipeline_agents(seen, failing), DataState())
    assert result.outcome == outcome
    assert seen == ran


# --- Rounds of parallel phases, then a synthesis step -----------------------------------

ROUNDS = """\
name: rounds
start: Propose
steps:
  Propose:
    kind: parallel
    agents: [Architect, Security, Performance]
    routes:
      - {to: end, when: [failed], outcome: failed}
      - {to: Critique}
  Critique:
    kind: parallel
    agents: [Architect, Security, Performance]
    routes:
      - {to: end, when: [failed], outcome: failed}
      - {to: Propose, when: [rounds_left]}
      - {to: Judge}
  Judge:
    kind: model
    pre: [has_contributions]        # nothing to judge without contributions: skipped
    routes:
      - {to: end, when: [skipped], outcome: failed}
      - {to: end, outcome: completed}
"""


def test_scripted_rounds_run_phase_agents_in_parallel_then_synthesise(tmp_path: Path) -> None:
    context = DataState({"round": 0, "max_rounds": 2, "commits": 0})
    lock = threading.Lock()
    barrier = threading.Barrier(3, timeout=10)  # all three must be running at the same time

    def panelist(name: str) -> Callable[[Envelope], Envelope]:
        def act(trigger: Envelope) -> Envelope:
            barrier.wait()
            with lock:
                context.data.setdefault("contributions", []).append(name)
                context.data["commits"] = len(context.data["contributions"])
                if name == "Architect" and trigger.role == "Propose":
                    context.data["round"] += 1
            return say(name, "contribution", f"{name} says something")

        return act

    def judge(_: Envelope) -> Envelope:
        return say("Judge", "synthesis", f"{len(context.data['contributions'])} contributions weighed")

    agents = {n: panelist(n) for n in ("Architect", "Security", "Performance")} | {"Judge": judge}
    result, records = run(manifest_from(tmp_path, ROUNDS), agents, context)
    assert result.outcome == "completed"
    assert [s["step"] for s in steps(records)] == ["Propose", "Critique", "Propose", "Critique", "Judge"]
    assert context.data["round"] == 2
    assert len(context.data["contributions"]) == 12  # 3 agents x 2 phases x 2 rounds
    phase = steps(records)[0]
    assert phase["agents"] == ["Architect", "Security", "Performance"]
    # A parallel step's output is typed: one part per agent, each its own envelope.
    parts = phase["output"]["parts"]
    assert [p["role"] for p in parts] == ["Architect", "Security", "Performance"]
    assert {p["content"] for p in parts} == {
        f"{n} says something" for n in ("Architect", "Security", "Performance")
    }


def test_scripted_failed_parallel_agent_fails_the_phase(tmp_path: Path) -> None:
    def ok(name: str) -> Callable[[Envelope], Envelope]:
        return lambda _: say(name, "contribution")

    agents = {
        "Architect": ok("Architect"),
        "Security": lambda _: say("Security", "failed"),
        "Performance": ok("Performance"),
    }
    agents["Judge"] = ok("Judge")
    result, records = run(manifest_from(tmp_path, ROUNDS), agents, DataState({"max_rounds": 1}))
    assert result.outcome == "failed"
    assert [s["step"] for s in steps(records)] == ["Propose"]


def test_scripted_failed_pre_spec_skips_the_agent(tmp_path: Path) -> None:
    judged: list[str] = []
    agents: dict[str, Callable[[Envelope], Envelope]] = {
        n: (lambda _, n=n: say(n, "contribution")) for n in ("Architect", "Security", "Performance")
    }
    agents["Judge"] = lambda _: judged.append("x") or say("Judge", "synthesis")
    result, records = run(manifest_from(tmp_path, ROUNDS), agents, DataState({"max_rounds": 0, "commits": 0}))
    assert result.outcome == "failed"
    assert judged == []  # the agent never ran
    last = steps(records)[-1]
    assert (last["step"], last["status"], last["agent_ms"]) == ("Judge", "skipped", 0.0)
    assert [(r["spec"], r["kind"], r["passed"]) for r in last["specs"]] == [
        ("has_contributions", "pre", False)
    ]


# --- Invariants halt --------------------------------------------------------------------


def test_scripted_invariant_failure_halts_with_budget_exhausted(tmp_path: Path) -> None:
    text = PIPELINE.replace("start: Planner\n", "start: Planner\ninvariants: [within_token_budget]\n")
    context = DataState({"tokens_used": 0, "budget_tokens": 100})
    ran: list[str] = []
    agents = pipeline_agents(ran, None)
    planner = agents["Planner"]

    def greedy(trigger: Envelope) -> Envelope:
        context.data["tokens_used"] = 500  # the planner's call used up the budget
        return planner(trigger)

    agents["Planner"] = greedy
    result, records = run(manifest_from(tmp_path, text), agents, context)
    assert result.outcome == "budget_exhausted"
    assert "within_token_budget" in result.reason
    assert ran == ["Planner"]  # halted after the step that broke it
    assert steps(records)[-1]["status"] == "halted"


def test_step_record_has_snapshots_specs_and_timings(tmp_path: Path) -> None:
    context = DataState({"max_iterations": 5})
    agents = {"Architect": architect(context, ["draft"]), "Reviewer": reviewer(context, ["verified"])}
    _, records = run(manifest_from(tmp_path, DEBATE), agents, context)
    first = steps(records)[0]
    assert first["execution"] == 1 and first["attempt"] == 1
    assert first["before"] == {"max_iterations": 5}
    assert first["after"]["iteration"] == 1
    assert first["output"]["metadata"]["event"] == "design"
    assert first["duration_ms"] >= first["agent_ms"] >= 0
    kinds = [kind for _, kind, _ in records]
    # Persisted before routing: each step record precedes its route record.
    assert kinds.index("step") < kinds.index("route")


# --- Panels: a parallel step whose agents the run names when it starts ------------------

PANEL_PLUGIN = WorkflowPlugin(
    "panels", {a: "tool" if a == "Tester" else "model" for a in AGENTS}, Event, SPECS, frozenset({"experts"})
)

PANEL = """\
name: panel
start: Propose
steps:
  Propose:
    kind: parallel
    panel: experts
    routes:
      - {to: end, when: [failed], outcome: failed}
      - {to: end, outcome: completed}
"""


def run_panel(tmp_path: Path, members: list[str]) -> tuple[WorkflowResult, Records]:
    path = tmp_path / "panel.yaml"
    path.write_text(PANEL)
    manifest = load_manifest(path, PANEL_PLUGIN)
    records: Records = []
    chat = {n: ToolAgent(n, n, lambda _, n=n: say(n, "contribution", f"{n} speaks")) for n in AGENTS}
    trace = Trace(lambda role, kind, data: records.append((role, kind, data)))
    result = run_workflow(
        manifest, PANEL_PLUGIN, DataState(), chat, say("Developer", "task"), trace, 10, {"experts": members}
    )
    return result, records


@pytest.mark.parametrize("members", [["Security", "Performance", "Architect"], ["Security"]])
def test_scripted_panel_step_runs_the_agents_the_run_names(tmp_path: Path, members: list[str]) -> None:
    result, records = run_panel(tmp_path, members)
    assert result.outcome == "completed"
    (step,) = steps(records)
    assert step["agents"] == members
    # A panel of one answers in the same shape: one part per agent.
    assert [p["content"] for p in step["output"]["parts"]] == [f"{m} speaks" for m in members]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("    panel: judges\n", "workflow panels has no panel 'judges' (it has: experts)"),
        ("    panel: experts\n    agents: [Security, Performance]\n", "a panel replaces the `agents`"),
    ],
)
def test_panel_errors_name_the_line(tmp_path: Path, line: str, message: str) -> None:
    from devagent.errors import UsageError

    path = tmp_path / "panel.yaml"
    path.write_text(PANEL.replace("    panel: experts\n", line))
    with pytest.raises(UsageError, match=re.escape(message)) as caught:
        load_manifest(path, PANEL_PLUGIN)
    assert f"{path}:6:" in caught.value.message
