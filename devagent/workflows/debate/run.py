"""Setting up one debate, start to finish: the problem, configuration and paths are
checked first (exit 3, before any model loads), then the models open (exit 4), the
debate state is created and saved (debates/<id>.json), the run log and trace store open,
and the manifest runs on the workflow loop until the judge's solution (or an error)
ends it. The flow itself is config/workflows/debate.yaml."""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from devagent.config import Config, ModelConfig, _workflow_path
from devagent.errors import ExitCode, LogWriteError, UsageError
from devagent.models.base import ModelBackend
from devagent.runlog import RunLog
from devagent.traced_log import (
    RunEnd,
    finish_traced_log,
    open_traced_log,
    record_internal_error,
    record_on_the_way_out,
    run_trace,
)
from devagent.workflow.manifest import Manifest, load_manifest
from devagent.workflow.outcomes import exit_code_of
from devagent.workflows.debate.config import LoadedConfig
from devagent.workflows.debate.plugin import DEBATE
from devagent.workflows.debate.progress import Progress
from devagent.workflows.debate.prompts import BUILT_IN, prompt_set
from devagent.workflows.debate.run_state import DebateRun
from devagent.workflows.debate.state import (
    DebateState,
    DebateStore,
    PromptSource,
    PromptSources,
    new_debate_id,
)


@dataclass(frozen=True)
class DebateRequest:
    problem: str
    loaded: LoadedConfig
    config: Config  # the tool's: generation settings, runs folder
    config_path: Path  # the tool config file, for relative paths
    rounds: int  # after --rounds
    clarify: bool
    runs_dir: Path
    model_override: str | None = None  # --model: every agent and the judge


@dataclass(frozen=True)
class DebateResult:
    run_id: str
    outcome: str
    exit_code: ExitCode
    state: DebateState
    debate_path: Path
    log_path: Path
    detail: str


def debates_dir(request: DebateRequest) -> Path:
    return Path(request.loaded.debate.debates_dir).expanduser().absolute()


def model_specs(request: DebateRequest, warn: Callable[[str], None]) -> dict[str, tuple[str, str]]:
    """Each agent's and the judge's model spec (by id) and the key that names it; an
    agent `--agents` added has no model of its own: it is told which it gets."""
    default = request.config.model.architect
    specs: dict[str, tuple[str, str]] = {}
    for key, agent in request.loaded.keyed():
        if request.model_override:
            specs[agent.id] = (request.model_override, "--model")
            continue
        if agent.id in request.loaded.added:
            warn(
                f"agent {agent.id} (role {agent.role}, added by --agents) has no model configured; "
                f"it uses the tool config's model.architect ({default})"
            )
            specs[agent.id] = (default, "model.architect")
            continue
        specs[agent.id] = (agent.model_spec(default, key), f"{key}.model")
    return specs


def open_backends(request: DebateRequest, specs: dict[str, tuple[str, str]]) -> dict[str, ModelBackend]:
    """One backend per agent and the judge (by id), each with the agent's temperature."""
    from devagent.models.factory import open_backend

    backends: dict[str, ModelBackend] = {}
    for _, agent in request.loaded.keyed():
        spec, where = specs[agent.id]
        settings = _with_temperature(request.config.model, agent.temperature)
        backends[agent.id] = open_backend(spec, agent.id, settings, where)
    return backends


def _with_temperature(model: ModelConfig, temperature: float) -> ModelConfig:
    return model.model_copy(update={"temperature": temperature})


