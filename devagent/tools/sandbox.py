"""The sandbox every ShellTool command runs in: bubblewrap (bwrap) when it works, else
Landlock (no system package needed), else none only when the config allows it.

`choose_sandbox` makes that choice once per process (see its docstring); the chosen kind
is named in the run log's run_started record (`SandboxChoice.record`).

What either kind gives a command:
- files: the whole filesystem read-only except the worktree; host /tmp and /run hidden
  (other programs' temp files, and host sockets such as docker.sock or D-Bus); the
  `read_only` paths (the Python environment, the repository's shared .git) readable and
  never writable, wherever they live; credential stores hidden (`hidden`, the config's
  shell.hidden_paths: ~/.ssh, ~/.aws, ~/.netrc, /etc/shadow, ... by default), a folder
  as an empty one and a file as an empty file, Unix sockets in them unreachable;
- network: a network namespace of its own whose loopback works (127.0.0.1 and ::1: tests
  may listen and connect there) and holds nothing else: the host's loopback services,
  its abstract Unix sockets, any other address and DNS are unreachable. The host's
  127.0.0.1 ports named in `host_services` (shell.host_services, none by default) are
  forwarded in, each alone (devagent/tools/host_relay.py);
- processes: a PID namespace (when the sandbox ends, everything inside dies, setsid()
  escapees too), SysV IPC of its own, no capabilities, and it ends with its parent:
  after a SIGKILL of dev-agent nothing of it runs on.

bubblewrap (`Sandbox`) gives all this with its own options. Landlock (`LandlockSandbox`,
devagent/tools/landlock_exec.py): a launcher unshares a user, mount, PID, network and
IPC namespace, mounts over the hidden paths, then applies Landlock and a seccomp socket
filter to itself before it execs the command. Where user namespaces do not work, it
falls back to Landlock alone: hidden paths are left out of its read rules (their names
stay listable, and Unix sockets in them reachable), no socket but a Unix one can be
made, TCP bind/connect is denied (ABI >= 4), host services cannot be forwarded, SysV
IPC is the host's, and the launcher, a child subreaper, kills what the command left
behind when the command ends. The run_started record says which (`"network":
"private_loopback"` or `"none"`).
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
RELAY = Path(__file__).with_name("host_relay.py")
# What to install, said when no sandbox works.
INSTALL_HINT = "install bubblewrap (apt-get install bubblewrap) or use a kernel with Landlock (5.13+)"
# The run_started record's "network": a private loopback, or no socket but a Unix one.
PRIVATE_LOOPBACK, NO_NETWORK = "private_loopback", "none"
# Credential stores no test needs, hidden by default (shell.hidden_paths; ~ is the
# user's home): a folder shows empty inside, a file empty.
DEFAULT_HIDDEN_PATHS: tuple[str, ...] = (
    "~/.ssh",
    "~/.gnupg",
    "~/.aws",
    "~/.azure",
    "~/.config/gcloud",
    "~/.config/gh",
    "~/.config/hub",
    "~/.docker",
    "~/.kube",
    "~/.netrc",
    "~/.git-credentials",
    "~/.config/git/credentials",
    "~/.gitconfig",
    "~/.pypirc",
    "~/.npmrc",
    "~/.cargo/credentials",
    "~/.cargo/credentials.toml",
    "~/.password-store",
    "~/.local/share/keyrings",
    "~/.vault-token",
    "/etc/shadow",
    "/etc/gshadow",
)

# Host folders replaced by an empty tmpfs inside the sandbox.
_PRIVATE_DIRS: tuple[str, ...] = ("/tmp", "/run")
_PROBE_TIMEOUT_S = 10.0


@dataclass(frozen=True)
class Sandbox:
    """Turns a command's argv into the bwrap argv that runs it in `worktree`.

    `read_only` names paths shown read-only (the repository's shared .git folder, the
    Python environment): under /tmp or /run, which are otherwise private, and inside the
    worktree too. `hidden` (paths, `~` for the home folder) are hidden; `host_services`
    (TCP ports) are forwarded from the sandbox's 127.0.0.1 to the host's."""

    kind: ClassVar[SandboxKind] = "bwrap"
    # The program every command is started through: bwrap here; for LandlockSandbox the
    # Python that runs the launcher (devagent/workflows/fix/repair_step.py builds its prefix
    # from prefix(), so both kinds keep that shape).
    bwrap: str = "bwrap"
    read_only: tuple[Path, ...] = ()
    hidden: tuple[str, ...] = field(default=DEFAULT_HIDDEN_PATHS, kw_only=True)
    host_services: tuple[int, ...] = field(default=(), kw_only=True)

    def __post_init__(self) -> None:
        object.__setattr__(self, "read_only", tuple(Path(p) for p in self.read_only))
        object.__setattr__(self, "hidden", tuple(self.hidden))
        object.__setattr__(self, "host_services", tuple(self.host_services))

    def program(self) -> str | None:
        """The bwrap executable's path, or None when it is not installed."""
        return shutil.which(self.bwrap)

    def start_program(self) -> str | None:
        """The executable wrap()'s argv starts with: program(), or with host services the
        relay's Python (then bwrap must be there too); None when one is missing."""
        program = self.program()
        return program if not self.host_services or program is None else _relay_python()

    def details(self) -> dict[str, Any]:
        """What the run log records about this sandbox besides its kind."""
        return {"program": self.program(), "network": PRIVATE_LOOPBACK, **self._settings()}

    def _settings(self) -> dict[str, Any]:
        return {"hidden_paths": list(self.hidden), "host_services": list(self.host_services)}

    def shown(self) -> list[Path]:
        """The read-only paths, with the Python environment this tool runs in (the
        relay's and the launcher's interpreter), parents before children."""
        paths = {Path(os.path.abspath(p)) for p in (*self.read_only, Path(sys.prefix), Path(sys.base_prefix))}
        return sorted(paths, key=lambda p: (len(p.parts), p))

    def hidden_paths(self) -> list[Path]:
        """The hidden paths, `~` expanded (entries that are not absolute then are skipped)."""
        expanded = (Path(os.path.expanduser(entry)) for entry in self.hidden)
        return [path for path in expanded if path.is_absolute()]

    def options(self, worktree: Path) -> list[str]:
        """bwrap's options for a command in `worktree`; mount order matters: the
        worktree usually lives under /tmp, so it is bound after the private /tmp, and
        read-only paths inside it after it."""
        tree = Path(os.path.abspath(worktree))
        opts = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]
        # bwrap covers /proc/sys itself on most kernels, but not everywhere (gVisor).
        opts += ["--ro-bind", "/proc/sys", "/proc/sys"]
        for private in _PRIVATE_DIRS:
            if os.path.isdir(private):
                opts += ["--tmpfs", private]
        shown = [p for p in self.shown() if p.exists()]
        for path in shown:  # parents before children
            if _is_private(path) and tree not in path.parents:
                opts += ["--ro-bind", str(path), str(path)]
        emptied: list[str] = []
        for path in self._hidden_here(shown):
            if path.is_dir():  # an empty tmpfs, made read-only once mounts inside are made
                opts += ["--tmpfs", str(path)]
                emptied.append(str(path))
            else:
                opts += ["--ro-bind", "/dev/null", str(path)]
        opts += ["--bind", str(tree.resolve()), str(tree)]
        if os.path.lexists(tree / ".git"):
            # git outside the sandbox (GitTool) trusts this pointer; a command may not move it.
            opts += ["--ro-bind", str(tree / ".git"), str(tree / ".git")]
        for path in shown:
            if tree in path.parents:
                opts += ["--ro-bind", str(path), str(path)]
        for path_text in emptied:
            opts += ["--remount-ro", path_text]
        # A user namespace even for root (who would otherwise keep a full bounding set);
        # where none can be made (a setuid bwrap), bwrap drops the capabilities itself.
        opts += ["--unshare-user-try", "--unshare-net", "--unshare-pid", "--unshare-ipc"]
        opts += ["--new-session", "--die-with-parent", "--cap-drop", "ALL"]
        opts += ["--chdir", str(tree), "--setenv", "HOME", "/tmp", "--setenv", "TMPDIR", "/tmp"]
        return opts

    def _hidden_here(self, shown: Sequence[Path]) -> list[Path]:
        """The hidden paths that exist, resolved (a mount covers the file, not the name);
        those under the private /tmp and /run are already gone unless a shown path
        brings them back."""
        found: dict[Path, None] = {}
        for path in self.hidden_paths():
            if not os.path.lexists(path):
                continue
            real = path.resolve()
            if real.exists() and (not _is_private(real) or any(_under(real, p) for p in shown)):
                found[real] = None
        return list(found)

    def prefix(self, worktree: Path, chdir: Path | None = None) -> list[str]:
        """The argv before a command run in `worktree` (in `chdir`, when given)."""
        inner = [self.bwrap, *self.options(worktree)]
        if chdir is not None:
            inner += ["--chdir", str(chdir)]
        inner.append("--")
        if not self.host_services:
            return inner
        python = _relay_python()
        ports = [arg for port in self.host_services for arg in ("--port", str(port))]
        inside = [python, "-I", "-S", "-c", RELAY.read_text(encoding="utf-8"), "--inside", *ports, "--"]
        return [python, "-I", "-S", str(RELAY), *ports, "--", *inner, *inside]

    def wrap(self, argv: Sequence[str], worktree: Path) -> list[str]:
        """The full argv (its program as given in `bwrap`, or the relay's Python with
        host services) running `argv`."""
        return [*self.prefix(worktree), *argv]

    def probe(self) -> str | None:
        """Start one sandbox running `true`: None when it works, else the reason in one line."""
        program = self.program()
        if program is None:
            return f"bubblewrap is not installed: {self.bwrap!r} was not found (shell.bwrap)"
        return self._run_true(f"bubblewrap ({program})")

    def _run_true(self, label: str) -> str | None:
        """Run `true` in this sandbox, as configured: None when it works, else why not."""
        true = shutil.which("true") or "/bin/true"
        with tempfile.TemporaryDirectory(prefix="dev-agent-sandbox-probe-") as scratch:
            proc = run_captured(
                self.wrap([true], Path(scratch)),
                executable=self.start_program(),
                stdin=subprocess.DEVNULL,
                timeout=_PROBE_TIMEOUT_S,
            )
        if isinstance(proc, subprocess.TimeoutExpired):
            return f"{label} did not start a sandbox within {_PROBE_TIMEOUT_S:g}s"
        if isinstance(proc, OSError):
            return f"{label} cannot be started: {proc.strerror or proc}"
        if proc.returncode == 0:
            return None
        lines = proc.stderr.decode("utf-8", errors="replace").strip().splitlines()
        why = lines[0].strip() if lines else f"exit code {proc.returncode}"
        return f"{label} cannot create its sandbox: {why}"


