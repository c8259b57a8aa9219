"""The workflow engine on the three shapes the next workflows need, with scripted agents
(deterministic control flow): a two-agent loop with a re-prompt-once rule and an
iteration ceiling, a linear pipeline that halts on its first failure, and rounds whose
phases run several agents at once before a synthesis step. Also: loop detection,
invariants that halt, pre-specs that skip, and what every step execution records."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from devagent.agents.tool_agents import DeterministicAgent
from devagent.errors import ExitCode
from devagent.fix_loop import OUTCOME_EXIT
from devagent.messages import Envelope, Metadata
from devagent.workflow.context import DataContext
from devagent.workflow.engine import fingerprint
from devagent.workflow.manifest import Manifest, load_manifest
from devagent.workflow.runner import WorkflowResult, run_workflow

Records = list[tuple[str, str, dict[str, Any]]]


def manifest_from(tmp_path: Path, text: str) -> Manifest:
    path = tmp_path / "workflow.yaml"
    path.write_text(text)
    return load_manifest(path)  # the same validation a user's manifest gets


def say(role: str, event: str, content: str = "", iteration: int = 0) -> Envelope:
    return Envelope(
        role=role,
        type="status",
        content=content or event,
        metadata=Metadata(iteration=iteration, event=event),
    )


def run(
    manifest: Manifest, agents: dict[str, Callable[[Envelope | None], Envelope]], context: DataContext
) -> tuple[WorkflowResult, Records]:
    records: Records = []
    chat = {name: DeterministicAgent(name, name, act) for name, act in agents.items()}
    task = say("Developer", "task", "go")
    result = run_workflow(
        manifest,
        chat,
        context,
        task,
        lambda role, kind, data: records.append((role, kind, data)),
        lambda: int(context.data.get("iteration", 0)),
        max_turns=100,
    )
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


def architect(context: DataContext, replies: list[str]) -> Callable[[Envelope | None], Envelope]:
    """Replies in order; "invalid" stands for a reply that failed its schema."""

    def act(_: Envelope | None) -> Envelope:
        context.data["iteration"] = context.data.get("iteration", 0) + 1
        reply = replies.pop(0)
        event = "invalid_reply" if reply.startswith("invalid") else "design"
        return say("Architect", event, reply, context.data["iteration"])

    return act


def reviewer(context: DataContext, verdicts: list[str]) -> Callable[[Envelope | None], Envelope]:
    def act(_: Envelope | None) -> Envelope:
        return say("Reviewer", verdicts.pop(0))

    return act


def test_scripted_two_agent_loop_reprompts_once_then_verifies(tmp_path: Path) -> None:
    context = DataContext({"max_iterations": 5})
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
        "Architect": ["reply_valid: the reply did not follow the required schema"]
    }


def test_scripted_two_agent_loop_second_invalid_reply_ends_with_model_error(tmp_path: Path) -> None:
    context = DataContext({"max_iterations": 5})
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
    context = DataContext({"max_iterations": 3})
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
    context = DataContext({"max_iterations": 9})
    same = "invalid: no components"
    agents = {"Architect": architect(context, [same] * 6), "Reviewer": reviewer(context, [])}
    result, records = run(manifest_from(tmp_path, text), agents, context)
    assert result.outcome == "loop_detected"
    assert OUTCOME_EXIT[result.outcome] == ExitCode.LOOP_DETECTED
    assert result.stop is not None and result.stop.step == "Architect"
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


def pipeline_agents(ran: list[str], failing: str | None) -> dict[str, Callable[[Envelope | None], Envelope]]:
    def agent(name: str, ok_event: str) -> Callable[[Envelope | None], Envelope]:
        def act(_: Envelope | None) -> Envelope:
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
    result, _ = run(manifest_from(tmp_path, PIPELINE), pipeline_agents(seen, failing), DataContext())
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
    pre: [has_commits]              # nothing to judge without contributions: skipped
    routes:
      - {to: end, when: [skipped], outcome: failed}
      - {to: end, outcome: completed}
"""


