"""Forward the TCP ports of the host's loopback named in shell.host_services, and only
them, into a sandbox's private network namespace (devagent/tools/sandbox.py puts this
in front of either sandbox when the list is not empty):

    python -I -S host_relay.py --port P [--port P]... -- SANDBOX ARGV... -- \\
        python -I -S -c <this file's source> --inside --port P... -- COMMAND ARGS...

Standard library only, started with -I -S, in two halves:
- outside (this process, on the host): makes a Unix socket pair, starts the sandbox with
  one end inherited (its number in $DEV_AGENT_HOST_RELAY_FD) and receives over the other
  one listening socket per port; it accepts each connection made to it inside and
  relays the bytes to the host's 127.0.0.1:P. It dies with its parent, forwards
  SIGTERM/SIGINT/... to the sandbox and ends the way the sandbox ended.
- inside (the same source, run by -c as the sandbox's first program): listens on
  127.0.0.1:P of the sandbox's own network namespace for each port, sends the listening
  sockets out (SCM_RIGHTS), closes them and the inherited socket and execs the command:
  the command never holds either, so it can neither listen for the relay nor hand it
  another socket. A socket's network namespace is fixed when it is made, so the
  outside can accept() on it although it lives in the host's namespace.

The outside only ever connects to 127.0.0.1 and the ports it was given: the command
chooses the bytes, never the address. Exit 125 with one line on stderr when the
forwarding cannot be set up."""

from __future__ import annotations

import contextlib
import os
import socket
import sys
import threading
from typing import TYPE_CHECKING, NoReturn

SETUP_FAILED = 125
FD_VARIABLE = "DEV_AGENT_HOST_RELAY_FD"
# At most this many relayed connections at once: a command cannot make the relay start
# threads without end.
MAX_CONNECTIONS = 64
_CONNECT_TIMEOUT_S = 10.0
_CHUNK = 65536


def _fail(text: str) -> NoReturn:
    print(f"host_relay: {text}", file=sys.stderr, flush=True)
    os._exit(SETUP_FAILED)


def _parse(args: list[str]) -> tuple[bool, list[int], list[str]]:
    """(inside, ports, command) from `[--inside] --port P... -- COMMAND...`."""
    inside, ports = False, list[int]()
    i = 0
    while i < len(args):
        if args[i] == "--":
            if not args[i + 1 :]:
                _fail("no command after --")
            return inside, ports, args[i + 1 :]
        if args[i] == "--inside":
            inside = True
            i += 1
        elif args[i] == "--port" and i + 1 < len(args) and args[i + 1].isdigit():
            ports.append(int(args[i + 1]))
            i += 2
        else:
            _fail(f"unknown or incomplete option {args[i]!r}")
    _fail("missing -- before the command")


def _exec(command: list[str], env: dict[str, str]) -> NoReturn:
    import signal

    for sig in (signal.SIGPIPE, signal.SIGXFSZ):  # ignored by Python; exec would keep that
        signal.signal(sig, signal.SIG_DFL)
    try:
        os.execvpe(command[0], command, env)
    except OSError as exc:
        print(f"host_relay: cannot run {command[0]}: {exc.strerror}", file=sys.stderr, flush=True)
        os._exit(127)


# ------------------------------------------------------------------------------ inside


def inside(ports: list[int], command: list[str]) -> NoReturn:
    """Listen on 127.0.0.1:P for each port, send the sockets out, exec the command."""
    env = dict(os.environ)
    number = env.pop(FD_VARIABLE, "")
    if not number.isdigit():
        _fail(f"${FD_VARIABLE} does not name the relay's socket")
    listeners = []
    try:
        with socket.socket(fileno=int(number)) as channel:
            for port in ports:
                listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                listeners.append(listener)
                try:
                    listener.bind(("127.0.0.1", port))
                    listener.listen(128)
                except OSError as exc:
                    _fail(f"cannot listen on 127.0.0.1:{port} in the sandbox: {exc.strerror}")
            socket.send_fds(channel, [b"listening"], [listener.fileno() for listener in listeners])
    except OSError as exc:
        _fail(f"cannot hand the listening sockets to the relay: {exc.strerror}")
    for listener in listeners:
        listener.close()
    _exec(command, env)


# ------------------------------------------------------------------------------ outside


