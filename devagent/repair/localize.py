"""Spectrum-based fault localisation: which source lines the failing tests run and the
passing tests do not.

`localize(repo)` runs the project's pytest suite once in a subprocess with a small
plugin (_coverage_plugin.py) that records, per test, the lines executed in the
project's own non-test files and the tracked frames of a failing test's traceback.
Each executed line gets the Ochiai score ef / sqrt(F * (ef + ep)) (ef/ep: failing and
passing tests that run it, F: all failing tests), plus a bonus when it appears in a
failing test's traceback (most for the deepest frame, where the exception was raised).
Lines no failing test runs score 0. Only statement lines count: blank lines,
comments, docstrings, `def`/`class` headers and their decorators, imports and `pass`
never appear (headers run at import time, whatever the fault)."""

from __future__ import annotations

import ast
import contextlib
import json
import math
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from devagent.process import start_in_group
from devagent.repair.rules.edit import split_lines
from devagent.secret_values import scrubbed_environment
from devagent.text import without_ansi
from devagent.worktree_files import read_text_inside

PLUGIN_MODULE = "_devagent_repair_coverage"
_PLUGIN_SOURCE = Path(__file__).with_name("_coverage_plugin.py")
_DEEPEST_BONUS = 0.5  # a line where a failing test's exception was raised
_FRAME_BONUS = 0.2  # a line on the way there (a call into the faulty code)
_TERM_GRACE_S = 5.0
_OUTPUT_TAIL = 4000


@dataclass(frozen=True)
class SuspiciousLine:
    path: str  # repo-relative, posix
    line: int  # 1-based
    score: float
    text: str  # the line as written, without its line ending


@dataclass
class TestSpectrum:
    __test__ = False  # not a pytest test class

    nodeid: str
    outcome: str  # passed | failed | skipped
    lines: dict[str, set[int]]
    trace: list[tuple[str, int]]  # tracked frames of the failure, outermost first
    timeout: bool = False
    conditions: dict[str, list[tuple[int, int, int]]] = field(default_factory=dict)  # see run_traced
    values: list[tuple[str, str]] = field(default_factory=list)  # (function, repr) returned, see run_traced


@dataclass
class Localization:
    lines: list[SuspiciousLine]  # most suspicious first, score > 0, at most `limit`
    failing: list[str]
    passing: list[str]
    duration_s: float
    scores: dict[tuple[str, int], float] = field(default_factory=dict)  # every covered statement line
    error: str | None = None  # why the run gave no usable spectrum (timeout, no plugin output, ...)
    output: str = ""  # the tail of pytest's output

    def score(self, path: str, line: int) -> float:
        return self.scores.get((path, line), 0.0)


def localize(
    repo: Path,
    test_command_args: Sequence[str] | None = None,
    timeout_s: float = 120,
    limit: int = 20,
    *,
    command_prefix: Sequence[str] | Callable[[Path], Sequence[str]] = (),
    env: Mapping[str, str] | None = None,
    scratch_dir: Path | None = None,
    python: str | None = None,
) -> Localization:
    """Run the suite once under the coverage plugin and rank the lines it implicates.

    `test_command_args` are extra pytest arguments (test paths, -k ...). On a timeout
    the test that was running counts as failing, with its interrupted stack as its
    traceback, and the tests that had finished keep their spectra. `scratch_dir` holds
    the plugin and its output (inside a sandbox, a folder the sandbox shows); `python` is
    the project's interpreter (None: this one)."""
    root = Path(repo).resolve()
    started = time.monotonic()
    spectra, output, error = run_traced(
        root,
        test_command_args,
        timeout_s,
        command_prefix=command_prefix,
        env=env,
        scratch_dir=scratch_dir,
        python=python,
    )
    if not spectra and error is None:
        last = [line.strip() for line in output.splitlines() if line.strip()][-1:] or ["(no output)"]
        error = f"the test run recorded no test (collection error, or none collected): {last[0]}"
    result = rank_lines(spectra, root, limit)
    result.duration_s = time.monotonic() - started
    result.error = error
    result.output = output[-_OUTPUT_TAIL:]
    return result


