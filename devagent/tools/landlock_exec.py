"""Run one command under Landlock and a seccomp socket filter: the sandbox that needs no
system package (devagent/tools/sandbox.py uses it when bubblewrap is missing or broken).

    python -I -S landlock_exec.py [--rw PATH]... [--ro PATH]... [--tmp-parent DIR]
                                  [--chdir DIR] [--no-pid-namespace] [--describe] -- PROGRAM ARGS...

(--no-seccomp exists for the tests that show the Landlock network rules alone deny TCP.)

Standard library only, and started with -I -S: it runs before anything of the worktree
or the user's site-packages can be imported, and it must work from a bare checkout.

The launcher (L) stays outside the sandbox and forks the child (C) that is sandboxed:
- when user namespaces work, L first unshares a user, mount and PID namespace, so C is
  the init of a new PID namespace: C mounts a /proc of that namespace and an empty
  /dev/shm, starts the command
  (B) and reaps orphans; when C ends, the kernel kills everything left inside, setsid()
  escapees too. Without user namespaces, C execs the command itself and L, a child
  subreaper, kills whatever of it is left (reparented daemons) once C has ended;
- C applies Landlock (read-only everywhere but the --rw paths and a private temp dir;
  host /tmp and /run hidden; TCP bind/connect denied on ABI >= 4; abstract Unix sockets
  and signals to outside processes scoped on ABI >= 6) and a seccomp filter that refuses
  sockets other than AF_UNIX and io_uring, then execs;
- L forwards SIGTERM/SIGINT/SIGHUP to C, removes the private temp dir, and ends the way
  the command ended (same exit code, or the same signal).

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
_CLONE_NEWUSER = 0x10000000
_CLONE_NEWPID = 0x20000000
_MS_NOSUID, _MS_NODEV, _MS_NOEXEC, _MS_REC, _MS_PRIVATE = 2, 4, 8, 0x4000, 1 << 18
_PR_SET_NO_NEW_PRIVS = 38
_PR_SET_CHILD_SUBREAPER = 36
_PR_SET_SECCOMP = 22
_SECCOMP_MODE_FILTER = 2
_SECCOMP_RET_ALLOW = 0x7FFF0000
_SECCOMP_RET_ERRNO = 0x00050000
_SECCOMP_RET_KILL_PROCESS = 0x80000000
_X32_SYSCALL_BIT = 0x40000000
_AF_UNIX = 1
_FORWARDED = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2)

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


def _syscall(number: int, *args: object) -> int:
    # A variadic call: widen ints to long, or the kernel may see garbage high bits.
    wide = [ctypes.c_long(a) if isinstance(a, int) else a for a in args]
    result: int = _libc.syscall(ctypes.c_long(number), *wide)
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


def apply_landlock(abi: int, read_only: list[str], writable: list[str]) -> dict[str, bool]:
    """Restrict this process (and all it starts) to reading `read_only` and every top-level
    folder but the private ones, and writing `writable` and a few devices."""
    fs = handled_fs(abi)
    attr = _RulesetAttr(fs, _NET_BIND_TCP | _NET_CONNECT_TCP if abi >= 4 else 0, 0)
    if abi >= 6:
        attr.scoped = _SCOPE_ABSTRACT_UNIX_SOCKET | _SCOPE_SIGNAL
    # The struct grew with the ABI; an older kernel refuses a size it does not know.
    size = 8 if abi < 4 else 16 if abi < 6 else 24
    ruleset = _syscall(_SYS_LANDLOCK_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), 0)
    if ruleset < 0:
        raise SetupError(f"landlock_create_ruleset failed: {_errno_text()}")
    try:
        tops = [os.path.join("/", name) for name in sorted(os.listdir("/")) if name not in PRIVATE_DIRS]
        for path in tops + read_only:
            _add_rule(ruleset, path, _READ_RIGHTS & fs)
        for path in _DEVICES:
            _add_rule(ruleset, path, (_FS_READ_FILE | _FS_WRITE_FILE | _FS_TRUNCATE) & fs)
        for path in writable:
            _add_rule(ruleset, path, fs, required=True)
        if _libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            raise SetupError(f"prctl(PR_SET_NO_NEW_PRIVS) failed: {_errno_text()}")
        if _syscall(_SYS_LANDLOCK_RESTRICT_SELF, ruleset, 0) != 0:
            raise SetupError(f"landlock_restrict_self failed: {_errno_text()}")
    finally:
        os.close(ruleset)
    return {"network_rules": abi >= 4, "scoped": abi >= 6}


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


def apply_seccomp() -> None:
    """Refuse socket() for any family but AF_UNIX (EAFNOSUPPORT) and io_uring (ENOSYS:
    its requests would bypass this filter); kill a process using a foreign syscall ABI
    (x32, or 32-bit int 0x80 with its socketcall), where these numbers mean other things."""
    arch = _ARCH.get(os.uname().machine)
    if arch is None:
        raise SetupError(f"no seccomp filter for machine {os.uname().machine}")
    audit_arch, sys_socket = arch
    ld_w_abs, jeq, jge, ret = 0x20, 0x15, 0x35, 0x06
    program = [
        _bpf(ld_w_abs, 4),  # seccomp_data.arch
        _bpf(jeq, audit_arch, jt=1),
        _bpf(ret, _SECCOMP_RET_KILL_PROCESS),
        _bpf(ld_w_abs, 0),  # seccomp_data.nr
        _bpf(jge, _X32_SYSCALL_BIT, jt=0, jf=1),
        _bpf(ret, _SECCOMP_RET_KILL_PROCESS),
        _bpf(jeq, _SYS_IO_URING_SETUP, jf=1),
        _bpf(ret, _SECCOMP_RET_ERRNO | errno.ENOSYS),
        _bpf(jeq, sys_socket, jf=3),
        _bpf(ld_w_abs, 16),  # low 32 bits of args[0], the family (an int to the kernel)
        _bpf(jeq, _AF_UNIX, jt=1),
        _bpf(ret, _SECCOMP_RET_ERRNO | errno.EAFNOSUPPORT),
        _bpf(ret, _SECCOMP_RET_ALLOW),
    ]
    filters = (_SockFilter * len(program))(*program)
    prog = _SockFprog(len(program), ctypes.cast(filters, ctypes.POINTER(_SockFilter)))
    if _libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise SetupError(f"prctl(PR_SET_NO_NEW_PRIVS) failed: {_errno_text()}")
    if _libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.byref(prog), 0, 0) != 0:
        raise SetupError(f"seccomp filter refused: {_errno_text()}")


def _enter_namespaces() -> bool:
    """A user, mount and PID namespace for what this process starts next; False where
    unprivileged user namespaces are off (sysctl, AppArmor policy, seccomp of a container)."""
    uid, gid = os.getuid(), os.getgid()
    if _libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNS | _CLONE_NEWPID) != 0:
        return False
    # Keep our own ids inside, so files the command writes belong to the user as before.
    for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
        with open(f"/proc/self/{name}", "w", encoding="ascii") as f:
            f.write(text)
    return True


def _mount_private() -> tuple[bool, bool]:
    """In the new namespaces: a /proc showing only the sandbox's processes, and an empty
    /dev/shm of its own (POSIX semaphores, so multiprocessing locks, need one writable;
    the host's is shared with every program). Whether each was mounted."""
    if _libc.mount(None, b"/", None, _MS_REC | _MS_PRIVATE, None) != 0:
        return False, False
    proc: int = _libc.mount(b"proc", b"/proc", b"proc", _MS_NOSUID | _MS_NODEV | _MS_NOEXEC, None)
    shm: int = _libc.mount(b"tmpfs", b"/dev/shm", b"tmpfs", _MS_NOSUID | _MS_NODEV, b"mode=1777")
    return proc == 0, shm == 0


def _usage(text: str) -> NoReturn:
    print(f"landlock_exec: {text}", file=sys.stderr)
    sys.exit(SETUP_FAILED)


def _parse(args: list[str]) -> tuple[dict[str, list[str]], set[str], list[str]]:
    options: dict[str, list[str]] = {"--rw": [], "--ro": [], "--tmp-parent": [], "--chdir": []}
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


def _exit_like(status: int) -> NoReturn:
    """End this process as a wait status says the command ended."""
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)
    os._exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else SETUP_FAILED)


