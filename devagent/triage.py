"""Baseline triage: which of the first test run's failures are the environment's, not the
code's. Such a failure can never turn green by editing the code, so the run ends before
Repair or a model spends any time on it, with one line naming the cause and the fix
(exit 10, devagent/errors.py EnvironmentProblem).

Environment causes, read from pytest's report (pure functions, no IO but looking at the
worktree's files):
- a module that is not part of the repository cannot be imported (not installed in the
  project's environment, or a name an installed version lacks);
- the tests imported the project from the user's checkout, not the worktree;
- the sandbox denied something: a file outside the worktree (EACCES/EPERM), a write to
  the read-only file system (EROFS), a socket or a connection beyond the private loopback
  (a refused socket family, an unreachable network, a name that does not resolve).
A connection refused on the loopback is not counted: a test's own server that did not
start is as likely a bug of the code.

Besides those (key_loss_cause, guard helper's edit): the project's own unchanged tests
destroyed the verdict's signing key (gc's object lists, ctypes, /proc; the plugin's
report names the event, the test and the line), so no run of them could be green."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from devagent.verdict import KeyLoss, PytestReport, foreign_import_reason

_NO_MODULE = re.compile(r"No module named '([\w.]+)'")
_CANNOT_IMPORT = re.compile(r"cannot import name '(\w+)' from '([\w.]+)'(?: \(([^)]*)\))?")
_PATH_DENIED = re.compile(r"\[Errno (?:13|1)\] (?:Permission denied|Operation not permitted): '([^']+)'")
_READ_ONLY = re.compile(r"\[Errno 30\] Read-only file system: '([^']+)'")
_NETWORK = re.compile(
    r"\[Errno 97\] Address family not supported"
    r"|\[Errno 101\] Network is unreachable"
    r"|\[Errno -[235]\] (?:Temporary failure in name resolution|Name or service not known|"
    r"No address associated with hostname)"
    r"|gaierror"
)
_UNKNOWN_OPTION = re.compile(r"error: unrecognized arguments: (.+)")
_SKIP_DIRS = frozenset({".git", ".venv", "venv", "env", "node_modules", "__pycache__", ".tox", ".nox"})
_MODULE_SEARCH_DEPTH = 4


@dataclass(frozen=True)
class Cause:
    """One failure the environment caused: the test (or test file), what happened, the fix."""

    test: str
    what: str
    fix: str
    kind: str = "the tests fail for a reason outside the code"  # what the run's one line opens with

    def line(self) -> str:
        return f"{self.test}: {self.what}; {self.fix}"


def environment_causes(
    report: PytestReport | str, output: str, worktree: Path, python: str, network: str | None = None
) -> list[Cause]:
    """The report's failures (collection errors first) whose cause is the environment; with
    no report (pytest stopped before its session: a conftest that cannot import, an option
    of a plugin that is not installed), what the output says. `python` names the tests'
    interpreter in the fixes; `network` is what the sandbox gives tests
    ("private_loopback", "none", or None when unknown)."""
    if isinstance(report, str):
        return _startup_causes(output, worktree, python, network)
    causes: list[Cause] = []
    if report.foreign_imports:
        causes.append(
            Cause(
                "the test run",
                foreign_import_reason(report.foreign_imports),
                "install the project in editable mode from its own root (src/ or flat layout) so the "
                "worktree's copy can shadow it, or run dev-agent from that environment",
            )
        )
    failures = [(n, report.collection_messages.get(n, "")) for n in report.collection_errors]
    failures += [(n, crash[2]) for n, crash in sorted(report.crashes.items())]
    for test, message in failures:
        cause = _cause(test, message, worktree, python, network)
        if cause is not None:
            causes.append(cause)
    return causes


def _startup_causes(output: str, worktree: Path, python: str, network: str | None) -> list[Cause]:
    unknown = _UNKNOWN_OPTION.search(output)
    if unknown is not None:
        return [
            Cause(
                "pytest start-up",
                f"pytest does not know {unknown.group(1).strip()}",
                f"the project's pytest configuration uses a plugin that is not installed in {python}; "
                "install the project's test requirements there",
            )
        ]
    marked = [line[1:].strip() for line in output.splitlines() if line.startswith("E ")]
    for line in marked or output.splitlines()[-5:]:
        cause = _cause("pytest start-up", line, worktree, python, network)
        if cause is not None:
            return [cause]
    return []


def triage_line(causes: list[Cause]) -> str:
    """The one line a run ends with: the first cause in full, how many more."""
    more = (
        f" (and {len(causes) - 1} more failure(s) of the same kind; see `runs show`)"
        if len(causes) > 1
        else ""
    )
    return f"{causes[0].kind}, so no fix was attempted: {causes[0].line()}{more}"


def key_loss_cause(loss: KeyLoss, introspection: str) -> Cause:
    """The baseline's own tests destroyed the verdict's key: which test, which call, and
    how to run the project anyway (`introspection`: the config's verdict.introspection)."""
    if loss.nodeid:
        deselect = f"deselect it (add `--deselect {loss.nodeid}` to test_command)"
    else:
        file = loss.at.rpartition(":")[0]
        relative = file and not file.startswith("/") and not file.startswith("<")
        deselect = (
            f"leave {file} out (`--ignore {file}` in test_command)"
            if relative
            else "leave out the test file or plugin that does this (test_command's `--ignore`)"
        )
    if loss.introspection and introspection != "allow":
        what = f"it calls {loss.call()}, whose object lists reach the signing key's holder"
        fix = f"{deselect}, or set verdict.introspection: allow in the config (README Safety: what it opens)"
    else:
        what = f"it reaches into the test process: {loss.call()}"
        fix = f"{deselect}; no setting keeps the verdict while a test does this"
    kind = "the project's own tests destroy the verdict's signing key (no run of them could be green)"
    return Cause(loss.test or "the test run", what, fix, kind)


def _cause(test: str, message: str, worktree: Path, python: str, network: str | None) -> Cause | None:
    missing = _NO_MODULE.search(message)
    if missing is not None and not _in_repository(missing.group(1), worktree):
        top = missing.group(1).split(".")[0]
        return Cause(
            test,
            f"module '{missing.group(1)}' is not installed in the tests' Python ({python})",
            f"install the package that provides '{top}' there (`{python} -m pip install ...`, or the "
            "project's test requirements), or name the project's environment with --python",
        )
    lacking = _CANNOT_IMPORT.search(message)
    if lacking is not None and not _in_repository(lacking.group(2), worktree):
        return Cause(
            test,
            f"the installed '{lacking.group(2)}' has no '{lacking.group(1)}' (another version than the "
            f"project expects, in {python})",
            "install the version the project's requirements name",
        )
    denied = _PATH_DENIED.search(message)
    if denied is not None and _outside(denied.group(1), worktree):
        return Cause(
            test,
            f"the sandbox denied access to {denied.group(1)}",
            "tests may read the file system (credential folders are hidden: shell.hidden_paths) and write "
            "only the worktree and their private temp folder ($TMPDIR); point the test there",
        )
    read_only = _READ_ONLY.search(message)
    if read_only is not None and _outside(read_only.group(1), worktree):
        return Cause(
            test,
            f"{read_only.group(1)} is read-only in the sandbox",
            "tests may write only the worktree and their private temp folder ($TMPDIR)",
        )
    if _NETWORK.search(message) is not None:
        return Cause(test, "the sandbox refused a network connection", _network_fix(network))
    return None


def _network_fix(network: str | None) -> str:
    if network == "none":
        return (
            "this sandbox refuses every socket but Unix sockets (user namespaces are off here, so it "
            "cannot give the tests a private loopback); deselect the test in test_command"
        )
    return (
        "tests get a private loopback (127.0.0.1 and ::1) and nothing else: no other address, no DNS; a "
        "service on the host's loopback can be forwarded with shell.host_services"
    )


def _outside(path: str, worktree: Path) -> bool:
    """An absolute path outside the worktree (a relative one is the worktree's own)."""
    if not path.startswith("/"):
        return False
    target = Path(path)
    root = worktree.resolve()
    return not (target == root or root in target.parents or worktree in target.parents)


def _in_repository(module: str, worktree: Path) -> bool:
    """Whether the repository holds a module or package of `module`'s top-level name."""
    top = module.split(".")[0]
    return any(_found(top, worktree, _MODULE_SEARCH_DEPTH))


def _found(top: str, folder: Path, depth: int) -> Iterable[bool]:
    try:
        entries = list(folder.iterdir())
    except OSError:
        return
    for entry in entries:
        module = entry.name == f"{top}.py" and entry.is_file()
        package = entry.name == top and entry.is_dir() and any(entry.glob("*.py"))
        if module or package:
            yield True
            return
    if depth <= 1:
        return
    for entry in entries:
        if entry.is_dir() and not entry.is_symlink() and entry.name not in _SKIP_DIRS:
            yield from _found(top, entry, depth - 1)
