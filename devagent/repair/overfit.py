"""Overfit guard: does a test-passing candidate change behaviour it has no reason to?

After a candidate passes, the functions of the edited module that the tests call with
literal arguments (or names the test module or the test binds to literals) are called
again on mutated copies of those arguments (numbers +-1, sequences shortened, reversed,
emptied or given a repeated item, a number in a sequence moved by one or made zero,
strings cut or given a first or last character of another kind), in the original module
and in the candidate (_probe.py, a subprocess in the runner's copy and sandbox); a
call's behaviour is its result and what it left in its arguments. As in
Xiong et al.'s test-behaviour similarity (ICSE 2018), a fix should change behaviour near
the failing tests' inputs and leave the passing tests' neighbourhood alone. Each of these
counts against a candidate:
- it returns something else although the original never executed the edited lines (the
  tests never reached the edit's effect there, so the change has no test behind it);
- near a passing test's input, it raises or hangs where the original returned a value,
  or returns something else;
- near a failing test's input, it raises a lookup, type or recursion error (or hangs)
  where the original returned a value. (A ValueError, ZeroDivisionError or
  AssertionError there is no evidence: the fix may enforce a precondition the buggy
  code ignored, like the mean of no values.)
- it returns an int where the function's other results are all floats, or the reverse
  (`if not legs: return 0` passes `== 0.0`, but a base case should return the type the
  function does).
An input where the original returns what it returned to a failing test's own call
counts as near a failing test: it shows the symptom (Xiong et al. classify generated
inputs by their likeness to the failing tests).
A candidate with a count ranks after a passing one with a lower count (see repair()),
and the suspicion goes into the PR; a synthesised one with a count never wins."""

from __future__ import annotations

import ast
import contextlib
import copy
import itertools
import json
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from devagent.process import kill_group, start_in_group
from devagent.repair.rules.edit import Edit
from devagent.worktree_files import path_inside, write_inside, write_text_inside

_PROBE_SOURCE = Path(__file__).parent / "_probe.py"
_SKIP_DIRS = frozenset({".git", ".venv", "venv", "node_modules", "__pycache__", ".tox"})
MAX_CALLS = 90
MAX_ELEMENTS = 4  # numbers moved per sequence argument
_PRECONDITION_ERRORS = frozenset({"ValueError", "ZeroDivisionError", "AssertionError", "ArithmeticError"})
PROBE_TIMEOUT_S = 20.0

Call = tuple[str, list[Any], dict[str, Any]]


@dataclass(frozen=True)
class Probed:
    call: Call
    from_failing: bool  # derived from a call a failing test makes
    own: bool = False  # the failing test's own call, probed for the symptom (not judged)


@dataclass(frozen=True)
class Suspicion:
    score: int  # 0: nothing suspect
    reason: str | None