def _forward_to(pid: int) -> None:
    def forward(signum: int, _frame: object) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signum)

    for sig in _FORWARDED:
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
    pidns: bool,
    status_fd: int,
) -> NoReturn:
    """The forked child C: mount /proc (in namespaces), restrict itself, start the command."""
    try:
        proc_mounted, shm_mounted = _mount_private() if pidns else (False, False)
        os.chdir(options["--chdir"][-1] if options["--chdir"] else options["--rw"][0])
        own = [tmp, "/dev/shm"] if shm_mounted else [tmp]
        features = apply_landlock(abi, options["--ro"], [*options["--rw"], *own])
        seccomp = "--no-seccomp" not in flags
        if seccomp:
            apply_seccomp()
        if "--describe" in flags:
            described = {"abi": abi, **features, "seccomp": seccomp, "pid_namespace": pidns}
            mounted = {"proc_private": proc_mounted, "shm_private": shm_mounted}
            print(json.dumps({**described, **mounted}), flush=True)
        env = dict(os.environ, TMPDIR=tmp, TMP=tmp, TEMP=tmp, HOME=tmp)
        if not pidns:
            _exec(command, env)
        for sig in _FORWARDED:
            signal.signal(sig, signal.SIG_DFL)
        command_pid = os.fork()
        if command_pid == 0:
            _exec(command, env)
        _forward_to(command_pid)
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
    options, flags, command = _parse(argv)
    if not options["--rw"]:
        _usage("at least one --rw folder (the worktree) is required")
    abi = landlock_abi()
    if abi < 1:
        _usage(f"Landlock is not available in this kernel ({os.uname().release}), or is off in its lsm= list")
    parent = options["--tmp-parent"][-1] if options["--tmp-parent"] else None
    try:
        tmp = tempfile.mkdtemp(prefix="sandbox-tmp-", dir=parent)
    except OSError as exc:
        _usage(f"cannot create the private temp folder: {exc.strerror}")
    pidns = "--no-pid-namespace" not in flags and _enter_namespaces()
    if not pidns:
        _libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    for sig in _FORWARDED:  # held until the child's pid is known
        signal.pthread_sigmask(signal.SIG_BLOCK, [sig])
    status_read, status_write = os.pipe()  # close-on-exec: only the init writes to it
    child = os.fork()
    if child == 0:
        os.close(status_read)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, list(_FORWARDED))
        _sandboxed_child(options, flags, command, abi, tmp, pidns, status_write)
    os.close(status_write)
    _forward_to(child)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, list(_FORWARDED))
    status = _wait_for(child)
    reported = os.read(status_read, 32)
    if reported and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
        status = int(reported)
    if not pidns:
        _kill_descendants()
    shutil.rmtree(tmp, ignore_errors=True)
    _exit_like(status)


if __name__ == "__main__":
    main(sys.argv[1:])
