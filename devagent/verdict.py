"""When do the tests pass? Not when the test command exits 0: a patch can make pytest
exit 0 without running the test that failed (deselect it in a config file, skip or
xfail it, end the process early, replace pytest's internals). "Tests pass" here means
every one of these holds:

- the test command ran (in the sandbox), ended with exit code 0 and did not time out;
- pytest's own report (devagent/pytest_plugin/_devagent_report.py, loaded into the run
  with `-p`) exists, is well-formed, carries this run's signature, names no pytest
  internal that was replaced during the run and no module of the worktree imported
  before the plugin;
- at least one test ran and passed, and no test failed, errored or failed to collect;
- every test that failed in the run's first test run (the baseline) now *passed*: not
  deselected, skipped, xfailed, reported without its function being called, or gone;
- every test that passed in the baseline still passes;
- a function holding the failed `assert` of a baseline failure outside the test files
  (an assertion helper) is unchanged;
- where pytest's closing line is in the output, its passed count agrees with the report.

The signing key. Each test run has a fresh 32-byte key and report path (ReportChannel).
They reach the test process through a pipe it inherits, never its environment (which
/proc shows to every process of the sandbox); the plugin reads the pipe to its end and
closes it when pytest imports it, before any conftest.py or test module. Nothing of the
worktree can be imported before that: Python starts with PYTHONSAFEPATH and without
PYTHONPATH's worktree entries, and the plugin puts both back. In the test process
(devagent/pytest_plugin/_devagent_guard.py) the key becomes an OpenSSL HMAC object at
once, held only by a finished frame behind a traceback, whose `tb_frame` an audit hook
refuses to all code but its own. The hook signs once: when pytest's own end of the
session calls the plugin's pytest_sessionfinish (checked frame by frame: that function,
at that call, called by pluggy and _pytest.main under the start-up that loaded the
plugin), with the collector off, Python signal handlers set aside and other threads
refused a look at frames. It destroys the key when the tests reach into the process:
gc's object lists, ctypes reading memory at an address, another audit hook, opening a
process's memory, environment or descriptors under /proc, changing the plugin's
functions. The test process is made non-dumpable, so no process the tests start can
read its memory (where the sandbox leaves it no capabilities). A report that cannot be
signed says why, and the verdict repeats it; it also names the event, the test and the
line (KeyLoss), so a baseline whose own tests destroy the key ends the run at once
(devagent/triage.py). `verdict.introspection: allow` (ReportChannel's `introspection`)
leaves gc's object lists out of that: the project's leak checks keep a signed verdict,
and code that reaches gc can then find the signing object (README "Safety").

What that guarantees: the key is in no process's environment, in no file, in no
descriptor the tests can find with anything left in it; no code of the worktree runs
before the plugin unless the repository's own pytest configuration loads it (the report
names it, and that is not green); Python-level reaching (environments and descriptors in
/proc, gc, frames caught by a signal handler or a traceback, the plugin's globals and
closures, calling the guard itself, asking for a signature) yields neither the key nor a
signature of other text. What it does not: the repository's code runs in the same
process as the plugin. Code that reads raw memory without an audit event (ctypes' cast
and memmove, numpy's array interface, cffi, a C extension) can still find the signing
object, and code that changes what the plugin records (its recorder's outcomes, the
hooks that feed it, the serialiser of the report) makes it sign a false account. So the
report stays a claim to check, not a fact: every field is type-checked, and it must
agree with the exit code and the output. The patch screen (devagent/tools/
harness_screen.py) refuses DevAgent's patches that plainly reach for any of this.

Repair's candidate runs (devagent/repair/validate.py) use the same plugin without a
channel, unsigned, in throwaway copies; its winner goes on only after this verdict, with
the configured test command in the worktree (`repair_confirmation`), so that is the path
the key protects.

Anything short of all of this is `tests_failed`, with the reason the next step sees."""

from __future__ import annotations

import ast
import contextlib
import hashlib
import hmac
import json
import os
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from devagent.repair.oracles import enclosing_function
from devagent.text import printable
from devagent.tools.shell import CommandRejected, CommandResult, ShellTool

