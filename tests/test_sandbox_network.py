"""The sandbox's network, on each kind this machine has (bubblewrap, Landlock, and
Landlock's fallback without user namespaces): a private loopback that tests can use,
nothing of the host reachable (its loopback services, its abstract Unix sockets, its
other addresses, DNS), and the host services the config names forwarded, each alone.

Real servers on the host, real sandboxes, real inner pytest runs started through the
test command's policy and through a model's (ShellTool with shell.model_allowed). Each
refusal is checked to be the sandbox's: the same attempt from outside succeeds, and the
error inside is the one the sandbox's design gives (a private network: refused or
unreachable; the fallback: no socket but a Unix one)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
import yaml

from devagent.config import load_config
from devagent.errors import UsageError
from devagent.report import describe_sandbox
from devagent.tools.sandbox import PRIVATE_LOOPBACK, LandlockSandbox, choose_sandbox
from devagent.tools.shell import CommandResult, ShellTool
from tests.helpers import OutsideGuard
from tests.test_sandbox import (
    INNER_PYTEST,
    MODEL_POLICY,
    SANDBOX_VARIANT_IDS,
    SANDBOX_VARIANTS,
    agent_worktree,
    lines_starting,
    require_sandbox,
    sandboxed,
    user_checkout,
)

VARIANTS, VARIANT_IDS = SANDBOX_VARIANTS, SANDBOX_VARIANT_IDS
ORIGINS = ["test-command", "model-command"]


@pytest.fixture
def worktree(git_identity: None, tmp_path: Path) -> Iterator[Path]:
    """The agent's worktree of a user's checkout (tests/test_sandbox.py's)."""
    with user_checkout(tmp_path) as repo, agent_worktree(repo, tmp_path) as path:
        yield path


def _tool(worktree: Path, kind: str, namespaces: bool, **settings: object) -> ShellTool:
    return sandboxed(worktree, kind=kind, pid_namespace=namespaces, **settings)


def run_file(tool: ShellTool, body: str, origin: str = "test-command") -> CommandResult:
    """Write `test_net.py` into the worktree and run it inside: as the configured test
    command runs it, or as a model's `pytest` command (the model policy) would."""
    (tool.cwd / "test_net.py").write_text(body, encoding="utf-8")
    if origin == "model-command":
        model = ShellTool(tool.cwd, MODEL_POLICY, tool.timeout_s, tool.extra_path, tool.sandbox)
        return model.run("pytest -q -s test_net.py")
    return tool.run([*INNER_PYTEST, "test_net.py"])


def _host_address() -> str | None:
    """This host's address on its default route (no packet is sent), if it has one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.123", 9))
        except OSError:
            return None
        address: str = probe.getsockname()[0]
    return None if address.startswith("127.") else address


def _nameservers() -> list[str]:
    try:
        lines = Path("/etc/resolv.conf").read_text().splitlines()
    except OSError:
        return []
    return [line.split()[1] for line in lines if line.startswith("nameserver ") and len(line.split()) > 1]


@dataclass
class HostServers:
    """Servers on the host that nothing inside may reach: TCP on 127.0.0.1, ::1 and every
    address (0.0.0.0: reachable at the host's own address), an abstract Unix socket,
    and a DNS server (UDP) answering every query."""

    tcp4: socket.socket
    tcp6: socket.socket | None
    tcp_any: socket.socket
    abstract_name: str
    abstract: socket.socket
    dns: socket.socket
    dns_any: socket.socket
    host_address: str | None

    def accepted(self) -> list[str]:
        """Which of the stream servers have a connection waiting (none may)."""
        waiting = []
        for name in ("tcp4", "tcp6", "tcp_any", "abstract"):
            server = getattr(self, name)
            if server is None:
                continue
            try:
                conn, _ = server.accept()
            except BlockingIOError:
                continue
            conn.close()
            waiting.append(name)
        return waiting


def _listening(family: int, address: object) -> socket.socket:
    server = socket.socket(family, socket.SOCK_STREAM)
    server.bind(address)
    server.listen(16)
    server.setblocking(False)
    return server


def _answer_dns(server: socket.socket, stop: threading.Event) -> None:
    server.settimeout(0.2)
    while not stop.is_set():
        try:
            query, sender = server.recvfrom(512)
        except TimeoutError:
            continue
        except OSError:
            return
        server.sendto(query[:2] + b"\x81\x80" + query[4:], sender)  # "a response", any will do


@pytest.fixture
def host_servers() -> Iterator[HostServers]:
    tcp6 = None
    if socket.has_ipv6:
        try:
            tcp6 = _listening(socket.AF_INET6, ("::1", 0))
        except OSError:
            tcp6 = None
    name = "\0dev-agent-host-" + uuid.uuid4().hex
    dns = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    dns.bind(("127.0.0.1", 0))
    dns_any = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    dns_any.bind(("0.0.0.0", 0))
    servers = HostServers(
        tcp4=_listening(socket.AF_INET, ("127.0.0.1", 0)),
        tcp6=tcp6,
        tcp_any=_listening(socket.AF_INET, ("0.0.0.0", 0)),
        abstract_name=name,
        abstract=_listening(socket.AF_UNIX, name),
        dns=dns,
        dns_any=dns_any,
        host_address=_host_address(),
    )
    stop = threading.Event()
    answering = [threading.Thread(target=_answer_dns, args=(s, stop), daemon=True) for s in (dns, dns_any)]
    for thread in answering:
        thread.start()
    yield servers
    stop.set()
    for sock in (servers.tcp4, servers.tcp6, servers.tcp_any, servers.abstract, dns, dns_any):
        if sock is not None:
            sock.close()


# Run inside: every attempt prints one line, REACHED or REFUSED with the error's name.
ESCAPES = """
import errno, json, socket

TARGETS = json.loads({targets!r})
QUERY = bytes.fromhex("123401000001000000000000076578616d706c6503636f6d0000010001")  # example.com A


def report(name, action):
    try:
        action()
    except socket.gaierror as exc:
        print("REFUSED", name, "EAI", exc.errno)
    except TimeoutError:
        print("REFUSED", name, "TIMEOUT")
    except OSError as exc:
        print("REFUSED", name, errno.errorcode.get(exc.errno, exc.errno))
    else:
        print("REACHED", name)


def tcp(family, address):
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.settimeout(3)
        sock.connect(address)


def abstract(name):
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.connect(name)


def dns(address):
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.settimeout(2)
        sock.connect(address)
        sock.send(QUERY)
        sock.recv(512)  # an answer: the server was reached


def test_escapes():
    for name, (kind, target) in TARGETS.items():
        if kind == "tcp4":
            report(name, lambda: tcp(socket.AF_INET, tuple(target)))
        elif kind == "tcp6":
            report(name, lambda: tcp(socket.AF_INET6, tuple(target)))
        elif kind == "abstract":
            report(name, lambda: abstract("\\0" + target))
        elif kind == "dns":
            report(name, lambda: dns(tuple(target)))
        elif kind == "resolve":
            report(name, lambda: socket.getaddrinfo(target, 443))
"""


def _targets(servers: HostServers) -> dict[str, tuple[str, object]]:
    targets: dict[str, tuple[str, object]] = {
        "host-loopback-tcp": ("tcp4", ["127.0.0.1", servers.tcp4.getsockname()[1]]),
        "host-abstract-unix": ("abstract", servers.abstract_name[1:]),
        "external-tcp": ("tcp4", ["1.1.1.1", 443]),
        "host-loopback-dns": ("dns", ["127.0.0.1", servers.dns.getsockname()[1]]),
        "public-dns": ("dns", ["8.8.8.8", 53]),
        "resolve-name": ("resolve", f"dev-agent-{uuid.uuid4().hex[:8]}.example.com"),
    }
    if servers.tcp6 is not None:
        targets["host-loopback-tcp6"] = ("tcp6", ["::1", servers.tcp6.getsockname()[1]])
    if servers.host_address is not None:
        targets["host-address-tcp"] = ("tcp4", [servers.host_address, servers.tcp_any.getsockname()[1]])
        targets["host-address-dns"] = ("dns", [servers.host_address, servers.dns_any.getsockname()[1]])
    for i, server in enumerate(_nameservers()):
        if ":" not in server:
            targets[f"resolv-conf-dns-{i}"] = ("dns", [server, 53])
    return targets


def _control(servers: HostServers, targets: dict[str, tuple[str, object]]) -> None:
    """From outside the sandbox, the host's own servers answer: a refusal inside is the
    sandbox's, not a server that was not there."""
    for name, (kind, target) in targets.items():
        if not name.startswith("host-"):
            continue
        if kind == "abstract":
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
                sock.connect("\0" + str(target))
        elif kind in ("tcp4", "tcp6"):
            with socket.create_connection(tuple(target), timeout=3):  # type: ignore[arg-type]
                pass
        elif kind == "dns":
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                sock.settimeout(3)
                sock.connect(tuple(target))  # type: ignore[arg-type]
                sock.send(b"\x12\x34\x01\x00" + b"\x00" * 8)
                assert sock.recv(512)[:2] == b"\x12\x34"
    assert sorted(servers.accepted()) == sorted(
        n for n in ("tcp4", "tcp6", "tcp_any", "abstract") if getattr(servers, n) is not None
    )


# The errors each design gives. A private network namespace: nothing listens on its
# loopback (refused; a UDP query gets ICMP port unreachable, or no answer), and it has
# no route anywhere else (unreachable). The fallback: seccomp refuses the socket itself
# (EAFNOSUPPORT), and Landlock's scope refuses an outside abstract socket (EPERM).
PRIVATE_ERRORS = {"ECONNREFUSED", "ENETUNREACH", "TIMEOUT"}
FALLBACK_ERRORS = {"EAFNOSUPPORT", "EPERM"}


@pytest.mark.adversarial
@pytest.mark.parametrize("origin", ORIGINS)
@pytest.mark.parametrize(("kind", "namespaces"), VARIANTS, ids=VARIANT_IDS)
def test_nothing_outside_the_sandbox_is_reachable(
    worktree: Path,
    host_servers: HostServers,
    outside: OutsideGuard,
    request: pytest.FixtureRequest,
    kind: str,
    namespaces: bool,
    origin: str,
) -> None:
    """A test file in the repository, and the same file run by a model's command, try
    the host's loopback (v4, v6), its abstract Unix sockets, its own address, an
    external address, DNS servers (the host's on loopback, resolv.conf's, a public one)
    and name resolution: each is refused, by the sandbox."""
    require_sandbox(kind, namespaces)
    targets = _targets(host_servers)
    tool = _tool(worktree, kind, namespaces)
    result = run_file(tool, ESCAPES.format(targets=json.dumps(targets)), origin)
    reached = [line.split()[1] for line in lines_starting(result.output, "REACHED")]
    refused = {line.split()[1]: line.split()[2:] for line in lines_starting(result.output, "REFUSED")}
    request.node.user_properties.append(("network_attempts", len(targets)))
    request.node.user_properties.append(("network_reached", len(reached)))

    assert result.passed, result.output
    assert reached == [], result.output
    assert sorted(refused) == sorted(targets), result.output
    private = kind == "bwrap" or namespaces
    expected = PRIVATE_ERRORS if private else FALLBACK_ERRORS
    for name, why in refused.items():
        if name == "resolve-name":
            assert why[0] == "EAI", result.output  # the resolver found no server to ask
        else:
            assert why[0] in expected, f"{name}: {why} is not the sandbox's refusal\n{result.output}"
    if private:  # nothing listens on the private loopback: refused there, unreachable elsewhere
        assert refused["host-loopback-tcp"] == ["ECONNREFUSED"], result.output
        assert refused["host-abstract-unix"] == ["ECONNREFUSED"], result.output
        assert refused["external-tcp"] == ["ENETUNREACH"], result.output
    else:
        assert refused["host-abstract-unix"] == ["EPERM"], result.output
    _control(host_servers, targets)  # and nothing that was tried inside ever arrived


PRIVATE_LOOPBACK_TEST = """
import os, socket, subprocess, sys, threading

HOST_PORT = {port}


def echo_once(server):
    conn, _ = server.accept()
    with conn:
        conn.sendall(conn.recv(100).upper())


def round_trip(family, host, port=0):
    with socket.socket(family, socket.SOCK_STREAM) as server:
        server.bind((host, port))
        server.listen(1)
        threading.Thread(target=echo_once, args=(server,), daemon=True).start()
        with socket.create_connection((host, server.getsockname()[1]), timeout=5) as client:
            client.sendall(b"ping")
            return client.recv(100)


def test_loopback():
    assert round_trip(socket.AF_INET, "127.0.0.1") == b"PING"
    assert round_trip(socket.AF_INET6, "::1") == b"PING"
    # The port the host's own server holds is free here: this loopback is the sandbox's.
    assert round_trip(socket.AF_INET, "127.0.0.1", HOST_PORT) == b"PING"
    assert round_trip(socket.AF_INET, "localhost") == b"PING"
    # UDP too, and a child process reaching a server of its parent.
    udp6 = (socket.AF_INET6, socket.SOCK_DGRAM)
    with socket.socket(*udp6) as a, socket.socket(*udp6) as b:
        a.bind(("::1", 0))
        b.bind(("::1", 0))
        a.sendto(b"datagram", b.getsockname())
        assert b.recv(100) == b"datagram"
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(1)
        code = "import socket, sys; socket.create_connection(('127.0.0.1', int(sys.argv[1]))).send(b'child')"
        child = subprocess.Popen([sys.executable, "-c", code, str(server.getsockname()[1])])
        conn, _ = server.accept()
        assert conn.recv(100) == b"child"
        assert child.wait() == 0
    print("INTERFACES", sorted(name for _, name in socket.if_nameindex()))
"""


@pytest.mark.parametrize("kind", [k for k, namespaces in VARIANTS if namespaces])
def test_tests_may_listen_and_connect_on_the_private_loopback(
    worktree: Path, host_servers: HostServers, kind: str
) -> None:
    """What a real suite does (a local server, a netstring round trip, asyncio): bind,
    listen and connect on 127.0.0.1, ::1 and localhost, the port of a host server
    included, UDP, and a child process; the one interface is `lo`."""
    require_sandbox(kind)
    body = PRIVATE_LOOPBACK_TEST.format(port=host_servers.tcp4.getsockname()[1])
    result = run_file(_tool(worktree, kind, True), body)
    assert result.passed and "1 passed" in result.output, result.output
    assert "INTERFACES ['lo']" in result.output, result.output
    assert host_servers.accepted() == []


def test_landlock_fallback_refuses_sockets_and_says_so(worktree: Path) -> None:
    """Without user namespaces there is no private network: the loopback test fails the
    way the fallback refuses (EAFNOSUPPORT), and the run record says `network: none`."""
    require_sandbox("landlock", namespaces=False)
    result = run_file(_tool(worktree, "landlock", False), PRIVATE_LOOPBACK_TEST.format(port=1))
    assert result.exit_code == 1 and "Address family not supported" in result.output, result.output
    fallback = LandlockSandbox(pid_namespace=False).details()
    assert fallback["network"] == "none" and fallback["network_rules"] is (fallback["abi"] >= 4)
    assert "TCP rules" in describe_sandbox({"kind": "landlock", **fallback})
    require_sandbox("landlock")  # and where user namespaces work, the record says so
    namespaced = LandlockSandbox().details()
    assert namespaced["network"] == PRIVATE_LOOPBACK and namespaced["ipc_private"] is True
    assert namespaced["network_rules"] is False  # its own network: no TCP rules needed
    assert "private loopback" in describe_sandbox({"kind": "landlock", **namespaced})


# --------------------------------------------------------------------------- host services


class HostService:
    """A TCP server on the host's 127.0.0.1 that greets every client with a line."""

    def __init__(self, greeting: bytes) -> None:
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(16)
        self.port: int = self.server.getsockname()[1]
        self.greeting = greeting
        self.clients = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            self.clients += 1
            with conn:
                conn.sendall(self.greeting + b"\n")
                data = conn.recv(100)
                conn.sendall(data.upper())

    def close(self) -> None:
        self.server.close()


@pytest.fixture
def services() -> Iterator[tuple[HostService, HostService]]:
    named, unnamed = HostService(b"named-service"), HostService(b"unnamed-service")
    yield named, unnamed
    named.close()
    unnamed.close()


SERVICE_CLIENT = """
import socket


def talk(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            sock.settimeout(5)
            greeting = sock.recv(100).strip()
            sock.sendall(b"hello")
            return greeting.decode() + "/" + sock.recv(100).decode()
    except OSError as exc:
        return "refused:" + (exc.strerror or type(exc).__name__)


def test_services():
    for port in {ports!r}:
        print("SERVICE", port, talk(port))
        print("SERVICE", port, talk(port))  # a second connection is relayed as well
"""


@pytest.mark.adversarial
@pytest.mark.parametrize("kind", [k for k, namespaces in VARIANTS if namespaces])
def test_host_services_forwards_the_named_port_alone(
    worktree: Path,
    services: tuple[HostService, HostService],
    outside: OutsideGuard,
    request: pytest.FixtureRequest,
    kind: str,
) -> None:
    """shell.host_services: [P] makes the host's 127.0.0.1:P answer at the sandbox's
    127.0.0.1:P; the host's other ports stay out of reach, and without the key P too."""
    require_sandbox(kind)
    named, unnamed = services
    body = SERVICE_CLIENT.format(ports=[named.port, unnamed.port])
    forwarded = run_file(_tool(worktree, kind, True, host_services=(named.port,)), body)
    plain = run_file(_tool(worktree, kind, True), body)
    request.node.user_properties.append(("network_attempts", 4))
    unnamed_reached = sum("unnamed-service" in line for line in lines_starting(forwarded.output, "SERVICE"))
    named_reached_unasked = sum("named-service" in line for line in lines_starting(plain.output, "SERVICE"))
    request.node.user_properties.append(("network_reached", unnamed_reached + named_reached_unasked))

    assert forwarded.passed, forwarded.output
    lines = lines_starting(forwarded.output, "SERVICE")
    assert lines.count(f"SERVICE {named.port} named-service/HELLO") == 2, forwarded.output
    assert lines.count(f"SERVICE {unnamed.port} refused:Connection refused") == 2, forwarded.output
    assert plain.passed, plain.output
    assert all("refused:Connection refused" in line for line in lines_starting(plain.output, "SERVICE"))
    assert named.clients == 2 and unnamed.clients == 0


def test_host_services_reach_repair_runs_and_the_record(
    worktree: Path, services: tuple[HostService, HostService]
) -> None:
    """The prefix Repair's runs use forwards the same ports; the run record lists them."""
    from devagent.workflows.fix.repair_step import sandbox_prefix

    named, _ = services
    choice = choose_sandbox(setting="auto", host_services=(named.port,))
    sandbox = choice.showing(())
    assert sandbox is not None, choice.passed_over
    assert choice.record()["host_services"] == [named.port]
    assert f"host services: 127.0.0.1:{named.port}" in describe_sandbox(choice.record())
    prefix = sandbox_prefix(sandbox)
    assert callable(prefix)
    root = worktree / "copy"
    root.mkdir()
    code = f"import socket; print(socket.create_connection(('127.0.0.1', {named.port})).recv(100))"
    proc = subprocess.run(
        [*prefix(root), sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0 and "named-service" in proc.stdout, proc.stdout + proc.stderr


# Run inside the sandbox in place of the relay's own inside half: it hands the relay a
# listener on a port not named, one on another address, a UDP socket, then (once the
# relay has read its one message) a listener on the named port; it keeps them all.
BOGUS_INSIDE = """
import os, socket, sys, time

named, other = int(sys.argv[1]), int(sys.argv[2])
channel = socket.socket(fileno=int(os.environ.pop("DEV_AGENT_HOST_RELAY_FD")))
on_other = socket.create_server(("127.0.0.1", other))
on_any = socket.create_server(("0.0.0.0", named))
udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
udp.bind(("127.0.0.1", named))
socket.send_fds(channel, [b"x"], [on_other.fileno(), on_any.fileno(), udp.fileno()])
time.sleep(1)
on_any.close()
late = socket.create_server(("127.0.0.1", named))
try:
    socket.send_fds(channel, [b"x"], [late.fileno()])
except OSError as exc:
    print("LATE", exc.strerror)
for port in (other, named):
    with socket.create_connection(("127.0.0.1", port), timeout=3) as sock:
        sock.settimeout(2)
        try:
            print("ANSWER", port, sock.recv(100))
        except TimeoutError:
            print("NOANSWER", port)
"""


@pytest.mark.adversarial
@pytest.mark.parametrize("kind", [k for k, namespaces in VARIANTS if namespaces])
def test_relay_relays_only_loopback_listeners_of_the_named_ports_sent_once(
    worktree: Path, services: tuple[HostService, HostService], outside: OutsideGuard, kind: str
) -> None:
    """A command that got hold of the relay's socket still cannot make it relay another
    port, another address, a UDP socket, or anything sent after the first message."""
    require_sandbox(kind)
    named, unnamed = services
    sandbox = sandboxed(worktree, kind=kind).sandbox
    assert sandbox is not None
    outer = replace(sandbox, host_services=(named.port,)).prefix(worktree)
    relay_part = outer[: outer.index("--") + 1]  # the relay, up to the sandbox's own argv
    inner = [
        *sandbox.prefix(worktree),
        sys.executable,
        "-c",
        BOGUS_INSIDE,
        str(named.port),
        str(unnamed.port),
    ]
    proc = subprocess.run([*relay_part, *inner], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"NOANSWER {unnamed.port}" in proc.stdout and f"NOANSWER {named.port}" in proc.stdout, proc.stdout
    assert named.clients == 0 and unnamed.clients == 0


@pytest.mark.bad_input
@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ("[0]", "0 is not a TCP port (1-65535)"),
        ("[65536]", "65536 is not a TCP port"),
        ("[80]", "port 80 is below 1024"),
        ("['5432']", "valid integer"),
        ("[true]", "valid integer"),
        ("5432", "valid list"),
    ],
)
def test_host_services_key_is_validated(tmp_path: Path, value: str, fragment: str) -> None:
    config = tmp_path / "config.yaml"
    config.write_text(f"shell:\n  host_services: {value}\n")
    with pytest.raises(UsageError) as info:
        load_config(config)
    message = str(info.value)
    assert "shell.host_services" in message and fragment in message and "\n" not in message
    assert info.value.exit_code == 3


def test_host_services_key_accepts_ports(tmp_path: Path) -> None:
    config = tmp_path / "config.yaml"
    config.write_text(yaml.safe_dump({"shell": {"host_services": [5432, 6379, 5432]}}))
    assert load_config(config).shell.host_services == [5432, 6379]
