"""The Repair step: before DevAgent writes a diff, search candidate fixes (fix templates
on the lines fault localisation ranks, and one-line rewrites sampled from the DevAgent
model) and keep the first that passes every test in a sandboxed throwaway copy. The
winner goes on as a patch through GitTool like any other, and the Supervisor reviews it.
Every candidate tried is in the run log."""

from __future__ import annotations

import shlex
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypedDict

from devagent.agents.model_agent import CallRecorder
from devagent.config import Config
from devagent.messages import Envelope
from devagent.models.base import ModelBackend
from devagent.repair import Candidate, Localization, RepairResult, repair
from devagent.repair.model_edits import model_candidates
from devagent.repair.review import Review, review_of
from devagent.tools.git.command import run_git
from devagent.tools.patch_apply import render_diff
from devagent.tools.sandbox import Sandbox
from devagent.tools.shell import CommandRejected, Interpreter, ProgramNotFound
from devagent.verdict import Baseline
from devagent.workflows.fix.events import FixAgent, FixEvent
from devagent.workflows.fix.shell_step import run_test_command
from devagent.workflows.fix.state import FixState
from devagent.workflows.fix.tools import FixTools
from devagent.worktree_files import OutsideWorktree, read_text_inside, write_inside

REPAIR = FixAgent.REPAIR


class SearchOptions(TypedDict):
    timeout_s: float
    lines: int
    max_candidates: int
    budget_s: float
    workers: int | None
    synthesis: bool


def search_options(config: Config) -> SearchOptions:
    """The search's limits and sources as the config sets them (`repair()`'s keywords);
    the benchmarks' searches take them from here too, so they measure what runs."""
    settings = config.repair
    return SearchOptions(
        timeout_s=config.shell.timeout_s,
        lines=settings.lines,
        max_candidates=settings.max_candidates,
        budget_s=settings.time_budget_s,
        workers=settings.workers,
        synthesis=settings.synthesis,
    )


def pytest_args(test_command: str) -> list[str] | None:
    """The arguments after `pytest` in the test command (None: not a pytest command)."""
    words = shlex.split(test_command)
    for i, word in enumerate(words):
        if Path(word).name == "pytest":
            return words[i + 1 :]
    return None


def localisation_scope(baseline: Baseline | None, whole_up_to: int) -> list[str]:
    """The failing tests' files, when the first test run counted more than `whole_up_to`
    tests (0: never); else none, and localisation traces the whole command."""
    if baseline is None or whole_up_to == 0 or len(baseline.failing) + len(baseline.passing) <= whole_up_to:
        return []
    return sorted({nodeid.split("::", 1)[0] for nodeid in baseline.failing})


class InterpreterOptions(TypedDict):
    python: str | None
    import_roots: list[str] | None


def interpreter_options(interpreter: Interpreter | None, worktree: Path) -> InterpreterOptions:
    """The project's Python for `repair()`, and its import roots relative to the worktree
    (the search's copies map them into themselves)."""
    if interpreter is None:
        return InterpreterOptions(python=None, import_roots=None)
    root = worktree.resolve()
    roots = [Path(p).resolve().relative_to(root).as_posix() for p in interpreter.python_path]
    return InterpreterOptions(python=str(interpreter.python), import_roots=roots)


def sandbox_prefix(sandbox: Sandbox | None) -> Callable[[Path], Sequence[str]] | tuple[()]:
    """bwrap around the candidate runs: the runner's scratch folder (the copy, its plugins
    and results) is the one writable place, as the worktree is for ShellTool."""
    if sandbox is None:
        return ()

    def prefix(root: Path) -> Sequence[str]:
        return sandbox.prefix(root.parent, chdir=root)

    return prefix