@dataclass(frozen=True)
class LandlockSandbox(Sandbox):
    """Turns a command's argv into the launcher argv that runs it in `worktree` under
    Landlock and seccomp (devagent/tools/landlock_exec.py); `read_only`, `hidden` and
    `host_services` as for bwrap."""

    kind: ClassVar[SandboxKind] = "landlock"
    bwrap: str = field(default_factory=lambda: sys.executable)
    read_only: tuple[Path, ...] = ()
    # Off: no user/PID/network namespace even where they work (tests of the fallback use it).
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
        for path in self.shown():
            opts += ["--ro", str(path)]
        for hidden in self.hidden_paths():
            opts += ["--hide", str(hidden)]
        opts += ["--rw", str(tree), "--chdir", str(tree)]
        if not self.pid_namespace:
            opts.append("--no-pid-namespace")
        return opts

    def details(self) -> dict[str, Any]:
        return {"program": self.program(), **self._features(), **self._settings()}

    def _features(self) -> dict[str, Any]:
        hidden = tuple(str(p) for p in self.hidden_paths())
        return _landlock_features(self.bwrap, self.pid_namespace, hidden)

    def probe(self) -> str | None:
        """Start one sandbox running `true`: None when it works, else the reason in one line."""
        features = self._features()
        problem = features.get("problem")
        if problem is not None:
            return str(problem)
        if not self.host_services:
            return None
        if features.get("network") != PRIVATE_LOOPBACK:
            return "Landlock: shell.host_services needs a network namespace; user namespaces do not work here"
        return self._run_true("Landlock")