def _receive(channel: socket.socket, ports: list[int]) -> dict[int, socket.socket]:
    """The listening sockets the inside sent, by port: each must be a listening TCP socket
    on 127.0.0.1 at one of `ports`; anything else is closed unused."""
    try:
        _, fds, _, _ = socket.recv_fds(channel, 64, len(ports) + 1)
    except OSError:
        return {}
    received: dict[int, socket.socket] = {}
    for fd in fds:
        sock = socket.socket(fileno=fd)
        try:
            host, port = sock.getsockname()[:2]
            listening = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN) == 1
            expected = sock.family == socket.AF_INET and sock.type == socket.SOCK_STREAM
        except (OSError, ValueError):
            sock.close()
            continue
        if expected and listening and host == "127.0.0.1" and port in ports and port not in received:
            received[port] = sock
        else:
            sock.close()
    return received


def _pump(source: socket.socket, target: socket.socket) -> None:
    """Copy `source` to `target` until end of file, then pass the end on."""
    with contextlib.suppress(OSError):
        while data := source.recv(_CHUNK):
            target.sendall(data)
    for sock, how in ((target, socket.SHUT_WR), (source, socket.SHUT_RD)):
        with contextlib.suppress(OSError):
            sock.shutdown(how)


def _relay(conn: socket.socket, port: int, slots: threading.BoundedSemaphore) -> None:
    """Join one connection made inside to a new one to the host's 127.0.0.1:`port`."""
    try:
        try:
            upstream = socket.create_connection(("127.0.0.1", port), timeout=_CONNECT_TIMEOUT_S)
        except OSError:
            return  # closing `conn` tells the client: nothing listens on the host's port
        with upstream:
            upstream.settimeout(None)
            back = threading.Thread(target=_pump, args=(upstream, conn), daemon=True)
            back.start()
            _pump(conn, upstream)
            back.join()
    finally:
        conn.close()
        slots.release()


def serve(channel: socket.socket, ports: list[int]) -> None:
    """Receive the listening sockets, then relay every connection made to them."""
    import selectors

    with channel:
        listeners = _receive(channel, ports)
    slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
    with selectors.DefaultSelector() as selector:
        for port, listener in listeners.items():
            selector.register(listener, selectors.EVENT_READ, port)
        while listeners:
            for key, _ in selector.select():
                try:
                    conn, _ = key.fileobj.accept()  # type: ignore[union-attr]
                except OSError:
                    continue
                if not slots.acquire(blocking=False):
                    conn.close()
                    continue
                threading.Thread(target=_relay, args=(conn, key.data, slots), daemon=True).start()


def outside(ports: list[int], command: list[str]) -> NoReturn:
    """Start the sandbox (`command`) with the inside's end of a socket pair; relay."""
    parent = os.getppid()  # first: the parent-death check compares with it
    sys.path.append(os.path.dirname(os.path.abspath(__file__)))  # last: shadows nothing
    import signal

    if TYPE_CHECKING:
        from devagent.tools import landlock_exec as launcher
    else:  # run as a script, -I: its folder is on no path but the one just added
        import landlock_exec as launcher

    try:
        launcher.die_with_parent(parent_alive=os.getppid() == parent)
    except launcher.SetupError as exc:
        _fail(str(exc))
    mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    theirs.set_inheritable(True)
    env = dict(os.environ, **{FD_VARIABLE: str(theirs.fileno())})
    forwarded = list(launcher.FORWARDED)
    signal.pthread_sigmask(signal.SIG_BLOCK, forwarded)  # held until the child's pid is known
    child = os.fork()
    if child == 0:
        mine.close()
        signal.pthread_sigmask(signal.SIG_UNBLOCK, forwarded)
        _exec(command, env)
    theirs.close()
    launcher.forward_signals_to(child)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, forwarded)
    threading.Thread(target=serve, args=(mine, ports), daemon=True).start()
    while True:
        try:
            _, status = os.waitpid(child, 0)
            break
        except InterruptedError:
            continue
    launcher.exit_like(status)


def main(argv: list[str]) -> NoReturn:
    is_inside, ports, command = _parse(argv)
    if is_inside:
        inside(ports, command)
    outside(ports, command)


if __name__ == "__main__":
    main(sys.argv[1:])
