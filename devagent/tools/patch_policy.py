"""Which model-written diffs may be applied at all, decided from the diff text alone.

Refuses paths outside the repository, into `.git/`, git's own control files
(`.gitattributes`, `.gitmodules`), matching protected globs (the tests) or automation
globs (CI and automation configs, automation_paths.py); symlinks, submodules,
executable modes and binary patches; oversized diffs. Runs before `git apply --check`,
and again on the paths git itself reports, then against the worktree: a path that is, or
goes through, a symlink or a submodule there is refused too."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path

from devagent.tools.automation_paths import AUTOMATION_PATHS
from devagent.tools.git.diff_headers import (
    HUNK_HEADER_RE,
    NAMING_HEADERS,
    NULL_PATH,
    HunkCounter,
    header_path,
    named_path,
    split_git_header,
    strip_p1,
)

_SYMLINK_MODE = "120000"
_EXECUTABLE_MODE = "100755"
_SUBMODULE_MODE = "160000"
# Files that tell git which programs to run (filter and diff drivers) or what to clone.
_GIT_CONTROL_FILES = frozenset({".gitattributes", ".gitmodules"})


class PatchRefused(Exception):
    """A model-written diff that will not be applied; `reason` says precisely why.
    `malformed`: the text is not a well-formed diff (the patch applier may still read
    it); otherwise it breaks a safety rule, whatever form it takes."""

    def __init__(self, reason: str, *, malformed: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.malformed = malformed


def _glob_matches(path: str, pattern: str) -> bool:
    """fnmatch on a POSIX relative path, with '**/' also matching at the top level and at any depth.

    fnmatch's '*' crosses '/', so this errs towards protecting too much, never too little."""
    if fnmatchcase(path, pattern):
        return True
    if pattern.startswith("**/"):
        rest = pattern[3:]
        parts = path.split("/")
        return any(fnmatchcase("/".join(parts[i:]), rest) for i in range(len(parts)))
    # A bare directory name ("tests" or "tests/") protects everything below it.
    if not any(ch in pattern for ch in "*?["):
        prefix = pattern.rstrip("/")
        return bool(prefix) and (path == prefix or path.startswith(prefix + "/"))
    return False


