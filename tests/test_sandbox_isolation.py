"""What else the sandbox keeps from a command, on each kind this machine has (bubblewrap,
Landlock, and Landlock's fallback without user namespaces where it applies): credential
stores hidden (shell.hidden_paths), read-only paths never writable, SysV IPC of its own,
no capabilities, inherited descriptors passed through unchanged, and nothing left
running once the process that started it is killed (the sandbox, Repair's sandboxed
worker, the dashboard's Streamlit server).

Real sandboxes, real files in a fake home folder outside /tmp, real SysV objects, real
processes killed with SIGKILL."""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
import uuid
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from devagent.config import load_config
from devagent.errors import UsageError
from devagent.tools.sandbox import DEFAULT_HIDDEN_PATHS, Sandbox, choose_sandbox
from devagent.tools.shell import CommandResult, ShellTool
from tests.helpers import OutsideGuard
from tests.test_sandbox import (
    INNER_PYTEST,
    NAMESPACED_KINDS,
    SANDBOX_VARIANT_IDS,
    SANDBOX_VARIANTS,
    _non_private_dir,
    agent_worktree,
    lines_starting,
    require_sandbox,
    sandboxed,
    user_checkout,
    wait_until,
)

PROJECT_ROOT = Path(__file__).resolve().parent.parent
VARIANTS, VARIANT_IDS = SANDBOX_VARIANTS, SANDBOX_VARIANT_IDS
NAMESPACED = NAMESPACED_KINDS
# With host services too, where there is a network namespace to forward them into.
RELAYED = [(kind, namespaces, False) for kind, namespaces in VARIANTS]
RELAYED += [(kind, namespaces, True) for kind, namespaces in VARIANTS if namespaces]
RELAYED_IDS = [
    f"{kind if namespaces else kind + '-no-userns'}-{'host-services' if relayed else 'plain'}"
    for kind, namespaces, relayed in RELAYED
]


@pytest.fixture
def worktree(git_identity: None, tmp_path: Path) -> Iterator[Path]:
    """The agent's worktree of a user's checkout (tests/test_sandbox.py's)."""
    with user_checkout(tmp_path) as repo, agent_worktree(repo, tmp_path) as path:
        yield path


def _sandbox(kind: str, namespaces: bool = True, **settings: Any) -> Sandbox:
    """The sandbox of `kind` a run would choose, showing this Python, with `settings`."""
    choice = choose_sandbox(setting="bwrap" if kind == "bwrap" else "landlock")
    sandbox = choice.showing((Path(sys.prefix), Path(sys.base_prefix)))
    assert sandbox is not None, choice.passed_over
    if kind == "landlock" and not namespaces:
        settings["pid_namespace"] = False
    return replace(sandbox, **settings)


def run_inner(tool: ShellTool, body: str) -> CommandResult:
    (tool.cwd / "test_inner.py").write_text(textwrap.dedent(body), encoding="utf-8")
    return tool.run([*INNER_PYTEST, "test_inner.py"])


# --------------------------------------------------------------------------- hidden paths


class FakeHome:
    """A home folder outside /tmp (where the sandbox shows the host read-only) holding
    credential stores with secrets in them, an ssh-agent-like socket, a symlink to the
    .ssh folder, and one ordinary file."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.token = uuid.uuid4().hex[:12]
        (root / ".ssh").mkdir(mode=0o700)
        (root / ".ssh" / "id_test").write_text(f"SSH-SECRET-{self.token}\n")
        (root / ".netrc").write_text(f"machine example.com login me password NETRC-SECRET-{self.token}\n")
        (root / ".config" / "gh").mkdir(parents=True)
        (root / ".config" / "gh" / "hosts.yml").write_text(f"oauth_token: GH-SECRET-{self.token}\n")
        (root / "custom-secret").write_text(f"CUSTOM-SECRET-{self.token}\n")
        (root / "link-to-ssh").symlink_to(root / ".ssh")
        (root / ".bashrc").write_text(f"VISIBLE-{self.token}\n")
        self.agent = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.agent.bind(str(root / ".ssh" / "agent.sock"))
        self.agent.listen(8)
        self.agent.setblocking(False)

    def secrets(self) -> list[str]:
        return [f"{name}-SECRET-{self.token}" for name in ("SSH", "NETRC", "GH", "CUSTOM")]

    def agent_was_reached(self) -> bool:
        try:
            conn, _ = self.agent.accept()
        except BlockingIOError:
            return False
        conn.close()
        return True


@pytest.fixture
def fake_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[FakeHome]:
    base = _non_private_dir()
    root = Path(tempfile.mkdtemp(prefix="dev-agent-home-", dir=base)) if base else tmp_path / "home"
    root.mkdir(exist_ok=True)
    home = FakeHome(root)
    monkeypatch.setenv("HOME", str(root))  # `~` in shell.hidden_paths is this home
    yield home
    home.agent.close()
    if base:
        import shutil

        shutil.rmtree(root, ignore_errors=True)


HIDDEN_PROBE = """
import errno, os, socket

