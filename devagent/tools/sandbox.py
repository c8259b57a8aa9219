"""The sandbox every ShellTool command runs in: bubblewrap (bwrap) when it works, else
Landlock (no system package needed), else none only when the config allows it.

`choose_sandbox` makes that choice once per process (see its docstring); the chosen kind
is named in the run log's run_started record (`sandbox_record`).

bubblewrap (`Sandbox`): inside, the whole filesystem is read-only except the agent's worktree; /tmp and /run
are private, empty tmpfs mounts (hiding the host's temp files and its sockets such as
docker.sock or D-Bus); there is no network (a new, empty network namespace), no view
of other processes (a new PID namespace), no capabilities, and a new terminal session.
The PID namespace also closes the one gap of a process-group kill: when bwrap dies,
the kernel kills every process inside, including those that called setsid().

Landlock (`LandlockSandbox`, devagent/tools/landlock_exec.py): a launcher applies
Landlock and a seccomp socket filter to itself before it execs the command: the whole
filesystem is read-only except the worktree and a private temp dir, host /tmp and /run
cannot be read, TCP bind/connect is denied (Landlock ABI >= 4) and no socket but a Unix
one can be created (seccomp). Where user namespaces work it also gets a PID namespace
(with the same kill-everything-inside guarantee); elsewhere the launcher, a child
subreaper, kills what the command left behind when the command ends.
"""

from __future__ import annotations

import atexit
import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar, Literal

from devagent.process import run_captured

SandboxKind = Literal["bwrap", "landlock", "none"]
# Which sandboxes `choose_sandbox` may pick: "auto" tries bwrap, then Landlock.
SandboxSetting = Literal["auto", "bwrap", "landlock"]
LAUNCHER = Path(__file__).with_name("landlock_exec.py")
# What to install, said when no sandbox works.
INSTALL_HINT = "install bubblewrap (apt-get install bubblewrap) or use a kernel with Landlock (5.13+)"

# Host folders replaced by an empty tmpfs inside the sandbox.
_PRIVATE_DIRS: tuple[str, ...] = ("/tmp", "/run")
_PROBE_TIMEOUT_S = 10.0


@dataclass(frozen=True)
class Sandbox:
    """Turns a command's argv into the bwrap argv that runs it in `worktree`.

    `read_only` names paths to show read-only although they lie under /tmp or /run
    (the repository's shared .git folder, the Python environment); elsewhere the
    read-only root already shows them."""

    kind: ClassVar[SandboxKind] = "bwrap"
    # The program every command is started through: bwrap here; for LandlockSandbox the
    # Python that runs the launcher (devagent/workflows/fix/repair_step.py builds its prefix
    # from this field and options(), so both kinds keep that shape).
    bwrap: str = "bwrap"
    read_only: tuple[Path, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "read_only", tuple(Path(p) for p in self.read_only))

    def program(self) -> str | None:
        """The bwrap executable's path, or None when it is not installed."""
        return shutil.which(self.bwrap)

    def details(self) -> dict[str, Any]:
        """What the run log records about this sandbox besides its kind."""
        return {"program": self.program()}

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


@dataclass(frozen=True)
class LandlockSandbox(Sandbox):
    """Turns a command's argv into the launcher argv that runs it in `worktree` under
    Landlock and seccomp (devagent/tools/landlock_exec.py); `read_only` names paths to
    show although they lie under the hidden /tmp or /run, as for bwrap."""

    kind: ClassVar[SandboxKind] = "landlock"
    bwrap: str = field(default_factory=lambda: sys.executable)
    read_only: tuple[Path, ...] = ()
    # Off: no user/PID namespace even where they work (tests of the fallback use it).
    pid_namespace: bool = True

    def program(self) -> str | None:
        """The Python that runs the launcher, or None when it is gone."""
        return self.bwrap if os.access(self.bwrap, os.X_OK) else shutil.which(self.bwrap)

    def options(self, worktree: Path) -> list[str]:
        """The launcher's options for a command in `worktree`. -I -S: nothing from the
        worktree, the environment or site-packages is imported before the rules apply."""
        tree = Path(os.path.abspath(worktree))
        opts = ["-I", "-S", str(LAUNCHER), "--tmp-parent", str(_private_tmp_root())]
        # The Python environment this tool runs in stays readable wherever it lives (a
        # checkout under /tmp, say): commands and test runs use its interpreter.
        shown = {*self.read_only, Path(sys.prefix), Path(sys.base_prefix)}
        for path in sorted({Path(os.path.abspath(p)) for p in shown}):
            opts += ["--ro", str(path)]
        opts += ["--rw", str(tree), "--chdir", str(tree)]
        if not self.pid_namespace:
            opts.append("--no-pid-namespace")
        return opts

    def details(self) -> dict[str, Any]:
        return {"program": self.program(), **_landlock_features(self.bwrap, self.pid_namespace)}

    def probe(self) -> str | None:
        """Start one sandbox running `true`: None when it works, else the reason in one line."""
        features = _landlock_features(self.bwrap, self.pid_namespace)
        problem = features.get("problem")
        return str(problem) if problem is not None else None


