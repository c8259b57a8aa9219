"""The differential overfit check: a candidate that passes a task's tests is run against the
reference program (the buggy repo with fix.diff applied) on random inputs derived from the tests'
own calls, and must behave the same.

Inputs: every call in the task's tests/test_*.py to one of the task's entry points whose arguments
are literals (or module-level literal constants of the test file, or date/datetime/timedelta/Decimal
built from literals) is a seed. Each seed is kept and mutated type by type (integers and floats
nudged, strings edited, lists grown, shrunk and edited with sortedness kept, dict values mutated,
booleans flipped), with a fixed random seed so a run is repeatable.

Each program runs in its own subprocess (a whole-run timeout, and a per-call alarm inside) and
reports, per input, the normalised return value plus the arguments after the call (a function may
work in place), or the exception's type. Inputs the reference program raises on (outside the
function's domain) or does not finish are not compared, unless they are the tests' own calls.
"""

from __future__ import annotations

import ast
import contextlib
import datetime as dt
import itertools
import json
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from bench.repair.check_tasks import Task, _git, defined_functions, materialize

DEFAULT_INPUTS = 300
MUTANTS_PER_SEED = 40
RANDOM_SEED = 1729
CALL_LIMIT_S = 1.0
RUN_TIMEOUT_S = 60.0
# Constructors a seed argument may use besides plain literals.
CONSTRUCTORS: dict[str, Any] = {
    "date": dt.date,
    "datetime": dt.datetime,
    "timedelta": dt.timedelta,
    "Decimal": Decimal,
    "list": list,
    "tuple": tuple,
    "range": range,
}

Call = tuple[str, tuple[Any, ...], dict[str, Any]]


@dataclass
class Differential:
    """The outcome of comparing a candidate with the reference program."""

    available: bool
    agreed: bool = True
    inputs: int = 0
    compared: int = 0
    disagreements: int = 0
    example: str = ""
    why: str = ""
    seeds: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def overfit(self) -> bool | None:
        """True: the candidate disagrees with the reference; None: no check was possible."""
        return None if not self.available else not self.agreed

    def summary(self) -> str:
        if not self.available:
            return f"differential: not available ({self.why})"
        if self.agreed:
            return f"differential: agrees with the reference on {self.compared} inputs"
        return (
            f"differential: disagrees with the reference on {self.disagreements} of {self.compared} "
            f"inputs, e.g. {self.example}"
        )


# -------------------------------------------------------------------------------------------- seeds


class _NotLiteral(Exception):
    pass


def _value(node: ast.expr, constants: dict[str, Any]) -> Any:
    """The value of a literal expression, a known constant name, or a whitelisted constructor."""
    if isinstance(node, ast.Name) and node.id in constants:
        return constants[node.id]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CONSTRUCTORS:
        args = [_value(arg, constants) for arg in node.args]
        kwargs = {kw.arg: _value(kw.value, constants) for kw in node.keywords if kw.arg}
        return CONSTRUCTORS[node.func.id](*args, **kwargs)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "replace":
        receiver = _value(node.func.value, constants)
        if isinstance(receiver, (dt.date, dt.datetime)):  # TUESDAY.replace(hour=10) in a test
            kwargs = {kw.arg: _value(kw.value, constants) for kw in node.keywords if kw.arg}
            return receiver.replace(**kwargs)
        raise _NotLiteral
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        items = [_value(item, constants) for item in node.elts]
        return {ast.List: list, ast.Tuple: tuple, ast.Set: set}[type(node)](items)
    if isinstance(node, ast.Dict):
        if any(key is None for key in node.keys):
            raise _NotLiteral
        return {
            _value(k, constants): _value(v, constants)
            for k, v in zip(node.keys, node.values, strict=True)
            if k
        }
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError):
        raise _NotLiteral from None


