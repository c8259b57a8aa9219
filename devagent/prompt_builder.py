"""The user prompt each model-backed role gets, rebuilt from the fix state every turn.

Stable parts first (phase, files), then what changed (failure, feedback): small models
follow the end of a prompt best, and a stable prefix lets a backend reuse its cache."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from devagent.fix_state import FixState
from devagent.source_context import SourceContext, relevant_files, render_context
from devagent.text import truncate_output

CHARS_PER_TOKEN = 2.5  # conservative for code; keeps prompts inside the context window


@dataclass(frozen=True)
class PromptBudget:
    context_size: int
    max_tokens: int
    system_tokens: int = 600

    @property
    def chars(self) -> int:
        return max(2000, int((self.context_size - self.max_tokens - self.system_tokens) * CHARS_PER_TOKEN))


def dev_agent_prompt(
    state: FixState, root: Path, is_protected: Callable[[str], bool], budget: PromptBudget
) -> tuple[str, SourceContext]:
    failure = state.last_failure
    test_output = truncate_output(state.last_test.output) if state.last_test else "(tests not run yet)"
    tail = [
        f"# Iteration {state.iteration} of {state.max_iterations}",
        "# Failing test",
        f"{failure.test_name or '(unknown test)'}\n{failure.message}" if failure else "(none)",
        "# Test output",
        test_output,
    ]
    if state.feedback:  # command output can be long: same truncation rule as test output
        tail += ["# Feedback on your previous reply", truncate_output(state.feedback)]
    tail.append(
        "Reply now: the JSON block, then the unified diff in a ```diff fence "
        "(--- a/<path>, +++ b/<path>, @@ hunks with 3 lines of context). Change only editable files."
    )
    tail_text = "\n\n".join(tail)
    head = f"# Phase\n{state.phase.text}\n\n# Files\n"
    files = relevant_files(root, failure) if failure else []
    source_budget = budget.chars - len(head) - len(tail_text)
    context = render_context(root, files, is_protected, max(source_budget, 0))
    body = context.text or "(no source file could be located from the test output)"
    return f"{head}{body}\n\n{tail_text}", context


def _test_verdict(state: FixState) -> str:
    if state.last_test is None:
        return "tests not run"
    return "all tests pass" if state.last_test.passed else "TESTS FAIL"


def review_prompt(state: FixState, diff: str, budget: PromptBudget) -> str:
    report = truncate_output(state.last_test.output) if state.last_test else "(no test run)"
    diff_budget = max(1000, budget.chars - len(state.phase.text) - len(report) - 500)
    shown_diff = diff if len(diff) <= diff_budget else diff[:diff_budget] + "\n... (diff truncated)\n"
    parts = [
        f"# Phase\n{state.phase.text}",
        f"# Patch on branch {state.branch} (all commits so far)\n```diff\n{shown_diff}```",
        f"# Test report ({_test_verdict(state)})\n{report}",
    ]
    if state.feedback:
        parts.append(f"# Note\n{truncate_output(state.feedback)}")
    parts.append(
        "Review the patch against the phase: it must fix the cause without weakening tests or "
        "adding special cases. Reply in your required format."
    )
    return "\n\n".join(parts)
