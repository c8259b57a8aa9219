"""The sandbox around every ShellTool command, each kind this machine has (bubblewrap,
Landlock; the `sandbox_kind` fixture): real bwrap, the real Landlock launcher, real
subprocesses, real git worktrees.

The hostile cases run code inside the sandbox through the only door a command has,
a whitelisted program (an inner pytest file in the worktree), and then check the host:
nothing changed outside the worktree (`outside` guard), no connection arrived, no
secret showed, no process survived."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml

from devagent.config import Config
from devagent.report import describe_sandbox
from devagent.tools.sandbox import LandlockSandbox, Sandbox, choose_sandbox, git_common_dir
from devagent.tools.shell import CommandPolicy, CommandResult, ProgramNotFound, ShellTool
from tests.conftest import SANDBOX_KINDS
from tests.helpers import OutsideGuard, checkout_state, git, worktrees
from tests.scripted import approval_model

Runner = Callable[..., Any]

TEST_POLICY = CommandPolicy(allowed=("pytest", "git"))
MODEL_POLICY = CommandPolicy(allowed=tuple(Config().shell.model_allowed), restrict_arguments=True)
INNER_PYTEST = ["pytest", "-q", "-s", "-p", "no:cacheprovider"]
BRANCH = "dev-agent/fix-sandbox-1"  # under the agent's prefix: OutsideGuard ignores the ref


# --------------------------------------------------------------------------- helpers


def sandboxed(
    worktree: Path,
    policy: CommandPolicy = TEST_POLICY,
    timeout_s: float = 30.0,
    kind: str = "bwrap",
    pid_namespace: bool = True,
    read_only: tuple[Path, ...] = (),
    **settings: Any,
) -> ShellTool:
    """The ShellTool a run builds (as workflows/run_setup.py's sandboxed_shell does) with a sandbox of `kind`,
    showing what a run shows: the repository's shared .git and this Python (and `read_only`);
    `settings` replace the sandbox's other fields (hidden, host_services)."""
    choice = choose_sandbox(setting="bwrap" if kind == "bwrap" else "landlock")
    sandbox = choice.showing((git_common_dir(worktree), Path(sys.prefix), Path(sys.base_prefix), *read_only))
    assert sandbox is not None and sandbox.kind == kind, choice.passed_over
    if isinstance(sandbox, LandlockSandbox) and not pid_namespace:
        settings["pid_namespace"] = False
    return ShellTool(worktree, policy, timeout_s, [Path(sys.executable).parent], replace(sandbox, **settings))


def landlock_features() -> dict[str, Any]:
    """What the Landlock launcher applies on this machine (ABI, network rules, ...)."""
    return LandlockSandbox().details()


# (kind, user namespaces) for the cases that differ by both: Landlock also in its
# fallback without user namespaces (forced with pid_namespace=False), as on a machine
# that has none. $DEV_AGENT_SANDBOX narrows the kinds, as for `sandbox_kind`.
SANDBOX_VARIANTS = [
    (kind, namespaces)
    for kind in (
        (os.environ["DEV_AGENT_SANDBOX"],)
        if os.environ.get("DEV_AGENT_SANDBOX") in SANDBOX_KINDS
        else SANDBOX_KINDS
    )
    for namespaces in ((True, False) if kind == "landlock" else (True,))
]
SANDBOX_VARIANT_IDS = [kind if namespaces else f"{kind}-no-userns" for kind, namespaces in SANDBOX_VARIANTS]
NAMESPACED_KINDS = [kind for kind, namespaces in SANDBOX_VARIANTS if namespaces]


def require_sandbox(kind: str, namespaces: bool = True) -> None:
    """Skip unless this machine has a sandbox of `kind`, and for Landlock with
    namespaces, user namespaces that work (else it runs as its fallback)."""
    choice = choose_sandbox(setting="bwrap" if kind == "bwrap" else "landlock")
    if choice.sandbox is None:
        pytest.skip(f"no {kind} sandbox on this machine: {'; '.join(choice.passed_over)}")
    if kind == "landlock" and namespaces and landlock_features().get("network") != "private_loopback":
        pytest.skip("no user namespaces here: Landlock runs as its fallback (its own cases cover it)")


def run_inner(tool: ShellTool, body: str, name: str = "test_inner.py") -> CommandResult:
    """Write an inner pytest file into the worktree and run it inside the sandbox."""
    (tool.cwd / name).write_text(textwrap.dedent(body), encoding="utf-8")
    return tool.run([*INNER_PYTEST, name])


def lines_starting(output: str, word: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith(word + " ")]


def processes_with(token: str) -> list[int]:
    """Live (non-zombie) processes whose command line carries `token`."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            args = (entry / "cmdline").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if token.encode() in args and state != "Z":
            found.append(int(entry.name))
    return found


def wait_until(predicate: Callable[[], bool], within_s: float = 5.0) -> bool:
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


def _non_private_dir() -> Path | None:
    """A writable folder outside /tmp and /run, where the sandbox shows the host read-only."""
    for candidate in (Path("/var/tmp"), Path.home()):
        if candidate.is_dir() and os.access(candidate, os.W_OK):
            return candidate
    return None


# --------------------------------------------------------------------------- fixtures


@contextlib.contextmanager
def user_checkout(tmp_path: Path) -> Iterator[Path]:
    """The user's checkout with a failing test; outside /tmp when possible (where user
    repositories live, and where the sandbox shows them read-only rather than hiding them)."""
    base = _non_private_dir()
    parent = Path(tempfile.mkdtemp(prefix="dev-agent-sandbox-test-", dir=base)) if base else tmp_path
    repo = parent / "user"
    git("init", "-q", "-b", "main", str(repo), cwd=parent)
    (repo / "calc.py").write_text("def add(a, b):\n    return a - b\n")
    (repo / "tests").mkdir()
    (repo / "tests" / "test_calc.py").write_text(
        "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n"
    )
    (repo / "README.md").write_text("# demo\n")
    (repo / "conftest.py").write_text("")  # puts the repository root on sys.path
    git("add", "-A", cwd=repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "initial", cwd=repo)
    try:
        yield repo
    finally:
        if parent != tmp_path:
            shutil.rmtree(parent, ignore_errors=True)


@contextlib.contextmanager
def agent_worktree(user_repo: Path, tmp_path: Path) -> Iterator[Path]:
    """The agent's worktree on a fix branch, in the system temp folder like a real run's."""
    path = tmp_path / "agent" / "wt"
    git("worktree", "add", "-q", "-b", BRANCH, str(path), cwd=user_repo)
    try:
        yield path
    finally:
        git("worktree", "remove", "--force", "--force", str(path), cwd=user_repo)


@pytest.fixture
def user_repo(git_identity: None, tmp_path: Path) -> Iterator[Path]:
    with user_checkout(tmp_path) as repo:
        yield repo


@pytest.fixture
def worktree(user_repo: Path, tmp_path: Path) -> Iterator[Path]:
    with agent_worktree(user_repo, tmp_path) as path:
        yield path


@pytest.fixture
def canary(tmp_path: Path) -> Path:
    """A folder next to the worktree holding a file, like anything else in the temp folder."""
    folder = tmp_path / "canary"
    folder.mkdir()
    (folder / "existing.txt").write_text("untouched\n")
    return folder


# --------------------------------------------------------------------------- the Sandbox object


def test_wrap_binds_the_worktree_after_the_private_tmp(tmp_path: Path) -> None:
    worktree = tmp_path / "wt"
    worktree.mkdir()
    argv = Sandbox("bwrap", read_only=(tmp_path / "repo.git",)).wrap(["/usr/bin/pytest", "-q"], worktree)
    assert argv[0] == "bwrap" and argv[-3:] == ["--", "/usr/bin/pytest", "-q"]
    joined = " ".join(argv)
    for required in ("--ro-bind / /", "--unshare-net", "--unshare-pid", "--new-session", "--die-with-parent"):
        assert required in joined
    assert argv.index("--tmpfs") < argv.index(str(worktree))
    assert f"--bind {worktree.resolve()} {worktree}" in joined
    assert f"--chdir {worktree}" in joined
    assert str(tmp_path / "repo.git") not in argv  # a read-only path that does not exist is skipped


# Cases about bubblewrap itself; the same behaviour on Landlock has its own cases.
NEEDS_BWRAP = pytest.mark.skipif(
    shutil.which("bwrap") is None,
    reason="bubblewrap is not installed here (Landlock cases cover this machine)",
)


@NEEDS_BWRAP
def test_probe_accepts_the_installed_bwrap() -> None:
    assert Sandbox().probe() is None


def test_probe_names_a_missing_bwrap(tmp_path: Path) -> None:
    reason = Sandbox(str(tmp_path / "nonexistent" / "bwrap")).probe()
    assert reason is not None and "\n" not in reason
    assert "not installed" in reason and str(tmp_path / "nonexistent" / "bwrap") in reason


def test_probe_reports_bwrap_that_cannot_create_namespaces(tmp_path: Path) -> None:
    fake = tmp_path / "bwrap"
    fake.write_text(
        "#!/bin/sh\necho 'bwrap: No permissions to create a new namespace' >&2\n"
        "echo 'second line' >&2\nexit 1\n"
    )
    fake.chmod(0o755)
    reason = Sandbox(str(fake)).probe()
    assert reason == (
        f"bubblewrap ({fake}) cannot create its sandbox: bwrap: No permissions to create a new namespace"
    )


def test_git_common_dir_of_a_linked_worktree(user_repo: Path, worktree: Path) -> None:
    assert git_common_dir(worktree) == (user_repo / ".git").resolve()
    assert git_common_dir(user_repo) is None  # a plain checkout: its .git is inside it


def test_missing_bwrap_at_run_time_is_program_not_found(tmp_path: Path) -> None:
    tool = ShellTool(
        tmp_path, TEST_POLICY, 5, [Path(sys.executable).parent], Sandbox(str(tmp_path / "no-bwrap"))
    )
    with pytest.raises(ProgramNotFound) as info:
        tool.run(["pytest", "--version"])
    assert info.value.program == str(tmp_path / "no-bwrap")


# --------------------------------------------------------------------------- commands still work inside


def test_pytest_fails_and_passes_inside_and_writes_its_cache_in_the_worktree(
    worktree: Path, sandbox_kind: str
) -> None:
    tool = sandboxed(worktree, CommandPolicy(allowed=tuple(Config().shell.allowed)), kind=sandbox_kind)
    red = tool.run(Config().test_command)
    assert red.exit_code == 1 and not red.passed, red.output
    assert "1 failed" in red.output and "assert -1 == 5" in red.output
    (worktree / "calc.py").write_text("def add(a, b):\n    return a + b\n")
    green = tool.run(Config().test_command)
    assert green.passed and "1 passed" in green.output, green.output
    assert (worktree / ".pytest_cache").is_dir()  # written inside, visible outside


def test_model_git_commands_read_the_repository_inside(worktree: Path, sandbox_kind: str) -> None:
    (worktree / "calc.py").write_text("def add(a, b):\n    return a + b\n")
    tool = sandboxed(worktree, MODEL_POLICY, kind=sandbox_kind)
    status = tool.run("git status --short")
    assert status.passed and "calc.py" in status.output, status.output
    diff = tool.run("git diff")
    assert diff.passed and "+    return a + b" in diff.output, diff.output
    log = tool.run("git log --oneline")
    assert log.passed and "initial" in log.output, log.output


# --------------------------------------------------------------------------- hostile commands


@pytest.mark.adversarial
def test_command_cannot_write_outside_the_worktree(
    user_repo: Path, worktree: Path, canary: Path, outside: OutsideGuard, sandbox_kind: str
) -> None:
    token = uuid.uuid4().hex[:12]
    planted = [Path("/etc") / f"dev-agent-{token}", Path.home() / f"dev-agent-{token}"]
    planted += [Path("/var/tmp") / f"dev-agent-{token}", user_repo / f"planted-{token}.txt"]
    if Path("/work").is_dir():
        planted.append(Path("/work") / f"dev-agent-{token}")
    appended = [user_repo / "calc.py", user_repo / ".git" / "config", worktree / ".git"]
    appended += [user_repo / ".git" / "hooks" / "post-checkout", canary / "existing.txt", canary / "new.txt"]
    removed = [user_repo / "README.md", user_repo / ".git" / "HEAD"]
    outside.watch_repo(user_repo)
    outside.watch_dir(canary)
    before = checkout_state(user_repo)
    pointer = (worktree / ".git").read_bytes()

    result = run_inner(
        sandboxed(worktree, kind=sandbox_kind),
        f"""
        import os

        def attempt(verb, path, action):
            try:
                action()
            except OSError as exc:
                print("BLOCKED", verb, path, exc.errno)
            else:
                print("DONE", verb, path)

        def test_escape():
            with open("inside.txt", "w") as f:  # the worktree itself stays writable
                f.write("fine")
            for path in {[str(p) for p in planted + appended]!r}:
                attempt("write", path, lambda: open(path, "a").write("pwned\\n"))
            for path in {[str(p) for p in removed]!r}:
                attempt("remove", path, lambda: os.remove(path))
        """,
    )
    try:
        assert result.passed, result.output
        assert (worktree / "inside.txt").read_text() == "fine"
        blocked, done = lines_starting(result.output, "BLOCKED"), lines_starting(result.output, "DONE")
        assert len(blocked) + len(done) == len(planted + appended + removed), result.output
        if sandbox_kind == "bwrap":
            # Outside /tmp the host is read-only (EROFS). Under /tmp (the repository when no
            # other folder is writable) a write can only land in the sandbox's private tmpfs.
            private = tempfile.gettempdir() + os.sep
            assert all(line.split()[2].startswith(private) for line in done), result.output
        else:
            # Landlock refuses every write outside (EACCES) but to the worktree's own .git
            # pointer, which it cannot single out: ShellTool puts that file back afterwards.
            assert [line.split()[2] for line in done] == [str(worktree / ".git")], result.output
        for path in planted:
            assert not path.exists(), f"{path} was written from inside the sandbox"
        assert (worktree / ".git").read_bytes() == pointer
        assert checkout_state(user_repo) == before
    finally:
        for path in planted:
            path.unlink(missing_ok=True)


@pytest.mark.adversarial
def test_tmp_inside_is_private(
    worktree: Path, tmp_path: Path, outside: OutsideGuard, sandbox_kind: str
) -> None:
    token = uuid.uuid4().hex[:12]
    inside_file = Path("/tmp") / f"dev-agent-inside-{token}"
    host_secret = Path(tempfile.gettempdir()) / f"dev-agent-host-{token}"
    host_secret.write_text("host-only-secret")
    watched = tmp_path / "watched"
    watched.mkdir()
    outside.watch_dir(watched)
    try:
        result = run_inner(
            sandboxed(worktree, kind=sandbox_kind),
            f"""
            import os, tempfile

            def attempt(name, action):
                try:
                    action()
                except OSError as exc:
                    print(name, "refused", exc.errno)
                else:
                    print(name, "done")

            def test_tmp():
                attempt("WRITE_TMP", lambda: open({str(inside_file)!r}, "w").write("written inside"))
                attempt("READ_HOST_FILE", lambda: open({str(host_secret)!r}).read())
                attempt("LIST_TMP", lambda: os.listdir("/tmp"))
                print("SEES_HOST_FILE", os.path.exists({str(host_secret)!r}))
                print("SEES_WATCHED", os.path.exists({str(watched)!r}))
                print("HOME", os.environ["HOME"], "TMPDIR", os.environ["TMPDIR"])
                with tempfile.NamedTemporaryFile() as f:  # the private temp dir is writable
                    print("PRIVATE_TMP", f.name)
            """,
        )
        assert result.passed, result.output
        assert "READ_HOST_FILE refused" in result.output and "host-only-secret" not in result.output
        # bwrap, and Landlock with namespaces, put an empty tmpfs of their own over /tmp:
        # the host's files are not even there, and a fixed /tmp path can be written.
        private = sandbox_kind == "bwrap" or landlock_features().get("tmp_private")
        assert "SEES_WATCHED False" in result.output or not private
        if private:
            assert "SEES_HOST_FILE False" in result.output and "LIST_TMP done" in result.output
            assert "WRITE_TMP done" in result.output
        else:  # Landlock cannot hide a name from stat(), but nothing there can be read or listed
            assert "WRITE_TMP refused" in result.output and "LIST_TMP refused" in result.output
        if sandbox_kind == "bwrap":
            assert "HOME /tmp TMPDIR /tmp" in result.output
        else:
            home = lines_starting(result.output, "HOME")[0].split()
            assert home[1] == home[3] and Path(home[1]).parent.name.startswith("dev-agent-sandbox-")
            assert not Path(home[1]).exists()  # the launcher removed it
        assert lines_starting(result.output, "PRIVATE_TMP")
        assert not inside_file.exists()
    finally:
        host_secret.unlink(missing_ok=True)
        inside_file.unlink(missing_ok=True)


@pytest.mark.adversarial
def test_a_fixed_tmp_path_takes_a_unix_socket_and_shown_paths_under_tmp_stay_read_only(
    worktree: Path, tmp_path: Path, sandbox_kind: str
) -> None:
    """A test's server on a Unix socket at a fixed /tmp path (waitress's functional tests)
    binds in both sandboxes, as outside; a read-only path shown under /tmp (the project's
    venv there, say) stays read-only although /tmp itself is writable inside."""
    require_sandbox(sandbox_kind)
    token = uuid.uuid4().hex[:12]
    shown = tmp_path / "shown-venv"
    shown.mkdir()
    (shown / "kept.txt").write_text("as it was")
    socket_path = f"/tmp/dev-agent-test-{token}.sock"
    result = run_inner(
        sandboxed(worktree, kind=sandbox_kind, read_only=(shown,)),
        f"""
        import os, socket

        def test_tmp_socket():
            with socket.socket(socket.AF_UNIX) as server:
                server.bind({socket_path!r})
                server.listen(1)
                with socket.socket(socket.AF_UNIX) as client:
                    client.connect({socket_path!r})
                print("BOUND", os.path.exists({socket_path!r}))
            print("SHOWN", open({str(shown / "kept.txt")!r}).read())
            try:
                open({str(shown / "kept.txt")!r}, "w").write("changed inside")
            except OSError as exc:
                print("WRITE_SHOWN refused", exc.errno)
            open("in-worktree.txt", "w").write("ok")
        """,
    )
    assert result.passed, result.output
    assert "BOUND True" in result.output and "SHOWN as it was" in result.output
    assert "WRITE_SHOWN refused" in result.output
    assert (shown / "kept.txt").read_text() == "as it was"
    assert (worktree / "in-worktree.txt").read_text() == "ok"
    assert not os.path.exists(socket_path)  # the sandbox's own /tmp, gone with it


# The network (a private loopback, nothing of the host reachable, host services) has its
# own cases: tests/test_sandbox_network.py.


@pytest.mark.adversarial
def test_environment_secrets_are_not_visible_inside(
    worktree: Path, monkeypatch: pytest.MonkeyPatch, outside: OutsideGuard, sandbox_kind: str
) -> None:
    secrets = {
        "OPENAI_API_KEY": "sekrit-openai-1",
        "GITHUB_TOKEN": "sekrit-gh-2",
        "AWS_SECRET_ACCESS_KEY": "sekrit-aws-3",
        "DB_PASSWORD": "sekrit-db-4",
        "MIRROR_URL": "https://user:sekrit-url-5@mirror.example/simple",
    }
    for name, value in secrets.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("DEVAGENT_CANARY", "visible-canary")
    # What the inside sees goes to a file as well as to the output: the output is cut to
    # its first 2,500 and last 1,000 characters (devagent/text.py), and the environment
    # alone comes near that (how near depends on the developer's environment).
    result = run_inner(
        sandboxed(worktree, kind=sandbox_kind),
        """
        import json, os, pathlib

        def test_env():
            seen = {"env": dict(os.environ), "proc": {}}
            print("ENV", json.dumps(seen["env"]))
            # every environment this sandbox can see, the init process's included
            for environ in pathlib.Path("/proc").glob("[0-9]*/environ"):
                try:
                    seen["proc"][str(environ)] = environ.read_bytes().replace(b"\\0", b" ").decode()
                    print("PROC", environ, seen["proc"][str(environ)])
                except OSError:
                    pass
            seen["processes"] = sorted(int(p.name) for p in pathlib.Path("/proc").glob("[0-9]*"))
            print("PROCESSES", seen["processes"])
            pathlib.Path("seen.json").write_text(json.dumps(seen))
        """,
    )
    assert result.passed, result.output
    seen = json.loads((worktree / "seen.json").read_text())
    env = seen["env"]
    assert env["DEVAGENT_CANARY"] == "visible-canary"
    for name, value in secrets.items():
        assert name not in env
        assert value not in result.output
        assert not [path for path, environ in seen["proc"].items() if value in environ]
    # Only the sandbox's own processes are visible (a new PID namespace), never the host's;
    # Landlock without user namespaces shows them, but their environ stays unreadable
    # (Landlock refuses ptrace-class access to processes outside the sandbox).
    if sandbox_kind == "bwrap" or landlock_features()["proc_private"]:
        assert os.getpid() not in seen["processes"]


@pytest.mark.adversarial
def test_kernel_settings_are_read_only_inside(
    worktree: Path, outside: OutsideGuard, sandbox_kind: str
) -> None:
    result = run_inner(
        sandboxed(worktree, kind=sandbox_kind),
        """
        def test_sysctl():
            path = "/proc/sys/kernel/hostname"
            current = open(path).read()
            try:
                with open(path, "w") as f:  # the same value: harmless if this ever succeeded
                    f.write(current)
            except OSError as exc:
                print("BLOCKED", exc.errno)
            else:
                print("WROTE")
        """,
    )
    assert result.passed, result.output
    assert lines_starting(result.output, "BLOCKED") and "WROTE" not in result.output


SETSID_SLEEPER = """
import subprocess, sys, time

