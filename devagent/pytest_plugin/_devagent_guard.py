"""The verdict's channel into the test process, and the guard that keeps its signing key
from the code under test (devagent/verdict.py's docstring says what that guarantees).

Loaded by _devagent_report.py, by its file path, only when the test run has the verdict's
channel ($DEVAGENT_VERDICT_FD): at the plugin's import, before any conftest.py or test
module. Standard library only.

`open_channel` reads the inherited pipe the fd names to its end and closes it: 32 bytes of
key, then NUL-separated settings (`report=`, `worktree=`, `pythonpath=` in order,
`safe_path=1`, `introspection=allow`). The key goes into a bytearray, straight from the
pipe, and from there into an HMAC object; the bytearray is then zeroed. The HMAC object
lives only in the locals of a finished frame that a traceback object holds (the vault): a
frame no code can resume, whose only way in is `traceback.tb_frame`, an attribute CPython
reports to audit hooks.

The guard is an audit hook (it cannot be removed or listed from Python) that
- refuses `tb_frame` of the vault to any code but its own, and destroys the key;
- signs once, on the event SIGN_EVENT raised from the plugin's own `pytest_sessionfinish`,
  at its one call site, called by pluggy under pytest's own `wrap_session` in the very
  start-up that loaded the plugin (every frame in between is pytest's or pluggy's code);
  the signature goes into the list the event carries. While it signs: the collector is
  off, Python signal handlers are set aside, and other threads' reaching for frames is
  refused, so no other code runs with the key's frame on the stack;
- destroys the key (clears the vault) when the tests reach into the process: the garbage
  collector's object lists, ctypes, another audit hook, CPython's test modules, opening a
  process's memory, environment or descriptors under /proc; changing the plugin's own
  functions is refused as well. A report written after that is unsigned and says why:
  the event, the test running then ($PYTEST_CURRENT_TEST, else the session's stage the
  plugin keeps in `Channel.stage`) and the line that raised it;
- with `introspection=allow` (the user's verdict.introspection: allow), the collector's
  object lists do not destroy the key: a suite that checks for leaked references keeps a
  signed verdict, and code that reaches gc can find the key (README "Safety").

Before that, the channel puts back what the parent withheld so that no module of the
worktree could run before the plugin: sys.path's first entry (the parent set
PYTHONSAFEPATH) and PYTHONPATH's entries inside the worktree; it lists modules of the
worktree that were imported before the plugin (`preloaded`), imports its own dependencies
with the worktree off sys.path, and makes the process non-dumpable (no other process of
the user may read its memory)."""

from __future__ import annotations

import contextlib
import os
import sys
from types import CodeType, FrameType, FunctionType, ModuleType, TracebackType
from typing import Any

FD_VAR = "DEVAGENT_VERDICT_FD"
SIGN_EVENT = "devagent.verdict.sign"
KEY_BYTES = 32
_SAFE_PATH_VAR = "PYTHONSAFEPATH"
_AUDIT_ARGUMENT = "_audit"  # the name of the finishing hook's argument holding sys.audit
_PR_SET_DUMPABLE = 4
# What the guard needs, imported with the worktree off sys.path.
_DEPENDENCIES = ("_hashlib", "_thread", "ctypes", "dis", "functools", "gc", "signal")
# The collector's object lists: they reach every object, the key's holder too. They destroy
# the key unless the channel says `introspection=allow` (devagent/verdict.py keeps a copy).
INTROSPECTION = frozenset({"gc.get_objects", "gc.get_referrers", "gc.get_referents"})
# Events that mean the tests reached into the process: the key is destroyed. For ctypes,
# the ways to read memory at an address (loading a library and looking a name up are not).
_REACHING = INTROSPECTION | frozenset(
    {
        "sys.addaudithook",
        "ctypes.call_function",
        "ctypes.cdata",
        "ctypes.cdata/buffer",
        "ctypes.string_at",
        "ctypes.wstring_at",
    }
)
_UNSAFE_MODULES = frozenset({"_testcapi", "_testinternalcapi", "_testmultiphase", "_xxsubinterpreters"})
# Events that show another thread's frames: refused while the report is being signed.
_FRAME_EVENTS = frozenset({"sys._current_frames", "sys._current_exceptions"})
# What under /proc/<pid>/ holds a process's memory, environment or descriptors.
_PROC_SENSITIVE = frozenset(
    {"mem", "environ", "fd", "fdinfo", "pagemap", "map_files", "syscall", "stack", "auxv", "root"}
)
_PID_LIKE = ("self", "thread-self")
# Frames between the plugin's finishing hook and pytest's start-up: pluggy's and these.
_TRUSTED_MODULES = ("pluggy", "_pytest.main")
_CURRENT_TEST_VAR = "PYTEST_CURRENT_TEST"  # pytest's "<nodeid> (<setup|call|teardown>)"