def literal_test_calls(root: Path, module_source: str, failing: Sequence[str] = ()) -> list[Probed]:
    """Calls in the test files of functions the module defines, with literal arguments,
    each marked by whether a failing test (a pytest node id in `failing`) makes it."""
    try:
        defined = {
            n.name
            for n in ast.parse(module_source).body
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        }
    except SyntaxError:
        return []
    failing_tests = {_test_key(node_id) for node_id in failing}
    found: list[Probed] = []
    seen: set[str] = set()
    for path in sorted(root.rglob("*.py")):
        name = path.name
        if not (name.startswith("test_") or name.endswith("_test.py")):
            continue
        if _SKIP_DIRS.intersection(path.relative_to(root).parts):
            continue
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (OSError, SyntaxError, UnicodeDecodeError):
            continue
        rel = path.relative_to(root).as_posix()
        constants = _module_constants(tree)
        for test in ast.walk(tree):
            if not isinstance(test, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if not test.name.startswith("test"):
                continue
            from_failing = (rel, test.name) in failing_tests
            # tests often name an input before the call (`meetings = [...]`)
            known = dict(constants)
            for statement in test.body:
                _bind_literal(statement, known)
            for node in ast.walk(test):
                call = _literal_call(node, defined, known)
                if call is not None and (key := repr(call)) not in seen:
                    seen.add(key)
                    found.append(Probed(call, from_failing))
    return found


def _test_key(node_id: str) -> tuple[str, str]:
    """("tests/test_a.py", "test_x") of "tests/test_a.py::TestA::test_x[1]"."""
    path, _, rest = node_id.partition("::")
    return path, rest.split("::")[-1].split("[", 1)[0]


def _module_constants(tree: ast.Module) -> dict[str, Any]:
    """`ITEMS = [1, 3, 5]` at the top of a test file: tests often name their inputs once."""
    constants: dict[str, Any] = {}
    for node in tree.body:
        _bind_literal(node, constants)
    return constants


def _bind_literal(node: ast.stmt, known: dict[str, Any]) -> None:
    """Record `NAME = <literal>` in `known`; a name bound to anything else is forgotten."""
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
        try:
            known[node.targets[0].id] = _literal(node.value, known)
        except _NOT_LITERAL:
            known.pop(node.targets[0].id, None)


_NOT_LITERAL = (ValueError, TypeError, SyntaxError, MemoryError, RecursionError)


def _literal(node: ast.expr, constants: dict[str, Any]) -> Any:
    """ast.literal_eval that also reads the module's constants (copied: probes mutate)."""
    if isinstance(node, ast.Name):
        if node.id in constants:
            return copy.deepcopy(constants[node.id])
        raise ValueError(node.id)
    if isinstance(node, ast.List | ast.Tuple | ast.Set):
        items = [_literal(item, constants) for item in node.elts]
        return (
            list(items)
            if isinstance(node, ast.List)
            else tuple(items)
            if isinstance(node, ast.Tuple)
            else set(items)
        )
    if isinstance(node, ast.Dict):
        if any(key is None for key in node.keys):
            raise ValueError("**")
        return {
            _literal(k, constants): _literal(v, constants)
            for k, v in zip(node.keys, node.values, strict=True)
            if k
        }
    return ast.literal_eval(node)


def _literal_call(node: ast.AST, defined: set[str], constants: dict[str, Any]) -> Call | None:
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
    if name not in defined:
        return None
    if any(k.arg is None for k in node.keywords):
        return None
    try:
        args = [_literal(a, constants) for a in node.args]
        kwargs = {k.arg: _literal(k.value, constants) for k in node.keywords if k.arg is not None}
    except _NOT_LITERAL:
        return None
    return name, args, kwargs


def _variants(value: Any) -> Iterator[Any]:
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, int):
        yield from (value + 1, value - 1, 0)
    elif isinstance(value, float):
        yield from (value + 1.0, -value)
    elif isinstance(value, str):
        yield from (value[:-1], value + value[:1], "")
        if value:  # the first and the last character of another kind: a letter, a digit
            yield _other_kind(value[0]) + value[1:]
            yield value[:-1] + _other_kind(value[-1])
    elif isinstance(value, list | tuple):
        kind = type(value)
        if value:
            yield from (kind(value[:-1]), kind(value[::-1]), kind(value[1:]))
            # an item seen twice: a skip of repeats (`if x in seen`) shows itself
            yield kind([value[0], *value])
        yield kind()
        # a number inside made zero: `if not x` and `if x is None` part ways there (in
        # a sorted list, only where it stays sorted: a search's domain)
        ordered = _sorted_numbers(value)
        for i, item in enumerate(value[:MAX_ELEMENTS]):
            if isinstance(item, int | float) and not isinstance(item, bool) and item != 0:
                zeroed = [*value[:i], type(item)(0), *value[i + 1 :]]
                if not ordered or _sorted_numbers(zeroed):
                    yield kind(zeroed)
        # one number inside the sequence moved by one: a filter's or a bound's edge
        for i, item in enumerate(value[:MAX_ELEMENTS]):
            if isinstance(item, int) and not isinstance(item, bool):
                for moved in (item - 1, item + 1):
                    yield kind([*value[:i], moved, *value[i + 1 :]])


def _sorted_numbers(value: Sequence[Any]) -> bool:
    """Two or more numbers (no bools), in non-decreasing order."""
    numbers = all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    return numbers and len(value) > 1 and all(a <= b for a, b in itertools.pairwise(value))


def _other_kind(char: str) -> str:
    return "a" if char.isdigit() else "7"


