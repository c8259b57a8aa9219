"""Run one command under Landlock and a seccomp socket filter: the sandbox that needs no
system package (devagent/tools/sandbox.py uses it when bubblewrap is missing or broken).

    python -I -S landlock_exec.py [--rw PATH]... [--ro PATH]... [--hide PATH]... [--tmp-parent DIR]
                                  [--chdir DIR] [--no-pid-namespace] [--describe] -- PROGRAM ARGS...

(--no-seccomp exists for the tests that show the Landlock network rules alone deny TCP.)

Standard library only, and started with -I -S: it runs before anything of the worktree
or the user's site-packages can be imported, and it must work from a bare checkout.

The launcher (L) stays outside the sandbox and forks the child (C) that is sandboxed:
- when user namespaces work, L first unshares a user, mount, PID, network and IPC
  namespace and brings the new network's loopback up: the command gets a private
  127.0.0.1 and ::1 (it may listen and connect there; nothing else, the host's loopback
  and abstract Unix sockets included, is reachable) and SysV IPC of its own. C is the
  init of the new PID namespace: C mounts a /proc of that namespace and an empty
  /dev/shm, an empty read-only folder over each hidden folder and /dev/null over each
  hidden file (--hide), read-only binds of --ro paths inside a --rw one, then starts
  the command (B) and reaps orphans; when C ends, the kernel kills everything left
  inside, setsid() escapees too. Without user namespaces, C execs the command itself and
  L, a child subreaper, kills whatever of it is left (reparented daemons) once C has
  ended; there is no network namespace then, so no socket but a Unix one can be made;
- C applies Landlock (read-only everywhere but the --rw paths and a private temp dir;
  host /tmp and /run hidden; nothing beneath a --hide path readable, which is how the
  fallback hides them; TCP bind/connect denied on ABI >= 4 when there is no private
  network; abstract Unix sockets and signals to outside processes scoped on ABI >= 6),
  drops every capability (bounding, ambient, effective, permitted, inheritable) and
  installs a seccomp filter, then execs. The filter refuses io_uring and sockets but
  AF_UNIX, and, with a private network, AF_INET, AF_INET6 and AF_NETLINK's route
  protocol (getifaddrs() needs it; it sees and, without capabilities, changes nothing
  but the private namespace);
- L and C end with their parent (PR_SET_PDEATHSIG, checked against the race): after a
  SIGKILL of dev-agent nothing of the sandbox runs on (without user namespaces, what the
  command daemonized may);
- L forwards SIGTERM/SIGINT/SIGHUP to C, removes the private temp dir, and ends the way
  the command ended (same exit code, or the same signal). Inherited descriptors (not
  close-on-exec) reach the command unchanged.

Exit 125 with one line on stderr when the sandbox cannot be set up."""

from __future__ import annotations

import contextlib
import ctypes
import errno
import json
import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Iterable
from typing import NoReturn

SETUP_FAILED = 125  # as env(1) and timeout(1): the wrapper, not the command, failed

# Syscall numbers per machine: landlock_* are the same on every architecture (>= 424).
_SYS_LANDLOCK_CREATE_RULESET = 444
_SYS_LANDLOCK_ADD_RULE = 445
_SYS_LANDLOCK_RESTRICT_SELF = 446
_SYS_IO_URING_SETUP = 425
# machine -> (AUDIT_ARCH_*, socket syscall number)
_ARCH = {"x86_64": (0xC000003E, 41), "aarch64": (0xC00000B7, 198)}

_LANDLOCK_CREATE_RULESET_VERSION = 1
_LANDLOCK_RULE_PATH_BENEATH = 1