def test_scripted_rounds_run_phase_agents_in_parallel_then_synthesise(tmp_path: Path) -> None:
    context = DataContext({"round": 0, "max_rounds": 2, "commits": 0})
    lock = threading.Lock()
    barrier = threading.Barrier(3, timeout=10)  # all three must be running at the same time

    def panelist(name: str) -> Callable[[Envelope | None], Envelope]:
        def act(trigger: Envelope | None) -> Envelope:
            barrier.wait()
            with lock:
                context.data.setdefault("contributions", []).append(name)
                context.data["commits"] = len(context.data["contributions"])
                if name == "Architect" and trigger is not None and trigger.role == "Propose":
                    context.data["round"] += 1
            return say(name, "contribution", f"{name} says something")

        return act

    def judge(_: Envelope | None) -> Envelope:
        return say("Judge", "synthesis", f"{len(context.data['contributions'])} contributions weighed")

    agents = {n: panelist(n) for n in ("Architect", "Security", "Performance")} | {"Judge": judge}
    result, records = run(manifest_from(tmp_path, ROUNDS), agents, context)
    assert result.outcome == "completed"
    assert [s["step"] for s in steps(records)] == ["Propose", "Critique", "Propose", "Critique", "Judge"]
    assert context.data["round"] == 2
    assert len(context.data["contributions"]) == 12  # 3 agents x 2 phases x 2 rounds
    phase = steps(records)[0]
    assert phase["agents"] == ["Architect", "Security", "Performance"]
    assert set(yaml.safe_load(phase["output"]["content"])) == {"Architect", "Security", "Performance"}


def test_scripted_failed_parallel_agent_fails_the_phase(tmp_path: Path) -> None:
    def ok(name: str) -> Callable[[Envelope | None], Envelope]:
        return lambda _: say(name, "contribution")

    agents = {
        "Architect": ok("Architect"),
        "Security": lambda _: say("Security", "failed"),
        "Performance": ok("Performance"),
    }
    agents["Judge"] = ok("Judge")
    result, records = run(manifest_from(tmp_path, ROUNDS), agents, DataContext({"max_rounds": 1}))
    assert result.outcome == "failed"
    assert [s["step"] for s in steps(records)] == ["Propose"]


def test_scripted_failed_pre_spec_skips_the_agent(tmp_path: Path) -> None:
    judged: list[str] = []
    agents: dict[str, Callable[[Envelope | None], Envelope]] = {
        n: (lambda _, n=n: say(n, "contribution")) for n in ("Architect", "Security", "Performance")
    }
    agents["Judge"] = lambda _: judged.append("x") or say("Judge", "synthesis")
    result, records = run(
        manifest_from(tmp_path, ROUNDS), agents, DataContext({"max_rounds": 0, "commits": 0})
    )
    assert result.outcome == "failed"
    assert judged == []  # the agent never ran
    last = steps(records)[-1]
    assert (last["step"], last["status"], last["agent_ms"]) == ("Judge", "skipped", 0.0)
    assert [(r["spec"], r["kind"], r["passed"]) for r in last["specs"]] == [("has_commits", "pre", False)]


# --- Invariants halt --------------------------------------------------------------------


def test_scripted_invariant_failure_halts_with_budget_exhausted(tmp_path: Path) -> None:
    text = PIPELINE.replace("start: Planner\n", "start: Planner\ninvariants: [within_token_budget]\n")
    context = DataContext({"tokens_used": 0, "budget_tokens": 100})
    ran: list[str] = []
    agents = pipeline_agents(ran, None)
    planner = agents["Planner"]

    def greedy(trigger: Envelope | None) -> Envelope:
        context.data["tokens_used"] = 500  # the planner's call used up the budget
        return planner(trigger)

    agents["Planner"] = greedy
    result, records = run(manifest_from(tmp_path, text), agents, context)
    assert result.outcome == "budget_exhausted"
    assert result.stop is not None and "within_token_budget" in result.stop.reason
    assert ran == ["Planner"]  # halted after the step that broke it
    assert steps(records)[-1]["status"] == "halted"


def test_step_record_has_snapshots_specs_and_timings(tmp_path: Path) -> None:
    context = DataContext({"max_iterations": 5})
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