def run_traced(
    root: Path,
    test_command_args: Sequence[str] | None,
    timeout_s: float,
    *,
    command_prefix: Sequence[str] | Callable[[Path], Sequence[str]] = (),
    env: Mapping[str, str] | None = None,
    scratch_dir: Path | None = None,
    conditions: Mapping[str, Sequence[str]] | None = None,
    python: str | None = None,
    watch: str | None = None,
) -> tuple[list[TestSpectrum], str, str | None]:
    """Run the suite in `root` under the coverage plugin: each test's spectrum, the
    output, and why the run went wrong (None). `conditions` ({"rel:line": [expression,
    ...]}) are evaluated where those lines run; the values the functions of the file
    `watch` (repo-relative) return are kept, under a fixed hash seed so that two runs
    order sets alike (see _coverage_plugin.py)."""
    with tempfile.TemporaryDirectory(prefix="devagent-sbfl-", dir=scratch_dir) as scratch:
        plugin_dir = Path(scratch) / "plugin"
        plugin_dir.mkdir()
        (plugin_dir / f"{PLUGIN_MODULE}.py").write_text(_PLUGIN_SOURCE.read_text(encoding="utf-8"))
        out_file = Path(scratch) / "spectra.jsonl"
        run_env = scrubbed_environment() if env is None else dict(env)  # no secrets, as in ShellTool
        run_env["PYTHONPATH"] = os.pathsep.join(p for p in (str(plugin_dir), run_env.get("PYTHONPATH")) if p)
        run_env["PYTHONDONTWRITEBYTECODE"] = "1"
        run_env["DEVAGENT_REPAIR_COVERAGE_OUT"] = str(out_file)
        run_env["DEVAGENT_REPAIR_COVERAGE_ROOT"] = str(root)
        if conditions:
            conditions_file = Path(scratch) / "conditions.json"
            listed = {key: list(expressions) for key, expressions in conditions.items()}
            conditions_file.write_text(json.dumps(listed), encoding="utf-8")
            run_env["DEVAGENT_REPAIR_CONDITIONS"] = str(conditions_file)
        if watch:
            run_env["DEVAGENT_REPAIR_VALUES"] = watch
            run_env["PYTHONHASHSEED"] = "0"
        prefix = command_prefix(root) if callable(command_prefix) else command_prefix
        argv = [
            *prefix,
            python or sys.executable,
            "-m",
            "pytest",
            "-q",
            "--tb=short",
            "-p",
            "no:cacheprovider",
            "-p",
            PLUGIN_MODULE,
            *(test_command_args or ()),
        ]
        output, error = _run(argv, root, run_env, timeout_s)
        spectra = read_spectra(out_file) if out_file.exists() else []
    return spectra, output, error


def _run(argv: list[str], cwd: Path, env: dict[str, str], timeout_s: float) -> tuple[str, str | None]:
    """Run pytest in its own process group; on timeout SIGTERM it (the plugin writes the
    running test out), then kill the whole group. Returns (output, error or None)."""
    with tempfile.TemporaryFile() as log:
        try:
            proc = start_in_group(
                argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT
            )
        except OSError as exc:
            return "", f"cannot start pytest: {exc}"
        error: str | None = None
        try:
            proc.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            error = f"the test run timed out after {timeout_s:g}s"
            _signal(proc.pid, signal.SIGTERM, group=False)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=_TERM_GRACE_S)
        _signal(proc.pid, signal.SIGKILL, group=True)
        proc.wait()
        log.seek(0)
        output = without_ansi(log.read().decode("utf-8", errors="replace"))
    return output, error


def _signal(pid: int, sig: signal.Signals, group: bool) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        if group:
            os.killpg(pid, sig)
        else:
            os.kill(pid, sig)


def read_spectra(path: Path) -> list[TestSpectrum]:
    """The plugin's JSON lines; a test written twice (a timeout after its record) keeps the last."""
    found: dict[str, TestSpectrum] = {}
    for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            data: Any = json.loads(raw)
        except json.JSONDecodeError:
            continue  # a line cut short by the kill
        if not isinstance(data, dict) or not isinstance(data.get("nodeid"), str):
            continue
        try:  # the tests can write this file too: a line of the wrong shape is skipped
            lines = {
                str(rel): {int(n) for n in numbers} for rel, numbers in dict(data.get("lines", {})).items()
            }
            trace = [(str(rel), int(n)) for rel, n in data.get("trace", [])]
            conditions = {
                str(key): [(int(t), int(f), int(e)) for t, f, e in counts]
                for key, counts in dict(data.get("conditions", {})).items()
            }
            values = [(str(function), str(text)) for function, text in data.get("values", [])]
        except (TypeError, ValueError):
            continue
        found[data["nodeid"]] = TestSpectrum(
            data["nodeid"],
            str(data.get("outcome")),
            lines,
            trace,
            bool(data.get("timeout")),
            conditions,
            values,
        )
    return list(found.values())