# Landlock filesystem rights by the ABI that introduced them.
_FS_EXECUTE = 1 << 0
_FS_WRITE_FILE = 1 << 1
_FS_READ_FILE = 1 << 2
_FS_READ_DIR = 1 << 3
_FS_ABI1 = (1 << 13) - 1  # EXECUTE .. MAKE_SYM
_FS_REFER = 1 << 13  # ABI 2
_FS_TRUNCATE = 1 << 14  # ABI 3
# IOCTL_DEV (ABI 5) is deliberately not handled: terminals and /dev/null need their ioctls.
_FILE_RIGHTS = _FS_EXECUTE | _FS_WRITE_FILE | _FS_READ_FILE | _FS_TRUNCATE
_READ_RIGHTS = _FS_EXECUTE | _FS_READ_FILE | _FS_READ_DIR
_NET_BIND_TCP = 1 << 0  # ABI 4
_NET_CONNECT_TCP = 1 << 1
_SCOPE_ABSTRACT_UNIX_SOCKET = 1 << 0  # ABI 6
_SCOPE_SIGNAL = 1 << 1

# Top-level folders left unreadable, as bwrap replaces them with empty tmpfs: other
# programs' temp files, and host sockets (D-Bus, docker.sock, ...).
PRIVATE_DIRS = ("tmp", "run")
# Devices a command may write (tests redirect to /dev/null).
_DEVICES = ("/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom")

_CLONE_NEWNS = 0x00020000
_CLONE_NEWIPC = 0x08000000
_CLONE_NEWUSER = 0x10000000
_CLONE_NEWPID = 0x20000000
_CLONE_NEWNET = 0x40000000
_MS_RDONLY, _MS_NOSUID, _MS_NODEV, _MS_NOEXEC = 1, 2, 4, 8
_MS_REMOUNT, _MS_BIND, _MS_MOVE, _MS_REC, _MS_PRIVATE = 32, 4096, 8192, 0x4000, 1 << 18
_MS_NOATIME, _MS_NODIRATIME, _MS_RELATIME = 1024, 2048, 1 << 21
_PR_SET_PDEATHSIG = 1
_PR_SET_DUMPABLE = 4
_PR_CAPBSET_DROP = 24
_PR_SET_SECUREBITS = 28
_PR_SET_NO_NEW_PRIVS = 38
_PR_SET_CHILD_SUBREAPER = 36
_PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL = 47, 4
_PR_SET_SECCOMP = 22
# SECBIT_NOROOT (and locked): a uid-0 command gains no capability at exec;
# SECBIT_NO_CAP_AMBIENT_RAISE (and locked): none can be made ambient.
_SECUREBITS = 0b11 | 0b11 << 6
_CAP_SETPCAP = 8
_LINUX_CAPABILITY_VERSION_3 = 0x20080522
_SECCOMP_MODE_FILTER = 2
_SECCOMP_RET_ALLOW = 0x7FFF0000
_SECCOMP_RET_ERRNO = 0x00050000
_SECCOMP_RET_KILL_PROCESS = 0x80000000
_X32_SYSCALL_BIT = 0x40000000
_AF_UNIX, _AF_INET, _AF_INET6, _AF_NETLINK = 1, 2, 10, 16
_NETLINK_ROUTE = 0
_SIOCGIFFLAGS, _SIOCSIFFLAGS, _IFF_UP = 0x8913, 0x8914, 1
_IFREQ = "16sh22x"  # struct ifreq: the name, then ifr_flags in a 24-byte union
FORWARDED = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2)
# What --describe says of the network: a private loopback, or no socket but a Unix one.
PRIVATE_LOOPBACK, NO_NETWORK = "private_loopback", "none"

_libc = ctypes.CDLL(None, use_errno=True)


class SetupError(Exception):
    """The sandbox could not be set up; the message is one line."""


class _RulesetAttr(ctypes.Structure):
    _fields_ = [
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    ]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1  # __attribute__((packed)) in linux/landlock.h
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


class _SockFilter(ctypes.Structure):
    _fields_ = [
        ("code", ctypes.c_uint16),
        ("jt", ctypes.c_uint8),
        ("jf", ctypes.c_uint8),
        ("k", ctypes.c_uint32),
    ]


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(_SockFilter))]


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [
        ("effective", ctypes.c_uint32),
        ("permitted", ctypes.c_uint32),
        ("inheritable", ctypes.c_uint32),
    ]


def _syscall(number: int, *args: object) -> int:
    # A variadic call: widen ints to long, or the kernel may see garbage high bits.
    wide = [ctypes.c_long(a) if isinstance(a, int) else a for a in args]
    result: int = _libc.syscall(ctypes.c_long(number), *wide)
    return result


