"""Which arguments a model may pass to the programs it may run.

The test command comes from the user's config and is trusted. Commands a model asks
for are not, and whitelisting a program is not enough: `pytest --basetemp=DIR`
deletes DIR, `pytest -p MOD` imports code, `git diff --output=FILE` writes FILE,
`git -c core.pager=CMD log` runs CMD. So a model command may use only the options
listed here; its other arguments must be test ids, relative paths inside the
worktree, or revision names."""

from __future__ import annotations

import re
from collections.abc import Sequence

# Options that take no value, and options that take one (as `--opt=v` or `--opt v`).
_FLAGS: dict[str, frozenset[str]] = {
    "pytest": frozenset(
        {
            "-x",
            "--exitfirst",
            "-q",
            "--quiet",
            "-v",
            "--verbose",
            "-s",
            "-l",
            "--showlocals",
            "--lf",
            "--last-failed",
            "--ff",
            "--failed-first",
            "--co",
            "--collect-only",
            "--no-header",
            "-rA",
            "-ra",
        }
    ),
    "git": frozenset(
        {
            "--stat",
            "--name-only",
            "--name-status",
            "--oneline",
            "-p",
            "--patch",
            "--no-color",
            "--cached",
            "--staged",
            "--short",
            "--branch",
            "--no-patch",
            "--",
        }
    ),
}
_VALUED: dict[str, frozenset[str]] = {
    "pytest": frozenset({"-k", "-m", "--maxfail", "--tb", "-r", "--durations"}),
    "git": frozenset({"-n", "--max-count", "-U", "--unified", "--format", "--pretty"}),
}
# Test ids (tests/test_x.py::test_y[a-1]), relative paths, revisions (HEAD~1, main..HEAD).
_POSITIONAL = re.compile(r"^[\w.:/@^~\[\]=,+-]+$")


class ArgumentRejected(ValueError):
    """`str(exc)` is a one-line reason naming the argument."""


def check_model_arguments(argv: Sequence[str], fixed: int) -> None:
    """Check argv[fixed:] (after the program and its whitelisted leading words)."""
    program = argv[0]
    flags, valued = _FLAGS.get(program, frozenset()), _VALUED.get(program, frozenset())
    args = list(argv[fixed:])
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg.startswith("-") and arg != "-":
            option, has_value, _ = arg.partition("=")
            if option in valued:
                i += 0 if has_value else 1  # the value is data, whatever it looks like
                continue
            if arg in flags or _combined_flags(arg, flags):
                continue
            raise ArgumentRejected(f"option {option!r} is not allowed in commands a model asks for")
        _check_positional(arg)


def _combined_flags(arg: str, flags: frozenset[str]) -> bool:
    """`-xq` is `-x -q`."""
    return bool(re.fullmatch(r"-[A-Za-z]{2,}", arg)) and all(f"-{ch}" in flags for ch in arg[1:])


def _check_positional(arg: str) -> None:
    if not _POSITIONAL.match(arg):
        raise ArgumentRejected(
            f"argument {arg[:60]!r} has characters a test id, path or revision cannot have"
        )
    if arg.startswith("/") or arg == ".." or arg.startswith("../") or "/../" in arg or arg.endswith("/.."):
        raise ArgumentRejected(f"argument {arg[:60]!r} points outside the worktree")
