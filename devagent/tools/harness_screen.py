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
  already held the word is not refused. The text is read as Python reads identifiers
  (NFKC: fullwidth letters spelling gc are `gc`). With `verdict.introspection: allow`
  the collector's lists no longer destroy the verdict's key, so this screen is all that
  stands between a patch and the key along that route: it also refuses
  INTROSPECTION_PATTERNS, the ways to reach a module or attribute by a name built at run
  time (exec, __import__, importlib, sys.modules, getattr with a computed name, a
  module's namespace), the word `gc`, and hooks that see every object a test compares
  (`__instancecheck__`). Code can still reach gc in ways no word shows (README "Safety"
  says which);
- a new module at the top of the worktree (or of `src/`) may not be named like a module
  of the standard library, pytest, its dependencies or the verdict's plugin: `python -m
  pytest` puts the worktree first on sys.path, so such a module would run before pytest's
  plugins (the verdict's plugin withholds the worktree until it has loaded, so this too is
  a second line). Changing one the repository already has is allowed.

Repair's edits are not screened (its templates only rewrite the lines they find), except
with `verdict.introspection: allow`, when its model-sampled lines are screened as a model's
(devagent/workflows/fix/git_step.py)."""

from __future__ import annotations

import re
import sys
import unicodedata
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

# (pattern, what it reaches): refused too when gc's object lists do not destroy the key
# (verdict.introspection: allow), matched like HARNESS_WORDS. Each is a way to the gc module
# or to the objects it lists without writing `gc.get_objects`.
INTROSPECTION_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), what)
    for pattern, what in (
        (r"\bgc\b", "the garbage collector, whose object lists reach the verdict's key"),
        (
            r"__import__|\bimportlib\b|\brunpy\b|\bpkgutil\b|\bzipimport\b",
            "a module imported by a computed name",
        ),
        (r"\bsys\s*\.\s*modules\b", "a module looked up by a computed name"),
        (r"(?<![\w.])(?:exec|eval|compile)\s*\(", "code built at run time"),
        (
            r"\bbuiltins\b|\b(?:b64|b32|b16|a85|b85)decode\b|\bmarshal\b|\bpickle\b|\bcodecs\b",
            "code built at run time",
        ),
        (r"\b(?:CodeType|FunctionType)\b|__code__", "code built at run time"),
        (
            r"\b(?:vars|globals|locals)\s*\(|__dict__|__globals__|__getattribute__|\battrgetter\b",
            "a namespace read by a computed name",
        ),
        (r"\binspect\b|\bf_globals\b|\bf_builtins\b", "other code's frames and namespaces"),
        (
            r"__subclasses__|__instancecheck__|__subclasscheck__",
            "every object a test's introspection hands over",
        ),
    )
)

_GETATTR = re.compile(r"\bgetattr\s*\(")
_COMPUTED_NAME = "an attribute looked up by a computed name"

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


def screen_patch(diff_text: str, introspection_allowed: bool = False) -> None:
    """Raise PatchRefused when the (strict, git-style) diff adds harness-reaching code
    outside the tests or a new top-level module that would run before pytest's plugins;
    `introspection_allowed` (verdict.introspection: allow) refuses INTROSPECTION_PATTERNS too."""
    for change in _changes(diff_text):
        path = change.new
        if path is None or not path.endswith(".py"):
            continue
        if change.old is None:
            _check_shadowing(path)
        if _is_test_file(path):
            continue
        # As Python reads identifiers: fullwidth letters spelling gc are the name `gc`.
        added = unicodedata.normalize("NFKC", "\n".join(change.added))
        removed = unicodedata.normalize("NFKC", "\n".join(change.removed))
        for word, what in HARNESS_WORDS:
            if added.count(word) > removed.count(word):
                _refuse(path, word, what)
        if not introspection_allowed:
            continue
        allowing = "; refused while verdict.introspection is allow"
        for pattern, what in INTROSPECTION_PATTERNS:
            found = pattern.findall(added)
            if len(found) > len(pattern.findall(removed)):
                _refuse(path, found[0], what + allowing)
        if _computed_getattrs(added) > _computed_getattrs(removed):
            _refuse(path, "getattr(", _COMPUTED_NAME + allowing)


def _refuse(path: str, word: str, what: str) -> None:
    raise PatchRefused(
        f"{path} adds {word.strip()!r} ({what}): code that reaches into the test harness "
        "or the test process is not a fix"
    )


def _computed_getattrs(text: str) -> int:
    """getattr calls whose name argument is not one plain string literal: what follows the
    first comma at the call's own depth is not a quoted string closed before the next `,`
    or `)` (so `'g' + 'c'`, `'g' 'c'` and f-strings count as computed)."""
    count = 0
    for match in _GETATTR.finditer(text):
        depth, at = 0, match.end()
        while at < len(text):
            char = text[at]
            if char in "'\"":
                at = _past_string(text, at)
                continue
            if char in "([{":
                depth += 1
            elif char in ")]}":
                if depth == 0:
                    break
                depth -= 1
            elif char == "," and depth == 0:
                start = len(text) - len(text[at + 1 :].lstrip())
                literal = start < len(text) and text[start] in "'\""
                after = text[_past_string(text, start) :].lstrip()[:1] if literal else ""
                if not (literal and after in (",", ")")):
                    count += 1
                break
            at += 1
    return count


def _past_string(text: str, at: int) -> int:
    """The index just past the string literal opening at `at` (its quote character)."""
    quote = text[at]
    end = text.find(quote, at + 1)
    while end > 0 and text[end - 1] == "\\":
        end = text.find(quote, end + 1)
    return len(text) if end < 0 else end + 1


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
