"""The workflow manifest (config/workflows/*.yaml): steps, a start step, budgets and
global invariants. Each step runs an agent (a model role or a tool), or several at once
(`parallel`), names the specs checked around it (`pre`, `post`, `invariants`) and lists
its routes in order: the first route whose specs all hold is taken; a route to `end`
names the run's outcome. Validated on load against the workflow's plug-in (its agents
and specs); errors name the file and line (exit 3)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from devagent.errors import UsageError
from devagent.workflow.outcomes import ROUTE_OUTCOMES
from devagent.workflow.plugin import WorkflowPlugin
from devagent.yaml_text import compose_yaml, load_yaml

END = "end"
KINDS = ("model", "tool", "parallel")


class Route(BaseModel):
    model_config = ConfigDict(extra="forbid")

    to: str
    when: list[str] = Field(default_factory=list)
    outcome: str | None = None


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: str  # "model" (a role on a backend), "tool" (deterministic) or "parallel"
    agent: str | None = None  # the agent this step runs; default: the step's own name
    agents: list[str] = Field(default_factory=list)  # parallel: the agents that run at once
    # parallel: instead of `agents`, a panel of the workflow whose members the run names
    # when it starts (a debate's agents come from the user's config, not the manifest)
    panel: str | None = None
    description: str = ""
    pre: list[str] = Field(default_factory=list)  # all must hold, else the step is skipped
    post: list[str] = Field(default_factory=list)  # a failure retries with the reason added
    invariants: list[str] = Field(default_factory=list)  # a failure halts the run
    retries: int = Field(default=0, ge=0, le=10)  # post-spec retries of this step
    routes: list[Route] = Field(default_factory=list)

    def runs(self, name: str) -> list[str]:
        """The agents this step runs (none listed for a panel: the run names them)."""
        return list(self.agents) if self.kind == "parallel" else [self.agent or name]


class Budgets(BaseModel):
    """Ceilings for the whole run; unset means no ceiling (iterations: the config's)."""

    model_config = ConfigDict(extra="forbid")

    iterations: int | None = Field(default=None, ge=1)
    tokens: int | None = Field(default=None, ge=1)
    wall_time_s: float | None = Field(default=None, gt=0)


class Manifest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    # The workflow plug-in whose agents and specs this manifest uses (devagent/workflows/);
    # a manifest loaded for another workflow is refused. Unset: the loader's.
    workflow: str | None = None
    description: str = ""
    start: str
    budgets: Budgets = Field(default_factory=Budgets)
    invariants: list[str] = Field(default_factory=list)  # checked before and after every step
    steps: dict[str, Step]

    def agents(self) -> dict[str, str]:
        """Every agent the workflow runs, with its kind ("model" or "tool")."""
        found: dict[str, str] = {}
        for name, step in self.steps.items():
            kind = "model" if step.kind == "parallel" else step.kind
            for agent in step.runs(name):
                found.setdefault(agent, kind)
        return found


def load_manifest(path: Path, plugin: WorkflowPlugin) -> Manifest:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"{path}: cannot read workflow: {exc.strerror or exc}") from None
    try:
        node = compose_yaml(text)
        data = load_yaml(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark is not None else ""
        raise UsageError(f"{path}: {where}{getattr(exc, 'problem', None) or 'invalid YAML'}") from None
    try:
        manifest = Manifest.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = [str(p) for p in first["loc"]]
        message = "unknown key" if first["type"] == "extra_forbidden" else first["msg"]
        raise UsageError(f"{path}:{_line(node, loc)}: {'.'.join(loc)}: {message}") from None
    problems = validate(manifest, plugin)
    if problems:
        loc, message = problems[0]
        raise UsageError(f"{path}:{_line(node, loc)}: {message}")
    return manifest


def validate(manifest: Manifest, plugin: WorkflowPlugin) -> list[tuple[list[str], str]]:
    """Structural checks, and every agent and spec known to the plug-in; each problem is
    (key path, message)."""
    problems: list[tuple[list[str], str]] = []
    steps = manifest.steps
    specs = plugin.specs
    if manifest.workflow not in (None, plugin.name):
        problems.append(
            (["workflow"], f"this manifest is for the {manifest.workflow} workflow, not {plugin.name}")
        )
    if manifest.start not in steps:
        problems.append((["start"], f"start step '{manifest.start}' is not declared under steps"))
    for i, name in enumerate(manifest.invariants):
        if name not in specs:
            problems.append((["invariants", str(i)], f"unknown spec '{name}'"))
    kinds: dict[str, str] = {}
    for name, step in steps.items():
        where = ["steps", name]
        if step.kind not in KINDS:
            problems.append(([*where, "kind"], f"step '{name}': kind must be one of: {', '.join(KINDS)}"))
        if (
            step.kind == "parallel"
            and step.panel is None
            and (len(step.agents) < 2 or step.agent is not None)
        ):
            problems.append(
                (
                    [*where, "agents"],
                    f"step '{name}': a parallel step lists two or more `agents` or a `panel`",
                )
            )
        if step.panel is not None and (step.kind != "parallel" or step.agents or step.agent is not None):
            problems.append(
                ([*where, "panel"], f"step '{name}': a panel replaces the `agents` of a parallel step")
            )
        elif step.panel is not None and step.panel not in plugin.panels:
            offered = ", ".join(sorted(plugin.panels)) or "none"
            problems.append(
                ([*where, "panel"], f"workflow {plugin.name} has no panel '{step.panel}' (it has: {offered})")
            )
        if step.kind != "parallel" and step.agents:
            problems.append(([*where, "agents"], f"step '{name}': only a parallel step lists `agents`"))
        for agent in step.runs(name):
            kind = "model" if step.kind == "parallel" else step.kind
            known = plugin.agents.get(agent)
            if known is None:
                offered = ", ".join(sorted(plugin.agents))
                named = "agents" if step.kind == "parallel" else "agent" if step.agent else None
                at = [*where, named] if named else where
                problems.append((at, f"workflow {plugin.name} has no agent '{agent}' (it has: {offered})"))
            elif step.kind in ("model", "tool") and known != kind:
                problems.append((where, f"agent '{agent}' is a {known} agent, not a {kind} one"))
            if kinds.setdefault(agent, kind) != kind:
                problems.append((where, f"agent '{agent}' is used both as a model and as a tool"))
        for key in ("pre", "post", "invariants"):
            for i, spec in enumerate(getattr(step, key)):
                if spec not in specs:
                    problems.append(([*where, key, str(i)], f"unknown spec '{spec}'"))
        if step.retries and not step.post:
            problems.append(([*where, "retries"], f"step '{name}': retries need post specs to fail"))
        if not step.routes:
            problems.append(([*where, "routes"], f"step '{name}' has no routes"))
        for i, route in enumerate(step.routes):
            loc = [*where, "routes", str(i)]
            if route.to != END and route.to not in steps:
                problems.append(([*loc, "to"], f"route goes to unknown step '{route.to}'"))
            for spec in route.when:
                if spec not in specs:
                    problems.append(([*loc, "when"], f"unknown spec '{spec}'"))
            if route.to == END and route.outcome not in ROUTE_OUTCOMES:
                problems.append(
                    (loc, f"a route to end needs an outcome, one of: {', '.join(ROUTE_OUTCOMES)}")
                )
            if route.to != END and route.outcome is not None:
                problems.append(([*loc, "outcome"], "only a route to end has an outcome"))
        if step.routes and step.routes[-1].when:
            last = [*where, "routes", str(len(step.routes) - 1)]
            problems.append((last, f"the last route of '{name}' must have no conditions"))
    reachable = _reachable(manifest)
    for name in steps:
        if name not in reachable:
            problems.append((["steps", name], f"step '{name}' is unreachable from start"))
    return problems


def _reachable(manifest: Manifest) -> set[str]:
    seen: set[str] = set()
    todo = [manifest.start]
    while todo:
        name = todo.pop()
        step = manifest.steps.get(name)
        if name in seen or step is None:
            continue
        seen.add(name)
        todo.extend(r.to for r in step.routes if r.to != END)
    return seen


def _line(node: Any, loc: list[str]) -> int:
    """1-based line of the deepest YAML node found along `loc` (keys or list indexes)."""
    line = node.start_mark.line + 1 if node is not None else 1
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            match = next(((k, v) for k, v in node.value if k.value == part), None)
            if match is None:
                break
            line = match[0].start_mark.line + 1
            node = match[1]
        elif isinstance(node, yaml.SequenceNode) and part.isdigit() and int(part) < len(node.value):
            node = node.value[int(part)]
            line = node.start_mark.line + 1
        else:
            break
    return line