class RepairStep:
    def __init__(
        self, state: FixState, tools: FixTools, backend: ModelBackend | None, record_call: CallRecorder
    ) -> None:
        self._state = state
        self._tools = tools
        self._backend = backend
        self._record_call = record_call

    def act(self, trigger: Envelope) -> Envelope:
        state, tools = self._state, self._tools
        config = tools.config
        state.repair_tried = True
        state.iteration += 1  # a candidate search is one iteration, like a DevAgent reply
        templates, samples = config.repair.sources(config.model.dev_agent)
        args = pytest_args(config.test_command)
        if args is None:
            reason = "repair needs a pytest test command; skipped"
            return state.message(REPAIR, "status", reason, FixEvent.NO_CANDIDATE)
        if self._backend is None:
            samples = 0
        started = time.perf_counter()
        try:
            result = repair(
                tools.worktree,
                args,
                **search_options(config),
                command_prefix=sandbox_prefix(tools.tests.sandbox),
                **interpreter_options(tools.tests.interpreter, tools.worktree),
                templates=templates,
                more=self._model_source(samples) if samples else None,
                localise_only=localisation_scope(state.baseline, config.repair.localise_whole_suite_up_to),
            )
        except Exception as exc:
            # The repository's tests run inside the search and can feed it anything (forged
            # coverage data, a broken worker): the run goes on without Repair.
            tools.log.write(
                REPAIR,
                "repair_error",
                {"error": f"{type(exc).__name__}: {exc}"[:500], "traceback": traceback.format_exc()[-4000:]},
            )
            reason = f"repair failed ({type(exc).__name__}); going on without it"
            return state.message(REPAIR, "status", reason, FixEvent.NO_CANDIDATE)
        tools.log.write(REPAIR, "repair", _record(result, time.perf_counter() - started))
        state.news()  # the search's verdict is news; the model's diffs get their own window
        fixed = result.fixed
        if fixed is None:
            why = result.error or f"none of {result.tried} candidates passed every test"
            state.repair_summary = f"repair found no fix: {why}; {result.summary()}"
            return state.message(REPAIR, "status", state.repair_summary, FixEvent.NO_CANDIDATE)
        unconfirmed = self._confirm(fixed)
        if unconfirmed is not None:
            why = f"its candidate passed the search's runs but not the test command: {unconfirmed}"
            state.repair_summary = f"repair found no fix: {why}; {result.summary()}"
            return state.message(REPAIR, "status", state.repair_summary, FixEvent.NO_CANDIDATE)
        diff = render_diff(tools.worktree, fixed.path, fixed.content)
        review = self._review(result)
        edit = fixed.edit
        summary = (
            f"{edit.template} edit of {fixed.path}:{edit.line}: `{edit.old_text.strip()}` -> "
            f"`{edit.new_text.strip()}`; the test command passes with it (candidate {result.fixed_at} of "
            f"{result.planned} tried)"
        )
        if result.suspicion is not None:
            state.repair_warnings = [f"{edit.template} edit of {fixed.path}:{edit.line}: {result.suspicion}"]
            summary += f"; possible overfitting: {result.suspicion}"
        if review.needed:
            # No code in these words: the commit message keeps only text the diff grounds.
            summary += "; the tests do not decide this fix, the pull request says what to review"
        return state.message(REPAIR, "patch", summary, FixEvent.PATCH, diff=diff)

    def _review(self, result: RepairResult) -> Review:
        """What the evidence says about the fix (devagent/repair/review.py), kept in the
        state for the route, the Supervisor's verdict and the PR, and in the log."""
        fixed = result.fixed
        assert fixed is not None
        try:
            original = read_text_inside(self._tools.worktree, fixed.path)
        except (OSError, UnicodeDecodeError, ValueError):
            original = fixed.content  # (confirmed a moment ago; no finding without it)
        review = review_of(fixed.path, original, fixed.content, result.ambiguity, result.behaviour_changes)
        self._state.repair_review = review
        self._tools.log.write(REPAIR, "repair_review", {**review.record(), "reasons": review.reasons()})
        return review

    def _confirm(self, fixed: Candidate) -> str | None:
        """Run the configured test command (sandboxed, judged like every test run) on the
        worktree with the winning candidate in place, then put the file back: None when
        it is green, else why not. The search's own runs use `python -m pytest` in a copy
        and may disagree with the command the user configured."""
        state, tools = self._state, self._tools
        root = tools.worktree.resolve()
        target = (root / fixed.path).resolve()
        if not target.is_relative_to(root) or target.is_symlink() or not target.is_file():
            return f"{fixed.path} is not a file of the worktree"
        original = target.read_bytes()
        restored: str | None = None
        try:
            write_inside(root, fixed.path, fixed.content.encode("utf-8"))
            _result, verdict = run_test_command(state, tools)
        except (CommandRejected, ProgramNotFound, OutsideWorktree) as exc:
            return str(exc)
        finally:
            try:  # never through a symlink the test run may have put in the file's place
                write_inside(root, fixed.path, original)
            except OutsideWorktree as exc:
                restored = str(exc)
            # Same content, new timestamps: refresh the index so `git apply --index` sees a clean file.
            run_git(
                *tools.git.neutral_config(),
                "update-index",
                "-q",
                "--refresh",
                cwd=tools.worktree,
                check=False,
            )
        tools.log.write(
            REPAIR,
            "repair_confirmation",
            {"path": fixed.path, "green": verdict.green, "reason": verdict.reason},
        )
        if restored is not None:
            return restored
        return None if verdict.green else verdict.reason

    def _model_source(self, samples: int) -> Callable[[Path, Localization, float], list[Candidate]]:
        backend = self._backend
        assert backend is not None

        def source(copy: Path, found: Localization, deadline: float) -> list[Candidate]:
            failure = (self._state.last_test.output if self._state.last_test else "") or ""
            found_candidates, completions = model_candidates(
                backend, copy, found.lines, failure, samples, deadline=deadline
            )
            for i, completion in enumerate(completions):
                self._record_call(
                    {
                        "role": "DevAgent",
                        "backend": backend.name,
                        "attempt": i + 1,
                        "purpose": "repair_candidate",
                        "prompt_tokens": completion.prompt_tokens,
                        "completion_tokens": completion.completion_tokens,
                        "cached_prompt_tokens": completion.cached_prompt_tokens,
                        "latency_s": round(completion.latency_s, 4),
                        "valid": True,
                    }
                )
            return found_candidates

        return source