def run_debate(
    request: DebateRequest,
    progress: Progress,
    ask_user: Any,
) -> DebateResult:
    from devagent.workflows.debate.team import DebateTeam, Member, run_team  # AutoGen loads here

    loaded = request.loaded
    settings = loaded.debate.model_copy(update={"rounds": request.rounds})
    workflow = Path(_workflow_path(request.config_path, settings.workflow))
    manifest = load_manifest(workflow, DEBATE)
    # A bad spec or a missing model: before anything is created.
    backends = open_backends(request, model_specs(request, progress.warn))
    folder = debates_dir(request)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"debates_dir: cannot write debates to {folder}: {exc.strerror or exc}") from None
    members = []
    sources = PromptSources()
    for agent in loaded.agents:
        prompts = prompt_set(agent, agent.role, loaded.directory, progress.warn)
        summarization = (
            agent.summarization.over(settings.summarization)
            if agent.summarization
            else settings.summarization
        )
        members.append(Member(agent, backends[agent.id], prompts, summarization))
        sources.agents.append(PromptSource(agent_id=agent.id, role=agent.role, source=prompts.source))
    judge_config = loaded.judge
    judge_prompts = prompt_set(judge_config, "judge", loaded.directory, progress.warn)
    judge_summary = (
        judge_config.summarization.over(settings.summarization)
        if judge_config.summarization
        else settings.summarization
    )
    judge = Member(judge_config, backends[judge_config.id], judge_prompts, judge_summary)
    sources.judge = PromptSource(
        agent_id=judge_config.id, role=judge_config.role, source=judge_prompts.source
    )

    state = DebateState(id=new_debate_id(), problem=request.problem, prompt_sources=sources)
    store = DebateStore(folder, state)
    try:
        store.save()  # the seed's createDebate: the file exists from the start
    except OSError as exc:
        raise UsageError(f"debates_dir: cannot write {store.path}: {exc.strerror or exc}") from None
    run = DebateRun(
        store,
        settings,
        judge_config,
        request.clarify,
        budget_tokens=manifest.budgets.tokens or 0,
        budget_wall_time_s=manifest.budgets.wall_time_s or 0.0,
        agent_ids=[agent.id for agent in loaded.agents],
    )
    log = open_traced_log(request.runs_dir)
    trace = run_trace(log)
    team = DebateTeam(
        run,
        members,
        judge,
        log,
        trace,
        request.config.model.context_size,
        request.config.model.max_tokens,
        progress,
        ask_user,
    )
    exit_code: ExitCode | None = None
    detail = ""
    try:
        log.write(
            "Orchestrator",
            "run_started",
            _start_record(log, request, manifest, backends, store, settings.rounds),
        )
        result = run_team(team, run, manifest, trace)
        outcome, exit_code, detail = result.outcome, result.exit_code, result.reason
    except KeyboardInterrupt:
        outcome, detail = "interrupted", "interrupted by the user"
    except LogWriteError as exc:
        outcome, detail = "io_error", exc.message
    except OSError as exc:  # the debate file could not be saved
        outcome, exit_code = "io_error", ExitCode.IO_ERROR
        detail = f"cannot save the debate to {store.path}: {exc.strerror or exc}"
    except Exception as exc:  # a bug: the traceback goes to the log, one line to the user
        outcome, detail = "internal_error", record_internal_error(log, exc)
    if outcome != "completed":
        with contextlib.suppress(OSError):  # the file keeps its last saved state
            run.fail()
    record_on_the_way_out(
        log,
        "Orchestrator",
        "extracted_item",
        {"kind": "debate", "name": store.path.name, "content": state.to_json()},
    )
    code = exit_code or exit_code_of(outcome)
    outcome, code, detail = finish_traced_log(
        log,
        RunEnd(outcome, code, detail),
        {
            "iterations": state.current_round,
            "status": state.status,
            "output": str(store.path),
            "warnings": list(progress.warnings),
            "branch": None,
        },
    )
    return DebateResult(log.run_id, outcome, code, state, store.path, log.path, detail)


def _start_record(
    log: RunLog,
    request: DebateRequest,
    manifest: Manifest,
    backends: dict[str, ModelBackend],
    store: DebateStore,
    rounds: int,
) -> dict[str, Any]:
    loaded = request.loaded
    first = request.problem.strip().splitlines()[0] if request.problem.strip() else ""
    return {
        "run_id": log.run_id,
        "workflow": manifest.name,
        "plugin": DEBATE.name,
        "phase_title": first[:120],
        "problem": request.problem,
        "problem_sha256": hashlib.sha256(request.problem.encode("utf-8", "surrogatepass")).hexdigest(),
        "debate_id": store.state.id,
        "debate_path": str(store.path),
        "cwd": str(Path.cwd()),
        "max_iterations": rounds,
        "rounds": rounds,
        "clarify": request.clarify,
        "config": loaded.source,
        "agents": [
            {
                "id": a.id,
                "name": a.name,
                "role": a.role,
                "model": backends[a.id].name,
                "temperature": a.temperature,
            }
            for a in loaded.agents
        ],
        "judge": {"id": loaded.judge.id, "name": loaded.judge.name, "model": backends[loaded.judge.id].name},
        "models": {agent_id: b.name for agent_id, b in backends.items()},
        "prompt_sources": store.state.prompt_sources.model_dump(by_alias=True)
        if store.state.prompt_sources
        else None,
        "warnings": list(loaded.warnings),
        "resumed_from": None,
        "settings": {**request.config.record(), "debate": loaded.record(rounds)},
    }


__all__ = [
    "BUILT_IN",
    "DebateRequest",
    "DebateResult",
    "run_debate",
]