@functools.cache
def _landlock_features(python: str, pid_namespace: bool, hidden: tuple[str, ...]) -> dict[str, Any]:
    """What the launcher applies on this machine (its --describe line), or `problem`."""
    true = shutil.which("true") or "/bin/true"
    with tempfile.TemporaryDirectory(prefix="dev-agent-sandbox-probe-") as scratch:
        sandbox = LandlockSandbox(python, pid_namespace=pid_namespace, hidden=hidden)
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


def _relay_python() -> str:
    """The Python that runs host_relay.py, outside the sandbox and inside (shown there)."""
    return sys.executable


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
def choose_sandbox(
    bwrap: str = "bwrap",
    setting: SandboxSetting = "auto",
    *,
    hidden: tuple[str, ...] = DEFAULT_HIDDEN_PATHS,
    host_services: tuple[int, ...] = (),
) -> SandboxChoice:
    """bubblewrap when it can start a sandbox, else Landlock when the kernel has it and
    the launcher can apply it, else none (the caller refuses to run unless the config
    allows it). `setting` narrows the choice to one kind; `hidden` and `host_services`
    are shell.hidden_paths and shell.host_services, part of what is probed. Probed once
    per process and configuration."""
    candidates: list[Sandbox] = []
    if setting in ("auto", "bwrap"):
        candidates.append(Sandbox(bwrap, hidden=hidden, host_services=host_services))
    if setting in ("auto", "landlock"):
        candidates.append(LandlockSandbox(hidden=hidden, host_services=host_services))
    passed_over: list[str] = []
    for candidate in candidates:
        problem = candidate.probe()
        if problem is None:
            return SandboxChoice(candidate, tuple(passed_over))
        passed_over.append(problem)
    return SandboxChoice(None, tuple(passed_over))


def _is_private(path: Path) -> bool:
    return any(_under(path, Path(d)) for d in _PRIVATE_DIRS)


def _under(path: Path, folder: Path) -> bool:
    """`path` is `folder` or lies beneath it."""
    return path == folder or folder in path.parents


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