def _prctl(option: int, arg: int = 0) -> int:
    zero = ctypes.c_ulong(0)
    result: int = _libc.prctl(option, ctypes.c_ulong(arg), zero, zero, zero)
    return result


def _errno_text() -> str:
    return os.strerror(ctypes.get_errno())


def landlock_abi() -> int:
    """The kernel's Landlock ABI version; 0 when Landlock is unavailable."""
    abi = _syscall(_SYS_LANDLOCK_CREATE_RULESET, None, ctypes.c_size_t(0), _LANDLOCK_CREATE_RULESET_VERSION)
    return max(abi, 0)


def handled_fs(abi: int) -> int:
    rights = _FS_ABI1
    if abi >= 2:
        rights |= _FS_REFER
    if abi >= 3:
        rights |= _FS_TRUNCATE
    return rights


def apply_landlock(
    abi: int, read_only: list[str], writable: list[str], hidden: Iterable[str] = (), tcp_rules: bool = True
) -> dict[str, bool]:
    """Restrict this process (and all it starts) to reading `read_only` and every top-level
    folder but the private ones, nothing beneath a `hidden` path, and writing `writable`
    and a few devices. `tcp_rules`: deny TCP bind/connect too (ABI >= 4), for a command
    that shares the host's network."""
    fs = handled_fs(abi)
    net = _NET_BIND_TCP | _NET_CONNECT_TCP if abi >= 4 and tcp_rules else 0
    attr = _RulesetAttr(fs, net, 0)
    if abi >= 6:
        attr.scoped = _SCOPE_ABSTRACT_UNIX_SOCKET | _SCOPE_SIGNAL
    # The struct grew with the ABI; an older kernel refuses a size it does not know.
    size = 8 if abi < 4 else 16 if abi < 6 else 24
    ruleset = _syscall(_SYS_LANDLOCK_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), 0)
    if ruleset < 0:
        raise SetupError(f"landlock_create_ruleset failed: {_errno_text()}")
    try:
        tops = [os.path.join("/", name) for name in sorted(os.listdir("/")) if name not in PRIVATE_DIRS]
        for path, rights in read_grants(tops + read_only, hidden):
            _add_rule(ruleset, path, rights & fs)
        for path in _DEVICES:
            _add_rule(ruleset, path, (_FS_READ_FILE | _FS_WRITE_FILE | _FS_TRUNCATE) & fs)
        for path in writable:
            _add_rule(ruleset, path, fs, required=True)
        if _prctl(_PR_SET_NO_NEW_PRIVS, 1) != 0:
            raise SetupError(f"prctl(PR_SET_NO_NEW_PRIVS) failed: {_errno_text()}")
        if _syscall(_SYS_LANDLOCK_RESTRICT_SELF, ruleset, 0) != 0:
            raise SetupError(f"landlock_restrict_self failed: {_errno_text()}")
    finally:
        os.close(ruleset)
    return {"network_rules": bool(net), "scoped": abi >= 6}


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def read_grants(roots: Iterable[str], hidden: Iterable[str]) -> list[tuple[str, int]]:
    """The read rules for `roots` that leave every `hidden` path unreadable. Landlock rules
    are allow-lists inherited by everything beneath: a root holding a hidden path gets
    only the right to list it, and each of its other entries its own rule, down to the
    hidden path. Paths are compared resolved (rules bind the file, not the name), so a
    symlink to a hidden path is not granted either."""
    concealed = {os.path.realpath(h) for h in hidden} | {os.path.abspath(h) for h in hidden}
    grants: list[tuple[str, int]] = []

    def visit(path: str) -> None:
        real = os.path.realpath(path)
        if any(_within(real, h) for h in concealed):
            return
        if not any(_within(h, real) for h in concealed):
            grants.append((path, _READ_RIGHTS))
            return
        grants.append((real, _FS_READ_DIR))  # names listed, nothing beneath read
        try:
            names = sorted(os.listdir(real))
        except OSError:
            return
        for name in names:
            visit(os.path.join(real, name))

    for root in roots:
        visit(root)
    return grants