PLUGIN_DIR = Path(__file__).with_name("pytest_plugin")
PLUGIN_MODULE = "_devagent_report"
_FD_VAR = "DEVAGENT_VERDICT_FD"  # the plugin's _devagent_guard.FD_VAR
# Folders the project's code must not be imported from (the user's checkout): the plugin
# reports modules loaded from there as `foreign_imports`.
FOREIGN_ROOTS_VAR = "DEVAGENT_FOREIGN_ROOTS"
_SAFE_PATH_VAR = "PYTHONSAFEPATH"
KEY_BYTES = 32  # the plugin's _devagent_guard.KEY_BYTES
# The settings after the key are NUL-separated, and a pipe holds 64 KiB before a write blocks.
_MAX_MESSAGE_BYTES = 60_000
_OUTCOMES = frozenset({"passed", "failed", "error", "skipped", "xfailed", "xpassed", "deselected", "not_run"})
_SUMMARY_PASSED = re.compile(r"\b(\d+) passed\b")
_SUMMARY_LINE = re.compile(r"^=*\s*(?:\d+ \w+(?:, )?)+ in [\d.]+s", re.MULTILINE)
MAX_REPORT_BYTES = 8 * 1024 * 1024
_GUARD_REASON_CHARS = 200
_LOSS_FIELD_CHARS = 300
# gc's object lists: what `verdict.introspection: allow` lets the tests call without
# destroying the key (the plugin's _devagent_guard.INTROSPECTION).
INTROSPECTION_EVENTS = frozenset({"gc.get_objects", "gc.get_referrers", "gc.get_referents"})
INTROSPECTION_CHOICES = ("refuse", "allow")
# What a run with verdict.introspection: allow says once on the terminal and in its PR.
INTROSPECTION_NOTE = (
    "verdict.introspection: allow: the tests may call gc.get_objects, get_referrers and "
    "get_referents and the report is still signed; code that reaches gc could find the "
    "signing key, so patches are screened harder (README Safety)"
)


@dataclass(frozen=True)
class PytestReport:
    """pytest's account of one run, as the plugin wrote it (validated in shape)."""

    outcomes: dict[str, str]
    collection_errors: tuple[str, ...]
    crashes: dict[str, tuple[str, int, str]]  # nodeid -> (path, line, message)
    tampered: tuple[str, ...]
    exitstatus: int
    preloaded: tuple[str, ...] = ()  # modules of the worktree imported before the plugin
    collection_messages: dict[str, str] = field(default_factory=dict)  # nodeid -> exception line
    foreign_imports: dict[str, str] = field(default_factory=dict)  # module -> file in the checkout

    def with_outcome(self, *outcomes: str) -> list[str]:
        return sorted(n for n, o in self.outcomes.items() if o in outcomes)


@dataclass(frozen=True)
class KeyLoss:
    """What destroyed a test run's signing key, as its unsigned report says: the audit
    event, the test that ran (pytest's "<nodeid> (<phase>)", or the session's stage:
    "collection", "session start", "between tests", "session end") and the line that
    raised the event. Written by code in the test process, so a claim: it can only end a
    run that could not be green anyway, never make one green."""

    event: str
    test: str
    at: str

    @property
    def nodeid(self) -> str:
        """The test's node id ("" when the key went outside a test)."""
        nodeid, paren, _phase = self.test.rpartition(" (")
        return nodeid if paren and "::" in nodeid else ""

    @property
    def introspection(self) -> bool:
        """Is it gc's object lists, which `verdict.introspection: allow` permits?"""
        return self.event in INTROSPECTION_EVENTS

    def call(self) -> str:
        """The event as the user reads it: `gc.get_referrers()` at tests/test_x.py:12."""
        shown = {"open": "an open of /proc", "os.chdir": "a chdir into /proc", "import": "an import"}
        what = shown.get(self.event, f"{self.event}()")
        return f"{what} at {self.at}" if self.at else what


