"""Setting up one spec run, start to finish: the rough idea and the output path are
checked by the command line (exit 3, before any model loads); here the models open
(exit 4), the run log and the trace store, the debate runs on the workflow loop until
the router reaches `end`, then spec.md is written and the result recorded.

The flow itself is config/workflows/spec.yaml; the loop is devagent/workflow/loop.py;
this file only sets the stage."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from devagent.config import Config
from devagent.errors import ExitCode, LogWriteError, UsageError
from devagent.messages import Envelope
from devagent.models.base import ModelBackend
from devagent.runlog import RunLog
from devagent.text import printable
from devagent.traced_log import (
    RunEnd,
    finish_traced_log,
    open_traced_log,
    record_internal_error,
    record_on_the_way_out,
)
from devagent.user_files import write_output
from devagent.workflow.manifest import Manifest, load_manifest
from devagent.workflow.outcomes import exit_code_of
from devagent.workflows.spec.events import SpecAgent
from devagent.workflows.spec.output import spec_document, title_of
from devagent.workflows.spec.plugin import SPEC
from devagent.workflows.spec.specs import design_problems
from devagent.workflows.spec.state import ARDState

Printer = Callable[[Envelope], None]
# Endings that still leave a draft worth reading: spec.md is written for these.
WRITES_SPEC = ("verified", "max_iterations", "budget_exhausted")


@dataclass(frozen=True)
class SpecRequest:
    idea: str
    config: Config
    runs_dir: Path
    output: Path


@dataclass(frozen=True)
class SpecResult:
    run_id: str
    outcome: str
    exit_code: ExitCode
    iterations: int
    output: Path | None  # the spec.md written, if any
    log_path: Path
    detail: str


def run_spec(request: SpecRequest, show: Printer | None = None) -> SpecResult:
    config = request.config
    manifest = load_manifest(Path(config.spec.workflow), SPEC)
    backends = _open_backends(config)
    from devagent.workflows.spec.team import run_team  # AutoGen loads here, not at --help

    log = open_traced_log(request.runs_dir)
    max_iterations = config.spec.max_iterations
    if manifest.budgets.iterations is not None:  # the manifest's ceiling caps the config's
        max_iterations = min(max_iterations, manifest.budgets.iterations)
    state = ARDState(
        request.idea,
        max_iterations,
        budget_tokens=manifest.budgets.tokens or 0,
        budget_wall_time_s=manifest.budgets.wall_time_s or 0.0,
    )
    exit_code: ExitCode | None = None
    detail = ""
    try:
        log.write(
            "Orchestrator", "run_started", _start_record(log, request, manifest, backends, max_iterations)
        )
        result = run_team(
            state, manifest, backends, log, config.model.context_size, config.model.max_tokens, show
        )
        outcome, exit_code = result.outcome, result.exit_code
        detail = _detail(state, outcome, result.step, result.reason)
    except KeyboardInterrupt:
        outcome, detail = "interrupted", "interrupted by the user"
    except LogWriteError as exc:
        outcome, detail = "io_error", exc.message
    except Exception as exc:  # a bug: the traceback goes to the log, one line to the user
        outcome, detail = "internal_error", record_internal_error(log, exc)
    if outcome == "max_iterations":
        state.status = "max_iterations_reached"
    written = None
    if outcome in WRITES_SPEC and state.design is not None and log.error is None:
        try:
            written = _write_spec(request.output, state, outcome == "verified")
        except OSError as exc:
            outcome, exit_code = "io_error", ExitCode.IO_ERROR
            detail = f"cannot write {request.output}: {exc.strerror or exc}"
        except UsageError as exc:  # the path turned into a link or moved since the check
            outcome, exit_code, detail = "usage_error", ExitCode.USAGE, exc.message
        else:
            record_on_the_way_out(
                log,
                "Orchestrator",
                "extracted_item",
                {"kind": "spec", "name": written.name, "content": written.read_text(encoding="utf-8")},
            )
    return _finish(log, state, outcome, exit_code or exit_code_of(outcome), detail, written)


def _detail(state: ARDState, outcome: str, step: str | None, reason: str) -> str:
    """One line on why the run ended (empty for a verified spec)."""
    if outcome == "verified":
        return ""
    if outcome == "max_iterations":
        unresolved = len(state.last_challenges())
        return f"{unresolved} challenge(s) unresolved after {state.iteration} round(s)"
    problems = design_problems(state.snapshot())
    if outcome == "model_error" and step == SpecAgent.ARCHITECT and problems:
        return f"Architect reply invalid after one re-prompt: {'; '.join(problems)}"
    return reason


def _write_spec(path: Path, state: ARDState, verified: bool) -> Path:
    assert state.design is not None
    text = spec_document(state.rough_idea, state.design, verified, state.iteration, state.last_challenges())
    # Never a raw control character (an ESC in the idea or a reply would act on the
    # terminal of whoever cats the file): each is written out as an escape.
    write_output(path, printable(text), "spec.md")
    return path


def _open_backends(config: Config) -> dict[str, ModelBackend]:
    from devagent.models.factory import open_backend

    architect = config.spec.architect_model or config.model.architect
    reviewer = config.spec.reviewer_model or config.model.reviewer
    key_a = config.key_name("spec.architect_model" if config.spec.architect_model else "model.architect")
    key_r = config.key_name("spec.reviewer_model" if config.spec.reviewer_model else "model.reviewer")
    return {
        SpecAgent.ARCHITECT: open_backend(architect, SpecAgent.ARCHITECT, config.model, key_a),
        SpecAgent.REVIEWER: open_backend(reviewer, SpecAgent.REVIEWER, config.model, key_r),
        # Summaries of old review rounds come from the Architect's model (one loaded copy
        # for llama.cpp; scripted replies under their own key).
        "Summarizer": open_backend(architect, "Summarizer", config.model, key_a),
    }


def _start_record(
    log: RunLog, request: SpecRequest, manifest: Manifest, backends: dict[str, ModelBackend], iterations: int
) -> dict[str, Any]:
    return {
        "run_id": log.run_id,
        "workflow": manifest.name,
        "plugin": SPEC.name,
        "phase_title": title_of(request.idea),
        "rough_idea": request.idea,
        "idea_sha256": hashlib.sha256(request.idea.encode("utf-8", "surrogatepass")).hexdigest(),
        "cwd": str(Path.cwd()),
        "max_iterations": iterations,
        "models": {role: b.name for role, b in backends.items()},
        "output_path": str(request.output),
        "settings": request.config.record(),
        "resumed_from": None,
    }


def _finish(
    log: RunLog, state: ARDState, outcome: str, exit_code: ExitCode, detail: str, written: Path | None
) -> SpecResult:
    outcome, exit_code, detail = finish_traced_log(
        log,
        RunEnd(outcome, exit_code, detail),
        {
            "iterations": state.iteration,
            "status": state.status,
            "output": str(written) if written else None,
            "branch": None,
        },
    )
    return SpecResult(log.run_id, outcome, exit_code, state.iteration, written, log.path, detail)
