"""The plan workflow's team: Planner, Coder and Tester as AutoGen agents on our backends
(`ModelAgent`, each with a prompt rebuilt from PlanState and an envelope built from its
validated reply) and the orchestrator's tools (Workspace, ShellTool, GitTool), run on
the one workflow loop.

Under a grammar (in-process llama.cpp) each reply's shape carries the rules a small
model would otherwise break: the plan_id is the one given, task ids run T1..Tn, the
artifacts are the repository's non-test files or new files, the Coder writes exactly its
task's artifacts in path order, and the Tester's task_id and passed are the true ones.
The grammar leaves out the error reply: a small model takes it at random (SmolLM2 did,
on every try), and then nothing is planned, written or tested. Servers get the JSON
schema, which keeps the error alternative; scripted replies are validated against it."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from autogen_agentchat.base import ChatAgent
from pydantic import BaseModel

from devagent.agents import ModelAgent, RoleSpec, ToolAgent, strict_schema
from devagent.interrupt import stop_on_signals
from devagent.messages import Envelope
from devagent.models.base import ModelBackend, ReplyFormat
from devagent.runlog import RunLog
from devagent.traced_log import run_trace
from devagent.workflow import Manifest, Trace, WorkflowResult, run_workflow
from devagent.workflows.plan.checks import plan_problems
from devagent.workflows.plan.events import PlanAgent, PlanEvent
from devagent.workflows.plan.plugin import PLAN
from devagent.workflows.plan.prompts import coder_prompt, planner_prompt, tester_prompt
from devagent.workflows.plan.repair_stage import RepairStage
from devagent.workflows.plan.replies import CoderReply, ErrorReply, PlannerReply, TesterReply
from devagent.workflows.plan.state import PlanState
from devagent.workflows.plan.steps import GitStep, PlanTools, TestStep, WorkspaceStep, test_result

Printer = Callable[[Envelope], None]

ROLES: dict[str, RoleSpec] = {
    PlanAgent.PLANNER: RoleSpec("Planner", "planner", "planner.md", PlannerReply),
    PlanAgent.CODER: RoleSpec("Coder", "coder", "coder.md", CoderReply),
    PlanAgent.TESTER: RoleSpec("Tester", "tester", "tester.md", TesterReply),
}

# Decoding bounds (grammars only; validation keeps the seed's 4000 for text fields and
# a size cap for whole files): a reply must fit max_tokens, or constrained decoding cuts
# it off mid-JSON.
SHORT_TEXT = 160
CODE_CHARS = 1500
# New files under a grammar: lower-case letters and digits, no underscore, so neither
# test_*.py nor *_test.py can be written (a plan naming conftest.py is still refused).
NEW_FILE_PATTERN = "^[a-z][a-z0-9]{0,24}[.](py|md|txt)$"


def _text(limit: int = SHORT_TEXT) -> dict[str, Any]:
    return {"type": "string", "maxLength": limit}


def planner_format(plan_id: str, candidates: list[str], max_tasks: int) -> ReplyFormat:
    artifact: dict[str, Any] = {"type": "string", "pattern": NEW_FILE_PATTERN}
    if candidates:
        artifact = {"anyOf": [{"enum": candidates}, artifact]}

    def task(i: int) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {
                "id": {"const": f"T{i}"},
                "title": _text(80),
                "rationale": _text(),
                "acceptance": _text(),
                "artifacts": {"type": "array", "items": artifact, "minItems": 1, "maxItems": 1},
            },
            "required": ["id", "title", "rationale", "acceptance", "artifacts"],
        }

    lengths = [
        {"type": "array", "prefixItems": [task(i) for i in range(1, n + 1)]} for n in range(1, max_tasks + 1)
    ]
    plan = {
        "type": "object",
        "properties": {"plan_id": {"const": plan_id}, "tasks": {"oneOf": lengths}},
        "required": ["plan_id", "tasks"],
    }
    return ReplyFormat(strict_schema(PlannerReply), decoding_schema=plan, bare_json=True)


def coder_format(artifacts: list[str]) -> ReplyFormat:
    paths = sorted(artifacts)
    limit = max(200, CODE_CHARS // max(len(paths), 1))
    edits = [
        {
            "type": "object",
            "properties": {"path": {"const": p}, "content": _text(limit)},
            "required": ["path", "content"],
        }
        for p in paths
    ]
    reply = {
        "type": "object",
        "properties": {"edits": {"type": "array", "prefixItems": edits}},
        "required": ["edits"],
    }
    return ReplyFormat(strict_schema(CoderReply), decoding_schema=reply, bare_json=True)


def tester_format(task_id: str, passed: bool) -> ReplyFormat:
    reply = {
        "type": "object",
        "properties": {"task_id": {"const": task_id}, "passed": {"const": passed}, "report": _text(300)},
        "required": ["task_id", "passed", "report"],
    }
    return ReplyFormat(strict_schema(TesterReply), decoding_schema=reply, bare_json=True)


class PlanTeam:
    """Builds the agents of a plan manifest for one run."""

    def __init__(
        self,
        state: PlanState,
        tools: PlanTools,
        backends: Mapping[str, ModelBackend],
        trace: Trace,
        plan_dir: Path,
    ) -> None:
        self._state = state
        self._tools = tools
        self._backends = backends
        self._trace = trace
        self._plan_dir = plan_dir  # runs/<run id>/: the plan snapshot goes there

    @property
    def log(self) -> RunLog:
        return self._tools.log

    def agents(self, manifest: Manifest) -> dict[str, ChatAgent]:
        state, tools = self._state, self._tools
        descriptions = {a: step.description for s, step in manifest.steps.items() for a in step.runs(s)}
        actions = {
            PlanAgent.WORKSPACE: WorkspaceStep(state, tools).act,
            PlanAgent.SHELL_TOOL: TestStep(state, tools).act,
            PlanAgent.GIT_TOOL: GitStep(state, tools).act,
            PlanAgent.REPAIR: RepairStage(state, tools, self._trace).act,
        }
        models: dict[str, tuple[Callable[[], str], Callable[[], ReplyFormat], Callable[..., Envelope]]] = {
            PlanAgent.PLANNER: (self._planner_prompt, self._planner_format, self._plan),
            PlanAgent.CODER: (self._coder_prompt, self._coder_format, self._edits),
            PlanAgent.TESTER: (self._tester_prompt, self._tester_format, self._report),
        }
        agents: dict[str, ChatAgent] = {}
        for name, kind in manifest.agents().items():
            description = descriptions.get(name) or name
            if kind == "tool":
                agents[name] = ToolAgent(name, description, actions[PlanAgent(name)])
                continue
            prompt, reply_format, envelope = models[PlanAgent(name)]
            agents[name] = ModelAgent(
                ROLES[name],
                self._backends[name],
                prompt,
                reply_format,
                envelope,
                self.record_call,
                description,
            )
        return agents

    def record_call(self, call: dict[str, Any]) -> None:
        state = self._state
        state.tokens_used += int(call.get("prompt_tokens") or 0) + int(call.get("completion_tokens") or 0)
        record = {**call, "iteration": state.iteration, "execution": self._trace.execution}
        self.log.write(str(call["role"]), "model_call", record)

    # -- prompts and formats

    def _planner_prompt(self) -> str:
        return planner_prompt(self._state)

    def _planner_format(self) -> ReplyFormat:
        state = self._state
        candidates = [f for f in state.known_files if not plan_problems(self._plan_context([f]))]
        return planner_format(state.plan_id, candidates, min(state.max_tasks, 5))

    def _coder_prompt(self) -> str:
        state = self._state
        state.iteration = state.current + 1  # the task in progress
        return coder_prompt(state, self._tools.worktree)

    def _coder_format(self) -> ReplyFormat:
        task = self._state.task
        assert task is not None
        return coder_format(list(task.artifacts))

    def _tester_prompt(self) -> str:
        test = self._state.last_test
        assert test is not None
        return tester_prompt(self._state, test.output)

    def _tester_format(self) -> ReplyFormat:
        task, test = self._state.task, self._state.last_test
        assert task is not None and test is not None
        return tester_format(task.id, test.passed)

    # -- envelopes

    def _error(self, role: str, reply: ErrorReply) -> Envelope:
        state = self._state
        state.error = {"role": role, "reason": reply.reason}
        self.log.write(role, "error", {"status": "error", "reason": reply.reason})
        return state.message(role, "status", f"{role} error: {reply.reason}", PlanEvent.AGENT_ERROR)

    def _plan_context(self, artifacts: list[str] | None = None) -> dict[str, Any]:
        state = self._state
        plan = state.plan.model_dump() if state.plan and artifacts is None else None
        if artifacts is not None:  # one artifact checked alone (the grammar's candidates)
            task = {"id": "T1", "artifacts": artifacts}
            plan = {"plan_id": state.plan_id, "tasks": [task]}
        return {
            "plan": plan,
            "plan_id": state.plan_id,
            "max_tasks": state.max_tasks,
            "known_files": list(state.known_files),
            "protected_paths": list(state.protected_paths),
            "automation_paths": list(state.automation_paths),
            "allow_tests": state.allow_tests,
            "tests_first": state.tests_first and artifacts is None,
        }

    def _plan(self, reply: BaseModel, diff: str | None) -> Envelope:
        assert isinstance(reply, PlannerReply)
        state = self._state
        if isinstance(reply.root, ErrorReply):
            state.plan, state.plan_problems = None, []  # a plan sent back earlier is not the plan
            return self._error(PlanAgent.PLANNER, reply.root)
        state.plan = reply.root
        state.plan_problems = plan_problems(self._plan_context())
        lines = [f"{t.id} {t.title} [{', '.join(t.artifacts)}]" for t in reply.root.tasks]
        content = f"Plan {reply.root.plan_id}: {len(lines)} task(s)\n" + "\n".join(lines)
        if not state.plan_problems:
            data = reply.root.model_dump()
            self._save_plan(data)
            self.log.write(PlanAgent.PLANNER, "plan", data)
        return state.message(PlanAgent.PLANNER, "status", content, PlanEvent.PLAN)

    def _save_plan(self, data: dict[str, Any]) -> None:
        path = self._plan_dir / f"{data['plan_id']}.json"
        try:
            self._plan_dir.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        except OSError as exc:
            raise self.log.fail(f"cannot write the plan to {path}: {exc.strerror or exc}") from None

    def _edits(self, reply: BaseModel, diff: str | None) -> Envelope:
        assert isinstance(reply, CoderReply)
        state = self._state
        if isinstance(reply.root, ErrorReply):
            return self._error(PlanAgent.CODER, reply.root)
        task = state.task
        assert task is not None
        state.edits = sorted(reply.root.edits, key=lambda e: e.path)  # the seed's order, in code
        files = "\n\n".join(f"--- {e.path}\n{e.content}" for e in state.edits)
        content = f"{task.id}: edits to {', '.join(e.path for e in state.edits)}\n\n{files}"
        return state.message(PlanAgent.CODER, "status", content, PlanEvent.EDITS)

    def _report(self, reply: BaseModel, diff: str | None) -> Envelope:
        assert isinstance(reply, TesterReply)
        state = self._state
        if isinstance(reply.root, ErrorReply):
            return self._error(PlanAgent.TESTER, reply.root)
        state.tester = reply.root
        if not state.tester_agrees():
            event = PlanEvent.TASK_PASSED if reply.root.passed else PlanEvent.TASK_FAILED
            content = f"{reply.root.task_id}: passed={json.dumps(reply.root.passed)} (rejected)"
            return state.message(PlanAgent.TESTER, "status", content, event)
        result = test_result(state)
        state.results.append(result)
        self.log.write(
            PlanAgent.TESTER,
            "test_result",
            {**result, "exit_code": state.last_test.exit_code if state.last_test else None},
        )
        event = PlanEvent.TASK_PASSED if result["passed"] else PlanEvent.TASK_FAILED
        verdict = "passed" if result["passed"] else "failed"
        return state.message(
            PlanAgent.TESTER, "status", f"{result['task_id']} {verdict}\n\n{result['report']}", event
        )


def run_team(
    state: PlanState,
    tools: PlanTools,
    manifest: Manifest,
    backends: Mapping[str, ModelBackend],
    plan_dir: Path,
    show: Printer | None,
) -> WorkflowResult:
    """Run the plan manifest to its end: the goal is the first message."""
    trace = run_trace(tools.log, show)
    with stop_on_signals(lambda: None):  # Ctrl-C: the loop ends after the current step
        return run_in(state, tools, manifest, backends, plan_dir, trace)


def run_in(
    state: PlanState,
    tools: PlanTools,
    manifest: Manifest,
    backends: Mapping[str, ModelBackend],
    plan_dir: Path,
    trace: Trace,
) -> WorkflowResult:
    """The plan manifest on `trace`: a run of its own, or a stage inside another run's
    step (same log; no signal handlers there, as it runs in a worker thread)."""
    agents = PlanTeam(state, tools, backends, trace, plan_dir).agents(manifest)
    steps = sum(1 + s.retries for s in manifest.steps.values())
    max_turns = (state.max_tasks + 2) * (steps + 2)  # the bound only guards against bugs
    task = state.message("User", "instruction", state.goal, PlanEvent.GOAL)
    return run_workflow(manifest, PLAN, state, agents, task, trace, max_turns)
