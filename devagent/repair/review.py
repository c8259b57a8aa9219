"""Verified, or needs your review: what the evidence says about a fix the tests pass.

A fix is *verified by the tests* when nothing below is found: no other candidate that
passes every test behaves differently (ambiguity.py), the edit deletes no meaning
(suspect_edits.py), and the tests that passed before it neither stop running code nor see
other values with it, nor, when the test command names some tests only, fail elsewhere in
the project's suite (behaviour_change.py, wider_suite.py). Otherwise it *needs review*: it is
still committed and pushed, but the run says so (outcome `approved_needs_review`, exit code
11), and the pull request opens with the evidence and a pytest function that pins one of the
two behaviours, so that the user decides with a test what the tests did not decide. Nothing
here runs code; the probes and the traced and wider runs ran in the search's sandboxed copy."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from devagent.repair import behaviour_change
from devagent.repair.ambiguity import Ambiguity
from devagent.repair.suspect_edits import Finding, suspect_edits

VERIFIED = "verified"
NEEDS_REVIEW = "needs_review"
_LEFT_AS = " with the arguments left as "


@dataclass(frozen=True)
class Review:
    """The evidence about one fix: the file it edits, an input where another passing
    candidate disagrees with it, and the suspect edits found in it."""

    path: str
    ambiguity: Ambiguity | None = None
    findings: tuple[Finding, ...] = ()

    @property
    def needed(self) -> bool:
        return self.ambiguity is not None or bool(self.findings)

    @property
    def label(self) -> str:
        return NEEDS_REVIEW if self.needed else VERIFIED

    def reasons(self) -> list[str]:
        """One line per finding, the ambiguity first: what the terminal and `runs show` say."""
        lines = []
        if self.ambiguity is not None:
            a = self.ambiguity
            edit = a.other_edit
            lines.append(
                f"the tests do not decide the fix: {a.call} {outcome_words(a.chosen)} with it, "
                f"{outcome_words(a.other)} with another edit that passes them too "
                f"({edit.path}:{edit.line} `{_one_line(edit.new_text)}`)"
            )
        lines += [f"{_heading(f)}: {f.text()}" for f in self.findings]
        return lines

    def record(self) -> dict[str, Any]:
        """What the run log keeps (the `repair` record's `review`)."""
        return {
            "label": self.label,
            "ambiguity": None if self.ambiguity is None else self.ambiguity.record(),
            "findings": [f.record() for f in self.findings],
        }

    def markdown(self) -> str:
        """The pull request's opening section: the findings, the distinguishing input with
        both behaviours, and a test to paste (empty for a verified fix)."""
        if not self.needed:
            return ""
        parts = ["## Needs your review\n", "The tests pass with this fix, but they do not decide it:\n"]
        if self.ambiguity is not None:
            edit = self.ambiguity.other_edit
            parts.append(
                f"- another edit passes every test too ({edit.path}:{edit.line} "
                f"`{_one_line(edit.new_text)}`) and behaves differently on `{self.ambiguity.call}`"
            )
        parts += [f"- {_heading(f)}: {f.text()}" for f in self.findings]
        if self.ambiguity is not None:
            a = self.ambiguity
            parts += [
                "",
                f"On `{a.call}` the two behave differently:",
                "",
                f"- this fix: {outcome_words(a.chosen)}",
                f"- the other edit ({a.other_edit.path}:{a.other_edit.line}): {outcome_words(a.other)}",
                "",
                "Add the behaviour you want as a test (the first assert is this fix's, the "
                "commented one the other edit's), and the tests decide it from now on:",
                "",
                "```python",
                suggested_test(self.path, a),
                "```",
            ]
        return "\n".join(parts) + "\n"


def outcome_words(outcome: str) -> str:
    """ "=3" -> "returns 3"; "!IndexError" -> "raises IndexError"."""
    if outcome.startswith("!"):
        return f"raises {outcome[1:]}"
    value, _, left = outcome[1:].partition(_LEFT_AS)
    return f"returns {value}" + (f" (and leaves its arguments as {left})" if left else "")


def suggested_test(path: str, ambiguity: Ambiguity) -> str:
    """A pytest function pinning the fix's behaviour on the distinguishing call, with the
    other candidate's behaviour as a commented alternative."""
    module = ".".join(PurePosixPath(path).with_suffix("").parts)
    if module.startswith("src."):
        module = module[len("src.") :]
    name = ambiguity.function
    test_name = f"test_{name}_as_intended".replace(".", "_")
    mine = _assertion(ambiguity.call, ambiguity.chosen)
    theirs = _assertion(ambiguity.call, ambiguity.other)
    lines = [
        *(["import pytest", "", ""] if any(a.startswith("with ") for a in (mine, theirs)) else []),
        f"def {test_name}():",
        f"    from {module} import {name}",
        "",
        "    # this fix's behaviour:",
        *(f"    {line}" for line in mine.splitlines()),
        "    # the other edit's behaviour (keep this one instead if it is what you want):",
        *(f"    # {line}" for line in theirs.splitlines()),
    ]
    return "\n".join(lines)


def _assertion(call: str, outcome: str) -> str:
    if outcome.startswith("!"):
        return f"with pytest.raises({outcome[1:]}):\n    {call}"
    value = outcome[1:].partition(_LEFT_AS)[0]
    try:
        ast.literal_eval(value)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return f"assert repr({call}) == {value!r}"
    return f"assert {call} == {value}"


_HEADINGS = {
    behaviour_change.KIND: "code no longer run",
    behaviour_change.VALUES_KIND: "value changed unchecked",
    behaviour_change.BREAKS_KIND: "other tests broken",
    behaviour_change.FAILED_AGAIN_KIND: "tests not steady",
}


def _heading(finding: Finding) -> str:
    return _HEADINGS.get(finding.kind, "suspect edit")


def _one_line(text: str) -> str:
    return " | ".join(line.strip() for line in text.strip().splitlines())


def review_of(
    path: str,
    original: str,
    fixed: str,
    ambiguity: Ambiguity | None,
    behaviour_changes: tuple[Finding, ...] = (),
) -> Review:
    """The review of a fix of `path`: `original` and `fixed` are the whole file before and
    after the edit, `ambiguity` what the search's probes found and `behaviour_changes` what
    its traced runs show passing tests doing differently (search.py, behaviour_change.py)."""
    return Review(path, ambiguity, (*behaviour_changes, *suspect_edits(original, fixed)))