def seed_calls(
    repo: Path,
    entry_points: tuple[str, ...] | list[str],
    test_files: Sequence[Path] | None = None,
    *,
    attribute_calls: bool = False,
) -> list[Call]:
    """The tests' calls to entry points whose arguments can be evaluated, in file order.
    `test_files`: the files to read (default: repo/tests/test_*.py); `attribute_calls`:
    `module.name(...)` counts as a call of entry point `name` too (a real project's tests
    call its functions through their module)."""
    wanted = set(entry_points)
    calls: list[Call] = []
    files = sorted((repo / "tests").glob("test_*.py")) if test_files is None else list(test_files)
    for path in files:
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        except (OSError, SyntaxError, ValueError):
            continue
        constants: dict[str, Any] = {}
        for statement in tree.body:
            if (
                isinstance(statement, ast.Assign)
                and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name)
            ):
                try:
                    constants[statement.targets[0].id] = _value(statement.value, constants)
                except Exception:  # not a literal (or a constructor that refuses its arguments)
                    continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _called_name(node.func, attribute_calls)
            if name not in wanted:
                continue
            if any(isinstance(arg, ast.Starred) for arg in node.args) or any(
                kw.arg is None for kw in node.keywords
            ):
                continue
            try:
                args = tuple(_value(arg, constants) for arg in node.args)
                kwargs = {str(kw.arg): _value(kw.value, constants) for kw in node.keywords}
            except Exception:
                continue
            calls.append((str(name), args, kwargs))
    return calls


def _called_name(func: ast.expr, attribute_calls: bool) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if attribute_calls and isinstance(func, ast.Attribute):
        return func.attr
    return None


# ----------------------------------------------------------------------------------------- mutation

_EXTRA_CHARS = "a Z0-,._"