HOME = {home!r}


def attempt(name, action):
    try:
        value = action()
    except OSError as exc:
        print("DENIED", name, errno.errorcode.get(exc.errno, exc.errno))
    else:
        print("READ", name, repr(value))


def connect(path):
    with socket.socket(socket.AF_UNIX) as sock:
        sock.connect(path)
    return "connected"


def test_hidden():
    attempt("ssh-key", lambda: open(HOME + "/.ssh/id_test").read())
    attempt("ssh-key-via-link", lambda: open(HOME + "/link-to-ssh/id_test").read())
    attempt("ssh-listing", lambda: sorted(os.listdir(HOME + "/.ssh")))
    attempt("netrc", lambda: open(HOME + "/.netrc").read())
    attempt("gh-token", lambda: open(HOME + "/.config/gh/hosts.yml").read())
    attempt("custom", lambda: open(HOME + "/custom-secret").read())
    attempt("shadow", lambda: open("/etc/shadow").read())
    attempt("agent-socket", lambda: connect(HOME + "/.ssh/agent.sock"))
    attempt("bashrc", lambda: open(HOME + "/.bashrc").read())
"""


# A hidden file is /dev/null inside: it reads empty, or not at all where the mount
# forbids devices (bwrap binds with nodev).
EMPTY_FILE = (["READ", "''"], ["DENIED", "EACCES"])


def _outcomes(output: str) -> dict[str, list[str]]:
    found = {}
    for line in output.splitlines():
        if line.startswith(("DENIED ", "READ ")):
            verb, name, *rest = line.split(" ", 2)
            found[name] = [verb, *rest]
    return found


@pytest.mark.adversarial
@pytest.mark.parametrize(("kind", "namespaces"), VARIANTS, ids=VARIANT_IDS)
def test_credential_stores_are_hidden_by_default(
    worktree: Path, fake_home: FakeHome, outside: OutsideGuard, kind: str, namespaces: bool
) -> None:
    """~/.ssh (by its name and through a symlink), ~/.netrc, ~/.config/gh and /etc/shadow
    (this machine's tests may run as root, who can read it) yield nothing inside, and the
    agent socket under ~/.ssh cannot be reached; the rest of the home stays readable."""
    require_sandbox(kind, namespaces)
    outside.watch_dir(fake_home.root)
    tool = sandboxed(worktree, kind=kind, pid_namespace=namespaces)
    result = run_inner(tool, HIDDEN_PROBE.format(home=str(fake_home.root)))
    seen = _outcomes(result.output)

    assert result.passed, result.output
    for secret in fake_home.secrets()[:3]:
        assert secret not in result.output, result.output
    assert seen["bashrc"] == ["READ", repr(f"VISIBLE-{fake_home.token}\n")], result.output
    assert seen["custom"][0] == "READ"  # not on the default list
    shadow = Path("/etc/shadow")
    if os.access(shadow, os.R_OK) and shadow.stat().st_size:  # readable here: it must not be inside
        assert seen["shadow"] in EMPTY_FILE, result.output
    if kind == "bwrap" or namespaces:  # mounted over: an empty folder, an empty file
        assert seen["ssh-key"] == ["DENIED", "ENOENT"], result.output
        assert seen["ssh-key-via-link"] == ["DENIED", "ENOENT"], result.output
        assert seen["ssh-listing"] == ["READ", "[]"], result.output
        assert seen["netrc"] in EMPTY_FILE, result.output
        assert seen["gh-token"] == ["DENIED", "ENOENT"], result.output
        assert seen["agent-socket"] == ["DENIED", "ENOENT"], result.output
        assert not fake_home.agent_was_reached()
    else:  # left out of Landlock's read rules: there, but unreadable
        for name in ("ssh-key", "ssh-key-via-link", "netrc", "gh-token"):
            assert seen[name] == ["DENIED", "EACCES"], result.output


NESTED_NAMESPACE = """
import ctypes, errno, fcntl, os, socket, struct

libc = ctypes.CDLL(None, use_errno=True)
HOME = {home!r}


def err():
    return errno.errorcode.get(ctypes.get_errno(), ctypes.get_errno())


def test_nested():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:  # the loopback stays up
        try:
            fcntl.ioctl(sock, 0x8914, struct.pack("16sh22x", b"lo", 0))
            print("LOOPBACK_DOWN done")
        except OSError as exc:
            print("LOOPBACK_DOWN", errno.errorcode[exc.errno])
    uid, gid = os.getuid(), os.getgid()
    if libc.unshare(0x10000000 | 0x00020000) != 0:  # CLONE_NEWUSER | CLONE_NEWNS
        print("UNSHARE", err())
    else:
        for name, text in (("setgroups", "deny"), ("uid_map", f"0 {{uid}} 1"), ("gid_map", f"0 {{gid}} 1")):
            try:
                with open(f"/proc/self/{{name}}", "w") as f:
                    f.write(text)
            except OSError as exc:
                print("MAP", name, exc.errno)
        for path in (HOME + "/.ssh", HOME + "/.netrc", "/etc/shadow"):
            print("UMOUNT", path, libc.umount2(path.encode(), 2), err())  # MNT_DETACH
    for path in (HOME + "/.ssh/id_test", HOME + "/.netrc", "/etc/shadow"):
        try:
            print("READ", path, repr(open(path).read()))
        except OSError as exc:
            print("DENIED", path, errno.errorcode[exc.errno])
"""


@pytest.mark.adversarial
@pytest.mark.parametrize("kind", NAMESPACED)
def test_hidden_paths_stay_hidden_from_a_nested_user_namespace(
    worktree: Path, fake_home: FakeHome, outside: OutsideGuard, kind: str
) -> None:
    """A command that makes a user and mount namespace of its own (capabilities there)
    still cannot unmount what hides the credential stores, nor take the loopback down."""
    require_sandbox(kind)
    result = run_inner(sandboxed(worktree, kind=kind), NESTED_NAMESPACE.format(home=str(fake_home.root)))
    assert result.passed, result.output
    for secret in fake_home.secrets()[:3]:
        assert secret not in result.output, result.output
    assert "LOOPBACK_DOWN EPERM" in result.output, result.output
    for line in lines_starting(result.output, "UMOUNT"):
        assert line.split()[2] == "-1", result.output  # the mounts are locked (bwrap) or Landlock's
    shadow = [line for line in result.output.splitlines() if " /etc/shadow " in line and "UMOUNT" not in line]
    assert shadow and shadow[0].split()[-1] in ("''", "EACCES"), result.output


@pytest.mark.parametrize("kind", NAMESPACED)
def test_hidden_paths_are_configurable(worktree: Path, fake_home: FakeHome, kind: str) -> None:
    """shell.hidden_paths replaces the default list: what it names is hidden, what it no
    longer names is readable again (so the hiding above is the list's doing)."""
    require_sandbox(kind)
    tool = sandboxed(worktree, kind=kind, hidden=(str(fake_home.root / "custom-secret"),))
    result = run_inner(tool, HIDDEN_PROBE.format(home=str(fake_home.root)))
    seen = _outcomes(result.output)
    assert result.passed, result.output
    assert seen["custom"] in EMPTY_FILE, result.output
    assert f"CUSTOM-SECRET-{fake_home.token}" not in result.output
    netrc = f"machine example.com login me password NETRC-SECRET-{fake_home.token}\n"
    assert seen["netrc"] == ["READ", repr(netrc)], result.output


def test_default_hidden_paths_are_the_configs(tmp_path: Path) -> None:
    from devagent.config import Config

    assert tuple(Config().shell.hidden_paths) == DEFAULT_HIDDEN_PATHS
    for required in ("~/.ssh", "~/.gnupg", "~/.aws", "~/.config/gh", "~/.netrc", "~/.docker", "~/.kube"):
        assert required in DEFAULT_HIDDEN_PATHS
    for required in ("~/.git-credentials", "~/.pypirc", "~/.config/gcloud", "/etc/shadow", "/etc/gshadow"):
        assert required in DEFAULT_HIDDEN_PATHS
    config = tmp_path / "config.yaml"
    config.write_text("shell:\n  hidden_paths: [~/.secrets, /srv/keys]\n")
    assert load_config(config).shell.hidden_paths == ["~/.secrets", "/srv/keys"]


@pytest.mark.bad_input
@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ("[relative/path]", "must be an absolute path or start with ~/"),
        ("[~someone/.ssh]", "must be an absolute path or start with ~/"),
        ("[3]", "valid string"),
        ("/etc/shadow", "valid list"),
    ],
)
def test_hidden_paths_key_is_validated(tmp_path: Path, value: str, fragment: str) -> None:
    config = tmp_path / "config.yaml"
    config.write_text(f"shell:\n  hidden_paths: {value}\n")
    with pytest.raises(UsageError) as info:
        load_config(config)
    message = str(info.value)
    assert "shell.hidden_paths" in message and fragment in message and "\n" not in message
    assert info.value.exit_code == 3