@functools.cache
def _landlock_features(python: str, pid_namespace: bool) -> dict[str, Any]:
    """What the launcher applies on this machine (its --describe line), or `problem`."""
    true = shutil.which("true") or "/bin/true"
    with tempfile.TemporaryDirectory(prefix="dev-agent-sandbox-probe-") as scratch:
        sandbox = LandlockSandbox(python, pid_namespace=pid_namespace)
        argv = [python, *sandbox.options(Path(scratch)), "--describe", "--", true]
        proc = run_captured(argv, stdin=subprocess.DEVNULL, timeout=_PROBE_TIMEOUT_S)
        if isinstance(proc, subprocess.TimeoutExpired):
            return {"problem": f"Landlock: the launcher did not start within {_PROBE_TIMEOUT_S:g}s"}
        if isinstance(proc, OSError):
            return {"problem": f"Landlock: {python} cannot be started: {proc.strerror or proc}"}
    lines = proc.stderr.decode("utf-8", errors="replace").strip().splitlines()
    if proc.returncode != 0:
        why = lines[-1].removeprefix("landlock_exec: ") if lines else f"exit code {proc.returncode}"
        return {"problem": f"Landlock: {why}"}
    try:
        described = json.loads(proc.stdout.decode("utf-8").splitlines()[0])
    except (ValueError, IndexError):
        return {"problem": "Landlock: the launcher did not describe its sandbox"}
    return described if isinstance(described, dict) else {"problem": "Landlock: bad description"}


@functools.cache
def _private_tmp_root() -> Path:
    """The folder of this process's Landlock temp dirs: each command's own is removed by
    its launcher; this root, with what a killed launcher left, at exit."""
    root = Path(tempfile.mkdtemp(prefix="dev-agent-sandbox-"))
    atexit.register(shutil.rmtree, root, True)
    return root


@dataclass(frozen=True)
class SandboxChoice:
    """The sandbox commands run in (None: none works) and why better kinds were passed over."""

    sandbox: Sandbox | None
    passed_over: tuple[str, ...] = ()

    @property
    def kind(self) -> SandboxKind:
        return self.sandbox.kind if self.sandbox is not None else "none"

    @property
    def problem(self) -> str | None:
        """One line for a run that cannot be sandboxed (None when one can)."""
        if self.sandbox is not None:
            return None
        return f"no sandbox works ({'; '.join(self.passed_over)}); {INSTALL_HINT}"

    def showing(self, read_only: Sequence[Path | None]) -> Sandbox | None:
        """The chosen sandbox, also showing `read_only` (None entries are skipped)."""
        if self.sandbox is None:
            return None
        return replace(self.sandbox, read_only=tuple(p for p in read_only if p is not None))

    def record(self) -> dict[str, Any]:
        """The run_started record's "sandbox" value."""
        details = self.sandbox.details() if self.sandbox is not None else {}
        return {
            "kind": self.kind,
            "enabled": self.sandbox is not None,
            **details,
            "passed_over": list(self.passed_over),
            "problem": self.problem,
        }


@functools.cache
def choose_sandbox(bwrap: str = "bwrap", setting: SandboxSetting = "auto") -> SandboxChoice:
    """bubblewrap when it can start a sandbox, else Landlock when the kernel has it and
    the launcher can apply it, else none (the caller refuses to run unless the config
    allows it). `setting` narrows the choice to one kind. Probed once per process."""
    candidates: list[Sandbox] = []
    if setting in ("auto", "bwrap"):
        candidates.append(Sandbox(bwrap))
    if setting in ("auto", "landlock"):
        candidates.append(LandlockSandbox())
    passed_over: list[str] = []
    for candidate in candidates:
        problem = candidate.probe()
        if problem is None:
            return SandboxChoice(candidate, tuple(passed_over))
        passed_over.append(problem)
    return SandboxChoice(None, tuple(passed_over))


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