def _add_rule(ruleset: int, path: str, rights: int, required: bool = False) -> None:
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)  # follows symlinks (/bin -> usr/bin)
    except OSError as exc:
        if required:
            raise SetupError(f"cannot open {path}: {exc.strerror}") from None
        return
    try:
        if not os.path.isdir(f"/proc/self/fd/{fd}"):
            rights &= _FILE_RIGHTS  # the kernel refuses directory rights on a file
        rule = _PathBeneathAttr(rights, fd)
        added = _syscall(_SYS_LANDLOCK_ADD_RULE, ruleset, _LANDLOCK_RULE_PATH_BENEATH, ctypes.byref(rule), 0)
        if added != 0 and required:  # an optional path the kernel refuses is only not shown
            raise SetupError(f"landlock_add_rule({path}) failed: {_errno_text()}")
    finally:
        os.close(fd)


def _bpf(code: int, k: int, jt: int = 0, jf: int = 0) -> _SockFilter:
    return _SockFilter(code, jt, jf, k)


def seccomp_program(private_network: bool) -> list[_SockFilter]:
    """The filter: refuse socket() for any family but AF_UNIX (EAFNOSUPPORT), and with a
    private network also AF_INET, AF_INET6 and NETLINK_ROUTE; io_uring (ENOSYS: its
    requests would bypass this filter); kill a process using a foreign syscall ABI (x32,
    or 32-bit int 0x80 with its socketcall), where these numbers mean other things."""
    arch = _ARCH.get(os.uname().machine)
    if arch is None:
        raise SetupError(f"no seccomp filter for machine {os.uname().machine}")
    audit_arch, sys_socket = arch
    ld_w_abs, jeq, jge, ret = 0x20, 0x15, 0x35, 0x06
    allow, refuse = _bpf(ret, _SECCOMP_RET_ALLOW), _bpf(ret, _SECCOMP_RET_ERRNO | errno.EAFNOSUPPORT)
    # After `ld args[0]` (the family, an int to the kernel: its low 32 bits), each
    # allowed family jumps to `allow`, the last instruction; `refuse` is just before it.
    families = [_AF_UNIX, _AF_INET, _AF_INET6] if private_network else [_AF_UNIX]
    netlink = 3 if private_network else 0  # the instructions checking AF_NETLINK
    checks = [_bpf(jeq, family, jt=len(families) - i + netlink) for i, family in enumerate(families)]
    if private_network:  # AF_NETLINK: the route protocol (args[2]) alone
        checks += [
            _bpf(jeq, _AF_NETLINK, jf=2),
            _bpf(ld_w_abs, 32),
            _bpf(jeq, _NETLINK_ROUTE, jt=1),
        ]
    body = [_bpf(ld_w_abs, 16), *checks, refuse]
    return [
        _bpf(ld_w_abs, 4),  # seccomp_data.arch
        _bpf(jeq, audit_arch, jt=1),
        _bpf(ret, _SECCOMP_RET_KILL_PROCESS),
        _bpf(ld_w_abs, 0),  # seccomp_data.nr
        _bpf(jge, _X32_SYSCALL_BIT, jt=0, jf=1),
        _bpf(ret, _SECCOMP_RET_KILL_PROCESS),
        _bpf(jeq, _SYS_IO_URING_SETUP, jf=1),
        _bpf(ret, _SECCOMP_RET_ERRNO | errno.ENOSYS),
        _bpf(jeq, sys_socket, jf=len(body)),
        *body,
        allow,
    ]


def apply_seccomp(private_network: bool) -> None:
    program = seccomp_program(private_network)
    filters = (_SockFilter * len(program))(*program)
    prog = _SockFprog(len(program), ctypes.cast(filters, ctypes.POINTER(_SockFilter)))
    if _prctl(_PR_SET_NO_NEW_PRIVS, 1) != 0:
        raise SetupError(f"prctl(PR_SET_NO_NEW_PRIVS) failed: {_errno_text()}")
    if _libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.byref(prog), 0, 0) != 0:
        raise SetupError(f"seccomp filter refused: {_errno_text()}")