def test_escape():
    subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(600)", {token!r}],
        start_new_session=True,  # setsid(): leaves the command's process group
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    print("SPAWNED", flush=True)
    time.sleep(600)
"""


@pytest.mark.adversarial
def test_setsid_child_is_killed_with_the_sandbox_at_timeout(
    worktree: Path, outside: OutsideGuard, sandbox_kind: str
) -> None:
    if sandbox_kind == "landlock" and not landlock_features()["pid_namespace"]:
        pytest.skip("no user namespaces here: Landlock alone cannot catch a setsid() child at a timeout kill")
    token = f"dev-agent-escapee-{uuid.uuid4().hex}"
    started = time.monotonic()
    result = run_inner(
        sandboxed(worktree, timeout_s=4.0, kind=sandbox_kind), SETSID_SLEEPER.format(token=token)
    )
    assert result.timed_out and result.exit_code == -9
    assert time.monotonic() - started < 8.0
    assert "SPAWNED" in result.output, result.output
    assert wait_until(lambda: not processes_with(token), within_s=3.0), processes_with(token)


def test_background_child_ends_with_its_command_inside(worktree: Path, sandbox_kind: str) -> None:
    """A child left holding stdout after the command exits neither hangs the run nor survives."""
    token = f"dev-agent-leftover-{uuid.uuid4().hex}"
    started = time.monotonic()
    result = run_inner(
        sandboxed(worktree, timeout_s=20.0, kind=sandbox_kind),
        f"""
        import subprocess, sys

        def test_spawn_and_leave():
            subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)", {token!r}])
        """,
    )
    assert result.passed and "1 passed" in result.output, result.output
    assert time.monotonic() - started < 10.0
    assert wait_until(lambda: not processes_with(token), within_s=3.0)


def test_without_the_sandbox_a_setsid_child_escapes_the_group_kill(worktree: Path) -> None:
    """The control for the case above: the process-group kill alone misses it."""
    token = f"dev-agent-escapee-{uuid.uuid4().hex}"
    tool = ShellTool(worktree, TEST_POLICY, 4.0, [Path(sys.executable).parent])
    try:
        result = run_inner(tool, SETSID_SLEEPER.format(token=token))
        assert result.timed_out and "SPAWNED" in result.output, result.output
        assert processes_with(token), "expected the setsid child to survive without a sandbox"
    finally:
        for pid in processes_with(token):
            os.kill(pid, 9)


# --------------------------------------------------------------------------- Landlock's own rules


def launcher(worktree: Path, *flags: str) -> list[str]:
    """The Landlock launcher's argv prefix for a command in `worktree`."""
    sandbox = LandlockSandbox()
    return [sandbox.bwrap, *sandbox.options(worktree), *flags, "--"]


