"""ShellTool: the command policy, real subprocess runs, timeouts, secrets, truncation."""

from __future__ import annotations

import json
import os
import sys
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from devagent.text import ELLIPSIS, HEAD_CHARS, TAIL_CHARS
from devagent.tools.shell import (
    DEFAULT_ALLOWED,
    MAX_ARGS,
    MAX_COMMAND_CHARS,
    CommandPolicy,
    CommandRejected,
    CommandResult,
    ProgramNotFound,
    ShellTool,
    scrubbed_environment,
)

VENV_BIN = Path(sys.executable).parent
PYTEST_ONLY = CommandPolicy(allowed=("pytest",))
# Inner pytest runs: quiet, no cache dir in tmp_path, no output capture so prints show.
PYTEST_ARGS = ["pytest", "-q", "-s", "-p", "no:cacheprovider"]


def make_tool(cwd: Path, timeout_s: float = 20.0, policy: CommandPolicy = PYTEST_ONLY) -> ShellTool:
    return ShellTool(cwd, policy, timeout_s=timeout_s, extra_path=[VENV_BIN])


def write_test(tmp_path: Path, body: str, name: str = "test_inner.py") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


def process_gone(pid: int) -> bool:
    """True when pid no longer runs (absent, or a zombie waiting for its reaper)."""
    status = Path(f"/proc/{pid}/status")
    if Path("/proc/self/status").exists():
        try:
            text = status.read_text()
        except (FileNotFoundError, ProcessLookupError):
            return True
        state = next((line for line in text.splitlines() if line.startswith("State:")), "")
        return "Z" in state.split(":", 1)[-1].split()[:1]
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def wait_gone(pid: int, within_s: float = 3.0) -> bool:
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        if process_gone(pid):
            return True
        time.sleep(0.05)
    return process_gone(pid)


# --------------------------------------------------------------------------- policy


REJECTED: list[tuple[str | list[str], tuple[str, ...], str]] = [
    # (command, allowed, fragment the one-line reason must contain)
    ("pytest; rm -rf /", DEFAULT_ALLOWED, "';'"),
    ("pytest && rm -rf /", DEFAULT_ALLOWED, "'&&'"),
    ("pytest || rm -rf /", DEFAULT_ALLOWED, "'||'"),
    ("pytest | tee out", DEFAULT_ALLOWED, "'|'"),
    ("pytest &", DEFAULT_ALLOWED, "'&'"),
    ("pytest `rm -rf /`", DEFAULT_ALLOWED, "'`'"),
    ("pytest $(rm -rf /)", DEFAULT_ALLOWED, "'$('"),
    ("pytest ${HOME}", DEFAULT_ALLOWED, "'${'"),
    ("pytest > out.txt", DEFAULT_ALLOWED, "'>'"),
    ("pytest >> out.txt", DEFAULT_ALLOWED, "'>'"),
    ("pytest < in.txt", DEFAULT_ALLOWED, "'<'"),
    ("pytest -k 'a;b'", DEFAULT_ALLOWED, "';'"),  # even quoted: the string is screened raw
    ("pytest\nrm -rf /", DEFAULT_ALLOWED, "newline"),
    ("pytest\rrm -rf /", DEFAULT_ALLOWED, "carriage return"),
    ("pytest\0-q", DEFAULT_ALLOWED, "NUL"),
    ("pytest -k 'unclosed", DEFAULT_ALLOWED, "cannot parse"),
    ("", DEFAULT_ALLOWED, "empty"),
    ("   \t ", DEFAULT_ALLOWED, "empty"),
    ("rm -rf /", DEFAULT_ALLOWED, "'rm' is not on the whitelist"),
    ("bash -c pytest", DEFAULT_ALLOWED, "'bash'"),
    ("python -m pytest", ("pytest",), "'python'"),
    ("/bin/pytest -q", DEFAULT_ALLOWED, "path-qualified"),
    ("./pytest -q", DEFAULT_ALLOWED, "path-qualified"),
    ("../bin/git status", DEFAULT_ALLOWED, "path-qualified"),
    ("npm install evil", ("pytest", "npm test"), "'npm install'"),
    ("npm", ("npm test",), "'npm'"),
    ("pytests -q", ("pytest",), "'pytests'"),
    ("pytest " + "x " * MAX_ARGS, ("pytest",), "arguments"),
    ("pytest " + "x" * MAX_COMMAND_CHARS, ("pytest",), "longer than"),
    # argv lists: no shell, but NUL/newline, program and size still checked
    ([], DEFAULT_ALLOWED, "empty"),
    (["pytest", "-k", "a\nb"], DEFAULT_ALLOWED, "newline"),
    (["pytest", "a\0b"], DEFAULT_ALLOWED, "NUL"),
    (["rm", "-rf", "/"], DEFAULT_ALLOWED, "'rm'"),
    (["/usr/bin/git", "status"], DEFAULT_ALLOWED, "path-qualified"),
    (["npm", "install"], ("npm test",), "'npm install'"),
    (["pytest"] + ["x"] * MAX_ARGS, ("pytest",), "arguments"),
]