def _capability_sets() -> dict[str, int]:
    """This process's capability sets from /proc/self/status (CapEff, CapBnd, ...)."""
    sets = {}
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("Cap"):
                name, value = line.split(":", 1)
                sets[name] = int(value, 16)
    return sets


def drop_capabilities() -> None:
    """Empty every capability set before the command starts: inside our user namespace
    this process holds them all, and without one a root user does. The bounding set and
    securebits need CAP_SETPCAP; a process without it has nothing to drop there, and
    no_new_privs keeps exec from granting any."""
    if _capability_sets().get("CapEff", 0) >> _CAP_SETPCAP & 1:
        if _prctl(_PR_SET_SECUREBITS, _SECUREBITS) != 0:
            raise SetupError(f"prctl(PR_SET_SECUREBITS) failed: {_errno_text()}")
        with open("/proc/sys/kernel/cap_last_cap", encoding="ascii") as f:
            last = int(f.read())
        for cap in range(last + 1):
            if _prctl(_PR_CAPBSET_DROP, cap) != 0:
                raise SetupError(f"prctl(PR_CAPBSET_DROP, {cap}) failed: {_errno_text()}")
    _prctl(_PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL)  # EINVAL before Linux 4.3: none then
    header = _CapHeader(_LINUX_CAPABILITY_VERSION_3, 0)
    empty = (_CapData * 2)()
    if _libc.capset(ctypes.byref(header), empty) != 0:
        raise SetupError(f"capset failed: {_errno_text()}")
    left = {name: value for name, value in _capability_sets().items() if name != "CapBnd" and value}
    if left:
        raise SetupError(f"capabilities left after dropping them: {left}")


def _enter_namespaces() -> tuple[bool, bool]:
    """A user, mount and PID namespace for what this process starts next, and a network
    and IPC namespace for this process already. (namespaced, with private network and
    IPC); (False, False) where unprivileged user namespaces are off (sysctl, AppArmor
    policy, seccomp of a container)."""
    uid, gid = os.getuid(), os.getgid()
    base = _CLONE_NEWUSER | _CLONE_NEWNS | _CLONE_NEWPID
    private = _libc.unshare(base | _CLONE_NEWNET | _CLONE_NEWIPC) == 0
    if not private and _libc.unshare(base) != 0:
        return False, False
    # Keep our own ids inside, so files the command writes belong to the user as before.
    for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
        with open(f"/proc/self/{name}", "w", encoding="ascii") as f:
            f.write(text)
    return True, private


def _loopback_up() -> bool:
    """Bring `lo` of our new network namespace up (the kernel then gives it 127.0.0.1/8
    and ::1); False when it cannot be done, and the command gets no network at all."""
    import fcntl
    import socket
    import struct

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            asked = fcntl.ioctl(sock, _SIOCGIFFLAGS, struct.pack(_IFREQ, b"lo", 0))
            flags = struct.unpack(_IFREQ, asked)[1]
            fcntl.ioctl(sock, _SIOCSIFFLAGS, struct.pack(_IFREQ, b"lo", flags | _IFF_UP))
    except OSError:
        return False
    return True


def _mount(source: str | None, target: str, fstype: str | None, flags: int, data: str | None = None) -> int:
    encode = os.fsencode
    result: int = _libc.mount(
        encode(source) if source is not None else None,
        encode(target),
        encode(fstype) if fstype is not None else None,
        ctypes.c_ulong(flags),
        encode(data) if data is not None else None,
    )
    return result


def _mount_private() -> tuple[bool, bool]:
    """In the new namespaces: a /proc showing only the sandbox's processes, and an empty
    /dev/shm of its own (POSIX semaphores, so multiprocessing locks, need one writable;
    the host's is shared with every program). Whether each was mounted."""
    if _mount(None, "/", None, _MS_REC | _MS_PRIVATE) != 0:
        return False, False
    proc = _mount("proc", "/proc", "proc", _MS_NOSUID | _MS_NODEV | _MS_NOEXEC)
    shm = _mount("tmpfs", "/dev/shm", "tmpfs", _MS_NOSUID | _MS_NODEV, "mode=1777")
    return proc == 0, shm == 0