SOCKETS = """
import socket
from socket import AF_INET, AF_INET6, AF_UNIX, SOCK_DGRAM, SOCK_STREAM
for name, family, kind in [("tcp4", AF_INET, SOCK_STREAM), ("udp4", AF_INET, SOCK_DGRAM),
                           ("tcp6", AF_INET6, SOCK_STREAM), ("unix", AF_UNIX, SOCK_STREAM)]:
    try:
        sock = socket.socket(family, kind)
    except OSError as exc:
        print("NOSOCKET", name, exc.errno)
        continue
    try:
        sock.connect({target!r} if name == "tcp4" else ("127.0.0.1", 9) if name != "unix" else "\\0none")
        print("CONNECTED", name)
    except OSError as exc:
        print("NOCONNECT", name, exc.errno)
"""


def _tcp_server() -> socket.socket:
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    server.setblocking(False)
    return server


@pytest.mark.adversarial
def test_landlock_seccomp_refuses_every_socket_but_unix_without_a_network_namespace(tmp_path: Path) -> None:
    """The fallback where user namespaces are off: no socket of the host's network at all."""
    server = _tcp_server()
    try:
        code = SOCKETS.format(target=server.getsockname())
        proc = subprocess.run(
            [*launcher(tmp_path, "--no-pid-namespace"), sys.executable, "-c", code],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert proc.returncode == 0, proc.stderr
        refused = {line.split()[1] for line in lines_starting(proc.stdout, "NOSOCKET")}
        assert refused == {"tcp4", "udp4", "tcp6"}, proc.stdout  # EAFNOSUPPORT from seccomp
        assert not lines_starting(proc.stdout, "CONNECTED"), proc.stdout
        with pytest.raises(BlockingIOError):
            server.accept()
    finally:
        server.close()


@pytest.mark.adversarial
def test_landlock_tcp_rules_alone_deny_connect(tmp_path: Path) -> None:
    """Without the seccomp filter (the launcher's test switch), Landlock ABI 4+ still
    denies TCP connect where the command shares the host's network (the fallback without
    namespaces): the two layers each hold."""
    if landlock_features()["abi"] < 4:
        pytest.skip("this kernel's Landlock has no network rules (ABI < 4)")
    server = _tcp_server()
    try:
        code = SOCKETS.format(target=server.getsockname())
        proc = subprocess.run(
            [*launcher(tmp_path, "--no-seccomp", "--no-pid-namespace"), sys.executable, "-c", code],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert proc.returncode == 0, proc.stderr
        assert not lines_starting(proc.stdout, "NOSOCKET"), proc.stdout  # sockets can be made
        assert "CONNECTED tcp4" not in proc.stdout and "NOCONNECT tcp4 13" in proc.stdout, proc.stdout
        with pytest.raises(BlockingIOError):
            server.accept()
    finally:
        server.close()


FAMILIES = """
import errno, socket
for name, family, kind, protocol in [
    ("inet", socket.AF_INET, socket.SOCK_STREAM, 0), ("inet6", socket.AF_INET6, socket.SOCK_DGRAM, 0),
    ("unix", socket.AF_UNIX, socket.SOCK_STREAM, 0), ("netlink-route", socket.AF_NETLINK, socket.SOCK_RAW, 0),
    ("netlink-audit", socket.AF_NETLINK, socket.SOCK_RAW, 9),
    ("netlink-uevent", socket.AF_NETLINK, socket.SOCK_RAW, 15),
    ("packet", socket.AF_PACKET, socket.SOCK_RAW, 0), ("vsock", 40, socket.SOCK_STREAM, 0),
    ("alg", 38, socket.SOCK_SEQPACKET, 0), ("bluetooth", 31, socket.SOCK_STREAM, 0),
]:
    try:
        socket.socket(family, kind, protocol).close()
    except OSError as exc:
        print("REFUSED", name, errno.errorcode.get(exc.errno, exc.errno))
    else:
        print("MADE", name)
"""


@pytest.mark.adversarial
def test_landlock_seccomp_with_a_private_network_allows_its_families_alone(tmp_path: Path) -> None:
    """In its own network namespace the command may make IP sockets and read its routes
    (getifaddrs); every other family (raw packets, vsock to a hypervisor, the kernel's
    crypto, audit and uevent netlink, ...) is still refused by seccomp."""
    if landlock_features().get("network") != "private_loopback":
        pytest.skip("no user namespaces here: the fallback refuses every socket but a Unix one")
    proc = subprocess.run(
        [*launcher(tmp_path), sys.executable, "-c", FAMILIES], capture_output=True, text=True, timeout=30
    )
    assert proc.returncode == 0, proc.stderr
    made = {line.split()[1] for line in lines_starting(proc.stdout, "MADE")}
    assert made == {"inet", "inet6", "unix", "netlink-route"}, proc.stdout
    refused = {line.split()[1]: line.split()[2] for line in lines_starting(proc.stdout, "REFUSED")}
    assert set(refused.values()) == {"EAFNOSUPPORT"}, proc.stdout


def test_landlock_without_pid_namespace_kills_a_daemon_when_the_command_ends(worktree: Path) -> None:
    """The fallback where user namespaces are off: the launcher is a child subreaper, so
    a setsid() daemon comes back to it and dies when the command ends."""
    token = f"dev-agent-daemon-{uuid.uuid4().hex}"
    result = run_inner(
        sandboxed(worktree, timeout_s=20.0, kind="landlock", pid_namespace=False),
        f"""
        import subprocess, sys

        DOUBLE_FORK = "import os, time; os.fork() and os._exit(0); time.sleep(600)"

        def test_daemonize():
            subprocess.Popen(
                [sys.executable, "-c", DOUBLE_FORK, {token!r}],
                start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            ).wait()
        """,
    )
    assert result.passed and "1 passed" in result.output, result.output
    assert wait_until(lambda: not processes_with(token), within_s=3.0), processes_with(token)


def test_landlock_gives_multiprocessing_a_private_dev_shm(worktree: Path) -> None:
    """With namespaces, /dev/shm is an empty tmpfs of the sandbox's own: semaphores work,
    and nothing lands in the host's /dev/shm."""
    if not landlock_features()["shm_private"]:
        pytest.skip("no user namespaces here: /dev/shm stays read-only under Landlock")
    before = sorted(os.listdir("/dev/shm"))
    result = run_inner(
        sandboxed(worktree, kind="landlock"),
        """
        import multiprocessing, os

        def test_shm():
            lock = multiprocessing.Lock()
            with lock:
                print("LOCKED")
            with open("/dev/shm/dev-agent-planted", "w") as f:
                f.write("inside")
            print("SHM", sorted(os.listdir("/dev/shm")))
        """,
    )
    assert result.passed and "LOCKED" in result.output, result.output
    assert sorted(os.listdir("/dev/shm")) == before


def test_landlock_launcher_exit_codes_and_one_line_errors(tmp_path: Path) -> None:
    prefix = launcher(tmp_path)
    for argv, code in [([sys.executable, "-c", "raise SystemExit(7)"], 7), (["/nonexistent/program"], 127)]:
        proc = subprocess.run([*prefix, *argv], capture_output=True, text=True, timeout=30)
        assert proc.returncode == code, proc.stderr
    killed = subprocess.run(
        [*prefix, sys.executable, "-c", "import os; os.kill(os.getpid(), 15)"], timeout=30
    )
    assert killed.returncode == -15  # the launcher ends the way its command did
    bad = subprocess.run(prefix[:-1], capture_output=True, text=True, timeout=30)  # no "--"
    assert bad.returncode == 125 and bad.stderr == "landlock_exec: missing -- before the command\n"


# --------------------------------------------------------------------------- choosing a sandbox


def test_choice_prefers_bwrap_then_landlock(sandbox_kind: str) -> None:
    bwrap = "bwrap" if sandbox_kind == "bwrap" else "/nonexistent/bwrap"
    choice = choose_sandbox(bwrap)
    assert choice.kind == sandbox_kind and choice.problem is None
    record = choice.record()
    assert record["kind"] == sandbox_kind and record["enabled"] is True
    if sandbox_kind == "landlock":
        assert record["passed_over"] == [
            "bubblewrap is not installed: '/nonexistent/bwrap' was not found (shell.bwrap)"
        ]
        assert record["abi"] >= 1 and record["seccomp"] is True


@pytest.mark.bad_input
def test_choice_without_any_sandbox_names_what_to_install() -> None:
    choice = choose_sandbox("/nonexistent/bwrap", "bwrap")
    assert choice.sandbox is None and choice.kind == "none"
    assert choice.problem is not None and "\n" not in choice.problem
    assert "/nonexistent/bwrap" in choice.problem and "apt-get install bubblewrap" in choice.problem
    assert choice.record() == {
        "kind": "none",
        "enabled": False,
        "passed_over": list(choice.passed_over),
        "problem": choice.problem,
    }


@pytest.mark.bad_input
def test_landlock_probe_names_a_missing_python(tmp_path: Path) -> None:
    reason = LandlockSandbox(str(tmp_path / "no-python")).probe()
    assert reason is not None and reason.startswith("Landlock: ") and "\n" not in reason


@pytest.mark.bad_input
def test_sandbox_setting_from_the_environment_is_validated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from devagent.config import load_config
    from devagent.errors import UsageError

    config = write_config(tmp_path, {})
    monkeypatch.setenv("DEV_AGENT_SANDBOX", "landlock")
    assert load_config(config).shell.sandbox == "landlock"
    monkeypatch.setenv("DEV_AGENT_SANDBOX", "chroot")
    with pytest.raises(UsageError) as info:
        load_config(config)
    assert "sandbox" in str(info.value) and "\n" not in str(info.value)


def test_repair_validation_runs_inside_each_sandbox(user_repo: Path, sandbox_kind: str) -> None:
    """The Repair step's forked pytest worker and its localisation run under the prefix
    devagent/workflows/fix/repair_step.py builds from the sandbox; the fix is still found."""
    from devagent.repair import repair
    from devagent.workflows.fix.repair_step import sandbox_prefix

    choice = choose_sandbox(setting="bwrap" if sandbox_kind == "bwrap" else "landlock")
    sandbox = choice.showing((Path(sys.prefix), Path(sys.base_prefix)))
    assert sandbox is not None
    result = repair(user_repo, timeout_s=30, mode="fork", command_prefix=sandbox_prefix(sandbox))
    assert result.fixed is not None, (result.error, result.localization.output)
    assert "a + b" in result.fixed.content


# --------------------------------------------------------------------------- the CLI


def write_config(tmp_path: Path, shell: dict[str, Any]) -> Path:
    path = tmp_path / "config.yaml"
    path.write_text(yaml.safe_dump({"shell": shell}))
    return path


def sandbox_complaints(stderr: str) -> list[str]:
    """The lines of a run's stderr about its sandbox: a warning or an error."""
    return [
        line
        for line in stderr.splitlines()
        if "WITHOUT a sandbox" in line or line.startswith(("dev-agent: sandbox", "dev-agent: warning"))
    ]


def run_started(repo: Path) -> dict[str, Any]:
    log = next((repo / "runs").glob("*.log.jsonl"))
    first = json.loads(log.read_text().splitlines()[0])
    assert first["type"] == "run_started"
    data: dict[str, Any] = first["data"]
    return data


@pytest.mark.bad_input
def test_cli_missing_bwrap_refuses_to_start_and_creates_nothing(
    dev_agent: Runner,
    cli_env: dict[str, str],
    calc_example_repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    tmp_path: Path,
) -> None:
    repo = calc_example_repo
    # Only bubblewrap allowed, and it is missing: no sandbox works.
    config = write_config(tmp_path, {"bwrap": "/nonexistent/bwrap", "sandbox": "bwrap"})
    before = checkout_state(repo)
    temp = tmp_path / "temp"  # the run's temp folder, where a worktree would go
    temp.mkdir()
    cli_env["TMPDIR"] = str(temp)  # the same dict the dev_agent fixture runs with

    proc = dev_agent("--phase", phase_spec, "--model", approval_model(tmp_path), "--config", config, cwd=repo)

    assert proc.returncode == 3, proc.stdout + proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("dev-agent: sandbox: ") and "bubblewrap is not installed" in lines[0]
    assert "/nonexistent/bwrap" in lines[0] and "shell.allow_unsandboxed" in lines[0]
    assert "Traceback" not in proc.stdout + proc.stderr and proc.stdout == ""
    assert not (repo / "runs").exists()
    assert git("for-each-ref", "--format=%(refname:short)", "refs/heads", cwd=repo) == "main"
    assert git("for-each-ref", "--format=%(refname:short)", "refs/heads", cwd=bare_remote) == "main"
    assert worktrees(repo) == [str(repo)]
    assert list(temp.iterdir()) == []
    assert checkout_state(repo) == before


def test_cli_allow_unsandboxed_runs_and_warns(
    dev_agent: Runner, calc_example_repo: Path, phase_spec: Path, tmp_path: Path
) -> None:
    repo = calc_example_repo
    config = write_config(
        tmp_path, {"bwrap": "/nonexistent/bwrap", "sandbox": "bwrap", "allow_unsandboxed": True}
    )

    proc = dev_agent("--phase", phase_spec, "--model", approval_model(tmp_path), "--config", config, cwd=repo)

    # The fix is made and approved unsandboxed; only the push to the local bare remote is
    # refused, since its receive-pack runs only in a sandbox (git.remote in the config).
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "whose receive-pack runs only in a sandbox" in proc.stderr.splitlines()[-1]
    warnings = [line for line in proc.stderr.splitlines() if "WITHOUT a sandbox" in line]
    assert len(warnings) == 1, proc.stderr
    assert warnings[0].startswith("dev-agent: warning: ")
    assert "shell.allow_unsandboxed" in warnings[0] and "/nonexistent/bwrap" in warnings[0]
    sandbox = run_started(repo)["sandbox"]
    assert sandbox["enabled"] is False and sandbox.get("kind", "none") == "none"
    assert "not installed" in sandbox["problem"] and "/nonexistent/bwrap" in sandbox["problem"]


@NEEDS_BWRAP
def test_cli_default_run_is_sandboxed(
    dev_agent: Runner, calc_example_repo: Path, phase_spec: Path, tmp_path: Path
) -> None:
    repo = calc_example_repo
    proc = dev_agent("--phase", phase_spec, "--model", approval_model(tmp_path), cwd=repo)

    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert not sandbox_complaints(proc.stderr)
    sandbox = run_started(repo)["sandbox"]
    assert sandbox["enabled"] is True and sandbox["problem"] is None
    assert sandbox.get("kind", "bwrap") == "bwrap"  # logs before issue 12 had no "kind"
    run_id = next((repo / "runs").glob("*.log.jsonl")).name.removesuffix(".log.jsonl")
    show = dev_agent("runs", "show", run_id, cwd=repo)
    shown = [line for line in show.stdout.splitlines() if line.startswith("    sandbox: ")]
    assert show.returncode == 0 and shown and shown[0].startswith("    sandbox: bwrap ("), show.stdout


def test_cli_without_bwrap_runs_in_landlock_and_says_so(
    dev_agent: Runner, calc_example_repo: Path, phase_spec: Path, tmp_path: Path
) -> None:
    if choose_sandbox(setting="landlock").sandbox is None:
        pytest.skip("this kernel has no usable Landlock")
    repo = calc_example_repo
    config = write_config(tmp_path, {"bwrap": "/nonexistent/bwrap"})

    proc = dev_agent("--phase", phase_spec, "--model", approval_model(tmp_path), "--config", config, cwd=repo)

    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert not sandbox_complaints(proc.stderr)  # a working sandbox: no warning
    sandbox = run_started(repo)["sandbox"]
    assert sandbox["kind"] == "landlock" and sandbox["enabled"] is True and sandbox["seccomp"] is True
    assert "/nonexistent/bwrap" in sandbox["passed_over"][0]
    run_id = next((repo / "runs").glob("*.log.jsonl")).name.removesuffix(".log.jsonl")
    show = dev_agent("runs", "show", run_id, cwd=repo)
    assert any(line.startswith("    sandbox: landlock (Landlock ABI ") for line in show.stdout.splitlines())


def test_cli_sandbox_kind_from_the_environment(
    dev_agent: Runner,
    cli_env: dict[str, str],
    calc_example_repo: Path,
    phase_spec: Path,
    tmp_path: Path,
    sandbox_kind: str,
) -> None:
    """$DEV_AGENT_SANDBOX pins the kind, as CI does to run the suites once per kind."""
    cli_env["DEV_AGENT_SANDBOX"] = sandbox_kind
    proc = dev_agent("--phase", phase_spec, "--model", approval_model(tmp_path), cwd=calc_example_repo)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert run_started(calc_example_repo)["sandbox"]["kind"] == sandbox_kind


def test_cli_records_the_network_hidden_paths_and_host_services(
    dev_agent: Runner,
    cli_env: dict[str, str],
    calc_example_repo: Path,
    phase_spec: Path,
    tmp_path: Path,
    sandbox_kind: str,
) -> None:
    """run_started says what the commands' network is and what the config hid and forwarded."""
    require_sandbox(sandbox_kind)  # host services need Landlock's network namespace
    cli_env["DEV_AGENT_SANDBOX"] = sandbox_kind
    config = write_config(tmp_path, {"host_services": [15432], "hidden_paths": ["~/.ssh", "/etc/shadow"]})
    proc = dev_agent(
        "--phase", phase_spec, "--model", approval_model(tmp_path), "--config", config, cwd=calc_example_repo
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    sandbox = run_started(calc_example_repo)["sandbox"]
    assert sandbox["kind"] == sandbox_kind and sandbox["network"] == "private_loopback"
    assert sandbox["hidden_paths"] == ["~/.ssh", "/etc/shadow"] and sandbox["host_services"] == [15432]


def test_runs_show_names_each_sandbox_kind() -> None:
    landlock = {"kind": "landlock", "enabled": True, "abi": 7, "network_rules": True, "seccomp": True}
    landlock |= {
        "pid_namespace": False,
        "passed_over": ["bubblewrap is not installed: 'bwrap' was not found"],
    }
    assert describe_sandbox(landlock) == (
        "landlock (Landlock ABI 7, TCP rules, seccomp socket filter, no PID namespace); "
        "passed over: bubblewrap is not installed: 'bwrap' was not found"
    )
    old_kind = {"kind": "landlock", "enabled": True, "abi": 3, "network_rules": False, "seccomp": True}
    assert "no TCP rules (ABI < 4)" in describe_sandbox(old_kind | {"pid_namespace": True})
    assert describe_sandbox({"kind": "bwrap", "program": "/usr/bin/bwrap"}) == "bwrap (/usr/bin/bwrap)"
    private = {**landlock, "network": "private_loopback", "pid_namespace": True, "network_rules": False}
    assert describe_sandbox(private | {"passed_over": [], "host_services": [5432]}) == (
        "landlock (Landlock ABI 7, private loopback, seccomp socket filter, PID namespace); "
        "host services: 127.0.0.1:5432"
    )
    bwrap = {"kind": "bwrap", "program": "/usr/bin/bwrap", "network": "private_loopback", "host_services": []}
    assert describe_sandbox(bwrap) == "bwrap (/usr/bin/bwrap, private loopback)"
    none = {"kind": "none", "enabled": False, "problem": "no sandbox works (...)"}
    assert describe_sandbox(none) == "NONE (shell.allow_unsandboxed): no sandbox works (...)"
    # logs written before the kind was recorded
    assert describe_sandbox({"enabled": False, "bwrap": "x", "problem": "p"}).startswith("NONE")