# --------------------------------------------------------------------------- read-only paths


READ_ONLY_PROBE = """
import errno, os


def attempt(name, action):
    try:
        value = action()
    except OSError as exc:
        print("DENIED", name, errno.errorcode.get(exc.errno, exc.errno))
    else:
        print("DONE", name, repr(value))


def test_read_only():
    for root in {roots!r}:
        attempt("read " + root, lambda: open(root + "/module.py").read())
        attempt("append " + root, lambda: open(root + "/module.py", "a").write("X = 2\\n"))
        attempt("create " + root, lambda: open(root + "/new.py", "w").write("pwned"))
        attempt("mkdir " + root, lambda: os.mkdir(root + "/newdir"))
        attempt("remove " + root, lambda: os.remove(root + "/module.py"))
        attempt("rename " + root, lambda: os.rename(root + "/module.py", root + "/moved.py"))
"""


@pytest.mark.adversarial
@pytest.mark.parametrize(("kind", "namespaces"), VARIANTS, ids=VARIANT_IDS)
def test_read_only_paths_are_readable_and_never_writable(
    worktree: Path, tmp_path: Path, outside: OutsideGuard, kind: str, namespaces: bool
) -> None:
    """A path shown read-only (the project's Python environment, say) under /tmp, and
    with namespaces one inside the writable worktree: read, yes; written, never."""
    require_sandbox(kind, namespaces)
    env = tmp_path / "project-env"
    roots = [env]
    if kind == "bwrap" or namespaces:
        roots.append(worktree / "vendored-env")
    for root in roots:
        root.mkdir()
        (root / "module.py").write_text("VALUE = 1\n")
    outside.watch_dir(env)
    tool = sandboxed(worktree, kind=kind, pid_namespace=namespaces, read_only=tuple(roots))
    result = run_inner(tool, READ_ONLY_PROBE.format(roots=[str(r) for r in roots]))

    assert result.passed, result.output
    for root in roots:
        assert f"DONE read {root} 'VALUE = 1\\n'" in result.output, result.output
        for verb in ("append", "create", "mkdir", "remove", "rename"):
            denied = [line for line in lines_starting(result.output, "DENIED") if f" {verb} {root} " in line]
            assert len(denied) == 1 and denied[0].split()[-1] in ("EROFS", "EACCES"), result.output
        assert sorted(p.name for p in root.iterdir()) == ["module.py"]
        assert (root / "module.py").read_text() == "VALUE = 1\n"