def mutated(calls: Sequence[Probed], limit: int = MAX_CALLS) -> list[Probed]:
    """Each call with one argument changed at a time, without the calls the tests make."""
    seen = {repr(p.call) for p in calls}
    per_call: list[list[Probed]] = []
    for probed in calls:
        name, args, kwargs = probed.call
        mine: list[Probed] = []
        for i, value in enumerate(args):
            for variant in _variants(value):
                call = (name, [*args[:i], variant, *args[i + 1 :]], kwargs)
                if repr(call) not in seen:
                    seen.add(repr(call))
                    mine.append(Probed(call, probed.from_failing))
        per_call.append(mine)
    # round robin: the limit is spread over the tests' calls, not spent on the first
    out = [c for group in itertools.zip_longest(*per_call) for c in group if c is not None]
    return out[:limit]


def probe_calls(calls: Sequence[Probed], limit: int = MAX_CALLS) -> list[Probed]:
    """What the probe runs: the failing tests' own calls (their original results are the
    symptom), then the mutated calls."""
    own = [Probed(p.call, True, own=True) for p in calls if p.from_failing]
    return [*own, *mutated(calls, limit)]


def judge(results: Sequence[dict[str, Any]], calls: Sequence[Probed]) -> Suspicion:
    """How suspect the candidate is (the count of the module docstring's cases) and the
    first case in words. An input where the original gives what it gave a failing test's
    own call behaves like a failing test (the symptom), whichever test it was derived from."""
    pairs = list(zip(results, calls, strict=False))
    symptoms = {str(result.get("original")) for result, probed in pairs if probed.own}
    score = 0
    reasons: list[str] = []
    odd = _odd_number_type(pairs)
    if odd is not None:
        score += 1
        reasons.append(odd)
    for result, probed in pairs:
        before, after = str(result.get("original")), str(result.get("candidate"))
        if before == after or probed.own:
            continue
        if before in symptoms:
            probed = Probed(probed.call, True)
        shown = _shown(probed.call)
        change = f"{before[1:][:40]} -> {after[1:][:40]}"
        if (
            before.startswith("=")
            and after.startswith("!")
            and (not probed.from_failing or after[1:] not in _PRECONDITION_ERRORS)
        ):
            score += 1
            reasons.append(f"{shown} raises {after[1:]} with the fix but returned {before[1:][:60]} before")
        elif not result.get("reached"):
            score += 1
            reasons.append(f"{shown} changes ({change}) where the edited line never ran")
        elif not probed.from_failing and not before.startswith("!"):
            score += 1
            reasons.append(f"{shown} changes ({change}), near a passing test's input")
    if not reasons:
        return Suspicion(0, None)
    more = f" (and {len(reasons) - 1} more such input(s))" if len(reasons) > 1 else ""
    return Suspicion(score, reasons[0] + more)


_INT = re.compile(r"-?\d+")
_FLOAT = re.compile(r"-?(?:\d+\.\d*(?:e[-+]?\d+)?|\d+e[-+]?\d+|inf|nan)")


def _number_type(outcome: str) -> str | None:
    """ "int" or "float" for a call that returned one (by its repr), else None."""
    if not outcome.startswith("="):
        return None
    text = outcome[1:]
    return "int" if _INT.fullmatch(text) else "float" if _FLOAT.fullmatch(text) else None


def _odd_number_type(pairs: Sequence[tuple[dict[str, Any], Probed]]) -> str | None:
    """A candidate that returns an int where a function returns only floats otherwise
    (or a float among ints): `if not legs: return 0` passes `== 0.0`, but a base case or
    an early exit should hand back the type of the function's other results. Each
    function probed is judged on its own results."""
    by_function: dict[str, list[tuple[dict[str, Any], Probed]]] = {}
    for result, probed in pairs:
        by_function.setdefault(probed.call[0], []).append((result, probed))
    for calls in by_function.values():
        usual = _usual_number_type(calls)
        if usual is None:
            continue
        for result, probed in calls:
            before, after = str(result.get("original")), str(result.get("candidate"))
            kind = _number_type(after)
            if before != after and kind is not None and kind != usual:
                article = "an" if kind == "int" else "a"
                where = f"where the function otherwise returns {usual}s"
                return f"{_shown(probed.call)} returns {article} {kind} {where}"
    return None