def hide(paths: Iterable[str]) -> int:
    """Mount an empty read-only tmpfs over each hidden folder and /dev/null over each
    hidden file (as bwrap's --tmpfs and --ro-bind /dev/null): their contents, and Unix
    socket files in them, are gone inside. How many were there to hide."""
    hidden = 0
    for path in paths:
        real = os.path.realpath(path)
        if not os.path.lexists(real):
            continue
        if os.path.isdir(real):
            done = _mount("tmpfs", real, "tmpfs", _MS_RDONLY | _MS_NOSUID | _MS_NODEV | _MS_NOEXEC, "size=4k")
        else:  # writes to /dev/null go nowhere, so the bind need not be read-only
            done = _mount("/dev/null", real, None, _MS_BIND)
        if done != 0:
            raise SetupError(f"cannot hide {path}: {_errno_text()}")
        hidden += 1
    return hidden


def private_tmp(keep: Iterable[str], read_only: Iterable[str]) -> bool:
    """A fresh writable tmpfs over /tmp, as bwrap's --tmpfs /tmp: a program that makes a
    file or a Unix socket at a fixed /tmp path (a test's server socket) can, and sees no
    other program's. Each `keep` path under /tmp (the worktree, the private temp folder, the
    shown read-only paths) is bound back at its place first, its mounts with it, and each
    `read_only` one under /tmp made read-only by a mount (the Landlock rule for /tmp grants
    writes beneath it). Built on a staging tmpfs in the sandbox's own /dev/shm, then moved
    over /tmp, in a mount namespace of this process's own: the launcher keeps seeing the
    host's /tmp, where it removes the private temp folder afterwards. False when /tmp was
    left as it was."""
    stage = "/dev/shm/.dev-agent-tmp"
    if not os.path.isdir("/tmp") or _libc.unshare(_CLONE_NEWNS) != 0:
        return False
    try:
        os.mkdir(stage, 0o700)
    except OSError:
        return False
    if _mount("tmpfs", stage, "tmpfs", _MS_NOSUID | _MS_NODEV, "mode=1777") != 0:
        raise SetupError(f"cannot mount a private /tmp: {_errno_text()}")
    under = sorted({r for r in (os.path.realpath(k) for k in keep) if _within(r, "/tmp") and r != "/tmp"})
    outermost = [r for r in under if not any(o != r and _within(r, o) for o in under)]
    for real in outermost:
        if not os.path.lexists(real):
            continue
        target = stage + real[len("/tmp") :]
        if os.path.isdir(real):
            os.makedirs(target, exist_ok=True)
        else:
            os.makedirs(os.path.dirname(target), exist_ok=True)
            open(target, "a").close()  # a mount point for the file
        if _mount(real, target, None, _MS_BIND | _MS_REC) != 0:
            raise SetupError(f"cannot keep {real} in the private /tmp: {_errno_text()}")
    if _mount(stage, "/tmp", None, _MS_MOVE) != 0:
        raise SetupError(f"cannot move the private /tmp in place: {_errno_text()}")
    os.rmdir(stage)
    for path in read_only:
        real = os.path.realpath(path)
        if _within(real, "/tmp") and os.path.lexists(real):
            bind_read_only(real)
    return True


def bind_read_only(path: str) -> None:
    """Make `path` (inside a writable folder) read-only: a read-only bind of itself. A
    remount must keep the flags the kernel locked on the mount it comes from."""
    if _mount(path, path, None, _MS_BIND | _MS_REC) != 0:
        raise SetupError(f"cannot bind {path} read-only: {_errno_text()}")
    kept = os.statvfs(path).f_flag
    flags = _MS_REMOUNT | _MS_BIND | _MS_RDONLY | (kept & (_MS_NOSUID | _MS_NODEV | _MS_NOEXEC))
    flags |= (_MS_NOATIME if kept & os.ST_NOATIME else 0) | (_MS_NODIRATIME if kept & os.ST_NODIRATIME else 0)
    flags |= _MS_RELATIME if kept & os.ST_RELATIME else 0
    if _mount(None, path, None, flags) != 0:
        raise SetupError(f"cannot make {path} read-only: {_errno_text()}")