def _mutate_int(value: int, rng: random.Random, nonnegative: bool) -> int:
    choice = rng.random()
    if choice < 0.5:
        out = value + rng.choice((-2, -1, 1, 2))
    elif choice < 0.8:
        out = rng.randint(-3, max(6, 2 * abs(value) + 3))
    else:
        out = rng.choice((0, 1, -1, value * 2, value // 2))
    return abs(out) if nonnegative else out


def _mutate_str(value: str, rng: random.Random) -> str:
    chars = list(value)
    alphabet = (value or "") + _EXTRA_CHARS
    for _ in range(rng.randint(1, 2)):
        op = rng.random()
        if op < 0.35 and chars:
            chars.pop(rng.randrange(len(chars)))
        elif op < 0.7:
            chars.insert(rng.randint(0, len(chars)), rng.choice(alphabet))
        elif chars:
            chars[rng.randrange(len(chars))] = rng.choice(alphabet)
    return "".join(chars)


def _is_sorted(items: list[Any]) -> bool:
    """Ascending; a list of at most one item counts (its mutants stay sorted: valid input for a
    function that needs sorted input, still valid input for one that does not)."""
    try:
        return all(a <= b for a, b in itertools.pairwise(items))
    except TypeError:
        return False


def mutate(value: Any, rng: random.Random) -> Any:
    """A value of the same shape as value, randomly changed (possibly equal to it)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return (not value) if rng.random() < 0.5 else value
    if isinstance(value, int):
        return _mutate_int(value, rng, nonnegative=value >= 0 and rng.random() < 0.8)
    if isinstance(value, float):
        return round(
            value + rng.choice((-1.5, -1.0, -0.5, 0.25, 0.5, 1.0, 2.0)) * rng.random() * max(1.0, abs(value)),
            3,
        )
    if isinstance(value, Decimal):
        return value + Decimal(rng.randint(-300, 300)) / 100
    if isinstance(value, str):
        return _mutate_str(value, rng)
    if isinstance(value, dt.datetime):
        return value + dt.timedelta(hours=rng.randint(-72, 72), minutes=rng.choice((0, 0, 15, 30, 45)))
    if isinstance(value, dt.date):
        return value + dt.timedelta(days=rng.randint(-40, 40))
    if isinstance(value, dt.timedelta):
        return value + dt.timedelta(minutes=rng.randint(-120, 120))
    if isinstance(value, tuple):
        return tuple(mutate(item, rng) if rng.random() < 0.5 else item for item in value)
    if isinstance(value, dict):
        return {k: (mutate(v, rng) if rng.random() < 0.5 else v) for k, v in value.items()}
    if isinstance(value, (list, set)):
        items = list(value)
        was_sorted = _is_sorted(items)
        for _ in range(rng.randint(1, 3)):
            op = rng.random()
            if op < 0.3 and items:
                items.pop(rng.randrange(len(items)))
            elif op < 0.6 and items:
                items.insert(rng.randint(0, len(items)), mutate(rng.choice(items), rng))
            elif items:
                i = rng.randrange(len(items))
                items[i] = mutate(items[i], rng)
        if was_sorted:
            with contextlib.suppress(TypeError):
                items.sort()
        return set(items) if isinstance(value, set) else items
    return value


def generate_inputs(seeds: list[Call], count: int = DEFAULT_INPUTS, seed: int = RANDOM_SEED) -> list[Call]:
    """The seeds themselves, then mutants of them round-robin (each argument changed with
    probability one half, at least one changed), duplicates dropped, at most count in all."""
    rng = random.Random(seed)
    out: list[Call] = []
    seen: set[str] = set()

    def add(call: Call) -> None:
        key = repr(call)
        if key not in seen and len(out) < count:
            seen.add(key)
            out.append(call)

    for call in seeds:
        add(call)
    for _ in range(MUTANTS_PER_SEED):
        for name, args, kwargs in seeds:
            positions = list(range(len(args))) + [f"k:{k}" for k in kwargs]
            if not positions:
                continue
            forced = rng.choice(positions)
            new_args = tuple(
                mutate(arg, rng) if (i == forced or rng.random() < 0.5) else arg for i, arg in enumerate(args)
            )
            new_kwargs = {
                k: (mutate(v, rng) if (f"k:{k}" == forced or rng.random() < 0.5) else v)
                for k, v in kwargs.items()
            }
            add((name, new_args, new_kwargs))
    return out


# ------------------------------------------------------------------------------------------ running

# Run inside the program's directory: import each entry point's module, call it on every input
# with a per-call alarm, and write one normalised outcome per input as JSON to the result file.
RUNNER = r"""
import contextlib, datetime, importlib, io, json, math, signal, sys
from datetime import date, timedelta
from decimal import Decimal
program, inputs_path, out_path, limit = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
sys.path.insert(0, program)
sys.setrecursionlimit(3000)
spec = json.load(open(inputs_path))
modules = {name: importlib.import_module(module) for name, module in spec["modules"].items()}
env = {"datetime": datetime, "Decimal": Decimal}

budget = [0]

def norm(value, depth=0):
    # A bounded walk: an object graph with back references (a parse tree's parents) would
    # otherwise grow without end within the depth limit.
    budget[0] += 1
    if depth > 20 or budget[0] > 5000:
        return "..."
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        return repr(round(value, 9))
    if isinstance(value, (str, int, bool, type(None), Decimal, date, timedelta)):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return [type(value).__name__] + [norm(v, depth + 1) for v in value]
    if isinstance(value, (set, frozenset)):
        return ["set"] + sorted(json.dumps(norm(v, depth + 1)) for v in value)
    if isinstance(value, dict):
        pairs = [json.dumps([norm(k, depth + 1), norm(v, depth + 1)]) for k, v in value.items()]
        return ["dict"] + sorted(pairs)
    if hasattr(value, "__next__") or type(value).__name__ in ("generator", "map", "filter", "zip"):
        items = []
        try:
            for item in value:
                items.append(norm(item, depth + 1))
                if len(items) > 1000:
                    break
        except Exception as exc:
            items.append("raise " + type(exc).__name__)
        return ["iter"] + items
    if hasattr(value, "__dict__"):
        return [type(value).__name__, norm(vars(value), depth + 1)]
    return type(value).__name__

class Slow(BaseException):
    pass

def alarm(signum, frame):
    raise Slow()

signal.signal(signal.SIGALRM, alarm)
results = []
sink = io.StringIO()
slow = 0
for name, args_text in spec["calls"]:
    if slow >= 3:  # a program that hangs: not worth a second per remaining input
        results.append(["skipped"])
        continue
    args, kwargs = eval(args_text, env)
    func = getattr(modules[name], name)
    signal.setitimer(signal.ITIMER_REAL, limit)
    budget[0] = 0
    try:
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            value = func(*args, **kwargs)
            outcome = ["ok", norm(value), norm(list(args)), norm(kwargs)]
    except Slow:
        outcome = ["slow"]
        slow += 1
    except RecursionError:
        outcome = ["raise", "RecursionError"]
    except Exception as exc:
        outcome = ["raise", type(exc).__name__]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    sink.seek(0)
    sink.truncate()
    results.append(outcome)
json.dump(results, open(out_path, "w"))
"""


def _run_program(
    program: Path, modules: dict[str, str], calls: list[Call], timeout_s: float, python: str | None = None
) -> list[Any] | str:
    """Outcomes per call, or a string saying why the program did not report any."""
    with tempfile.TemporaryDirectory(prefix="repair-diff-") as tmp:
        inputs_path = Path(tmp) / "inputs.json"
        out_path = Path(tmp) / "out.json"
        runner = Path(tmp) / "runner.py"
        runner.write_text(RUNNER, encoding="utf-8")
        spec = {"modules": modules, "calls": [[name, repr((args, kwargs))] for name, args, kwargs in calls]}
        inputs_path.write_text(json.dumps(spec), encoding="utf-8")
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
        env.update({"PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1"})
        try:
            proc = subprocess.run(
                [
                    python or sys.executable,
                    str(runner),
                    str(program),
                    str(inputs_path),
                    str(out_path),
                    str(CALL_LIMIT_S),
                ],
                cwd=tmp,
                env=env,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                timeout=timeout_s,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return f"did not finish within {timeout_s:.0f}s"
        if proc.returncode != 0 or not out_path.exists():
            tail = (proc.stderr.strip().splitlines() or ["(no output)"])[-1]
            return f"exit {proc.returncode}: {tail[:200]}"
        outcomes: list[Any] = json.loads(out_path.read_text(encoding="utf-8"))
        return outcomes


def _short(call: Call) -> str:
    name, args, kwargs = call
    text = ", ".join([repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()])
    return f"{name}({text})"[:160]


def compare(
    program: Path,
    reference: Path,
    entry_points: tuple[str, ...] | list[str],
    *,
    count: int = DEFAULT_INPUTS,
    seed: int = RANDOM_SEED,
    timeout_s: float = RUN_TIMEOUT_S,
) -> Differential:
    """Run program and reference on the inputs derived from reference's tests; the verdict."""
    if not entry_points:
        return Differential(available=False, why="the task names no entry points")
    defined = defined_functions(reference)
    modules = {name: defined[name] for name in entry_points if name in defined}
    seeds = [call for call in seed_calls(reference, list(modules)) if call[0] in modules]
    return compare_calls(program, reference, modules, seeds, count=count, seed=seed, timeout_s=timeout_s)


def compare_calls(
    program: Path,
    reference: Path,
    modules: dict[str, str],
    seeds: list[Call],
    *,
    count: int = DEFAULT_INPUTS,
    seed: int = RANDOM_SEED,
    timeout_s: float = RUN_TIMEOUT_S,
    python: str | None = None,
) -> Differential:
    """Run program and reference on the seeds and their mutants: each folder is put first on
    sys.path, `modules` maps each entry point to the module it is imported from, and
    `python` runs both (default: this interpreter)."""
    if not seeds:
        return Differential(available=False, why="no test call with literal arguments")
    calls = generate_inputs(seeds, count, seed)
    expected = _run_program(reference, modules, calls, timeout_s, python)
    if isinstance(expected, str):
        return Differential(available=False, why=f"reference program: {expected}", seeds=len(seeds))
    got = _run_program(program, modules, calls, timeout_s, python)
    result = Differential(available=True, inputs=len(calls), seeds=len(seeds))
    if isinstance(got, str):
        result.agreed = False
        result.compared = len(calls)
        result.disagreements = len(calls)
        result.example = f"the candidate {got}"
        return result
    seed_keys = {repr(call) for call in seeds}
    for call, want, have in zip(calls, expected, got, strict=False):
        is_seed = repr(call) in seed_keys
        if want[0] != "ok" and not is_seed:
            continue  # outside the function's domain (or too slow) for the reference itself
        if have[0] == "skipped":
            continue  # the candidate hung on earlier inputs (those count) and was cut short
        result.compared += 1
        if want != have:
            result.disagreements += 1
            if not result.example:
                shown = (
                    "slow" if have[0] == "slow" else (have[1] if have[0] == "raise" else "a different result")
                )
                result.example = f"{_short(call)}: reference {_describe(want)}, candidate {shown}"
    result.agreed = result.disagreements == 0
    return result


def _describe(outcome: list[Any]) -> str:
    if outcome[0] == "ok":
        return "returns normally"
    if outcome[0] == "raise":
        return f"raises {outcome[1]}"
    return "is slow"


def reference_program(task: Task, dest: Path) -> Path:
    """The task's buggy repo with fix.diff applied, in dest."""
    repo = materialize(task, dest)
    applied = _git(repo, "apply", stdin=task.fix_diff)
    if applied.returncode != 0:
        raise RuntimeError(f"{task.id}: fix.diff does not apply: {applied.stderr.strip()}")
    return repo


def check_candidate(task: Task, candidate: Path, **options: Any) -> Differential:
    """Compare a candidate checkout of task with the task's reference program."""
    with tempfile.TemporaryDirectory(prefix="repair-ref-") as tmp:
        reference = reference_program(task, Path(tmp) / "reference")
        return compare(candidate, reference, task.entry_points, **options)
