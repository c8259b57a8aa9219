"""The one way Dev Agent runs git: a scrubbed environment, the safety `-c` options every
call carries, and one-line summaries of what git said.

No program a repository's config names runs on the agent's behalf: every call turns off
core.fsmonitor; callers that check out, stage or commit add `HOOKS_OFF` (or the hooks the
user allowed) and `filters_off(repo)`."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Mapping
from pathlib import Path

from devagent.errors import GitError
from devagent.process import first_line, run_captured
from devagent.secret_values import scrubbed_environment

__all__ = [
    "HOOKS_OFF",
    "MODEL_GIT_CONFIG",
    "SAFE_CONFIG",
    "error_line",
    "error_summary",
    "filters_off",
    "git_env",
    "model_git_argv",
    "run_git",
    "run_git_bytes",
]

# Variables that would redirect git away from the repository we name with cwd (for
# example GIT_INDEX_FILE set by a hook that launched us would make `apply --index`
# write into the user's index).
_REDIRECTING_ENV = (
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
    "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_COMMON_DIR",
    "GIT_NAMESPACE",
    "GIT_PREFIX",
)

# Every git call: a repository's core.fsmonitor names a program git would run on each
# index refresh (status, apply --index, commit, reset).
SAFE_CONFIG = ("-c", "core.fsmonitor=false")
# An empty hooks path disables every hook (post-checkout, pre-commit, pre-push, ...).
HOOKS_OFF = ("-c", "core.hooksPath=/dev/null")


def git_env(
    extra: Mapping[str, str] | None = None,
    *,
    isolated: bool = False,
    base: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """The environment for git: `base` (default: ours without secrets, for git needs no
    credentials but to push) without the variables that redirect it, never prompting, in
    the C locale. `isolated` (the benches and their task checks): no GIT_* variable is
    inherited at all, and neither the user's nor the system's config is read."""
    source = scrubbed_environment() if base is None else base
    if isolated:
        env = {k: v for k, v in source.items() if not k.startswith("GIT_")}
        env.update({"GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"})
    else:
        env = {k: v for k, v in source.items() if k not in _REDIRECTING_ENV}
    # Never block on a credential prompt; C locale keeps messages parseable.
    env["GIT_TERMINAL_PROMPT"] = "0"
    env["LC_ALL"] = "C"
    if extra:
        env.update(extra)
    return env


# Commands a model asks for (`git diff/show/log/status`, run in the sandbox): none of the
# programs the repository's config names runs, no pager, no signature check.
MODEL_GIT_CONFIG = (
    "-c", "core.fsmonitor=false",
    "-c", "core.pager=cat",
    "-c", "diff.external=",
    "-c", "log.showSignature=false",
    "-c", "gpg.program=false",
    "-c", "gpg.ssh.program=false",
    "-c", "gpg.x509.program=false",
    "-c", "status.submoduleSummary=false",
    "-c", "core.untrackedCache=false",
)  # fmt: skip
# Subcommands that can show a diff: the repository's external diff and textconv stay off.
_DIFFING = frozenset({"diff", "show", "log"})


def model_git_argv(argv: list[str]) -> list[str]:
    """A model's `git <subcommand> ...` with MODEL_GIT_CONFIG before the subcommand and,
    for the subcommands that diff, `--no-ext-diff --no-textconv` after it."""
    if not argv or argv[0] != "git" or len(argv) < 2:
        return list(argv)
    sub, rest = argv[1], argv[2:]
    diffing = ["--no-ext-diff", "--no-textconv"] if sub in _DIFFING else []
    return ["git", *MODEL_GIT_CONFIG, sub, *diffing, *rest]


def error_line(text: str) -> str:
    """The most telling line of git's stderr: the first fatal/error line, else the first line."""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(("fatal:", "error:", "! [")):
            return stripped
    return first_line(text)


def error_summary(proc: subprocess.CompletedProcess[bytes]) -> str:
    """Up to three lines of git's stderr, its error/fatal lines first; else the exit status."""
    lines = [ln.strip() for ln in proc.stderr.decode("utf-8", "replace").splitlines() if ln.strip()]
    errors = [ln for ln in lines if ln.startswith(("error:", "fatal:"))] or lines
    return "; ".join(errors[:3]) or f"exit status {proc.returncode}"


def _subcommand(args: tuple[str, ...]) -> str:
    """The git subcommand for messages, skipping leading `-c key=value` pairs."""
    i = 0
    while i < len(args) and args[i] == "-c":
        i += 2
    if i >= len(args):
        return "(none)"
    if i + 1 < len(args) and not args[i + 1].startswith("-") and args[i] in ("worktree", "remote"):
        return f"{args[i]} {args[i + 1]}"
    return args[i]


def run_git(
    *args: str,
    cwd: Path,
    check: bool = True,
    env: Mapping[str, str] | None = None,
    timeout: float | None = None,
    input: str | None = None,
    isolated: bool = False,
    base_env: Mapping[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run one git command (text in and out); raise GitError when git cannot run or times
    out, and on a nonzero exit unless check=False. `env` adds to `git_env(isolated=...)`;
    `base_env` replaces the scrubbed environment git_env starts from."""
    name = _subcommand(args)
    proc = run_captured(
        ["git", *SAFE_CONFIG, *args],
        text=True,
        input=input,
        cwd=cwd,
        env=git_env(env, isolated=isolated, base=base_env),
        timeout=timeout,
    )
    if isinstance(proc, FileNotFoundError):
        raise GitError(f"git not found on PATH (or missing directory {cwd})") from proc
    if isinstance(proc, subprocess.TimeoutExpired):
        raise GitError(f"git {name} timed out after {timeout:.0f}s") from proc
    if isinstance(proc, OSError):
        raise proc
    if check and proc.returncode != 0:
        raise GitError(f"git {name} failed: {error_line(proc.stderr)}")
    return proc


def run_git_bytes(
    *args: str, cwd: Path, stdin: bytes | None = None, timeout: float | None = None
) -> subprocess.CompletedProcess[bytes]:
    """Run one git command on bytes; never raises: when git cannot run or times out, the
    result has exit status 127 and the reason as its stderr."""
    argv = ["git", *SAFE_CONFIG, *args]
    proc = run_captured(argv, input=stdin, cwd=cwd, env=git_env(), timeout=timeout)
    if isinstance(proc, subprocess.CompletedProcess):
        return proc
    return subprocess.CompletedProcess(argv, 127, b"", str(proc).encode())


def filters_off(repo: Path) -> list[str]:
    """`-c` options that turn every configured filter driver into a no-op: with a
    `.gitattributes` entry its clean/smudge/process programs would run on checkout,
    staging and status. An empty command is no filter; `required=false` keeps git going."""
    out = run_git("config", "-z", "--get-regexp", r"^filter\.", cwd=repo, check=False).stdout
    drivers = sorted(
        {
            key[len("filter.") : key.rindex(".")]
            for key in (e.split("\n", 1)[0] for e in out.split("\0"))
            if key.count(".") >= 2
        }
    )
    options: list[str] = []
    for driver in drivers:
        for name, value in (("clean", ""), ("smudge", ""), ("process", ""), ("required", "false")):
            options += ["-c", f"filter.{driver}.{name}={value}"]
    return options