def die_with_parent(parent_alive: bool | None = None, life: int | None = None) -> None:
    """SIGKILL this process when its parent dies. The parent may have died before this
    took effect: `parent_alive` says whether it still was, or else `life` (the read end
    of a pipe only the parent writes to) says it, by reaching end-of-file once it is gone."""
    if _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL) != 0:
        raise SetupError(f"prctl(PR_SET_PDEATHSIG) failed: {_errno_text()}")
    if life is not None:
        os.set_blocking(life, False)
        try:
            parent_alive = os.read(life, 1) != b""
        except BlockingIOError:
            parent_alive = True
    if not parent_alive:
        os._exit(SETUP_FAILED)


def _usage(text: str) -> NoReturn:
    print(f"landlock_exec: {text}", file=sys.stderr)
    sys.exit(SETUP_FAILED)


def _parse(args: list[str]) -> tuple[dict[str, list[str]], set[str], list[str]]:
    options: dict[str, list[str]] = {"--rw": [], "--ro": [], "--hide": [], "--tmp-parent": [], "--chdir": []}
    flags: set[str] = set()
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            command = args[i + 1 :]
            if not command:
                _usage("no command after --")
            return options, flags, command
        if arg in ("--no-pid-namespace", "--describe", "--no-seccomp"):
            flags.add(arg)
            i += 1
        elif arg in options and i + 1 < len(args):
            options[arg].append(args[i + 1])
            i += 2
        else:
            _usage(f"unknown or incomplete option {arg!r}")
    _usage("missing -- before the command")


def exit_like(status: int) -> NoReturn:
    """End this process as a wait status says the command ended."""
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)
    os._exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else SETUP_FAILED)


def forward_signals_to(pid: int) -> None:
    def forward(signum: int, _frame: object) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signum)

    for sig in FORWARDED:
        signal.signal(sig, forward)


def _wait_for(pid: int) -> int:
    """Reap children until `pid` ends (as init, orphans come to us); its wait status."""
    while True:
        try:
            reaped, status = os.waitpid(-1, 0)
        except InterruptedError:
            continue
        except ChildProcessError:
            return 0
        if reaped == pid:
            return status


def _kill_descendants() -> None:
    """SIGKILL this process's children until none is left (as a child subreaper, the
    orphans of the command, setsid() daemons included, are reparented here)."""
    me = str(os.getpid())
    for _ in range(100):
        children = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if fields[1] == me:
                children.append(int(entry))
        if not children:
            return
        for child in children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(child, signal.SIGKILL)
        for child in children:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(child, 0)


