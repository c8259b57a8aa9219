"""The user prompt each model-backed role gets, rebuilt from the fix state every turn.

Stable parts first (phase, files, the current failure), then what changes every turn
(iteration, feedback):
small models follow the end of a prompt best, and a stable prefix lets the in-process
backend reuse its KV cache, so later iterations evaluate only the new tokens. Every
prompt goes through the budgeter, so it fits the context window by construction."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from devagent.prompt_budget import FittedPrompt, Section, TokenCounter, fit_sections
from devagent.source_context import file_blocks, relevant_files
from devagent.text import truncate_output
from devagent.workflows.fix.state import FixState


@dataclass(frozen=True)
class DevPrompt:
    fitted: FittedPrompt
    editable: tuple[str, ...]  # files shown that a patch may change


DEV_INSTRUCTION = (
    "Reply now: the JSON block, then the unified diff in a ```diff fence "
    "(--- a/<path>, +++ b/<path>, @@ hunks with 3 lines of context). Change only editable files."
)


def dev_agent_prompt(
    state: FixState, root: Path, is_protected: Callable[[str], bool], budget: int, count: TokenCounter
) -> DevPrompt:
    failure = state.last_failure
    blocks = file_blocks(root, relevant_files(root, failure), is_protected) if failure else []
    sections = [Section("phase", f"# Phase\n{state.phase.text}", priority=90, required=True)]
    sections.append(Section("files heading", "# Files", priority=100, required=True))
    # Relevance, lowest first: read-only files, then the test output (shortened, never
    # below an eighth of the budget at first), then editable files; within the files,
    # traceback order.
    for rank, block in enumerate(blocks):
        sections.append(
            Section(f"file {block.path}", block.text, priority=(60 if block.editable else 30) - rank)
        )
    if not blocks:
        sections.append(
            Section("files note", "(no source file could be located from the test output)", 100, True)
        )
    test_output = truncate_output(state.last_test.output) if state.last_test else "(tests not run yet)"
    failing = f"{failure.test_name or '(unknown test)'}\n{failure.message}" if failure else "(none)"
    # The failure changes only when a commit changes the code; the iteration line and
    # the feedback change every turn, so they come last and the cache covers the rest.
    sections += [
        Section("failing test", f"# Failing test\n{failing}", 95, True),
        Section("test output", f"# Test output\n{test_output}", 50, True),
        Section("iteration", f"# Iteration {state.iteration} of {state.max_iterations}", 100, True),
    ]
    if state.feedback:  # command output can be long: same truncation rule as test output
        sections.append(
            Section(
                "feedback", f"# Feedback on your previous reply\n{truncate_output(state.feedback)}", 80, True
            )
        )
    sections.append(Section("instruction", DEV_INSTRUCTION, 100, True))
    fitted = fit_sections(sections, budget, count)
    shown = set(fitted.kept)
    editable = tuple(b.path for b in blocks if b.editable and f"file {b.path}" in shown)
    return DevPrompt(fitted, editable)


def _test_verdict(state: FixState) -> str:
    if state.last_test is None:
        return "tests not run"
    return "all tests pass" if state.last_test.passed else "TESTS FAIL"


REVIEW_INSTRUCTION = (
    "Review the patch against the phase: it must fix the cause without weakening tests or "
    "adding special cases. Reply in your required format."
)


INTERIM_INSTRUCTION = (
    "The tests still fail, so this is not ready to approve: set approved to false and say, in one "
    "or two sentences, what the next change should address. Reply in your required format."
)


def review_prompt(state: FixState, diff: str, budget: int, count: TokenCounter) -> FittedPrompt:
    report = truncate_output(state.last_test.output) if state.last_test else "(no test run)"
    sections = [
        Section("phase", f"# Phase\n{state.phase.text}", 90, True),
        Section(
            "diff", f"# Patch on branch {state.branch} (all commits so far)\n```diff\n{diff}```", 80, True
        ),
        Section("test report", f"# Test report ({_test_verdict(state)})\n{report}", 70, True),
    ]
    if state.feedback:
        sections.append(Section("note", f"# Note\n{truncate_output(state.feedback)}", 40))
    # A red result reaches a reviewer only as interim status (interim_critique: true).
    red = state.last_test is not None and not state.last_test.passed
    sections.append(Section("instruction", INTERIM_INSTRUCTION if red else REVIEW_INSTRUCTION, 100, True))
    return fit_sections(sections, budget, count)