class Channel:
    """What the verdict's pipe said, besides the key (which only the guard holds)."""

    def __init__(self) -> None:
        self.out = ""
        self.worktree = ""
        self.python_path: list[str] = []
        self.safe_path = False
        self.preloaded: list[str] = []
        self.problem = ""  # why reports cannot be signed ("" when they can)
        self.allow_introspection = False  # gc's object lists leave the key alone
        # Where the session is when no test runs: the plugin moves it on; the guard names
        # it when the key is destroyed outside a test. A label only: the tests can change it.
        self.stage = ["session start"]


class _Setup(Exception):
    """The guard cannot be set up; the message says why, for the report."""


class _Sealed(Exception):
    """Raised by _seal to leave its frame, holding the HMAC object, behind a traceback."""


def open_channel(finish: FunctionType) -> Channel | None:
    """Read the verdict's channel and set the guard up around `finish` (the plugin's
    pytest_sessionfinish); None when this run has no channel."""
    fd_text = os.environ.pop(FD_VAR, None)
    if fd_text is None:
        return None
    channel = Channel()
    # pytest sets it for each test; one inherited (a run started from inside a test) is not ours.
    os.environ.pop(_CURRENT_TEST_VAR, None)
    key = bytearray(KEY_BYTES)
    try:
        _read(fd_text, key, channel)
        channel.preloaded = _preloaded(channel.worktree)
        _restore_path(channel)
        modules = _import_outside(channel.worktree)
        _stop_dumping(modules["ctypes"])
        _install(key, finish, modules, channel)
    except _Setup as exc:
        channel.problem = str(exc)
    finally:
        key[:] = bytes(KEY_BYTES)
    return channel


def _read(fd_text: str, key: bytearray, channel: Channel) -> None:
    """Fill `key` from the pipe (readv straight into it: no other object ever holds the
    key's bytes), then parse the settings that follow, to the pipe's end."""
    try:
        fd = int(fd_text)
    except ValueError:
        raise _Setup(f"${FD_VAR} is not a descriptor number: {fd_text[:40]!r}") from None
    try:
        got = 0
        with memoryview(key) as view:
            while got < KEY_BYTES:
                count = os.readv(fd, [view[got:]])
                if count == 0:
                    break
                got += count
        chunks = []
        while chunk := os.read(fd, 65536):
            chunks.append(chunk)
    except OSError as exc:
        raise _Setup(f"the verdict's pipe cannot be read: {exc.strerror}") from None
    finally:
        with contextlib.suppress(OSError):
            os.close(fd)
    if got < KEY_BYTES:
        raise _Setup("the key was not in the verdict's pipe: other code read it before pytest's plugins")
    for field in b"".join(chunks).split(b"\0"):
        name, _, raw = field.partition(b"=")
        value = os.fsdecode(raw)
        if name == b"report":
            channel.out = value
        elif name == b"worktree":
            channel.worktree = value
        elif name == b"pythonpath":
            channel.python_path.append(value)
        elif name == b"safe_path":
            channel.safe_path = value == "1"
        elif name == b"introspection":
            channel.allow_introspection = value == "allow"


def _inside(path: str, root: str) -> bool:
    if not root:
        return False
    full = os.path.realpath(path)
    return full == root or full.startswith(root.rstrip("/") + "/")