# --------------------------------------------------------------------------- SysV IPC, capabilities

_IPC_CREAT, _IPC_RMID = 0o1000, 0


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


IPC_PROBE = """
import ctypes

libc = ctypes.CDLL(None, use_errno=True)


def test_ipc():
    print("HOST_SHM", libc.shmget({shm_key}, 0, 0), ctypes.get_errno())
    print("HOST_MSG", libc.msgget({msg_key}, 0), ctypes.get_errno())
    print("LISTED", open("/proc/sysvipc/shm").read().count("\\n") - 1)  # a header line, then none
    print("OWN_MSG", libc.msgget({own_key}, 0o1600))
    print("OWN_SHM", libc.shmget({own_key}, 4096, 0o1600))
"""


@pytest.mark.adversarial
@pytest.mark.parametrize("kind", NAMESPACED)
def test_sysv_ipc_is_the_sandboxs_own(worktree: Path, outside: OutsideGuard, kind: str) -> None:
    """A host shared-memory segment and message queue are invisible inside, and what a
    command creates there does not stay behind on the host."""
    require_sandbox(kind)
    libc = _libc()
    base = 0x5DA0000 + (os.getpid() & 0xFFFF) * 4
    shm_key, msg_key, own_key = base, base + 1, base + 2
    shm = libc.shmget(shm_key, 4096, _IPC_CREAT | 0o600)
    msg = libc.msgget(msg_key, _IPC_CREAT | 0o600)
    assert shm >= 0 and msg >= 0, ctypes.get_errno()
    try:
        tool = sandboxed(worktree, kind=kind)
        result = run_inner(tool, IPC_PROBE.format(shm_key=shm_key, msg_key=msg_key, own_key=own_key))
        assert result.passed, result.output
        enoent = "-1 2"  # ENOENT
        assert lines_starting(result.output, "HOST_SHM")[0].endswith(enoent), result.output
        assert lines_starting(result.output, "HOST_MSG")[0].endswith(enoent), result.output
        assert int(lines_starting(result.output, "OWN_MSG")[0].split()[1]) >= 0, result.output
        assert int(lines_starting(result.output, "OWN_SHM")[0].split()[1]) >= 0, result.output
        assert lines_starting(result.output, "LISTED")[0] == "LISTED 0", result.output
        assert libc.msgget(own_key, 0) == -1 and libc.shmget(own_key, 0, 0) == -1  # nothing left behind
        assert libc.shmget(shm_key, 0, 0) == shm  # and the host's are still there
    finally:
        libc.shmctl(shm, _IPC_RMID, None)
        libc.msgctl(msg, _IPC_RMID, None)