def _sandboxed_child(
    options: dict[str, list[str]],
    flags: set[str],
    command: list[str],
    abi: int,
    tmp: str,
    namespaces: tuple[bool, str],
    pipes: tuple[int, int],
) -> NoReturn:
    """The forked child C: mount /proc and hide paths (in namespaces), restrict itself,
    drop its capabilities, start the command."""
    pidns, network = namespaces
    status_fd, life = pipes
    try:
        die_with_parent(life=life)
        proc_mounted, shm_mounted = _mount_private() if pidns else (False, False)
        hidden = hide(options["--hide"]) if pidns else 0
        tmp_mounted = False
        if pidns:
            writable = [os.path.realpath(p) for p in options["--rw"]]
            for path in options["--ro"]:
                if os.path.exists(path) and any(_within(os.path.realpath(path), w) for w in writable):
                    bind_read_only(path)
            if shm_mounted:
                keep = [*options["--rw"], *options["--ro"], tmp]
                tmp_mounted = private_tmp(keep, options["--ro"])
        os.chdir(options["--chdir"][-1] if options["--chdir"] else options["--rw"][0])
        own = [tmp, "/dev/shm"] if shm_mounted else [tmp]
        own += ["/tmp"] if tmp_mounted else []
        private_network = network == PRIVATE_LOOPBACK
        features = apply_landlock(
            abi, options["--ro"], [*options["--rw"], *own], options["--hide"], tcp_rules=not private_network
        )
        drop_capabilities()
        seccomp = "--no-seccomp" not in flags
        if seccomp:
            apply_seccomp(private_network)
        if "--describe" in flags:
            described: dict[str, object] = {"abi": abi, **features, "seccomp": seccomp}
            described |= {"pid_namespace": pidns}
            described |= {"network": network, "ipc_private": private_network, "capabilities": "none"}
            described |= {"proc_private": proc_mounted, "shm_private": shm_mounted, "hidden_mounted": hidden}
            described |= {"tmp_private": tmp_mounted}
            print(json.dumps(described), flush=True)
        env = dict(os.environ, TMPDIR=tmp, TMP=tmp, TEMP=tmp, HOME=tmp)
        if not pidns:
            _exec(command, env)
        for sig in FORWARDED:
            signal.signal(sig, signal.SIG_DFL)
        # The command may ptrace what runs as its uid: not this init, whose parent-death
        # signal takes the whole namespace down (an exec makes the command dumpable again).
        if _prctl(_PR_SET_DUMPABLE, 0) != 0:
            raise SetupError(f"prctl(PR_SET_DUMPABLE) failed: {_errno_text()}")
        command_pid = os.fork()
        if command_pid == 0:
            _exec(command, env)
        forward_signals_to(command_pid)
        status = _wait_for(command_pid)
        # An init cannot kill itself with a signal: the launcher gets the status in full.
        os.write(status_fd, str(status).encode("ascii"))
        os._exit(0)  # the kernel then kills the rest of the namespace
    except SetupError as exc:
        print(f"landlock_exec: {exc}", file=sys.stderr, flush=True)
        os._exit(SETUP_FAILED)
    except BaseException as exc:  # never fall back into the launcher's code in a child
        print(f"landlock_exec: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)
        os._exit(SETUP_FAILED)


def _exec(command: list[str], env: dict[str, str]) -> NoReturn:
    # Python ignores SIGPIPE and SIGXFSZ; exec keeps ignored signals, subprocess resets them.
    for sig in (signal.SIGPIPE, signal.SIGXFSZ):
        signal.signal(sig, signal.SIG_DFL)
    try:
        os.execvpe(command[0], command, env)
    except OSError as exc:
        print(f"landlock_exec: cannot run {command[0]}: {exc.strerror}", file=sys.stderr, flush=True)
        os._exit(127)


def main(argv: list[str]) -> NoReturn:
    parent = os.getppid()  # first: the parent-death check compares with it
    options, flags, command = _parse(argv)
    if not options["--rw"]:
        _usage("at least one --rw folder (the worktree) is required")
    abi = landlock_abi()
    if abi < 1:
        _usage(f"Landlock is not available in this kernel ({os.uname().release}), or is off in its lsm= list")
    parent_dir = options["--tmp-parent"][-1] if options["--tmp-parent"] else None
    try:
        tmp = tempfile.mkdtemp(prefix="sandbox-tmp-", dir=parent_dir)
    except OSError as exc:
        _usage(f"cannot create the private temp folder: {exc.strerror}")
    pidns, private = (False, False) if "--no-pid-namespace" in flags else _enter_namespaces()
    network = PRIVATE_LOOPBACK if private and _loopback_up() else NO_NETWORK
    try:
        die_with_parent(parent_alive=os.getppid() == parent)
    except SetupError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        _usage(str(exc))
    if not pidns:
        _prctl(_PR_SET_CHILD_SUBREAPER, 1)
    for sig in FORWARDED:  # held until the child's pid is known
        signal.pthread_sigmask(signal.SIG_BLOCK, [sig])
    status_read, status_write = os.pipe()  # close-on-exec: only the init writes to it
    life_read, life_write = os.pipe()  # held open by this process alone: EOF when it dies
    child = os.fork()
    if child == 0:
        os.close(status_read)
        os.close(life_write)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, list(FORWARDED))
        _sandboxed_child(options, flags, command, abi, tmp, (pidns, network), (status_write, life_read))
    os.close(status_write)
    os.close(life_read)
    forward_signals_to(child)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, list(FORWARDED))
    status = _wait_for(child)
    reported = os.read(status_read, 32)
    if reported and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
        status = int(reported)
    if not pidns:
        _kill_descendants()
    shutil.rmtree(tmp, ignore_errors=True)
    exit_like(status)


if __name__ == "__main__":
    main(sys.argv[1:])