def _preloaded(worktree: str) -> list[str]:
    """Modules already imported from the worktree: code of the repository that ran before
    this plugin (a configured `pythonpath` or `-p` of the repository's own)."""
    root = os.path.realpath(worktree) if worktree else ""
    found = []
    for name, module in list(sys.modules.items()):
        where = getattr(module, "__file__", None)
        if isinstance(where, str) and _inside(where, root):
            found.append(name)
    return sorted(found)


def _restore_path(channel: Channel) -> None:
    """Put sys.path as Python would have set it without what the parent withheld: the
    first entry (when it set PYTHONSAFEPATH) and PYTHONPATH's entries in the worktree."""
    here = os.path.dirname(os.path.abspath(__file__))
    at = sys.path.index(here) if here in sys.path else 0
    full = [p for p in channel.python_path if p]
    rest = [p for p in sys.path[at + 1 :] if p not in full]
    sys.path[at + 1 :] = [*full, *rest]
    if channel.safe_path:
        os.environ.pop(_SAFE_PATH_VAR, None)
        # Before Python 3.11 the variable did nothing: sys.path[0] is there already.
        first = _first_path_entry() if getattr(sys.flags, "safe_path", False) else None
        if first is not None:
            sys.path.insert(at, first)


def _first_path_entry() -> str | None:
    """sys.path[0] as Python sets it without safe_path: the current folder for `-m` and
    `-c`, a script's folder; None when the command line itself asked for -P or -I."""
    args: list[str] = list(getattr(sys, "orig_argv", ["python", "-m"]))[1:]
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--" or not arg.startswith("-") or arg == "-":
            break
        if arg.startswith("--"):
            i += 2 if arg == "--check-hash-based-pycs" else 1
            continue
        for j, letter in enumerate(arg[1:], start=1):
            if letter in "PI":
                return None
            if letter == "m":
                return os.getcwd()
            if letter == "c":
                return ""
            if letter in "XW":
                i += 0 if arg[j + 1 :] else 1
                break
        i += 1
    if i >= len(args) or args[i] in ("-", "--"):
        return ""
    return os.path.dirname(os.path.realpath(args[i]))


def _import_outside(worktree: str) -> dict[str, ModuleType]:
    """The guard's dependencies, imported with the worktree off sys.path (a module there
    named like one of them must not run now)."""
    root = os.path.realpath(worktree) if worktree else ""
    saved = sys.path[:]
    sys.path[:] = [p for p in saved if p and not _inside(p, root)]
    try:
        return {name: __import__(name) for name in _DEPENDENCIES}
    except ImportError as exc:
        raise _Setup(f"the guard cannot import {exc.name}") from None
    finally:
        sys.path[:] = saved