@dataclass(frozen=True)
class AssertionGuard:
    """A function outside the test files that raised a baseline failure's AssertionError
    (an assertion helper): its source must not change."""

    path: str
    function: str
    source: str
    test: str


@dataclass(frozen=True)
class Baseline:
    """The run's first test run: what failed and what passed."""

    failing: frozenset[str] = frozenset()
    passing: frozenset[str] = frozenset()
    broken_files: frozenset[str] = frozenset()  # test files that did not collect
    guards: tuple[AssertionGuard, ...] = ()


@dataclass(frozen=True)
class Verdict:
    green: bool
    reason: str  # why not green ("" when green)
    fixed: tuple[str, ...] = ()  # baseline failures that now pass
    ran: int = 0  # tests that passed in this run
    checks: tuple[str, ...] = field(default_factory=tuple)  # the guards that held


class ReportChannel:
    """One test run's report: where it goes (a fresh file name in the worktree, the one
    writable place inside the sandbox) and the fresh key it is signed with. Both reach
    the plugin through a pipe the test command inherits, never through its environment
    (which every process can read in /proc); the plugin reads the pipe to its end and
    closes it before any conftest.py or test module is imported."""

    def __init__(self, worktree: Path, introspection: str = "refuse") -> None:
        """`introspection`: "allow" tells the plugin that gc's object lists do not destroy
        the key (the config's verdict.introspection)."""
        if introspection not in INTROSPECTION_CHOICES:
            raise ValueError(f"introspection must be one of {INTROSPECTION_CHOICES}, not {introspection!r}")
        self.worktree = Path(worktree)
        self.path = self.worktree / f".devagent-report-{secrets.token_hex(8)}.json"
        self._key = secrets.token_bytes(KEY_BYTES)
        self.introspection = introspection
        self.report: PytestReport | str = "pytest wrote no report (the test command did not start)"
        self.key_loss: KeyLoss | None = None  # what destroyed the key, when the report says so

    def run(
        self, shell: ShellTool, command: str | Sequence[str], extra: Mapping[str, str] | None = None
    ) -> CommandResult:
        """Run the test command in `shell` with this channel, then read the report (see
        `report`), whatever happened. `extra` adds variables; its PYTHONPATH entries and
        PYTEST_ADDOPTS options come after the channel's (another plugin loads after this
        one). Raises CommandRejected or ProgramNotFound as ShellTool does."""
        read_end, write_end = os.pipe()
        try:
            base = shell.environment()
            message = self._message(base)
            os.write(write_end, message)  # fits in the pipe: nobody reads it yet
            os.close(write_end)
            write_end = -1
            env = {**(extra or {}), **self.environment(base, read_end)}
            for name, separator in (("PYTHONPATH", os.pathsep), ("PYTEST_ADDOPTS", " ")):
                if extra and extra.get(name):
                    env[name] = separator.join([env[name], extra[name]])
            return shell.run(command, env, pass_fds=(read_end,))
        finally:
            if write_end >= 0:
                os.close(write_end)
            os.close(read_end)
            self.collect()

    def environment(self, base: Mapping[str, str], fd: int) -> dict[str, str]:
        """Variables to add to the test command's environment: the plugin on PYTHONPATH
        and PYTEST_ADDOPTS, the pipe's number, and nothing of the worktree importable
        before the plugin (PYTHONSAFEPATH, PYTHONPATH's worktree entries left out; the
        plugin puts both back)."""
        kept = [p for p in self._python_path(base) if not self._inside(p)]
        env = {
            "PYTHONPATH": os.pathsep.join([str(PLUGIN_DIR), *kept]),
            "PYTEST_ADDOPTS": f"-p {PLUGIN_MODULE} {base.get('PYTEST_ADDOPTS', '')}".strip(),
            _FD_VAR: str(fd),
        }
        if not base.get(_SAFE_PATH_VAR):
            env[_SAFE_PATH_VAR] = "1"
        return env

    def _message(self, base: Mapping[str, str]) -> bytes:
        """What the pipe carries: the key, then NUL-separated settings."""
        settings = [f"report={self.path}", f"worktree={self.worktree}"]
        settings += [f"pythonpath={entry}" for entry in self._python_path(base)]
        if not base.get(_SAFE_PATH_VAR):
            settings.append("safe_path=1")
        if self.introspection == "allow":
            settings.append("introspection=allow")
        message = self._key + b"\0".join(os.fsencode(s) for s in settings)
        if len(message) > _MAX_MESSAGE_BYTES:
            raise CommandRejected(
                f"PYTHONPATH is too long for the test report's channel (at most {_MAX_MESSAGE_BYTES} bytes)"
            )
        return message

    def _python_path(self, base: Mapping[str, str]) -> list[str]:
        """PYTHONPATH's entries as Python makes them: relative to the command's folder
        (the worktree), an empty one meaning that folder."""
        entries = base.get("PYTHONPATH", "").split(os.pathsep) if base.get("PYTHONPATH") else []
        return [os.path.abspath(os.path.join(self.worktree, e)) if e else str(self.worktree) for e in entries]

    def _inside(self, path: str) -> bool:
        root = self.worktree.resolve()
        return Path(path).resolve().is_relative_to(root)

    def collect(self) -> None:
        """Read the report (see `report`, and `key_loss`) and remove its file, whatever
        happened to the run."""
        raw, problem = self._read()
        self.report = parse_report(raw, self._key) if raw is not None else problem
        self.key_loss = key_loss_in(raw) if raw is not None and isinstance(self.report, str) else None

    def _read(self) -> tuple[str | None, str]:
        """The report's text, or None and why there is none."""
        try:
            if self.path.is_symlink() or not self.path.is_file():
                return (
                    None,
                    "pytest wrote no report (the run ended before pytest finished, or pytest did not run)",
                )
            if self.path.stat().st_size > MAX_REPORT_BYTES:
                return None, "pytest's report is too large to be genuine"
            return self.path.read_text(encoding="utf-8"), ""
        except (OSError, UnicodeDecodeError) as exc:
            return None, f"pytest's report cannot be read: {exc}"
        finally:
            with contextlib.suppress(OSError):
                self.path.unlink(missing_ok=True)