@pytest.mark.parametrize(("command", "allowed", "fragment"), REJECTED)
def test_policy_rejects(command: str | list[str], allowed: tuple[str, ...], fragment: str) -> None:
    with pytest.raises(CommandRejected) as info:
        CommandPolicy(allowed=allowed).parse(command)
    reason = info.value.reason
    assert fragment in reason
    assert "\n" not in reason and "\r" not in reason
    assert len(reason) < 200
    assert str(info.value) == reason


ACCEPTED: list[tuple[str | Sequence[str], tuple[str, ...], list[str]]] = [
    ("pytest", DEFAULT_ALLOWED, ["pytest"]),
    ("pytest -q tests/test_x.py", DEFAULT_ALLOWED, ["pytest", "-q", "tests/test_x.py"]),
    ('pytest -k "foo and not bar"', DEFAULT_ALLOWED, ["pytest", "-k", "foo and not bar"]),
    ("  git   status  ", DEFAULT_ALLOWED, ["git", "status"]),
    ("npm test", ("npm test",), ["npm", "test"]),
    ("npm test -- --watch=false", ("npm test",), ["npm", "test", "--", "--watch=false"]),
    ("make check", DEFAULT_ALLOWED, ["make", "check"]),
    ("pytest " + "x " * (MAX_ARGS - 1), ("pytest",), ["pytest"] + ["x"] * (MAX_ARGS - 1)),
    # an argv list never meets a shell, so metacharacters in its items are plain text
    (["pytest", "-k", "a;b|c && $(d)"], ("pytest",), ["pytest", "-k", "a;b|c && $(d)"]),
    (("git", "log", "--format=%H>%s"), DEFAULT_ALLOWED, ["git", "log", "--format=%H>%s"]),
]


@pytest.mark.parametrize(("command", "allowed", "expected"), ACCEPTED)
def test_policy_accepts(command: str | Sequence[str], allowed: tuple[str, ...], expected: list[str]) -> None:
    assert CommandPolicy(allowed=allowed).parse(command) == expected


def test_policy_normalises_and_validates_entries() -> None:
    policy = CommandPolicy(allowed=["pytest", "npm test"])  # type: ignore[arg-type]
    assert policy.allowed == ("pytest", "npm test")
    with pytest.raises(ValueError):
        CommandPolicy(allowed=("",))
    with pytest.raises(ValueError):
        CommandPolicy(allowed=("/usr/bin/pytest",))


def test_result_passed_needs_clean_exit_and_no_timeout() -> None:
    assert CommandResult(["x"], 0, "", 0.1, timed_out=False).passed
    assert not CommandResult(["x"], 1, "", 0.1, timed_out=False).passed
    assert not CommandResult(["x"], 0, "", 0.1, timed_out=True).passed


# ---------------------------------------------------------------------- environment


def test_scrubbed_environment_drops_secrets_by_name_and_value() -> None:
    base = {
        "PATH": "/usr/bin",
        "HOME": "/home/dev",
        "LANG": "C.UTF-8",
        "PWD": "/work",
        "MY_API_KEY": "k1",
        "github_token": "t1",
        "AWS_SECRET_ACCESS_KEY": "s1",
        "DB_PASSWORD": "p1",
        "DB_PASS": "p2",
        "GPG_PASSPHRASE": "p3",
        "GOOGLE_APPLICATION_CREDENTIALS": "/c.json",
        "NPM_CONFIG__AUTH": "a1",
        "SSH_AUTH_SOCK": "/tmp/agent",
        "COOKIE_JAR": "c1",
        "XDG_SESSION_ID": "3",
        "PRIVATE_THING": "x",
        "DATABASE_URL": "postgres://db/app",
        "SOME_URL": "https://u:p@host/x",
        "PLAIN_URL": "https://host/x",
        "USER_ONLY_URL": "https://user@host/x",
        "GH_PAT": "p4",
        "BEARER": "b1",
        "TOKEN_URL": "https://ghp_abcdefghijklmnop1234@github.com/o/r.git",
        "UPSTREAM": "https://github_pat_11ABC@github.com/o/r.git",
        "LOOKS_HARMLESS": "sk-abcdefghijklmnopqrstu",
        "AWS_ID": "AKIAABCDEFGHIJKLMNOP",
        "PATH_LIKE": "/opt/pat/bin",
    }
    env = scrubbed_environment(base)
    assert env == {
        "PATH": "/usr/bin",
        "HOME": "/home/dev",
        "LANG": "C.UTF-8",
        "PWD": "/work",
        "PLAIN_URL": "https://host/x",
        "USER_ONLY_URL": "https://user@host/x",
        "PATH_LIKE": "/opt/pat/bin",
        "PYTHONDONTWRITEBYTECODE": "1",
        "GIT_TERMINAL_PROMPT": "0",
    }
    assert base["MY_API_KEY"] == "k1"  # the input mapping is not modified