def _usual_number_type(calls: Sequence[tuple[dict[str, Any], Probed]]) -> str | None:
    """The one number type a function returns ("int" or "float"), None if it returns
    both or none. Where the original returns no number (a recursion with no base case
    raises on every input), the type most of the candidate's results have."""
    usual = {k for result, _ in calls if (k := _number_type(str(result.get("original")))) is not None}
    if not usual:
        kinds = Counter(k for r, _ in calls if (k := _number_type(str(r.get("candidate")))) is not None)
        ranked = kinds.most_common()
        if len(ranked) == 2 and ranked[0][1] > ranked[1][1]:
            return ranked[0][0]
    return next(iter(usual)) if len(usual) == 1 else None


def _shown(call: Call) -> str:
    """A probed call as a suspicion names it: `f(1, [2, 3])`, cut short."""
    name, args, _ = call
    return f"{name}({', '.join(repr(a) for a in args)})"[:120]


def check(
    root: Path,
    scratch: Path,
    path: str,
    edit: Edit,
    content: str,
    env: dict[str, str],
    prefix: Sequence[str] = (),
    failing: Sequence[str] = (),
    python: str | None = None,
) -> Suspicion:
    """Probe `content` (the candidate for `path`, repo-relative) against the original
    file in the copy at `root`; score 0 when nothing is suspect or nothing can be probed."""
    clean = Suspicion(0, None)
    if not path.endswith(".py"):
        return clean
    original = root / path
    try:
        source = original.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return clean
    calls = probe_calls(literal_test_calls(root, source, failing))
    if not calls:
        return clean
    lines = list(range(edit.line, edit.line + edit.span))
    results = probe(root, scratch, path, None, content, [p.call for p in calls], env, prefix, lines, python)
    return judge(results, calls) if results is not None else clean


def probe(
    root: Path,
    scratch: Path,
    path: str,
    first: str | None,
    second: str,
    calls: Sequence[Call],
    env: dict[str, str],
    prefix: Sequence[str] = (),
    lines: Sequence[int] = (),
    python: str | None = None,
    timeout_s: float = PROBE_TIMEOUT_S,
) -> list[dict[str, Any]] | None:
    """Each call's outcome in two versions of the module at `path` (repo-relative, in the
    copy at `root`), by _probe.py in a subprocess of `python` (None: this one): `first`
    (None: the file as it is) as "original", `second` as "candidate", and whether `lines`
    of the first ran. Outcomes are "=<repr>" or "!<exception name>"; None when the probe
    could not run."""
    original = root / path
    folder = scratch / "tools" / "probe"
    scratch.mkdir(parents=True, exist_ok=True)
    try:
        # The scratch folder is writable by the tests: no write follows a symlink there.
        if first is not None:
            original = folder / "first.py"
            write_text_inside(scratch, "tools/probe/first.py", first)
        candidate = folder / "candidate.py"
        write_text_inside(scratch, "tools/probe/candidate.py", second)
        script = folder / "probe.py"
        write_inside(scratch, "tools/probe/probe.py", _PROBE_SOURCE.read_bytes())
        request = folder / "request.json"
        search_path = [str((root / path).parent), str(root)]
        write_text_inside(
            scratch,
            "tools/probe/request.json",
            json.dumps(
                {
                    "original": str(original),
                    "candidate": str(candidate),
                    "lines": list(lines),
                    "calls": list(calls),
                    "path": search_path,
                }
            ),
        )
        return _run([*prefix, python or sys.executable, str(script), str(request)], root, env, timeout_s)
    except (OSError, TypeError, ValueError):
        return None
    finally:
        with contextlib.suppress(OSError):  # only a folder of the scratch, never through a link
            path_inside(scratch, "tools/probe")
            shutil.rmtree(folder, ignore_errors=True)


def _run(argv: list[str], cwd: Path, env: dict[str, str], timeout_s: float) -> list[dict[str, Any]] | None:
    run_env = dict(env, PYTHONDONTWRITEBYTECODE="1")
    proc = start_in_group(
        argv,
        cwd=cwd,
        env=run_env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        out, _ = proc.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        kill_group(proc.pid)
        proc.communicate()
        return None
    kill_group(proc.pid)
    if proc.returncode != 0:
        return None
    try:
        data = json.loads(out.decode("utf-8", errors="replace").strip().splitlines()[-1])
    except (ValueError, IndexError):
        return None
    return data if isinstance(data, list) else None
