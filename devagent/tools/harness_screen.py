"""A screen of DevAgent's patches for code that reaches into the test harness or into the
test process, refused with one line before the patch is applied (GitTool.apply_and_commit
runs it on the strict diff). Defence in depth for the verdict (devagent/verdict.py): it
reads words, so code that spells them some other way (built from pieces, encoded, run by
exec) passes it, and the sandbox and the verdict's plugin are what must hold then.

Two rules, on the files a patch adds or changes:
- a Python file outside the tests (tests/, test_*.py, *_test.py, conftest.py) may not gain
  a word of HARNESS_WORDS: the verdict's plugin, pytest's internals, the /proc views of
  processes, ending the process, audit hooks, the collector's object lists, ctypes, other
  code's frames. Counted against the lines the patch removes, so editing a line that
  already held the word is not refused;
- a new module at the top of the worktree (or of `src/`) may not be named like a module
  of the standard library, pytest, its dependencies or the verdict's plugin: `python -m
  pytest` puts the worktree first on sys.path, so such a module would run before pytest's
  plugins (the verdict's plugin withholds the worktree until it has loaded, so this too is
  a second line). Changing one the repository already has is allowed.

Repair's edits are not screened: its templates only rewrite the lines they find."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from devagent.tools.git.diff_headers import HUNK_HEADER_RE, NULL_PATH, HunkCounter, header_path, strip_p1
from devagent.tools.patch_policy import PatchRefused

# (word, what it reaches): matched as plain text in added lines.
HARNESS_WORDS: tuple[tuple[str, str], ...] = (
    ("_devagent", "the verdict's pytest plugin"),
    ("DEVAGENT_", "the verdict's channel"),
    ("_pytest", "pytest's internals"),
    ("pytest.main", "a pytest session inside the tests"),
    ("pluginmanager", "pytest's plugins"),
    ("PYTEST_ADDOPTS", "pytest's options"),
    ("PYTEST_PLUGINS", "pytest's plugins"),
    ("/proc/", "the memory, environment and descriptors of processes"),
    ("os._exit", "ending the test process early"),
    ("addaudithook", "the process's audit hooks"),
    ("sys.audit(", "the process's audit hooks"),
    ("gc.get_objects", "every object of the test process"),
    ("gc.get_referrers", "every object of the test process"),
    ("gc.get_referents", "every object of the test process"),
    ("ctypes", "the test process's raw memory"),
    ("_current_frames", "other code's frames"),
    ("setitimer", "other code's frames (a signal handler sees them)"),
    ("gi_frame", "other code's frames"),
    ("tb_frame", "other code's frames"),
    ("f_locals", "other code's frames"),
    ("f_back", "other code's frames"),
)

# Top-level names pytest imports before its plugins, besides the standard library's.
_STARTUP_NAMES = frozenset(
    {
        "pytest",
        "_pytest",
        "pluggy",
        "py",
        "iniconfig",
        "packaging",
        "exceptiongroup",
        "tomli",
        "sitecustomize",
        "usercustomize",
        "_devagent_report",
        "_devagent_guard",
    }
)
_SOURCE_ROOTS = ("", "src/")


@dataclass
class _FileChange:
    old: str | None  # None: the file is new
    new: str | None  # None: the file is deleted
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)


def screen_patch(diff_text: str) -> None:
    """Raise PatchRefused when the (strict, git-style) diff adds harness-reaching code
    outside the tests or a new top-level module that would run before pytest's plugins."""
    for change in _changes(diff_text):
        path = change.new
        if path is None or not path.endswith(".py"):
            continue
        if change.old is None:
            _check_shadowing(path)
        if _is_test_file(path):
            continue
        added, removed = "\n".join(change.added), "\n".join(change.removed)
        for word, what in HARNESS_WORDS:
            if added.count(word) > removed.count(word):
                raise PatchRefused(
                    f"{path} adds {word!r} ({what}): code that reaches into the test harness "
                    "or the test process is not a fix"
                )


def _check_shadowing(path: str) -> None:
    for root in _SOURCE_ROOTS:
        if not path.startswith(root):
            continue
        rest = path[len(root) :]
        name = rest[: -len("/__init__.py")] if rest.endswith("/__init__.py") else rest[: -len(".py")]
        if "/" in name:
            continue
        if name in sys.stdlib_module_names:
            owner = "the standard library's"
        elif name in _STARTUP_NAMES:
            owner = "pytest's (or the verdict plugin's)"
        else:
            continue
        raise PatchRefused(
            f"{path} would shadow {owner} `{name}` module, which runs before pytest's plugins: "
            "name the module differently"
        )


def _is_test_file(path: str) -> bool:
    parts = path.split("/")
    name = parts[-1]
    return (
        name == "conftest.py"
        or name.startswith("test_")
        or name.endswith("_test.py")
        or any(p in ("tests", "test") for p in parts[:-1])
    )


def _changes(diff_text: str) -> list[_FileChange]:
    """The files of a diff with their added and removed lines."""
    changes: list[_FileChange] = []
    current: _FileChange | None = None
    hunk = HunkCounter()
    old_path: str | None = None
    for line in diff_text.split("\n"):
        if hunk.active and current is not None:
            hunk.consume(line)
            if line.startswith("+"):
                current.added.append(line[1:])
            elif line.startswith("-"):
                current.removed.append(line[1:])
            continue
        if line.startswith("--- "):
            raw = header_path(line[4:])
            old_path = None if raw == NULL_PATH else strip_p1(raw)
        elif line.startswith("+++ "):
            raw = header_path(line[4:])
            current = _FileChange(old_path, None if raw == NULL_PATH else strip_p1(raw))
            changes.append(current)
        elif line.startswith("@@"):
            match = HUNK_HEADER_RE.match(line)
            if match is not None:
                hunk.old_left = int(match.group(1) or "1")
                hunk.new_left = int(match.group(2) or "1")
    return changes