def rank_lines(spectra: Sequence[TestSpectrum], root: Path, limit: int = 20) -> Localization:
    """Ochiai scores plus the traceback bonus, statement lines only."""
    failing = [s.nodeid for s in spectra if s.outcome == "failed"]
    passing = [s.nodeid for s in spectra if s.outcome == "passed"]
    ef: Counter[tuple[str, int]] = Counter()
    ep: Counter[tuple[str, int]] = Counter()
    deepest: Counter[tuple[str, int]] = Counter()
    on_trace: Counter[tuple[str, int]] = Counter()
    trace_order: dict[tuple[str, int], int] = {}
    for spectrum in spectra:
        if spectrum.outcome not in ("passed", "failed"):
            continue
        counter = ef if spectrum.outcome == "failed" else ep
        for rel, numbers in spectrum.lines.items():
            counter.update((rel, n) for n in numbers)
        if spectrum.outcome == "failed" and spectrum.trace:
            deepest[spectrum.trace[-1]] += 1
            on_trace.update(set(spectrum.trace[:-1]))
            for depth, frame in enumerate(reversed(spectrum.trace)):
                trace_order[frame] = min(trace_order.get(frame, depth), depth)
    total_failed = len(failing)
    statements = _StatementLines(root)
    scores: dict[tuple[str, int], float] = {}
    for key in set(ef) | set(ep) | set(deepest) | set(on_trace):
        if not statements.is_statement(*key):
            continue
        fail, passed = ef[key], ep[key]
        score = fail / math.sqrt(total_failed * (fail + passed)) if fail and total_failed else 0.0
        if total_failed:
            score += _DEEPEST_BONUS * deepest[key] / total_failed
            score += _FRAME_BONUS * on_trace[key] / total_failed
        scores[key] = round(score, 6)

    def over_more_suspicious(key: tuple[str, int]) -> bool:
        # a condition deciding whether a more suspicious line runs: faults in predicates
        # show up in the spectra of the lines they guard, so on a tie it goes first
        rel, line = key
        return any(scores.get((rel, n), 0.0) > scores[key] for n in statements.guarded(rel, line))

    ranked = sorted(
        (key for key, score in scores.items() if score > 0),
        key=lambda key: (
            -scores[key],
            trace_order.get(key, len(trace_order) + 1),
            not over_more_suspicious(key),
            key,
        ),
    )
    lines = [SuspiciousLine(rel, n, scores[(rel, n)], statements.text(rel, n)) for rel, n in ranked[:limit]]
    return Localization(lines=lines, failing=failing, passing=passing, duration_s=0.0, scores=scores)


class _StatementLines:
    """Which lines of a file hold (part of) a statement worth editing."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._lines: dict[str, list[str]] = {}
        self._allowed: dict[str, set[int] | None] = {}
        self._guarded: dict[str, dict[int, set[int]]] = {}

    def text(self, rel: str, line: int) -> str:
        lines = self._source(rel)
        return lines[line - 1].rstrip("\r\n") if 0 < line <= len(lines) else ""

    def _source(self, rel: str) -> list[str]:
        if rel not in self._lines:
            try:
                text = read_text_inside(self.root, rel)
            except (OSError, UnicodeDecodeError):
                text = ""
            self._lines[rel] = split_lines(text)
        return self._lines[rel]

    def guarded(self, rel: str, line: int) -> set[int]:
        """The lines an `if` or `while` whose header starts at `line` decides to run
        (its body and its else branch); empty for any other line."""
        if rel not in self._guarded:
            self._guarded[rel] = _guarded_lines("".join(self._source(rel)))
        return self._guarded[rel].get(line, set())

    def is_statement(self, rel: str, line: int) -> bool:
        if rel not in self._allowed:
            self._allowed[rel] = statement_lines("".join(self._source(rel)))
        allowed = self._allowed[rel]
        stripped = self.text(rel, line).strip()
        if not stripped or stripped.startswith("#"):
            return False
        return allowed is None or line in allowed


def _guarded_lines(source: str) -> dict[int, set[int]]:
    """Per `if`/`while` header line, the lines of its body and its else branch."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return {}
    guarded: dict[int, set[int]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.If | ast.While):
            lines = guarded.setdefault(node.lineno, set())
            for statement in [*node.body, *node.orelse]:
                lines.update(range(statement.lineno, (statement.end_lineno or statement.lineno) + 1))
    return guarded


_HEADER_ONLY = (ast.If, ast.While, ast.For, ast.AsyncFor, ast.With, ast.AsyncWith, ast.Match)
_SKIPPED = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.Import,
    ast.ImportFrom,
    ast.Global,
    ast.Nonlocal,
    ast.Pass,
    ast.Try,
    ast.TryStar,
)


def statement_lines(source: str) -> set[int] | None:
    """Lines of statements worth editing: simple statements whole, compound statements
    (if/while/for/with/match) by their header only; None when the source does not parse."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            first = node.body[0] if node.body else None
            value = first.value if isinstance(first, ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                docstrings.add(id(first))
    lines: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.stmt) or isinstance(node, _SKIPPED) or id(node) in docstrings:
            continue
        end = node.end_lineno or node.lineno
        if isinstance(node, _HEADER_ONLY):
            if isinstance(node, ast.Match):
                start_of_body = node.cases[0].pattern.lineno if node.cases else end + 1
            else:
                start_of_body = node.body[0].lineno if node.body else end + 1
            end = max(node.lineno, start_of_body - 1)
        lines.update(range(node.lineno, end + 1))
    return lines