def _strict(check: Callable[[object], bool]) -> Callable[[object], object]:
    """A field's reading that takes the value as it is when `check` holds (else None: malformed)."""
    return lambda value: value if check(value) else None


def _str_list(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _outcome_map(value: object) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and v in _OUTCOMES for k, v in value.items())


def _text_map(value: object) -> dict[str, str]:
    """A report's optional str -> str mapping; anything else counts as empty."""
    if not isinstance(value, dict):
        return {}
    return {k: v for k, v in value.items() if isinstance(k, str) and isinstance(v, str)}


# The report's fields: name -> (reading: the value to keep, None when malformed; the value
# when absent, None: required). A field the plugin adds is one more entry here and one
# more PytestReport attribute, in this order.
_FIELDS: dict[str, tuple[Callable[[object], object], Any]] = {
    "outcomes": (_strict(_outcome_map), None),
    "collection_errors": (_strict(_str_list), None),
    "crashes": (_strict(lambda v: isinstance(v, dict)), None),
    "tampered": (_strict(_str_list), None),
    "exitstatus": (_strict(lambda v: isinstance(v, int) and not isinstance(v, bool)), None),
    "preloaded": (_strict(_str_list), []),
    "collection_messages": (_text_map, {}),
    "foreign_imports": (_text_map, {}),
}


