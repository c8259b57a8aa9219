"""Workflows as data: manifest validation against the fix workflow's plug-in (errors name
file and line), the router and the pure specs, and a walk through the bundled fix.yaml."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from devagent.errors import ExitCode, UsageError
from devagent.messages import Envelope, MessageType, Metadata, Role
from devagent.resources import resource_dir
from devagent.workflow import END, ROUTE_OUTCOMES, EngineEvent, Manifest, Subject, next_route
from devagent.workflow import load_manifest as load_with_plugin
from devagent.workflows import plugin_named
from devagent.workflows.fix import FIX, FIX_SPECS, FixEvent, patch_digest

SPECS = FIX_SPECS
OUTCOMES = ROUTE_OUTCOMES


def load_manifest(path: Path) -> Manifest:
    return load_with_plugin(path, FIX)


RunFacts = dict[str, object]  # the context snapshot the specs read
PATCH = "--- a/calc.py\n+++ b/calc.py\n@@ -1 +1 @@\n-a\n+b\n"

FIX_YAML = resource_dir("config") / "workflows" / "fix.yaml"
MARK = "# <-"

BASE = """\
# A small valid workflow; each case below breaks one thing on one marked line.
name: tiny
description: test workflow
start: ShellTool
steps:
  ShellTool:
    kind: tool
    routes:
      - {to: end, when: [tests_passed], outcome: approved}
      - {to: DevAgent, when: [budget_left]}
      - {to: end, outcome: max_iterations}
  DevAgent:
    kind: model
    routes:
      - {to: ShellTool}
