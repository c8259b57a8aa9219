"""The workflow manifest (config/workflows/*.yaml): agents, a start agent, and for each
agent an ordered list of routes. The first route whose conditions all hold is taken;
a route to `end` names the run's outcome. Validated on load; errors name the line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from devagent.errors import UsageError
from devagent.workflow.conditions import CONDITIONS

END = "end"
# Outcome of a run -> what the CLI reports; exit codes live in the fix loop.
OUTCOMES = ("approved", "nothing_to_do", "max_iterations", "git_error", "model_error", "tool_error")


class Route(BaseModel):
    model_config = ConfigDict(extra="forbid")

    to: str
    when: list[str] = Field(default_factory=list)
    outcome: str | None = None


class AgentSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: str  # "model" (AssistantAgent on a backend) or "tool" (deterministic)
    description: str = ""


class Manifest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    description: str = ""
    start: str
    agents: dict[str, AgentSpec]
    routes: dict[str, list[Route]]


def load_manifest(path: Path) -> Manifest:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"{path}: cannot read workflow: {exc.strerror or exc}") from None
    try:
        node = yaml.compose(text)
        data = yaml.safe_load(text)
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
    problems = validate(manifest)
    if problems:
        loc, message = problems[0]
        raise UsageError(f"{path}:{_line(node, loc)}: {message}")
    return manifest


def validate(manifest: Manifest) -> list[tuple[list[str], str]]:
    """Structural checks; each problem is (key path, message)."""
    problems: list[tuple[list[str], str]] = []
    agents = manifest.agents
    if manifest.start not in agents:
        problems.append((["start"], f"start agent '{manifest.start}' is not declared under agents"))
    for name, spec in agents.items():
        if spec.kind not in ("model", "tool"):
            problems.append((["agents", name, "kind"], f"agent '{name}': kind must be 'model' or 'tool'"))
        if name not in manifest.routes:
            problems.append((["agents", name], f"agent '{name}' has no routes"))
    for source, routes in manifest.routes.items():
        if source not in agents:
            problems.append((["routes", source], f"routes for undeclared agent '{source}'"))
            continue
        for i, route in enumerate(routes):
            loc = ["routes", source, str(i)]
            if route.to != END and route.to not in agents:
                problems.append(([*loc, "to"], f"route goes to unknown agent '{route.to}'"))
            for condition in route.when:
                if condition not in CONDITIONS:
                    problems.append(([*loc, "when"], f"unknown condition '{condition}'"))
            if route.to == END and route.outcome not in OUTCOMES:
                problems.append(([*loc], f"a route to end needs an outcome, one of: {', '.join(OUTCOMES)}"))
            if route.to != END and route.outcome is not None:
                problems.append(([*loc, "outcome"], "only a route to end has an outcome"))
        if routes and routes[-1].when:
            last = ["routes", source, str(len(routes) - 1)]
            problems.append((last, f"the last route of '{source}' must have no conditions"))
    reachable = _reachable(manifest)
    for name in agents:
        if name not in reachable:
            problems.append((["agents", name], f"agent '{name}' is unreachable from start"))
    return problems


def _reachable(manifest: Manifest) -> set[str]:
    seen: set[str] = set()
    todo = [manifest.start]
    while todo:
        name = todo.pop()
        if name in seen or name not in manifest.agents:
            continue
        seen.add(name)
        todo.extend(r.to for r in manifest.routes.get(name, []) if r.to != END)
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