def test_environment_prepends_extra_path_and_drops_relative_entries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", os.pathsep.join([".", "", "bin", "/usr/bin"]))
    tool = ShellTool(tmp_path, PYTEST_ONLY, timeout_s=5, extra_path=[VENV_BIN])
    assert tool.environment()["PATH"].split(os.pathsep) == [os.fspath(VENV_BIN.absolute()), "/usr/bin"]


def test_program_in_worktree_is_not_found_via_relative_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = tmp_path / "planted"
    fake.write_text("#!/bin/sh\necho pwned\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", "." + os.pathsep + os.environ.get("PATH", os.defpath))
    tool = ShellTool(tmp_path, CommandPolicy(allowed=("planted",)), timeout_s=5)
    with pytest.raises(ProgramNotFound) as info:
        tool.run("planted")
    assert info.value.program == "planted"


def test_missing_program_raises_program_not_found(tmp_path: Path) -> None:
    tool = make_tool(tmp_path, policy=CommandPolicy(allowed=("no-such-program-devagent",)))
    with pytest.raises(ProgramNotFound) as info:
        tool.run(["no-such-program-devagent", "--help"])
    assert info.value.program == "no-such-program-devagent"


def test_rejected_command_starts_nothing(tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    tool = make_tool(tmp_path)
    with pytest.raises(CommandRejected):
        tool.run(f"pytest; touch {marker}")
    with pytest.raises(CommandRejected):
        tool.run(["touch", str(marker)])
    assert not marker.exists()


def test_timeout_must_be_positive(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        ShellTool(tmp_path, PYTEST_ONLY, timeout_s=0)


# ------------------------------------------------------------------------ real runs


def test_runs_passing_and_failing_pytest(tmp_path: Path) -> None:
    write_test(
        tmp_path,
        """
        def test_ok():
            assert 1 + 1 == 2
        """,
        name="test_ok.py",
    )
    write_test(
        tmp_path,
        """
        def test_bad():
            assert 1 + 1 == 3
        """,
        name="test_bad.py",
    )
    tool = make_tool(tmp_path)

    ok = tool.run([*PYTEST_ARGS, "test_ok.py"])
    assert ok.exit_code == 0 and ok.passed and not ok.timed_out
    assert "1 passed" in ok.output
    assert ok.argv == [*PYTEST_ARGS, "test_ok.py"]
    assert ok.duration_s > 0

    bad = tool.run("pytest -q -p no:cacheprovider test_bad.py")
    assert bad.exit_code == 1 and not bad.passed and not bad.timed_out
    assert "1 failed" in bad.output and "assert (1 + 1) == 3" in bad.output
    assert not list(tmp_path.rglob("__pycache__")), "PYTHONDONTWRITEBYTECODE should be set"


def test_stderr_is_merged_and_bad_utf8_is_replaced(tmp_path: Path) -> None:
    write_test(
        tmp_path,
        """
        import os, sys

        def test_streams():
            sys.stdout.write("to-stdout\\n"); sys.stdout.flush()
            sys.stderr.write("to-stderr\\n"); sys.stderr.flush()
            os.write(1, b"bad-bytes:\\xff\\xfe\\n")
        """,
    )
    result = make_tool(tmp_path).run(PYTEST_ARGS)
    assert result.passed
    assert "to-stdout" in result.output and "to-stderr" in result.output
    assert "bad-bytes:\ufffd\ufffd" in result.output


@pytest.mark.fault  # a hanging test command; end to end: tests/test_faults.py
def test_timeout_kills_the_whole_process_group(tmp_path: Path) -> None:
    pid_file = tmp_path / "grandchild.pid"
    write_test(
        tmp_path,
        f"""
        import subprocess, sys, time

        def test_hang():
            child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
            with open({str(pid_file)!r}, "w") as f:
                f.write(str(child.pid))
            time.sleep(60)
        """,
    )
    timeout_s = 6.0  # room for pytest to start on a loaded machine
    started = time.monotonic()
    result = make_tool(tmp_path, timeout_s=timeout_s).run(PYTEST_ARGS)
    elapsed = time.monotonic() - started

    assert elapsed < timeout_s + 2.0
    assert result.timed_out and not result.passed
    assert result.exit_code == -9
    assert pid_file.exists(), "inner pytest did not start the grandchild in time"
    grandchild = int(pid_file.read_text())
    assert wait_gone(grandchild), f"grandchild {grandchild} survived the timeout"


@pytest.mark.fault  # a hanging test command; end to end: tests/test_faults.py
def test_background_child_holding_stdout_does_not_hang(tmp_path: Path) -> None:
    pid_file = tmp_path / "background.pid"
    write_test(
        tmp_path,
        f"""
        import subprocess, sys

        def test_spawn_and_leave():
            # inherits the real stdout (-s), so the pipe stays open after pytest exits
            child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
            with open({str(pid_file)!r}, "w") as f:
                f.write(str(child.pid))
        """,
    )
    started = time.monotonic()
    result = make_tool(tmp_path, timeout_s=15.0).run(PYTEST_ARGS)
    elapsed = time.monotonic() - started

    assert not result.timed_out and result.passed
    assert "1 passed" in result.output
    assert elapsed < 8.0
    assert wait_gone(int(pid_file.read_text()))


def test_secrets_do_not_reach_the_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    secrets = {
        "MY_API_KEY": "sekrit-api-key-1",
        "GITHUB_TOKEN": "sekrit-gh-token-2",
        "DB_PASSWORD": "sekrit-db-password-3",
        "AWS_SECRET_ACCESS_KEY": "sekrit-aws-4",
        "SOME_URL": "https://u:sekrit-url-5@host/x",
        "DATABASE_URL": "postgres://db/sekrit-6",
    }
    for name, value in secrets.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("DEVAGENT_CANARY", "visible-canary")
    env_file = tmp_path / "env.json"
    write_test(
        tmp_path,
        f"""
        import json, os

        def test_env():
            print(dict(os.environ))
            with open({str(env_file)!r}, "w") as f:
                json.dump(dict(os.environ), f)
        """,
    )
    result = make_tool(tmp_path).run(PYTEST_ARGS)
    assert result.passed, result.output

    seen = json.loads(env_file.read_text())
    assert seen["DEVAGENT_CANARY"] == "visible-canary"
    assert seen["PYTHONDONTWRITEBYTECODE"] == "1" and seen["GIT_TERMINAL_PROMPT"] == "0"
    for name, value in secrets.items():
        assert name not in seen
        assert value not in result.output
        assert value not in env_file.read_text()


def test_long_output_is_truncated_by_the_rule(tmp_path: Path) -> None:
    write_test(
        tmp_path,
        """
        def test_loud():
            print("START" + "x" * 10000 + "END")
        """,
    )
    result = make_tool(tmp_path).run(PYTEST_ARGS)
    assert result.passed
    assert len(result.output) == HEAD_CHARS + len(ELLIPSIS) + TAIL_CHARS
    assert ELLIPSIS in result.output
    assert "START" in result.output[:HEAD_CHARS]
    assert "1 passed" in result.output[-TAIL_CHARS:]  # the summary survives at the end


def test_without_ansi_removes_a_terminals_escapes_and_nothing_else() -> None:
    """Colour (CSI), a window title (OSC) and two-byte escapes go; the words, tabs, newlines
    and other control characters stay (printable() escapes those where text is shown)."""
    from devagent.text import without_ansi

    coloured = "\x1b[32m.\x1b[0m\x1b[31mF\x1b[0m\n\x1b[1m\x1b[32m715 passed\x1b[0m\x1b[32m in 3.1s\x1b[0m\n"
    assert without_ansi(coloured) == ".F\n715 passed in 3.1s\n"
    assert without_ansi("\x1b]0;title\x07a\tb\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\ \x1bc") == "a\tblink "
    assert without_ansi("bell\x07 nul\x00 plain [32m") == "bell\x07 nul\x00 plain [32m"


def test_a_token_a_test_prints_split_by_colour_codes_is_still_redacted(tmp_path: Path) -> None:
    """A token shape is redacted from what a command prints; written with a colour code
    inside it (`ghp_` + ESC[1m + the rest), a terminal shows it whole while the raw text
    matches no shape. The escapes go first, so the token is whole when redaction looks."""
    token = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2"
    write_test(
        tmp_path,
        f"""
        def test_prints():
            print("token: {token[:4]}\\x1b[1m{token[4:12]}\\x1b[0m{token[12:]}")
        """,
    )
    result = make_tool(tmp_path).run(PYTEST_ARGS)
    assert result.passed, result.output
    assert "token: [redacted]" in result.output
    assert token[4:12] not in result.output and token[12:] not in result.output