"""


def env(
    role: Role = "ShellTool",
    type_: MessageType = "output",
    event: str | None = None,
    approved: bool | None = None,
    iteration: int = 0,
) -> Envelope:
    return Envelope(
        role=role,
        content="...",
        type=type_,
        metadata=Metadata(iteration=iteration, approved=approved, event=event),
        diff=PATCH if type_ == "patch" else None,
    )


def facts(
    iteration: int = 0, max_iterations: int = 5, commits: int = 0, tests_green: bool = False
) -> RunFacts:
    return {
        "iteration": iteration,
        "max_iterations": max_iterations,
        "commits": commits,
        "tests_green": tests_green,
    }


def marked_line(text: str) -> int:
    lines = [i for i, line in enumerate(text.splitlines(), 1) if MARK in line]
    assert len(lines) == 1, "a case marks exactly one line"
    return lines[0]


# --- Manifest ---------------------------------------------------------------------------


def test_bundled_fix_workflow_loads_and_validates() -> None:
    manifest = load_manifest(FIX_YAML)
    assert manifest.name == "fix"
    assert manifest.start == "ShellTool"
    assert set(manifest.agents()) == {"ShellTool", "Repair", "DevAgent", "GitTool", "Supervisor"}
    for step in manifest.steps.values():
        assert step.routes[-1].when == []
        for route in step.routes:
            assert all(c in SPECS for c in route.when)
            assert (route.outcome in OUTCOMES) if route.to == END else (route.outcome is None)


def test_every_bundled_workflow_validates() -> None:
    workflows = sorted((resource_dir("config") / "workflows").glob("*.yaml"))
    assert FIX_YAML in workflows
    for path in workflows:  # each names its plug-in, and validates against it
        workflow = yaml.safe_load(path.read_text())["workflow"]
        assert isinstance(load_with_plugin(path, plugin_named(workflow)), Manifest)


def test_a_manifest_for_another_workflow_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "w.yaml"
    path.write_text(BASE.replace("name: tiny\n", "name: tiny\nworkflow: spec  # <-\n"))
    with pytest.raises(UsageError, match=r"w\.yaml:3: this manifest is for the spec workflow, not fix"):
        load_manifest(path)
    with pytest.raises(UsageError, match="no workflow named 'nope'"):
        plugin_named("nope")


def test_tiny_base_manifest_is_valid(tmp_path: Path) -> None:
    path = tmp_path / "tiny.yaml"
    path.write_text(BASE)
    assert load_manifest(path).name == "tiny"


def replace(old: str, new: str) -> str:
    assert old in BASE
    return BASE.replace(old, new, 1)


MANIFEST_ERRORS = [
    pytest.param(
        replace("      - {to: ShellTool}\n", f"      - {{to: Tester}}  {MARK}\n"),
        "route goes to unknown step 'Tester'",
        id="edge-to-nowhere",
    ),
    pytest.param(
        replace("[budget_left]}\n", f"[budget_remaining]}}  {MARK}\n"),
        "unknown spec 'budget_remaining'",
        id="unknown-route-spec",
    ),
    pytest.param(
        replace("    kind: model\n", f"    kind: model\n    post: [tests_green_forever]  {MARK}\n"),
        "unknown spec 'tests_green_forever'",
        id="missing-post-spec",
    ),
    pytest.param(
        replace(
            "    kind: model\n", f"    kind: model\n    pre:\n      - budget_left\n      - nope  {MARK}\n"
        ),
        "unknown spec 'nope'",
        id="missing-pre-spec-block-style",
    ),
    pytest.param(
        replace("    kind: tool\n", f"    kind: tool\n    invariants: [always]  {MARK}\n"),
        "unknown spec 'always'",
        id="missing-step-invariant",
    ),
    pytest.param(
        replace("start: ShellTool\n", f"start: ShellTool\ninvariants: [within_budget]  {MARK}\n"),
        "unknown spec 'within_budget'",
        id="missing-global-invariant",
    ),
    pytest.param(
        replace("    kind: model\n", f"    kind: model\n    retries: 2  {MARK}\n"),
        "step 'DevAgent': retries need post specs to fail",
        id="retries-without-post",
    ),
    pytest.param(
        replace("      - {to: end, outcome: max_iterations}\n", f"      - {{to: end}}  {MARK}\n"),
        "a route to end needs an outcome",
        id="end-without-outcome",
    ),
    pytest.param(
        replace("outcome: max_iterations}\n", f"outcome: victory}}  {MARK}\n"),
        "a route to end needs an outcome, one of: " + ", ".join(OUTCOMES),
        id="end-with-unknown-outcome",
    ),
    pytest.param(
        replace("      - {to: ShellTool}\n", f"      - {{to: ShellTool, outcome: approved}}  {MARK}\n"),
        "only a route to end has an outcome",
        id="non-end-with-outcome",
    ),
    pytest.param(
        replace("      - {to: ShellTool}\n", f"      - {{to: ShellTool, when: [is_patch]}}  {MARK}\n"),
        "the last route of 'DevAgent' must have no conditions",
        id="last-route-conditional",
    ),
    pytest.param(
        BASE + f"  Reviewer:  {MARK}\n    kind: model\n    routes:\n      - {{to: DevAgent}}\n",
        "step 'Reviewer' is unreachable from start",
        id="unreachable-step",
    ),
    pytest.param(
        replace("start: ShellTool\n", f"start: Tester  {MARK}\n"),
        "start step 'Tester' is not declared under steps",
        id="start-not-declared",
    ),
    pytest.param(
        replace("    kind: model\n", f"    kind: robot  {MARK}\n"),
        "step 'DevAgent': kind must be one of: model, tool, parallel",
        id="bad-kind",
    ),
    pytest.param(
        replace("    kind: model\n", f"    kind: parallel\n    agents: [Architect]  {MARK}\n"),
        "step 'DevAgent': a parallel step lists two or more `agents`",
        id="parallel-with-one-agent",
    ),
    pytest.param(
        replace(
            "    kind: model\n    routes:\n      - {to: ShellTool}\n", f"    kind: model  {MARK}\n"
        ).replace(f"    kind: model  {MARK}\n", f"    kind: model\n    routes: []  {MARK}\n"),
        "step 'DevAgent' has no routes",
        id="step-without-routes",
    ),
    pytest.param(
        replace(
            "  DevAgent:\n    kind: model\n", f"  DevAgent:\n    kind: model\n    agent: Tester  {MARK}\n"
        ),
        "workflow fix has no agent 'Tester'",
        id="agent-the-plug-in-does-not-have",
    ),
    pytest.param(
        replace("  DevAgent:\n    kind: model\n", f"  DevAgent:  {MARK}\n    kind: tool\n"),
        "agent 'DevAgent' is a model agent, not a tool one",
        id="agent-of-the-wrong-kind",
    ),
    pytest.param(
        BASE + f"colour: red  {MARK}\n",
        "colour: unknown key",
        id="unknown-top-level-key",
    ),
    pytest.param(
        replace("    kind: tool\n", f"    kind: tool\n    image: python  {MARK}\n"),
        "steps.ShellTool.image: unknown key",
        id="unknown-step-key",
    ),
    pytest.param(
        replace("      - {to: ShellTool}\n", f"      - {{to: ShellTool, priority: 1}}  {MARK}\n"),
        "steps.DevAgent.routes.0.priority: unknown key",
        id="unknown-route-key",
    ),
    pytest.param(
        replace(
            "      - {to: ShellTool}\n",
            f"      - to: ShellTool\n        when: [is_patch]\n      - to: Tester  {MARK}\n",
        ),
        "route goes to unknown step 'Tester'",
        id="block-style-unknown-target",
    ),
]


@pytest.mark.parametrize(("text", "problem"), MANIFEST_ERRORS)
def test_manifest_error_names_file_and_line(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(text)
    with pytest.raises(UsageError) as info:
        load_manifest(path)
    assert info.value.exit_code == ExitCode.USAGE
    message = info.value.message
    assert message.startswith(f"{path}:{marked_line(text)}: "), message
    assert problem in message


def test_manifest_missing_key_and_invalid_yaml(tmp_path: Path) -> None:
    path = tmp_path / "w.yaml"
    path.write_text("name: x\nsteps: {}\n")
    with pytest.raises(UsageError, match=r":1: start: Field required$"):
        load_manifest(path)
    path.write_text("name: x\nstart: [ShellTool\n")
    with pytest.raises(UsageError, match=r"w\.yaml: line 3: "):
        load_manifest(path)
    with pytest.raises(UsageError, match="cannot read workflow"):
        load_manifest(tmp_path / "missing.yaml")


# --- Specs -------------------------------------------------------------------------------

# Specs that only read metadata.event: one per event of the fix workflow and of the engine.
EVENT_CONDITIONS = tuple(str(e) for e in (*FixEvent, *EngineEvent))

CONDITION_TABLE: list[tuple[str, Envelope, RunFacts, bool]] = [
    *[(name, env(event=name), facts(), True) for name in EVENT_CONDITIONS],
    *[(name, env(event="something_else"), facts(), False) for name in EVENT_CONDITIONS],
    *[(name, env(event=None), facts(), False) for name in EVENT_CONDITIONS],
    ("is_patch", env("DevAgent", "patch", event="patch"), facts(), True),
    ("is_patch", env("DevAgent", "instruction", event="instruction"), facts(), False),
    ("is_instruction", env("DevAgent", "instruction"), facts(), True),
    ("is_instruction", env("DevAgent", "patch"), facts(), False),
    ("has_commits", env(), facts(commits=1), True),
    ("has_commits", env(), facts(commits=0), False),
    ("no_commits", env(), facts(commits=0), True),
    ("no_commits", env(), facts(commits=2), False),
    ("budget_left", env(), facts(iteration=0, max_iterations=5), True),
    ("budget_left", env(), facts(iteration=4, max_iterations=5), True),
    ("budget_left", env(), facts(iteration=5, max_iterations=5), False),
    ("budget_left", env(), facts(iteration=6, max_iterations=5), False),
    ("ready_to_ship", env("Supervisor", "status", approved=True), facts(commits=1, tests_green=True), True),
    ("ready_to_ship", env("Supervisor", "status", approved=True), facts(commits=1, tests_green=False), False),
    ("ready_to_ship", env("Supervisor", "status", approved=True), facts(commits=0, tests_green=True), False),
    ("ready_to_ship", env("Supervisor", "status", approved=False), facts(commits=1, tests_green=True), False),
    ("ready_to_ship", env("Supervisor", "status", approved=None), facts(commits=3, tests_green=True), False),
    ("step_ok", env(event="tests_failed"), facts(), True),
    ("step_ok", env(event="failed"), facts(), False),
    ("patch_is_new", env("DevAgent", "patch"), {"tried_patches": []}, True),
    ("patch_is_new", env("DevAgent", "patch"), {"tried_patches": [patch_digest(PATCH)]}, False),
    ("patch_is_new", env("DevAgent", "instruction"), {"tried_patches": [patch_digest(PATCH)]}, True),
    ("within_token_budget", env(), {"tokens_used": 10, "budget_tokens": 0}, True),
    ("within_token_budget", env(), {"tokens_used": 10, "budget_tokens": 10}, True),
    ("within_token_budget", env(), {"tokens_used": 11, "budget_tokens": 10}, False),
    ("within_wall_time", env(), {"elapsed_s": 99.0, "budget_wall_time_s": 0}, True),
    ("within_wall_time", env(), {"elapsed_s": 5.5, "budget_wall_time_s": 5}, False),
    ("repair_available", env(), {"repair_enabled": True, "repair_tried": False}, True),
    ("repair_available", env(), {"repair_enabled": True, "repair_tried": True}, False),
    ("repair_available", env(), {"repair_enabled": False, "repair_tried": False}, False),
    ("interim_critique", env(), {"interim_critique": True}, True),
    ("interim_critique", env(), {"interim_critique": False}, False),
    ("interim_critique", env(), {}, False),
    ("plan_not_tried", env(), {"plan_tried": False}, True),
    ("plan_not_tried", env(), {}, True),
    ("plan_not_tried", env(), {"plan_tried": True}, False),
    ("suite_green", env(), {"tests_green": True}, True),
    ("suite_green", env(), {"tests_green": False}, False),
    ("suite_green", env(), {}, False),
    ("stalled", env(), {"stalled": True}, True),
    ("stalled", env(), {"stalled": False}, False),
    ("stalled", env(), {}, False),
    ("needs_review", env(), {"needs_review": True}, True),
    ("needs_review", env(), {"needs_review": False}, False),
    ("needs_review", env(), {}, False),
]


def test_spec_table_covers_every_spec() -> None:
    assert {name for name, *_ in CONDITION_TABLE} == set(SPECS.names())


@pytest.mark.parametrize(
    ("name", "message", "run", "expected"),
    CONDITION_TABLE,
    ids=[f"{row[0]}-{i}" for i, row in enumerate(CONDITION_TABLE)],
)
def test_spec(name: str, message: Envelope, run: RunFacts, expected: bool) -> None:
    before = (message.model_dump(), copy.deepcopy(run))
    spec = SPECS[name]
    subject = Subject(message, run)
    assert spec.check(subject) is expected
    assert spec.check(subject) is expected  # same inputs, same answer
    assert (message.model_dump(), run) == before  # no side effects
    assert spec.failure  # every spec says what its failure means


# --- Router -----------------------------------------------------------------------------


def route(manifest: Manifest, source: str, message: Envelope, run: RunFacts) -> tuple[str, str | None]:
    chosen = next_route(manifest, SPECS, source, message, run)
    return chosen.to, chosen.outcome


def test_first_matching_route_wins() -> None:
    manifest = Manifest.model_validate(
        {
            "name": "t",
            "start": "ShellTool",
            "steps": {
                "ShellTool": {
                    "kind": "tool",
                    "routes": [
                        {"to": "DevAgent", "when": ["tests_failed", "budget_left"]},
                        {"to": "Supervisor", "when": ["tests_failed"]},
                        {"to": "end", "outcome": "max_iterations"},
                    ],
                },
                "DevAgent": {"kind": "model", "routes": [{"to": "ShellTool"}]},
                "Supervisor": {"kind": "model", "routes": [{"to": "ShellTool"}]},
            },
        }
    )
    failed = env(event="tests_failed")
    assert route(manifest, "ShellTool", failed, facts(iteration=0)) == ("DevAgent", None)  # both match
    assert route(manifest, "ShellTool", failed, facts(iteration=5)) == ("Supervisor", None)
    assert route(manifest, "ShellTool", env(event="tests_passed"), facts()) == (END, "max_iterations")


def test_routing_is_a_pure_function_of_output_and_state() -> None:
    manifest = load_manifest(FIX_YAML)
    message, run = env(event="tests_failed"), facts()
    before = (message.model_dump(), copy.deepcopy(run))
    assert {route(manifest, "ShellTool", message, run) for _ in range(5)} == {("DevAgent", None)}
    assert (message.model_dump(), run) == before


# --- Walking fix.yaml -------------------------------------------------------------------


def walk(steps: list[tuple[str, Envelope, RunFacts]]) -> tuple[list[str], str | None]:
    manifest = load_manifest(FIX_YAML)
    targets: list[str] = []
    outcome: str | None = None
    expected_source = manifest.start
    for i, (source, message, run) in enumerate(steps):
        assert source == expected_source, f"step {i}: {source} speaks, but the router chose {expected_source}"
        to, outcome = route(manifest, source, message, run)
        targets.append(to)
        expected_source = to
    return targets, outcome


def test_fix_workflow_scripted_path_ends_approved() -> None:
    targets, outcome = walk(
        [
            ("ShellTool", env("ShellTool", "output", "tests_failed"), facts(iteration=0)),
            ("DevAgent", env("DevAgent", "patch", "patch", iteration=1), facts(iteration=1)),
            (
                "GitTool",
                env("GitTool", "status", "patch_committed", iteration=1),
                facts(iteration=1, commits=1),
            ),
            (
                "ShellTool",
                env("ShellTool", "output", "tests_passed", iteration=1),
                facts(1, commits=1, tests_green=True),
            ),
            (
                "Supervisor",
                env("Supervisor", "status", "approved", approved=True, iteration=1),
                facts(1, commits=1, tests_green=True),
            ),
            (
                "GitTool",
                env("GitTool", "status", "pushed", iteration=1),
                facts(1, commits=1, tests_green=True),
            ),
        ]
    )
    assert targets == ["DevAgent", "GitTool", "ShellTool", "Supervisor", "GitTool", END]
    assert outcome == "approved"


def test_fix_workflow_instruction_and_critique_loop_back_to_dev_agent() -> None:
    green = facts(2, commits=1, tests_green=True)
    targets, outcome = walk(
        [
            ("ShellTool", env("ShellTool", "output", "tests_failed"), facts()),
            ("DevAgent", env("DevAgent", "instruction", "instruction", iteration=1), facts(1)),
            ("ShellTool", env("ShellTool", "output", "command_output", iteration=1), facts(1)),
            ("DevAgent", env("DevAgent", "patch", "patch", iteration=2), facts(2)),
            ("GitTool", env("GitTool", "status", "patch_refused", iteration=2), facts(2)),
            ("DevAgent", env("DevAgent", "patch", "patch", iteration=3), facts(3)),
            ("GitTool", env("GitTool", "status", "patch_committed", iteration=3), facts(3, commits=1)),
            ("ShellTool", env("ShellTool", "output", "tests_passed"), facts(3, commits=1, tests_green=True)),
            ("Supervisor", env("Supervisor", "status", "critique", approved=False), green),
            (
                "DevAgent",
                env("DevAgent", "patch", "patch", iteration=4),
                facts(4, commits=1, tests_green=True),
            ),
        ]
    )
    assert targets == [
        "DevAgent", "ShellTool", "DevAgent", "GitTool", "DevAgent",
        "GitTool", "ShellTool", "Supervisor", "DevAgent", "GitTool",
    ]  # fmt: skip
    assert outcome is None


def test_fix_workflow_green_without_commits_is_nothing_to_do() -> None:
    targets, outcome = walk(
        [("ShellTool", env("ShellTool", "output", "tests_passed"), facts(tests_green=True))]
    )
    assert targets == [END]
    assert outcome == "nothing_to_do"


def test_fix_workflow_budget_exhausted_ends_with_max_iterations() -> None:
    targets, outcome = walk(
        [
            ("ShellTool", env("ShellTool", "output", "tests_failed"), facts(iteration=0, max_iterations=1)),
            (
                "DevAgent",
                env("DevAgent", "patch", "patch", iteration=1),
                facts(iteration=1, max_iterations=1),
            ),
            (
                "GitTool",
                env("GitTool", "status", "patch_committed", iteration=1),
                facts(iteration=1, max_iterations=1, commits=1),
            ),
            (
                "ShellTool",
                env("ShellTool", "output", "tests_failed", iteration=1),
                facts(iteration=1, max_iterations=1, commits=1),
            ),
        ]
    )
    assert targets == ["DevAgent", "GitTool", "ShellTool", END]
    assert outcome == "max_iterations"


@pytest.mark.parametrize(
    ("source", "message", "run", "outcome"),
    [
        ("GitTool", env("GitTool", "status", "patch_refused"), facts(5, 5), "max_iterations"),
        (
            "Supervisor",
            env("Supervisor", "status", "critique", approved=False),
            facts(5, 5, 1, True),
            "max_iterations",
        ),
        ("ShellTool", env("ShellTool", "status", "tool_error"), facts(), "tool_error"),
        ("GitTool", env("GitTool", "status", "git_error"), facts(), "git_error"),
    ],
)
def test_fix_workflow_end_routes(source: str, message: Envelope, run: RunFacts, outcome: str) -> None:
    assert route(load_manifest(FIX_YAML), source, message, run) == (END, outcome)


@pytest.mark.parametrize(
    "run",
    [facts(1, commits=1, tests_green=False), facts(1, commits=0, tests_green=True)],
    ids=["red", "no-commits"],
)
def test_fix_workflow_approval_without_green_commits_does_not_ship(run: RunFacts) -> None:
    approval = env("Supervisor", "status", "approved", approved=True)
    assert route(load_manifest(FIX_YAML), "Supervisor", approval, run) == ("DevAgent", None)


def test_fix_workflow_rejected_command_goes_to_supervisor() -> None:
    rejected = env("ShellTool", "status", "command_rejected")
    assert route(load_manifest(FIX_YAML), "ShellTool", rejected, facts(1)) == ("Supervisor", None)


def test_fix_workflow_red_goes_to_the_supervisor_only_with_interim_critique() -> None:
    manifest = load_manifest(FIX_YAML)
    red = env("ShellTool", "output", "tests_failed")
    assert route(manifest, "ShellTool", red, {**facts(1), "interim_critique": True}) == ("Supervisor", None)
    assert route(manifest, "ShellTool", red, {**facts(1), "interim_critique": False}) == ("DevAgent", None)
    critique = env("Supervisor", "status", "critique", approved=False)
    assert route(manifest, "Supervisor", critique, {**facts(1), "interim_critique": True}) == (
        "DevAgent",
        None,
    )


def test_fix_workflow_a_stalled_run_ends_after_a_refusal_or_a_red_run() -> None:
    manifest = load_manifest(FIX_YAML)
    refused = env("GitTool", "status", "patch_refused")
    red = env("ShellTool", "output", "tests_failed")
    for step, output in (("GitTool", refused), ("ShellTool", red)):
        assert route(manifest, step, output, {**facts(1), "stalled": True}) == ("end", "stalled")
        assert route(manifest, step, output, {**facts(1), "stalled": False}) == ("DevAgent", None)
