"""Which arguments a model may pass to the programs it may run.

The test command comes from the user's config and is trusted. Commands a model asks
for are not, and whitelisting a program is not enough: `pytest --basetemp=DIR`
deletes DIR, `pytest -p MOD` imports code, `git diff --output=FILE` writes FILE,
`git -c core.pager=CMD log` runs CMD. So a model command may use only the options
listed here; its other arguments must be test ids, relative paths inside the
worktree, or revision names.

Whatever the whitelist allows, a model command also stays read-only where a program
has subcommands (`git config`, `git push`, `pip install` are refused even when `git` or
`pip` is whitelisted whole), and `make` and `npm` run exactly their whitelist entry:
`make test install` or `make test SHELL=/bin/sh` would run other recipes or programs."""

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
# The only subcommands a model may run: ones that read. Writing the repository, its
# config or remotes is GitTool's job; installing packages changes the interpreter the
# agent itself runs in.
_SUBCOMMANDS: dict[str, tuple[str, ...]] = {
    "git": ("diff", "log", "show", "status"),
    "pip": ("list", "show", "freeze", "check"),
    "npm": ("test",),
}
# Programs that run exactly their whitelist entry: targets, VAR=value and options would
# pick other recipes or override the programs the recipe runs.
_EXACT: frozenset[str] = frozenset({"make", "npm"})
# Control characters (ANSI escapes rewrite the terminal a human reads the log in) and lone
# surrogates (bytes that were not UTF-8, smuggled through a JSON "\udcff" escape).
_BAD_TEXT = re.compile(r"[\x00-\x1f\x7f\ud800-\udfff]")


class ArgumentRejected(ValueError):
    """`str(exc)` is a one-line reason naming the argument."""


def check_model_arguments(argv: Sequence[str], fixed: int) -> None:
    """Check argv[fixed:] (after the program and its whitelisted leading words)."""
    program = argv[0]
    for arg in argv[1:]:
        _check_text(arg)
    subcommands = _SUBCOMMANDS.get(program)
    if subcommands is not None:
        sub = argv[1] if len(argv) > 1 else ""
        if sub not in subcommands:
            shown = f"{program} {sub}".strip()[:60]
            raise ArgumentRejected(
                f"{shown!r} is not allowed in commands a model asks for "
                f"(read-only subcommands only: {', '.join(subcommands)})"
            )
        fixed = max(fixed, 2)
    if program in _EXACT and len(argv) > fixed:
        entry = " ".join(argv[:fixed])
        raise ArgumentRejected(
            f"nothing may follow {entry!r} in commands a model asks for (got {argv[fixed][:60]!r})"
        )
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


def _check_text(arg: str) -> None:
    bad = _BAD_TEXT.search(arg)
    if bad is None:
        return
    if "\ud800" <= bad.group() <= "\udfff":
        raise ArgumentRejected(f"argument {arg[:60]!r} is not valid UTF-8 text")
    raise ArgumentRejected(f"argument {arg[:60]!r} contains control character {bad.group()!r}")


def _check_positional(arg: str) -> None:
    if not _POSITIONAL.match(arg):
        raise ArgumentRejected(
            f"argument {arg[:60]!r} has characters a test id, path or revision cannot have"
        )
    # "~" is not expanded without a shell, but a path that reads as $HOME is refused all the same.
    outside = arg.startswith(("/", "~", "../")) or arg == ".." or "/../" in arg or arg.endswith("/..")
    if outside:
        raise ArgumentRejected(f"argument {arg[:60]!r} points outside the worktree")