@dataclass(frozen=True)
class PatchPolicy:
    """What a model-written diff may touch. `protected` holds glob patterns on POSIX
    relative paths, e.g. ("tests/**", "**/test_*.py", "**/*_test.py"); `automation` the
    CI and automation configs, a list of its own so that letting a run edit the tests
    never lets it edit those (only the user's automation_paths does)."""

    protected: tuple[str, ...] = ()
    automation: tuple[str, ...] = AUTOMATION_PATHS
    max_bytes: int = 1_000_000

    def check_size(self, diff_text: str) -> None:
        """Refuse an oversized patch before anything reads it line by line."""
        size = len(diff_text.encode("utf-8", errors="surrogateescape"))
        if size > self.max_bytes:
            raise PatchRefused(f"patch is {size} bytes, over the {self.max_bytes}-byte limit")

    def check(self, diff_text: str) -> list[str]:
        """Return the relative paths the diff touches, or raise PatchRefused."""
        self.check_size(diff_text)

        touched: list[str] = []
        saw_header = False
        hunk = HunkCounter()

        # split("\n"), not splitlines(): git ends lines only at LF, and a form feed or
        # U+2028 inside a hunk must not shift the hunk line counts.
        for lineno, raw_line in enumerate(diff_text.split("\n"), start=1):
            line = raw_line.rstrip("\r")
            if hunk.active:
                hunk.consume(line)
                continue
            if line.startswith("diff --git "):
                saw_header = True
                for raw in _split_git_header(line[len("diff --git ") :], lineno):
                    self._add(touched, raw, strip=True)
            elif line.startswith(("--- ", "+++ ")):
                saw_header = True
                raw = header_path(line[4:])
                if raw != NULL_PATH:
                    self._add(touched, raw, strip=True)
            elif line.startswith(NAMING_HEADERS):
                saw_header = True
                # git takes these names verbatim, without -p stripping.
                self._add(touched, named_path(line), strip=False)
            elif line.startswith("GIT binary patch") or (
                line.startswith("Binary files ") and line.endswith(" differ")
            ):
                raise PatchRefused(f"binary patches are not allowed (line {lineno})")
            elif line.startswith(("old mode ", "new mode ", "new file mode ", "deleted file mode ")):
                _check_mode_line(line, lineno)
            elif line.startswith("index "):
                # "index a..b <mode>" on an unchanged mode: editing a symlink or submodule.
                mode = line.rsplit(" ", 1)[-1]
                if mode in (_SYMLINK_MODE, _SUBMODULE_MODE):
                    raise PatchRefused(f"changes to a {_mode_name(mode)} are not allowed (line {lineno})")
            elif line.startswith("@@"):
                match = HUNK_HEADER_RE.match(line)
                if match is None:
                    raise PatchRefused(f"malformed hunk header at line {lineno}: {line[:80]}", malformed=True)
                hunk.old_left = int(match.group(1) or "1")
                hunk.new_left = int(match.group(2) or "1")

        if not saw_header or not touched:
            raise PatchRefused("not a unified diff (no file headers found)", malformed=True)
        return touched

    def is_protected(self, path: str) -> bool:
        """True for a repository-relative path that patches may not touch."""
        return any(_glob_matches(path, pattern) for pattern in self.protected)

    def check_paths(
        self, paths: Iterable[str], worktree: Path | None = None, submodules: Collection[str] = ()
    ) -> None:
        """Apply the path rules to paths as git itself reports them (already stripped).

        With `worktree`, also refuse a path that is or goes through a symlink there (git
        would edit the link, or write where it points), or that lies in one of
        `submodules` (their paths, as git's index lists them)."""
        for path in paths:
            self._check_path(path, path)
            if worktree is not None:
                _check_in_worktree(path, worktree, submodules)

    def _add(self, touched: list[str], raw: str, *, strip: bool) -> None:
        path = strip_p1(raw) if strip else raw
        self._check_path(raw, path)
        if path not in touched:
            touched.append(path)

    def _check_path(self, raw: str, path: str) -> None:
        if not raw:
            raise PatchRefused("empty path in diff header")
        if raw.startswith('"'):
            raise PatchRefused(f"quoted paths are not supported: {raw}")
        if raw.startswith("/") or path.startswith("/") or re.match(r"^[A-Za-z]:[\\/]", path):
            raise PatchRefused(f"absolute path not allowed: {raw}")
        parts = raw.replace("\\", "/").split("/")
        if ".." in parts:
            raise PatchRefused(f"path escapes the repository ('..'): {raw}")
        if any(part.lower() == ".git" for part in parts):
            raise PatchRefused(f"path inside .git not allowed: {raw}")
        if parts[-1].lower() in _GIT_CONTROL_FILES:
            raise PatchRefused(f"git control file not allowed (it decides which programs git runs): {raw}")
        pattern = next((p for p in self.protected if _glob_matches(path, p)), None)
        if pattern is not None:
            raise PatchRefused(f"protected path {path} (matches {pattern!r})")
        if self.is_automation(path):
            raise PatchRefused(automation_reason(path))

    def is_automation(self, path: str) -> bool:
        """True for a CI or automation config (`automation`) patches may not touch."""
        # Case-blind: on a case-insensitive disk `.GitHub/` is `.github/`.
        return any(_glob_matches(path.lower(), pattern.lower()) for pattern in self.automation)


def automation_reason(path: str) -> str:
    """Why a CI or automation file is refused, in the words every mode uses."""
    return (
        f"'{path}' is a CI or automation file, which runs with the repository's secrets; "
        "only the user can allow it (automation_paths)"
    )


def _check_in_worktree(path: str, worktree: Path, submodules: Collection[str]) -> None:
    parts = path.split("/")
    for depth in range(1, len(parts) + 1):
        prefix = "/".join(parts[:depth])
        if prefix in submodules:
            raise PatchRefused(f"path inside submodule {prefix} not allowed: {path}")
        if (worktree / prefix).is_symlink():
            where = "is a symlink" if depth == len(parts) else f"goes through the symlink {prefix}"
            raise PatchRefused(f"path {where} in the repository: {path}")


def _split_git_header(rest: str, lineno: int) -> tuple[str, str]:
    """Split "a/X b/Y" from a `diff --git` line; paths with spaces are resolved by
    preferring the split where both sides name the same file, as git does."""
    if rest.startswith('"'):
        raise PatchRefused(f"quoted paths are not supported (line {lineno})")
    pair = split_git_header(rest, _same_file, _new_side_prefixed)
    if pair is None:
        raise PatchRefused(f"malformed diff --git header at line {lineno}")
    return pair


def _same_file(left: str, right: str) -> bool:
    return strip_p1(left) == strip_p1(right)


def _new_side_prefixed(_left: str, right: str) -> bool:
    return right.startswith("b/")


def _mode_name(mode: str) -> str:
    return {_SYMLINK_MODE: "symlink", _SUBMODULE_MODE: "submodule", _EXECUTABLE_MODE: "executable"}.get(
        mode, mode
    )


def _check_mode_line(line: str, lineno: int) -> None:
    mode = line.rsplit(" ", 1)[-1]
    if mode in (_SYMLINK_MODE, _SUBMODULE_MODE):
        raise PatchRefused(f"{_mode_name(mode)} entries are not allowed ({line}, line {lineno})")
    if mode == _EXECUTABLE_MODE and not line.startswith("deleted file mode "):
        raise PatchRefused(f"executable mode changes are not allowed ({line}, line {lineno})")