def _stop_dumping(ctypes: Any) -> None:
    """PR_SET_DUMPABLE 0: other processes (a test's own children included) may not read
    this one's memory without CAP_SYS_PTRACE; an exec'ed child is dumpable again."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0) != 0:
            raise _Setup(f"prctl(PR_SET_DUMPABLE) failed: {os.strerror(ctypes.get_errno())}")
    except (OSError, AttributeError) as exc:
        raise _Setup(f"the test process cannot be made non-dumpable: {exc}") from None


def _seal(new_mac: Any, key: bytearray) -> None:
    mac = new_mac(key, digestmod="sha256")  # noqa: F841 (kept by this frame, which the traceback holds)
    key[:] = bytes(len(key))
    raise _Sealed


def _vault(new_mac: Any, key: bytearray) -> TracebackType:
    """A traceback whose frame (finished, so never resumed) holds the HMAC object: an
    OpenSSL object that keeps the key inside and shows it to nothing."""
    try:
        _seal(new_mac, key)
    except _Sealed as exc:
        traceback = exc.__traceback__
        if traceback is not None and traceback.tb_next is not None:
            return traceback.tb_next
    raise _Setup("the key could not be sealed")


def _home_frame() -> FrameType:
    """The frame of pytest's start-up that loaded this plugin (the caller of
    _prepareconfig): the finishing hook must be called under this same frame."""
    import _pytest.config

    prepare = _pytest.config._prepareconfig.__code__
    frame: FrameType | None = sys._getframe()
    while frame is not None and frame.f_code is not prepare:
        frame = frame.f_back
    if frame is None or frame.f_back is None:
        raise _Setup("the verdict's plugin was not loaded by pytest's start-up (`-p`)")
    return frame.f_back


def _trusted_codes() -> tuple[CodeType, ...]:
    """Every code object of pluggy and of _pytest.main as loaded now, nested ones too: the
    only code allowed between the finishing hook and the start-up frame."""
    found: dict[int, CodeType] = {}

    def add(code: CodeType) -> None:
        if id(code) not in found:
            found[id(code)] = code
            for const in code.co_consts:
                if isinstance(const, CodeType):
                    add(const)

    def scan(value: Any, depth: int) -> None:
        value = getattr(value, "__func__", value)
        if isinstance(value, FunctionType):
            add(value.__code__)
        elif isinstance(value, property):
            for accessor in (value.fget, value.fset, value.fdel):
                scan(accessor, depth)
        elif isinstance(value, type) and depth < 2:
            for member in list(vars(value).values()):
                scan(member, depth + 1)

    for name, module in list(sys.modules.items()):
        if any(name == m or name.startswith(m + ".") for m in _TRUSTED_MODULES):
            for value in list(vars(module).values()):
                if getattr(value, "__module__", name) == name:
                    scan(value, 0)
    return tuple(found.values())


def _call_site(dis: Any, code: CodeType) -> int:
    """The offset of the call through the `_audit` argument in `code`: a frame of `code`
    asking to sign must stand exactly there (not at a call of something swapped in)."""
    instructions = list(dis.get_instructions(code))
    for i, instruction in enumerate(instructions):
        names = instruction.argval if isinstance(instruction.argval, tuple) else (instruction.argval,)
        if instruction.opname.startswith("LOAD_FAST") and _AUDIT_ARGUMENT in names:
            for later in instructions[i + 1 :]:
                # _audit(event, text, sink); CALL_FUNCTION before Python 3.11.
                if later.opname in ("CALL", "CALL_FUNCTION") and later.arg == 3:
                    return int(later.offset)
    raise _Setup("the finishing hook has no call through its _audit argument")


def _install(key: bytearray, finish: FunctionType, modules: dict[str, ModuleType], channel: Channel) -> None:
    if not hasattr(modules["_hashlib"], "hmac_new"):
        raise _Setup("this Python's OpenSSL module has no HMAC object (Python 3.9 or later has)")
    hashlib, functools, signal, gc, thread = (
        modules["_hashlib"],
        modules["functools"],
        modules["signal"],
        modules["gc"],
        modules["_thread"],
    )
    home = _home_frame()
    trusted = _trusted_codes()
    site = _call_site(modules["dis"], finish.__code__)
    vault = _vault(hashlib.hmac_new, key)
    reaching = _REACHING - INTROSPECTION if channel.allow_introspection else _REACHING
    root = os.path.realpath(channel.worktree) if channel.worktree else ""
    # Everything the guard uses, bound now: it reads no global name and no builtin later,
    # so replacing a module's attribute (this one's included) changes nothing it does.
    config = (
        vault,
        ["", "", "", ""],  # what destroyed the key first: why, the event, the test, the line
        (finish.__code__, finish.__globals__, site, home, frozenset(id(c) for c in trusted), trusted),
        (finish, _guard, _authorized, _set_aside, _put_back, _reaches_into_processes, _record_loss),
        _guard.__code__,
        thread.RLock(),  # held while signing: other threads may not look at frames then
        (signal.getsignal, signal.signal, signal.SIG_IGN, tuple(signal.valid_signals()), thread.get_ident()),
        (gc.isenabled, gc.disable, gc.enable),
        (os.fspath, os.fsdecode, os.path.realpath, os.stat, _proc_device(), _PROC_SENSITIVE, _PID_LIKE),
        (SIGN_EVENT, reaching, _UNSAFE_MODULES, _FRAME_EVENTS),
        (sys._getframe, thread.get_ident, type, id, len, range, callable, list.append),
        (bytes, list, str, RuntimeError),
        (sys._getframe, os.environ.get, _CURRENT_TEST_VAR, channel.stage, root),
    )
    sys.addaudithook(functools.partial(_guard, config))


def _proc_device() -> int:
    """The device number of /proc (-1 without one: then no file is on it)."""
    try:
        return os.stat("/proc").st_dev
    except OSError:
        return -1


def _authorized(frame: Any, code: tuple[Any, ...], id_: Any) -> bool:
    """Is `frame` the plugin's finishing hook at its call site, called through pytest's and
    pluggy's own code under the start-up frame that loaded the plugin?"""
    finish_code, finish_globals, site, home, trusted_ids, _trusted = code
    if frame is None or frame.f_code is not finish_code or frame.f_globals is not finish_globals:
        return False
    if frame.f_lasti != site:
        return False
    frame = frame.f_back
    while frame is not None and frame is not home:
        if id_(frame.f_code) not in trusted_ids:
            return False
        frame = frame.f_back
    return frame is home