@pytest.mark.adversarial
@pytest.mark.parametrize(("kind", "namespaces"), VARIANTS, ids=VARIANT_IDS)
def test_command_holds_no_capability(
    worktree: Path, outside: OutsideGuard, kind: str, namespaces: bool
) -> None:
    """Every capability set is empty inside: effective, permitted, inheritable, ambient,
    and the bounding set (so not even a uid-0 exec regains any)."""
    require_sandbox(kind, namespaces)
    result = run_inner(
        sandboxed(worktree, kind=kind, pid_namespace=namespaces),
        """
        import os, subprocess

        def test_caps():
            status = open("/proc/self/status").read()
            child = subprocess.run(["cat", "/proc/self/status"], capture_output=True, text=True).stdout
            for where, text in (("SELF", status), ("EXEC", child)):
                for line in text.splitlines():
                    if line.startswith("Cap"):
                        print("CAP", where, *line.split())
        """,
    )
    assert result.passed, result.output
    caps = [line.split()[1:] for line in lines_starting(result.output, "CAP")]
    assert len(caps) == 10, result.output  # CapInh, CapPrm, CapEff, CapBnd, CapAmb, twice
    # Without namespaces only a root user has a bounding set it can drop.
    bounding_droppable = kind == "bwrap" or namespaces or os.geteuid() == 0
    for where, name, value in caps:
        if name != "CapBnd:" or bounding_droppable:
            assert int(value, 16) == 0, (where, name, value, result.output)


