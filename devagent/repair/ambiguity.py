"""Do the tests decide the fix? Two passing candidates that behave differently say no.

After the search chooses a fix, the other candidates that passed every test within its
guard window (search.py) are behaviours the tests accept just as well. Each of them, in
the search's order, is called beside the chosen fix on the overfit guard's inputs (the
failing tests' own literal calls and those calls mutated: overfit.probe_calls, run by
_probe.py in the runner's copy and sandbox). The first input where the two behave
differently is the evidence that the tests do not decide the fix: the call, what the
chosen fix does there and what the other candidate does. An input counts when both
return and the results differ, or when the chosen fix raises where the other returns
(a crash of the other candidate alone says more about it than about the fix); a call
that hangs on either side counts for nothing. Probing stops at the first such input,
after MAX_ALTERNATIVES candidates, or at the deadline."""

from __future__ import annotations

import ast
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from devagent.repair import overfit

MAX_ALTERNATIVES = 8
_SHOWN = 160  # characters of a call or an outcome in the evidence

_SELF_PROBES = 4  # the chosen fix's calls against itself before a disagreement counts


@dataclass(frozen=True)
class Alternative:
    """Another candidate that passed every test: where it edits and its new text."""

    path: str
    line: int
    old_text: str
    new_text: str
    content: str  # the whole edited file


@dataclass(frozen=True)
class Ambiguity:
    """A call on which the chosen fix and another test-passing candidate disagree."""

    function: str  # the function called
    call: str  # the call as Python source: `gap(1, 4)`
    args: tuple[Any, ...]  # its arguments, as literals (for a suggested test)
    kwargs: tuple[tuple[str, Any], ...]
    chosen: str  # the chosen fix's outcome: "=<repr>" or "!<exception name>"
    other: str  # the other candidate's outcome there
    other_edit: Alternative
    probed: int  # how many other candidates were probed before this one was found

    def record(self) -> dict[str, Any]:
        """What the run log keeps."""
        return {
            "call": self.call,
            "chosen": self.chosen,
            "other": self.other,
            "other_edit": {
                "path": self.other_edit.path,
                "line": self.other_edit.line,
                "old": self.other_edit.old_text,
                "new": self.other_edit.new_text,
            },
            "probed": self.probed,
        }


def disagree(chosen: str, other: str) -> bool:
    """Whether two outcomes of one call tell the two programs apart (see the module's
    docstring): both returned something different, or only the chosen one raised.
    Numbers equal to 9 decimals agree, whatever their type (`0`, `0.0` and `False`: what
    a test's `==` cannot tell apart is no behaviour for the user to choose between)."""
    if "!timeout" in (chosen, other) or chosen == other:
        return False
    if chosen.startswith("=") and other.startswith("="):
        return _rounded(chosen[1:]) != _rounded(other[1:])
    return chosen.startswith("!") and other.startswith("=")


def _rounded(text: str) -> object:
    """A returned value's repr with its numbers (and truth values) as floats rounded to 9
    decimals; the repr itself when it is no literal."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return text
    return _round(value)


def _round(value: object) -> object:
    if isinstance(value, int | float):  # bools too: `False == 0`
        return ("number", round(float(value), 9))
    if isinstance(value, list | tuple):
        return (type(value).__name__, [_round(v) for v in value])
    if isinstance(value, dict):
        return ("dict", sorted((repr(k), repr(_round(v))) for k, v in value.items()))
    return (type(value).__name__, value)


def shown_call(call: overfit.Call) -> str:
    """`name(arg, ..., key=value)` with the arguments' reprs."""
    name, args, kwargs = call
    parts = [repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
    return f"{name}({', '.join(parts)})"


def distinguish(
    root: Path,
    scratch: Path,
    path: str,
    chosen: str,
    alternatives: Sequence[Alternative],
    env: dict[str, str],
    prefix: Sequence[str] = (),
    failing: Sequence[str] = (),
    deadline: float | None = None,
    python: str | None = None,
) -> Ambiguity | None:
    """The first input, over the first MAX_ALTERNATIVES `alternatives` that edit `path`,
    where one of them and `chosen` (the fix's whole file) disagree; None when none does,
    nothing can be probed, or `deadline` (time.monotonic()) passes first. The probes run
    with `python` (the project's interpreter; None: this one)."""
    if not path.endswith(".py"):
        return None
    try:
        source = (root / path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    probed_calls = overfit.probe_calls(overfit.literal_test_calls(root, source, failing))
    calls = [p.call for p in probed_calls]
    if not calls:
        return None
    same_file = [a for a in alternatives if a.path == path and a.content != chosen]
    for probed, alternative in enumerate(same_file[:MAX_ALTERNATIVES]):
        left = overfit.PROBE_TIMEOUT_S if deadline is None else deadline - time.monotonic()
        if left <= 1.0:
            return None
        results = overfit.probe(
            root,
            scratch,
            path,
            chosen,
            alternative.content,
            calls,
            env,
            prefix,
            python=python,
            timeout_s=left,
        )
        for result, call in zip(results or [], calls, strict=False):
            mine, theirs = str(result.get("original")), str(result.get("candidate"))
            if disagree(mine, theirs) and _steady(root, scratch, path, chosen, call, env, prefix, python):
                name, args, kwargs = call
                return Ambiguity(
                    name,
                    shown_call(call)[:_SHOWN],
                    tuple(args),
                    tuple(kwargs.items()),
                    mine[:_SHOWN],
                    theirs[:_SHOWN],
                    alternative,
                    probed + 1,
                )
    return None


def _steady(
    root: Path,
    scratch: Path,
    path: str,
    chosen: str,
    call: overfit.Call,
    env: dict[str, str],
    prefix: Sequence[str],
    python: str | None,
) -> bool:
    """Whether `chosen` agrees with itself on `call`, probed as both programs _SELF_PROBES
    times: a function that draws at random, or reads the clock, disagrees with itself (a
    draw from few values may repeat once, hence several), and its disagreement with another
    fix then says nothing about the two."""
    again = overfit.probe(
        root, scratch, path, chosen, chosen, [call] * _SELF_PROBES, env, prefix, python=python
    )
    outcomes = {str(r.get(side)) for r in again or [] for side in ("original", "candidate")}
    return bool(again) and not any(disagree(a, b) for a in outcomes for b in outcomes)