def _set_aside(signals: tuple[Any, ...], get_ident: Any, callable_: Any) -> list[tuple[int, Any]]:
    """Python signal handlers to SIG_IGN while the key is out: a handler runs in whatever
    frame is executing, and would see it (only the main thread runs them)."""
    getsignal, setsignal, ignore, numbers, main_thread = signals
    saved: list[tuple[int, Any]] = []
    if get_ident() != main_thread:
        return saved
    for number in numbers:
        try:
            handler = getsignal(number)
            if callable_(handler):
                setsignal(number, ignore)
                saved.append((number, handler))
        except (OSError, ValueError, TypeError):
            continue
    return saved


def _put_back(signals: tuple[Any, ...], saved: list[tuple[int, Any]]) -> None:
    setsignal = signals[1]
    for number, handler in saved:
        try:
            setsignal(number, handler)
        except (OSError, ValueError, TypeError):
            continue


def _reaches_into_processes(path: Any, tools: tuple[Any, ...]) -> bool:
    """Does opening `path` read a process's memory, environment or descriptors, or open
    a /proc/<pid> folder (or /proc) to reach them relative to it? Judged on the path as
    written (one relative to a folder descriptor by its own parts: "self/mem"), then,
    when it is a file of /proc (one stat, so an ordinary open costs little more), on
    where it leads (a link in the worktree, say). A tripwire: the key's safety does not
    rest on it, so it may use builtins and globals that _guard does not."""
    fspath, fsdecode, realpath, stat, proc_device, sensitive, pid_like = tools
    if isinstance(path, int):
        return False
    try:
        text = fsdecode(fspath(path))
    except (TypeError, ValueError):
        return False
    for resolving in (False, True):
        if resolving:
            try:
                if stat(text).st_dev != proc_device:
                    return False
                text = realpath(text)
            except (OSError, ValueError):
                return False
        parts = [p for p in text.split("/") if p not in ("", ".")]
        absolute = text.startswith("/")
        if absolute and parts == ["proc"]:
            return True
        for i, part in enumerate(parts):
            if not (part.isdigit() or part in pid_like):
                continue
            if (i > 0 and parts[i - 1] != "proc") or (i == 0 and absolute):
                continue
            rest = parts[i + 1 :]
            if len(rest) >= 2 and rest[0] == "task":
                rest = rest[2:]
            # A bare /proc/<pid> folder only as an absolute path: a relative "87" is a
            # folder of the tests' own far more often (git's objects, numbered temp dirs).
            if (rest and rest[0] in sensitive) or (not rest and absolute):
                return True
    return False