# --------------------------------------------------------------------------- inherited descriptors


@pytest.mark.parametrize(("kind", "namespaces", "relayed"), RELAYED, ids=RELAYED_IDS)
def test_inherited_descriptors_reach_the_command_unchanged(
    tmp_path: Path, kind: str, namespaces: bool, relayed: bool
) -> None:
    """A descriptor the caller passes (not close-on-exec: how the verdict's key channel
    reaches pytest) arrives under the same number, still the same pipe."""
    require_sandbox(kind, namespaces)
    sandbox = _sandbox(kind, namespaces, host_services=(40001,) if relayed else ())
    read_end, write_end = os.pipe()
    spare = os.dup2(write_end, 47)  # an unusual number, as a caller may choose
    os.close(write_end)
    code = "import os, sys; fd = int(sys.argv[1]); os.write(fd, os.readlink(f'/proc/self/fd/{fd}').encode())"
    worktree = tmp_path / "wt"
    worktree.mkdir()
    pipe = os.fstat(read_end).st_ino
    try:
        proc = subprocess.run(
            sandbox.wrap([sys.executable, "-c", code, str(spare)], worktree),
            executable=sandbox.start_program(),
            pass_fds=(spare,),
            capture_output=True,
            timeout=60,
        )
        os.close(spare)
        received = os.read(read_end, 100).decode()
    finally:
        os.close(read_end)
    assert proc.returncode == 0, proc.stderr
    assert received == f"pipe:[{pipe}]"


# --------------------------------------------------------------------------- parent death


def _descendants(pid: int) -> set[int]:
    """Every live process below `pid` (by the host's view of parent ids)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[0] != "Z":
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _alive(pids: set[int]) -> set[int]:
    alive = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if state != "Z":
            alive.add(pid)
    return alive


def _kill_and_check(parent: subprocess.Popen[str], ready: Path | None, expected: int) -> None:
    """Once `ready` exists (and `expected` processes run below the parent), SIGKILL the
    parent: everything below it must be gone within a few seconds."""
    below: set[int] = set()
    try:
        assert wait_until(lambda: ready is None or ready.exists(), within_s=60.0), "the command never started"
        assert wait_until(lambda: len(_descendants(parent.pid)) >= expected, within_s=30.0)
        below = _descendants(parent.pid)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        assert wait_until(lambda: not _alive(below), within_s=3.0), f"still running: {_alive(below)}"
    finally:  # a failed case leaves nothing behind either (survivors are no longer below it)
        if parent.poll() is None:
            below |= _descendants(parent.pid)
            parent.kill()
            parent.wait()
        for pid in _alive(below):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


PARENT = """
import json, sys
from dataclasses import replace
from pathlib import Path

from devagent.tools.sandbox import choose_sandbox
from devagent.tools.shell import CommandPolicy, ShellTool

spec = json.loads(sys.argv[1])
choice = choose_sandbox(setting=spec["kind"])
sandbox = replace(choice.showing((Path(sys.prefix), Path(sys.base_prefix))), **spec["settings"])
python = CommandPolicy(allowed=("python",))
tool = ShellTool(Path(spec["worktree"]), python, 600, [Path(sys.executable).parent], sandbox)
Path(spec["worktree"], "sleeper.py").write_text(spec["command"])
tool.run(["python", "sleeper.py"])
"""

SLEEPER = """
import pathlib, subprocess, sys, time
if {daemon}:  # a setsid() daemon of its own, double-forked
    subprocess.Popen([sys.executable, "-c", "import os, time; os.fork() and os._exit(0); time.sleep(600)"],
                     start_new_session=True).wait()