def parse_report(raw: str, key: bytes) -> PytestReport | str:
    """Validate the report's signature and shape; a problem is returned as text."""
    try:
        data = json.loads(raw)
    except ValueError:
        return "pytest's report is not valid JSON"
    if not isinstance(data, dict):
        return "pytest's report is not a JSON object"
    signature = data.pop("signature", None)
    why = data.pop("guard", None)
    expected = hmac.new(key, json.dumps(data, sort_keys=True).encode(), hashlib.sha256).hexdigest()
    if not isinstance(signature, str) or not hmac.compare_digest(signature, expected):
        if isinstance(why, str) and why:
            # The plugin's own words, but in a report anyone could have written: shown, not trusted.
            loss = _key_loss(data.get("guard_event"))
            where = f" (in {loss.test})" if loss is not None and loss.test else ""
            return f"pytest's report is not signed: {printable(why[:_GUARD_REASON_CHARS])}{where}"
        return "pytest's report does not carry this run's signature (it was written or changed by other code)"
    values: dict[str, Any] = {}
    for name, (read, default) in _FIELDS.items():
        value = data.get(name, default)
        kept = read(value) if value is not None else None
        if kept is None:
            return f"pytest's report is malformed ({name})"
        values[name] = kept
    crashes: dict[str, tuple[str, int, str]] = {}
    for nodeid, crash in values["crashes"].items():
        if isinstance(crash, dict):
            path, line, message = crash.get("path"), crash.get("line"), crash.get("message")
            if isinstance(path, str) and isinstance(line, int) and isinstance(message, str):
                crashes[str(nodeid)] = (path, line, message)
    return PytestReport(
        dict(values["outcomes"]),
        tuple(values["collection_errors"]),
        crashes,
        tuple(values["tampered"]),
        values["exitstatus"],
        tuple(values["preloaded"]),
        values["collection_messages"],
        values["foreign_imports"],
    )


def key_loss_in(raw: str) -> KeyLoss | None:
    """What destroyed the key, as an unsigned report's `guard_event` says (None: it says
    nothing, or the text is no report)."""
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    return _key_loss(data.get("guard_event")) if isinstance(data, dict) else None


def _key_loss(value: object) -> KeyLoss | None:
    fields = _text_map(value)
    if not fields.get("event"):
        return None
    # One line each: shown on the terminal and in a one-line error.
    event, test, at = (
        printable(fields.get(name, "")[:_LOSS_FIELD_CHARS]).replace("\n", "\\n")
        for name in ("event", "test", "at")
    )
    return KeyLoss(event, test, at)


def baseline_from(report: PytestReport | str, worktree: Path, protecting: bool = True) -> Baseline:
    """The baseline of a run from its first test run's report (empty without one).
    `protecting`: keep the assertion guards (off when the phase spec sets its own
    protected paths, and so takes charge of what may change)."""
    if isinstance(report, str):
        return Baseline()
    failing = frozenset(report.with_outcome("failed", "error"))
    guards = _assertion_guards(report, worktree, failing) if protecting else ()
    broken = frozenset(e for e in report.collection_errors if e)
    return Baseline(failing, frozenset(report.with_outcome("passed")), broken, guards)


def judge(
    exit_code: int,
    timed_out: bool,
    output: str,
    report: PytestReport | str,
    baseline: Baseline,
    worktree: Path,
) -> Verdict:
    """Are the tests green, by every rule in the module docstring?"""
    if timed_out:
        return Verdict(False, "the test command timed out")
    if isinstance(report, str):
        return Verdict(False, report)
    if report.preloaded:
        return Verdict(
            False,
            "code of the repository ran before the verdict's plugin loaded (a configured pythonpath "
            f"or plugin): {', '.join(report.preloaded[:5])}",
        )
    if report.tampered:
        return Verdict(
            False, f"pytest's internals were replaced during the run: {', '.join(report.tampered)}"
        )
    if report.foreign_imports:
        return Verdict(False, foreign_import_reason(report.foreign_imports))
    if report.exitstatus != exit_code:
        return Verdict(
            False, f"pytest reported exit status {report.exitstatus} but the command exited {exit_code}"
        )
    if exit_code != 0:
        return Verdict(False, f"the test command exited {exit_code}")
    if report.collection_errors:
        return Verdict(False, f"collection failed: {', '.join(report.collection_errors[:5])}")
    bad = report.with_outcome("failed", "error")
    if bad:
        return Verdict(False, f"tests failed: {', '.join(bad[:5])}")
    passed = report.with_outcome("passed")
    if not passed:
        return Verdict(False, "no test ran and passed")
    problems = _against_baseline(report, baseline)
    if problems:
        return Verdict(False, "; ".join(problems))
    changed = [g for g in baseline.guards if _function_source(worktree / g.path, g.function) != g.source]
    if changed:
        guard = changed[0]
        return Verdict(
            False,
            f"{guard.function}() in {guard.path} changed, and the assertion of {guard.test} failed in it: "
            "fix the code under test, not the check",
        )
    summary = _summary_passed(output)
    if summary is not None and summary != len(passed):
        return Verdict(
            False,
            f"pytest's output says {summary} passed but its report says {len(passed)}: one of them is forged",
        )
    fixed = tuple(sorted(t for t in baseline.failing if report.outcomes.get(t) == "passed"))
    checks = (
        "pytest's signed report read from the sandboxed run",
        "exit code 0 and no pytest internals replaced",
        f"{len(passed)} test(s) ran and passed, none failed, skipped in place of a failure, or vanished",
        f"{len(fixed)} test(s) that failed at the start now pass",
    )
    return Verdict(
        True, "", fixed, len(passed), checks + (("assertion helpers unchanged",) if baseline.guards else ())
    )


