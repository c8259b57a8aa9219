"""The bubblewrap (bwrap) sandbox every ShellTool command runs in.

Inside, the whole filesystem is read-only except the agent's worktree; /tmp and /run
are private, empty tmpfs mounts (hiding the host's temp files and its sockets such as
docker.sock or D-Bus); there is no network (a new, empty network namespace), no view
of other processes (a new PID namespace), no capabilities, and a new terminal session.
The PID namespace also closes the one gap of a process-group kill: when bwrap dies,
the kernel kills every process inside, including those that called setsid().
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from devagent.tools.process import run_captured

# Host folders replaced by an empty tmpfs inside the sandbox.
_PRIVATE_DIRS: tuple[str, ...] = ("/tmp", "/run")
_PROBE_TIMEOUT_S = 10.0


@dataclass(frozen=True)
class Sandbox:
    """Turns a command's argv into the bwrap argv that runs it in `worktree`.

    `read_only` names paths to show read-only although they lie under /tmp or /run
    (the repository's shared .git folder, the Python environment); elsewhere the
    read-only root already shows them."""

    bwrap: str = "bwrap"
    read_only: tuple[Path, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "read_only", tuple(Path(p) for p in self.read_only))

    def program(self) -> str | None:
        """The bwrap executable's path, or None when it is not installed."""
        return shutil.which(self.bwrap)

    def options(self, worktree: Path) -> list[str]:
        """bwrap's options for a command in `worktree`; mount order matters: the
        worktree usually lives under /tmp, so it is bound after the private /tmp."""
        tree = Path(os.path.abspath(worktree))
        opts = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]
        # bwrap covers /proc/sys itself on most kernels, but not everywhere (gVisor).
        opts += ["--ro-bind", "/proc/sys", "/proc/sys"]
        for private in _PRIVATE_DIRS:
            if os.path.isdir(private):
                opts += ["--tmpfs", private]
        shown = sorted({Path(os.path.abspath(p)) for p in self.read_only}, key=lambda p: (len(p.parts), p))
        for path in shown:  # parents before children
            if _is_private(path) and path.exists():
                opts += ["--ro-bind", str(path), str(path)]
        opts += ["--bind", str(tree.resolve()), str(tree)]
        if os.path.lexists(tree / ".git"):
            # git outside the sandbox (GitTool) trusts this pointer; a command may not move it.
            opts += ["--ro-bind", str(tree / ".git"), str(tree / ".git")]
        opts += ["--unshare-net", "--unshare-pid", "--unshare-ipc"]
        opts += ["--new-session", "--die-with-parent", "--cap-drop", "ALL"]
        opts += ["--chdir", str(tree), "--setenv", "HOME", "/tmp", "--setenv", "TMPDIR", "/tmp"]
        return opts

    def wrap(self, argv: Sequence[str], worktree: Path) -> list[str]:
        """The full bwrap argv (its program as given in `bwrap`) running `argv`."""
        return [self.bwrap, *self.options(worktree), "--", *argv]

    def probe(self) -> str | None:
        """Start one sandbox running `true`: None when it works, else the reason in one line."""
        program = self.program()
        if program is None:
            return f"bubblewrap is not installed: {self.bwrap!r} was not found (shell.bwrap)"
        true = shutil.which("true") or "/bin/true"
        with tempfile.TemporaryDirectory(prefix="dev-agent-sandbox-probe-") as scratch:
            proc = run_captured(
                self.wrap([true], Path(scratch)),
                executable=program,
                stdin=subprocess.DEVNULL,
                timeout=_PROBE_TIMEOUT_S,
            )
        if isinstance(proc, subprocess.TimeoutExpired):
            return f"bubblewrap ({program}) did not start a sandbox within {_PROBE_TIMEOUT_S:g}s"
        if isinstance(proc, OSError):
            return f"bubblewrap ({program}) cannot be started: {proc.strerror or proc}"
        if proc.returncode == 0:
            return None
        lines = proc.stderr.decode("utf-8", errors="replace").strip().splitlines()
        why = lines[0].strip() if lines else f"exit code {proc.returncode}"
        return f"bubblewrap ({program}) cannot create its sandbox: {why}"


def _is_private(path: Path) -> bool:
    return any(path == Path(d) or Path(d) in path.parents for d in _PRIVATE_DIRS)


def git_common_dir(worktree: Path) -> Path | None:
    """The shared .git folder of a linked worktree (its `.git` is a `gitdir:` file),
    which git inside the sandbox must read; None for anything else."""
    dot_git = worktree / ".git"
    try:
        text = dot_git.read_text(encoding="utf-8") if dot_git.is_file() else ""
    except (OSError, UnicodeDecodeError):
        return None
    if not text.startswith("gitdir:"):
        return None
    gitdir = Path(text[len("gitdir:") :].strip())
    if not gitdir.is_absolute():
        gitdir = worktree / gitdir
    try:
        common = Path((gitdir / "commondir").read_text(encoding="utf-8").strip())
    except (OSError, UnicodeDecodeError):
        return gitdir.resolve()
    return (common if common.is_absolute() else gitdir / common).resolve()