pathlib.Path("ready").write_text("")
time.sleep(600)
"""


@pytest.mark.adversarial
@pytest.mark.parametrize(("kind", "namespaces", "relayed"), RELAYED, ids=RELAYED_IDS)
def test_nothing_sandboxed_outlives_a_killed_parent(
    tmp_path: Path, outside: OutsideGuard, kind: str, namespaces: bool, relayed: bool
) -> None:
    """dev-agent (here a process running ShellTool) is SIGKILLed while its command sleeps
    (and, with namespaces, a daemon it started): all of the sandbox is gone at once."""
    require_sandbox(kind, namespaces)
    worktree = tmp_path / "wt"
    worktree.mkdir()
    settings: dict[str, Any] = {"host_services": [40002]} if relayed else {}
    if not namespaces:
        settings["pid_namespace"] = False
    # Without a PID namespace a daemon of the command is out of reach (documented).
    daemon = kind == "bwrap" or namespaces
    spec = {"kind": kind, "settings": settings, "worktree": str(worktree)}
    spec["command"] = SLEEPER.format(daemon=daemon)
    parent = subprocess.Popen([sys.executable, "-c", PARENT, json.dumps(spec)], cwd=PROJECT_ROOT, text=True)
    _kill_and_check(parent, worktree / "ready", expected=3 if daemon else 2)


PTRACE_INIT = """
import ctypes, errno

libc = ctypes.CDLL(None, use_errno=True)


def test_ptrace_init():
    attached = libc.ptrace(16, 1, None, None)  # PTRACE_ATTACH the namespace's init
    print("PTRACE", attached, errno.errorcode.get(ctypes.get_errno()))
    if attached == 0:
        libc.ptrace(17, 1, None, None)
"""


@pytest.mark.adversarial
def test_landlock_command_cannot_ptrace_its_init(worktree: Path, outside: OutsideGuard) -> None:
    """The init whose parent-death signal ends the sandbox is not dumpable: the command
    cannot attach to it (and clear that signal, say)."""
    require_sandbox("landlock")
    result = run_inner(sandboxed(worktree, kind="landlock"), PTRACE_INIT)
    assert result.passed and "PTRACE -1 EPERM" in result.output, result.output


REPAIR_PARENT = """
import sys, time
from pathlib import Path

from devagent.repair.validate import CandidateRunner
from devagent.tools.sandbox import choose_sandbox
from devagent.workflows.fix.repair_step import sandbox_prefix

sandbox = choose_sandbox(setting=sys.argv[2]).showing((Path(sys.prefix), Path(sys.base_prefix)))
runner = CandidateRunner(Path(sys.argv[1]), timeout_s=30, mode="fork", command_prefix=sandbox_prefix(sandbox))
runner.start()
Path(sys.argv[3]).write_text("")
time.sleep(600)
"""


@pytest.mark.parametrize("kind", NAMESPACED)
def test_repair_worker_ends_with_a_killed_parent(git_identity: None, tmp_path: Path, kind: str) -> None:
    """Repair's long-lived pytest worker, started through the sandbox prefix, goes with
    the process that started it."""
    require_sandbox(kind)
    ready = tmp_path / "ready"
    with user_checkout(tmp_path) as repo:
        parent = subprocess.Popen(
            [sys.executable, "-c", REPAIR_PARENT, str(repo), kind, str(ready)], cwd=PROJECT_ROOT, text=True
        )
        _kill_and_check(parent, ready, expected=2)


def test_dashboard_server_ends_with_a_killed_cli(tmp_path: Path) -> None:
    """`dev-agent dashboard` killed with SIGKILL leaves no Streamlit server behind."""
    import importlib.util

    if importlib.util.find_spec("streamlit") is None:
        pytest.skip("Streamlit (the dashboard extra) is not installed")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    cli = subprocess.Popen(
        [
            sys.executable,
            str(PROJECT_ROOT / "dev_agent.py"),
            "dashboard",
            "--runs-dir",
            str(tmp_path),
            "--port",
            str(port),
        ],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
    )

    def streamlit_started() -> bool:
        for pid in _descendants(cli.pid):
            try:
                if b"streamlit" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    return True
            except OSError:
                continue
        return False

    try:
        assert wait_until(streamlit_started, within_s=30.0), "the dashboard never started Streamlit"
        time.sleep(1.0)  # well into its start-up
    finally:
        _kill_and_check(cli, None, expected=1)