def foreign_import_reason(foreign: Mapping[str, str]) -> str:
    """Why a run that imported the project from the user's checkout proves nothing."""
    module, path = next(iter(sorted(foreign.items())))
    more = f" (and {len(foreign) - 1} more)" if len(foreign) > 1 else ""
    return (
        f"the tests imported {module} from the user's checkout ({path}){more}, not from the agent's "
        "worktree: they would test the unedited code"
    )


def _against_baseline(report: PytestReport, baseline: Baseline) -> list[str]:
    problems: list[str] = []
    for test in sorted(baseline.failing):
        outcome = report.outcomes.get(test)
        if outcome != "passed":
            shown = "is gone" if outcome is None else f"was {outcome}"
            problems.append(f"{test} failed at the start and now {shown}, not passed")
    for test in sorted(baseline.passing):
        outcome = report.outcomes.get(test)
        if outcome != "passed":
            shown = "is gone" if outcome is None else f"was {outcome}"
            problems.append(f"{test} passed at the start and now {shown}")
    for broken in sorted(baseline.broken_files):
        ran = [n for n in report.outcomes if n.split("::", 1)[0] == broken]
        if not ran or any(report.outcomes[n] != "passed" for n in ran):
            problems.append(f"{broken} did not collect at the start and its tests do not all pass now")
    return problems[:5]


def _summary_passed(output: str) -> int | None:
    lines = _SUMMARY_LINE.findall(output)
    if not lines:
        return None
    match = _SUMMARY_PASSED.search(lines[-1])
    return int(match.group(1)) if match else 0


def _assertion_guards(
    report: PytestReport, worktree: Path, failing: frozenset[str]
) -> tuple[AssertionGuard, ...]:
    guards: list[AssertionGuard] = []
    root = worktree.resolve()
    for test in sorted(failing):
        crash = report.crashes.get(test)
        if crash is None:
            continue
        path, line, _message = crash
        test_file = (root / test.split("::", 1)[0]).resolve()
        target = (root / path).resolve() if not Path(path).is_absolute() else Path(path).resolve()
        if target == test_file or not target.is_relative_to(root) or not target.is_file():
            continue
        try:
            source = target.read_text(encoding="utf-8")
            statement = source.splitlines()[line - 1].strip() if line > 0 else ""
        except (OSError, UnicodeDecodeError, IndexError):
            continue
        if not statement.startswith("assert"):
            continue  # only a failed `assert` statement makes its function a check
        function = enclosing_function(source, line)
        if function is None:
            continue
        rel = target.relative_to(root).as_posix()
        text = _function_source(target, function)
        if text is not None and all((g.path, g.function) != (rel, function) for g in guards):
            guards.append(AssertionGuard(rel, function, text, test))
    return tuple(guards)


def _function_source(path: Path, name: str) -> str | None:
    """The source of the first function called `name` in `path` (None: gone or unreadable)."""
    try:
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
    except (OSError, UnicodeDecodeError, SyntaxError):
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == name:
            return ast.get_source_segment(source, node)
    return None