def _record_loss(gone: list[str], event: str, reason: str, tools: tuple[Any, ...]) -> None:
    """Note what destroyed the key, for the report: `reason`, the audit event, the test
    that ran ($PYTEST_CURRENT_TEST, else the session's stage) and the line that raised
    the event (the frame below the guard's). A label for the user, read by the parent
    from the unsigned report: it may use builtins, and the tests could falsify it, which
    only changes what a run that cannot be green says."""
    getframe, environ_get, test_var, stage, root = tools
    gone[0], gone[1] = reason, event
    try:
        gone[2] = str(environ_get(test_var) or stage[0])
        frame = getframe(2)  # this function, the guard, then the code that raised the event
        where = frame.f_code.co_filename
        if root and where.startswith(root + "/"):
            where = where[len(root) + 1 :]
        gone[3] = f"{where}:{frame.f_lineno}"
    except (ValueError, TypeError, AttributeError, IndexError):
        return


def _guard(config: tuple[Any, ...], event: str, args: tuple[Any, ...]) -> None:
    """The audit hook, bound to its config by functools.partial. It reads no global name
    and no builtin (all it uses is in `config`) and touches the vault only in its own
    body: the vault's check lets `tb_frame` through only to this code with this config."""
    vault, gone, code, protected, guard_code, busy, signals, collector, paths, events, tools, more, whence = (
        config
    )
    getframe, get_ident, type_, id_, len_, range_, callable_, append = tools
    bytes_, list_, str_, refused = more
    sign_event, reaching, unsafe_modules, frame_events = events
    if type_(event) is not str_:
        return
    reason = ""
    if event == "object.__getattr__" or event == "object.__setattr__" or event == "object.__delattr__":
        target = args[0]
        if target is vault and event == "object.__getattr__":
            outer = getframe(1)
            if outer.f_code is guard_code and outer.f_locals.get("config") is config:
                return  # the guard's own reach for the key
            reason = "the tests reached for the verdict's key (traceback.tb_frame)"
        elif event != "object.__getattr__":
            for function in protected:
                if target is function:
                    reason = "the tests changed a function of the verdict's plugin"
        if not reason:
            return
        if not gone[0]:
            protected[6](gone, event, reason, whence)
        vault.tb_frame.clear()
        raise refused(reason)
    if event == sign_event:
        if not protected[2](getframe(1), code, id_):
            reason = "a signature was asked for from outside pytest's own end of the run"
        elif len_(args) != 2 or type_(args[0]) is not bytes_ or type_(args[1]) is not list_:
            return
        else:
            text, sink = args
            signature, why, mac, saved = "", "", None, []
            enabled = collector[0]()
            busy.acquire()
            try:
                collector[1]()  # no collection: no finalizer or gc callback runs now
                saved = protected[3](signals, get_ident, callable_)
                quiet = True
                if get_ident() == signals[4]:  # only the main thread runs Python handlers
                    for number in signals[3]:
                        if callable_(signals[0](number)):
                            quiet = False
                if gone[0]:  # destroyed before (a clearing that was cut short, say)
                    why = gone[0]
                elif not quiet:
                    why = "a Python signal handler could not be set aside"
                else:
                    mac = vault.tb_frame.f_locals.get("mac")
                    if mac is None:
                        why = gone[0] or "the verdict's key was already used"
                    else:
                        for start in range_(0, len_(text), 2047):  # below hashlib's GIL release
                            mac.update(text[start : start + 2047])
                        signature = mac.hexdigest()
            finally:
                mac = None
                vault.tb_frame.clear()  # the key signs once
                protected[4](signals, saved)
                busy.release()
                if enabled:
                    collector[2]()
            append(sink, signature)
            append(sink, why)
            for detail in gone[1:]:  # the event, test and line that destroyed the key
                append(sink, detail)
            return
    elif event in frame_events or event in reaching:
        if not busy.acquire(False):  # another thread, while the key is out
            raise refused("not while the test run's report is being signed")
        busy.release()
        if event in frame_events:
            return
        reason = f"the tests called {event}"
    elif event == "import":
        if type_(args[0]) is not str_ or args[0] not in unsafe_modules:
            return
        reason = f"the tests imported {args[0]}"
    elif event == "open" or event == "os.chdir":
        if not args or not protected[5](args[0], paths):
            return
        reason = "the tests opened a process's memory, environment or descriptors under /proc"
    else:
        return
    if not gone[0]:
        protected[6](gone, event, reason, whence)
    vault.tb_frame.clear()