def _record(result: RepairResult, duration_s: float) -> dict[str, Any]:
    """The search as the log keeps it: what localisation ranked, every candidate tried."""
    return {
        "duration_s": round(duration_s, 3),
        "planned": result.planned,
        "tried": result.tried,
        "budget_s": None if result.budget_s is None else round(result.budget_s, 1),
        "run_s": round(result.run_s, 3),
        "workers": result.workers,
        "families": result.families(),
        "summary": result.summary(),
        "suspicion": result.suspicion,
        "suspects": result.suspects,
        "alternatives": len(result.alternatives),  # other candidates that passed in the window
        "ambiguity": None if result.ambiguity is None else result.ambiguity.record(),
        "window_s": round(result.window_s, 3),
        "error": result.error,
        "failing_tests": result.localization.failing,
        "tracer_only": result.tracer_only,  # failed only under localisation's tracer, left out
        "suspicious": [
            {"path": line.path, "line": line.line, "score": round(line.score, 4)}
            for line in result.localization.lines
        ],
        "candidates": [
            {
                "path": c.path,
                "line": c.edit.line,
                "template": c.edit.template,
                "old": c.edit.old_text,
                "new": c.edit.new_text,
                "passed": v.passed,
                "stage": v.stage,
                "summary": v.summary[:300],
            }
            for c, v in result.verdicts
        ],
        "fixed": None
        if result.fixed is None
        else {
            "path": result.fixed.path,
            "line": result.fixed.edit.line,
            "template": result.fixed.edit.template,
            "candidates": result.fixed_at,  # how many candidates the fix took, itself included
        },
    }
