"""Issue 16, findings 3-7 and 9: what a hostile repository (or a model) cannot get out of
a run. Secrets never reach the tests, Repair's runs, the run log, the PR, prompts or
commits; no program the repository's config names runs at push or for a model's git
command; terminal escapes are shown escaped; a symlink out of the worktree is never read
on the host.

Real git repositories, a real bare remote, real subprocesses and the real CLI; the model
is scripted where one is needed (the test names say `scripted`)."""

from __future__ import annotations

import json
import secrets
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from devagent.pytest_output import Failure
from devagent.repair import plan
from devagent.repair.localize import SuspiciousLine, localize
from devagent.repair.validate import CandidateRunner
from devagent.runlog import RunLog
from devagent.secret_values import redact, scrubbed_environment
from devagent.source_context import file_blocks, relevant_files
from devagent.tools.git_tool import GitSettings, GitTool
from devagent.tools.patch_policy import PatchPolicy
from devagent.tools.pull_request import PullRequest, open_pull_request
from devagent.tools.shell import CommandPolicy, ShellTool
from devagent.trace_store import DB_NAME
from tests.helpers import git
from tests.scripted import APPROVAL, GOOD_DIFF, dev_instruction, dev_patch, write_replies

Runner = Callable[..., subprocess.CompletedProcess[str]]
VENV_BIN = Path(sys.executable).parent
BRANCH = "dev-agent/fix-contained-1"
CLI_BRANCH = "dev-agent/fix-fix-mean-1"
_T = secrets.token_hex(6)

# Secrets the old scrubber let through: (variable name that says nothing, value).
SHAPED_SECRETS: dict[str, str] = {
    "CACHE_URL": f"redis://:redispw{_T}@cache.internal:6379/0",
    "IDENTITY": f"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyJHtfVH0ifQ.sig{_T}AbCdEf",
    "NOTIFY_URL": f"https://hooks.slack.com/services/T0000/B0000/slack{_T}",
    "CHAT_HOOK": f"https://discord.com/api/webhooks/123456/discord{_T}",
    "TLS_MATERIAL": f"-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANpem{_T}\n-----END PRIVATE KEY-----",
}
# What must not get out of each: the part that is the credential.
SHAPED_SECRET_PARTS: dict[str, str] = {
    "CACHE_URL": f"redispw{_T}",
    "IDENTITY": f"sig{_T}AbCdEf",
    "NOTIFY_URL": f"slack{_T}",
    "CHAT_HOOK": f"discord{_T}",
    "TLS_MATERIAL": f"MIIEvQIBADANpem{_T}",
}
NAMED_SECRETS: dict[str, str] = {
    "OPENAI_API_KEY": f"sk-devagent-openai-{_T}",
    "GITHUB_TOKEN": f"ghp_devagentgithub{_T}",
}
VISIBLE = ("DEV_AGENT_VISIBLE_CANARY", f"visible-{_T}")


def _script(path: Path, marker: Path, tail: str = "exit 0") -> Path:
    """An executable that appends a line to `marker`, then runs `tail`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/bin/sh\necho \"$0 $*\" >> '{marker}'\n{tail}\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def _commit(repo: Path, message: str) -> None:
    git(
        "-c",
        "commit.gpgsign=false",
        "-c",
        "core.hooksPath=/dev/null",
        "commit",
        "-q",
        "-m",
        message,
        cwd=repo,
    )


def _records(runs: Path) -> list[dict[str, Any]]:
    (log,) = sorted(runs.glob("*.log.jsonl"))
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


# ------------------------------------------------------------------ finding 3: Repair's runs

ENV_DUMP_TEST = """import os

from calc import mean


def test_environment_reaches_the_run():
    with open({out!r}, "a", encoding="utf-8") as seen:
        for name, value in os.environ.items():
            seen.write(f"{{name}}={{value}}\\n")
    assert mean([2, 4, 6]) == 4
"""


@pytest.mark.adversarial
def test_finding03_repair_localisation_and_candidate_runs_get_a_scrubbed_environment(
    calc_example_repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Repair's localisation run and its candidate runs (forked worker and plain
    subprocess) run the repository's tests: a test that dumps its environment sees
    none of the secrets of the process that started them."""
    seen = tmp_path / "seen-env.txt"
    (calc_example_repo / "tests" / "test_aaa_env_dump.py").write_text(ENV_DUMP_TEST.format(out=str(seen)))
    for name, value in {**NAMED_SECRETS, **SHAPED_SECRETS, VISIBLE[0]: VISIBLE[1]}.items():
        monkeypatch.setenv(name, value)

    with CandidateRunner(calc_example_repo, (), 60, mode="fork", warm=False) as runner:
        localize(runner.root, [], timeout_s=60, scratch_dir=runner.scratch)
        runner.check()
    with CandidateRunner(calc_example_repo, (), 60, mode="subprocess") as runner:
        runner.check()

    dumped = seen.read_text(encoding="utf-8")
    assert dumped.count(f"{VISIBLE[0]}={VISIBLE[1]}") >= 3, "the runs never printed their environment"
    leaked = [name for name, value in {**NAMED_SECRETS, **SHAPED_SECRET_PARTS}.items() if value in dumped]
    assert leaked == [], f"Repair's test runs saw {leaked}"


# ------------------------------------------------------------------ finding 4: the scrubber


@pytest.mark.adversarial
@pytest.mark.parametrize("name", sorted(SHAPED_SECRETS))
def test_finding04_scrubber_drops_secret_shaped_values_a_command_would_print(
    git_repo: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """Empty-user URLs, JWTs, webhook URLs and PEM blocks under innocent names never reach a
    command, and text that carries them (a test printing them) is redacted."""
    monkeypatch.setenv(name, SHAPED_SECRETS[name])
    monkeypatch.setenv(*VISIBLE)
    shell = ShellTool(git_repo, CommandPolicy(("python",)), timeout_s=30, extra_path=[VENV_BIN])
    result = shell.run(["python", "-c", "import os; print(sorted(os.environ.items()))"])
    assert VISIBLE[1] in result.output
    assert SHAPED_SECRET_PARTS[name] not in result.output
    assert name not in scrubbed_environment()
    printed = f"a test printed: {SHAPED_SECRETS[name]} (and more)"
    monkeypatch.delenv(name)  # redacted by its shape, not only as a known value
    assert SHAPED_SECRET_PARTS[name] not in redact(printed)


@pytest.mark.adversarial
def test_finding04_secrets_a_test_prints_are_redacted_from_the_log_and_pr_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever reaches the writers (a value of a secret variable, or a secret-shaped
    string a test printed) is not in the run log or the PR record."""
    for name, value in NAMED_SECRETS.items():
        monkeypatch.setenv(name, value)
    printed = "\n".join([*NAMED_SECRETS.values(), *SHAPED_SECRETS.values()])
    log = RunLog(tmp_path / "runs", "run-1")
    log.write("ShellTool", "output", {"content": printed, "nested": [{"deep": printed}]})
    log.close()
    pr = PullRequest(title="Fix", body=f"## Tests\n\n{printed}\n", branch="b", base="main")
    result = open_pull_request(pr, None, tmp_path / "runs", "run-1.pr.md", tmp_path, auto_pr=True)
    assert result.record_path is not None
    written = log.path.read_text(encoding="utf-8") + result.record_path.read_text(encoding="utf-8")
    secrets_ = [*NAMED_SECRETS.values(), *SHAPED_SECRET_PARTS.values()]
    assert [s for s in secrets_ if s in written] == []
    assert written.count("[redacted]") >= 2 * len(secrets_)


# ------------------------------------------------------------------ finding 5: push


def _tool(repo: Path, **settings: Any) -> GitTool:
    tool = GitTool(repo, GitSettings(**settings), PatchPolicy())
    tool.create_worktree(BRANCH)
    return tool


def _commit_in_worktree(tool: GitTool) -> None:
    assert tool.worktree is not None
    (tool.worktree / "NOTES.md").write_text("notes\n")
    git("add", "NOTES.md", cwd=tool.worktree)
    git(
        "-c",
        "commit.gpgsign=false",
        "-c",
        "core.hooksPath=/dev/null",
        "commit",
        "-q",
        "-m",
        "n",
        cwd=tool.worktree,
    )


def _pushed(bare: Path) -> bool:
    return (
        subprocess.run(
            ["git", "rev-parse", "--verify", "-q", f"refs/heads/{BRANCH}"],
            cwd=bare,
            capture_output=True,
            check=False,
        ).returncode
        == 0
    )


def _receivepack(repo: Path, bare: Path, marker: Path) -> None:
    wrapper = _script(marker.parent / "bin" / "receivepack", marker, 'exec git-receive-pack "$@"')
    git("config", "remote.origin.receivepack", str(wrapper), cwd=repo)


def _insteadof_ext(repo: Path, bare: Path, marker: Path) -> None:
    git("config", "protocol.ext.allow", "always", cwd=repo)
    git(
        "config",
        f"url.ext::sh -c touch% {marker}% &&% git% receive-pack% {bare}.insteadOf",
        str(bare),
        cwd=repo,
    )


def _remote_hooks(repo: Path, bare: Path, marker: Path) -> None:
    for hook in ("pre-receive", "update", "post-receive", "post-update", "reference-transaction"):
        _script(bare / "hooks" / hook, marker)


def _credential_and_askpass(repo: Path, bare: Path, marker: Path) -> None:
    # Programs git would only run to authenticate; set next to a receivepack that proves
    # whether the repository's config was read at all.
    git("config", "credential.helper", f"!{_script(marker.parent / 'bin' / 'cred', marker)}", cwd=repo)
    git("config", "core.askPass", str(_script(marker.parent / "bin" / "askpass", marker)), cwd=repo)
    git("config", "core.sshCommand", str(_script(marker.parent / "bin" / "ssh", marker)), cwd=repo)
    _receivepack(repo, bare, marker)


PUSH_ATTACKS: list[tuple[str, Callable[[Path, Path, Path], None]]] = [
    ("receivepack", _receivepack),
    ("insteadof-to-ext-with-repo-protocol-allow", _insteadof_ext),
    ("local-remote-hooks", _remote_hooks),
    ("credential-helper-askpass-sshcommand", _credential_and_askpass),
]


@pytest.mark.adversarial
@pytest.mark.parametrize("setup", [a[1] for a in PUSH_ATTACKS], ids=[a[0] for a in PUSH_ATTACKS])
def test_finding05_push_runs_no_program_the_repository_names(
    git_repo: Path, bare_remote: Path, tmp_path: Path, setup: Callable[[Path, Path, Path], None]
) -> None:
    """The fix branch is pushed to the real bare remote, and not one program that the
    repository's config (or the local remote's hooks) names ran."""
    marker = tmp_path / "markers" / "ran"
    marker.parent.mkdir()
    setup(git_repo, bare_remote, marker)
    tool = _tool(git_repo)
    try:
        _commit_in_worktree(tool)
        tool.push(BRANCH)
    finally:
        tool.remove_worktree()
    assert not marker.exists(), f"programs ran at push:\n{marker.read_text()}"
    assert _pushed(bare_remote)
    assert git("rev-parse", f"refs/remotes/origin/{BRANCH}", cwd=git_repo) == git(
        "rev-parse", f"refs/heads/{BRANCH}", cwd=bare_remote
    )


@pytest.mark.adversarial
@pytest.mark.parametrize(
    "url",
    ["ext::sh -c touch% {m}", "fd::3", "evilhelper::whatever", "evilscheme://host/repo.git"],
    ids=["ext", "fd", "helper", "unknown-scheme"],
)
def test_finding05_push_refuses_a_remote_url_whose_transport_runs_a_program(
    git_repo: Path, tmp_path: Path, url: str
) -> None:
    marker = tmp_path / "ran"
    git("config", "protocol.ext.allow", "always", cwd=git_repo)
    git("config", "protocol.allow", "always", cwd=git_repo)
    git("remote", "set-url", "origin", url.format(m=marker), cwd=git_repo)
    tool = _tool(git_repo)
    try:
        _commit_in_worktree(tool)
        with pytest.raises(Exception, match="push refused: remote URL"):
            tool.push(BRANCH)
    finally:
        tool.remove_worktree()
    assert not marker.exists()


@pytest.mark.adversarial
def test_finding05_scripted_cli_run_pushes_past_a_receivepack_and_remote_hooks(
    dev_agent: Runner, calc_example_repo: Path, bare_remote: Path, phase_spec: Path, tmp_path: Path
) -> None:
    """End to end (scripted model): the run is approved and pushed, and neither the
    repository's receivepack nor the remote's hooks ran."""
    marker = tmp_path / "markers" / "ran"
    marker.parent.mkdir()
    _receivepack(calc_example_repo, bare_remote, marker)
    _remote_hooks(calc_example_repo, bare_remote, marker)
    model = write_replies(tmp_path / "r.yaml", [dev_patch(GOOD_DIFF)], [APPROVAL])
    proc = dev_agent(
        "--phase", phase_spec, "--model", model, "--runs-dir", tmp_path / "runs", cwd=calc_example_repo
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert not marker.exists(), marker.read_text()
    assert "return sum(values) / len(values)" in git("show", f"{CLI_BRANCH}:calc.py", cwd=bare_remote)


# ------------------------------------------------------------------ finding 6: model git commands


def _model_git_setup(repo: Path, tmp_path: Path, marker: Path) -> None:
    bin_dir = tmp_path / "bin"
    (repo / ".gitattributes").write_text("*.py diff=evil\n")
    git("add", ".gitattributes", cwd=repo)
    git(
        "-c",
        "commit.gpgsign=false",
        "-c",
        "core.hooksPath=/dev/null",
        "commit",
        "-q",
        "-m",
        "attrs",
        cwd=repo,
    )
    git("config", "diff.external", str(_script(bin_dir / "extdiff", marker)), cwd=repo)
    git("config", "diff.evil.textconv", str(_script(bin_dir / "textconv", marker, 'cat "$1"')), cwd=repo)
    git("config", "core.fsmonitor", str(_script(bin_dir / "fsmonitor", marker)), cwd=repo)
    git("config", "log.showSignature", "true", cwd=repo)
    git("config", "gpg.program", str(_script(bin_dir / "gpg", marker)), cwd=repo)


@pytest.mark.adversarial
@pytest.mark.parametrize(
    "command",
    ["git diff", "git diff --stat", "git show HEAD~1", "git log -p -n 2", "git status"],
)
def test_finding06_model_git_command_runs_no_external_diff_textconv_or_fsmonitor(
    git_repo: Path, tmp_path: Path, command: str
) -> None:
    """Without any sandbox to contain them: the repository's diff.external, textconv,
    fsmonitor and gpg programs do not run for a git command a model asks for."""
    marker = tmp_path / "markers" / "ran"
    marker.parent.mkdir()
    _model_git_setup(git_repo, tmp_path, marker)
    tool = _tool(git_repo)
    try:
        assert tool.worktree is not None
        (tool.worktree / "calc.py").write_text("def add(a, b):\n    return a + b\n")
        shell = ShellTool(tool.worktree, CommandPolicy(("git",), restrict_arguments=True), 30, [VENV_BIN])
        result = shell.run(command)
    finally:
        tool.remove_worktree()
    assert result.exit_code == 0, result.output
    assert not marker.exists(), f"{command} ran: {marker.read_text()}"
    if command != "git status":
        assert "calc.py" in result.output


# ------------------------------------------------------------------ finding 7: terminal escapes

ESC_WARNING_TEST = """import warnings


def test_noisy():
    warnings.warn("\\x1b]0;pwned-title\\x07\\x1b[2Jcleared\\x1b[31m")
"""


@pytest.mark.adversarial
def test_finding07_scripted_escapes_from_tests_and_git_log_never_reach_a_surface(
    dev_agent: Runner, calc_example_repo: Path, phase_spec: Path, tmp_path: Path
) -> None:
    """A test whose output holds ESC sequences, and a model asking for
    `git log --format=%x1b...`: the live transcript, the final stdout, the PR record and
    `runs show` never show them raw. The sequences are dropped from a command's output
    where it is captured (what a terminal would show as words: stop 53, for projects that
    colour their output), and any other control character left is shown escaped."""
    (calc_example_repo / "tests" / "test_noisy.py").write_text(ESC_WARNING_TEST)
    git("add", "-A", cwd=calc_example_repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "noisy", cwd=calc_example_repo)
    model = write_replies(
        tmp_path / "r.yaml",
        [dev_instruction("git log -n 1 --format=%x1b[2J%x1b[31mgit-red%x07"), dev_patch(GOOD_DIFF)],
        [APPROVAL],
    )
    runs = tmp_path / "runs"
    proc = dev_agent(
        "--phase", phase_spec, "--model", model, "--runs-dir", runs, "--no-pr", cwd=calc_example_repo
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    (record,) = runs.glob("*.pr.md")
    run_id = record.name.removesuffix(".pr.md")
    show = dev_agent("runs", "show", run_id, "--runs-dir", runs, cwd=tmp_path)
    assert show.returncode == 0, show.stderr
    surfaces = {
        "transcript (stderr)": proc.stderr,
        "final stdout": proc.stdout,
        "PR record": record.read_text(encoding="utf-8"),
        "runs show": show.stdout + show.stderr,
    }
    raw = [where for where, text in surfaces.items() if "\x1b" in text or "\x07" in text]
    assert raw == [], f"raw control characters in {raw}"
    # the model's git log output: the clear-screen and the colour gone, the bell escaped
    assert "git-red\\x07" in proc.stderr and "[2J" not in proc.stderr
    # The test's warning, in the full output `runs show` prints: its words (pytest also
    # quotes the warn() call's source line, backslashes and all; the PR's Tests section
    # holds pytest's summary line, not the output).
    assert "UserWarning: cleared" in surfaces["runs show"]
    assert "1 warning" in surfaces["PR record"]


# ------------------------------------------------------------------ finding 9: symlinks out


@pytest.mark.adversarial
def test_finding09_host_side_reads_do_not_follow_a_symlink_out_of_the_worktree(
    git_repo: Path, tmp_path: Path
) -> None:
    """calc.py replaced by a symlink to a host file (what a test in the sandbox can do):
    neither the prompt's source context nor Repair's candidate planning reads it."""
    host = tmp_path / "host-only.py"
    host.write_text(f"HOST_ONLY = 'host-secret-{_T}'\ndef add(a, b):\n    return a - b\n")
    tool = _tool(git_repo)
    try:
        root = tool.worktree
        assert root is not None
        (root / "calc.py").unlink()
        (root / "calc.py").symlink_to(host)
        failure = Failure("tests/test_calc.py::test_add", "boom", [("tests/test_calc.py", 5)])
        files = relevant_files(root, failure)
        blocks = file_blocks(root, [*files, "calc.py"], lambda _: False)
        candidates = plan(root, [SuspiciousLine("calc.py", 3, 1.0, "    return a - b")])
    finally:
        tool.remove_worktree()
    assert "calc.py" not in files
    assert [b for b in blocks if f"host-secret-{_T}" in b.text] == []
    assert candidates == []
    assert any(b.path == "tests/test_calc.py" for b in blocks)  # the rest is still read


# ------------------------------------------------------------------ secrets across a whole run

# Secrets written into the repository's own test, printed when it runs (not from the
# environment, which the tests never see): only their shape can give them away.
PRINTED_SECRETS: dict[str, str] = {
    "redis-url": f"redis://:printedpw{_T}@db.internal/1",
    "jwt": f"eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJwcmludGVkIn0.printedsig{_T}",
    "slack-webhook": f"https://hooks.slack.com/services/T1111/B1111/printedslack{_T}",
    "pem": f"-----BEGIN RSA PRIVATE KEY-----\nprintedpem{_T}\n-----END RSA PRIVATE KEY-----",
}
PRINTED_SECRET_PARTS = {
    "redis-url": f"printedpw{_T}",
    "jwt": f"printedsig{_T}",
    "slack-webhook": f"printedslack{_T}",
    "pem": f"printedpem{_T}",
}
PRINTING_TEST = """import os

from calc import mean

PRINTED = {printed!r}


def test_aaa_prints_secrets():
    for value in PRINTED.values():
        print(value)
    for name in sorted(os.environ):
        print(f"{{name}}={{os.environ[name]}}")
    assert mean([2, 4, 6]) == 4
"""


@pytest.mark.adversarial
def test_finding03_04_scripted_run_with_repair_leaks_no_seeded_secret_anywhere(
    cli_env: dict[str, str],
    calc_example_repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> None:
    """Secrets in the environment (by name and by shape) and secrets a test prints: after
    a whole run (Repair's search, a model command, a patch, approval, push, PR record),
    not one is in the output, the run log, the trace store, the PR record, the prompts or
    the commits. The counts go to bench/reliability.py as secrets_seeded/secrets_found."""
    tests = calc_example_repo / "tests"
    (tests / "test_aaa_printing.py").write_text(PRINTING_TEST.format(printed=PRINTED_SECRETS))
    git("add", "-A", cwd=calc_example_repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "printing", cwd=calc_example_repo)
    config = tmp_path / "config.yaml"
    config.write_text("repair: {templates: true, model_edits: 0, max_candidates: 1}\n")
    model = write_replies(
        tmp_path / "r.yaml", [dev_instruction("pytest -q"), dev_patch(GOOD_DIFF)], [APPROVAL]
    )
    env = {**cli_env, **NAMED_SECRETS, **SHAPED_SECRETS, VISIBLE[0]: VISIBLE[1]}
    runs = tmp_path / "runs"
    argv = [sys.executable, str(Path(__file__).resolve().parents[1] / "dev_agent.py")]
    argv += ["--phase", str(phase_spec), "--model", model, "--config", str(config), "--runs-dir", str(runs)]
    proc = subprocess.run(
        argv, cwd=calc_example_repo, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr

    surfaces = {"stdout": proc.stdout, "stderr": proc.stderr}
    for path in sorted(runs.iterdir()):
        if path.name == DB_NAME:  # the trace store: its rows, as SQL text
            with closing(sqlite3.connect(path)) as db:
                surfaces[path.name] = "\n".join(db.iterdump())
        elif path.is_file() and not path.name.startswith(DB_NAME):
            surfaces[path.name] = path.read_text(encoding="utf-8", errors="replace")
    records = _records(runs)
    surfaces["prompts"] = "\n".join(
        str(r["data"].get("prompt", "")) for r in records if r["type"] == "model_call"
    )
    surfaces["commits"] = git("log", "--format=%B", "--all", cwd=bare_remote)
    seeded = {**NAMED_SECRETS, **SHAPED_SECRET_PARTS, **PRINTED_SECRET_PARTS}
    found = {name: [w for w, text in surfaces.items() if value in text] for name, value in seeded.items()}
    found = {name: where for name, where in found.items() if where}
    # Properties as tests/conftest.py writes them (the JUnit report bench/reliability.py reads).
    request.node.user_properties.append(("secrets_seeded", len(seeded)))
    request.node.user_properties.append(("secrets_found", len(found)))
    # Not vacuous: the test printed the environment into a prompt, Repair searched, and
    # the printed secrets reached the log (redacted).
    assert f"{VISIBLE[0]}={VISIBLE[1]}" in surfaces["prompts"]
    assert [r for r in records if r["type"] == "repair"]
    assert any(name.endswith(".pr.md") for name in surfaces)
    assert found == {}, f"secrets found: {found}"


SWAP_TEST = """import os


def test_aaa_swaps_calc_for_a_link_to_a_host_file():
    # The host file is hidden in the sandbox (a private /tmp); the link is not.
    os.symlink({host!r}, "calc.py.swap")
    os.replace("calc.py.swap", "calc.py")
"""


@pytest.mark.adversarial
def test_finding09_scripted_test_that_swaps_a_file_for_a_host_symlink_leaks_nothing(
    dev_agent: Runner, calc_example_repo: Path, phase_spec: Path, tmp_path: Path
) -> None:
    """End to end (scripted model): a test run in the sandbox replaces calc.py with a
    symlink to a host file; DevAgent's prompt (built on the host) and the run log never
    hold that file's content."""
    host = tmp_path / "host-only.py"
    host.write_text(f"HOST_ONLY = 'host-secret-{_T}'\n\n\ndef mean(values):\n    return 0\n")
    (calc_example_repo / "tests" / "test_aaa_swap.py").write_text(SWAP_TEST.format(host=str(host)))
    git("add", "-A", cwd=calc_example_repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "swap", cwd=calc_example_repo)
    model = write_replies(tmp_path / "r.yaml", [dev_patch(GOOD_DIFF)], [APPROVAL])
    runs = tmp_path / "runs"
    proc = dev_agent(
        "--phase", phase_spec, "--model", model, "--runs-dir", runs, "--max-iterations", "1",
        cwd=calc_example_repo,
    )  # fmt: skip
    records = _records(runs)
    prompts = [r["data"]["prompt"] for r in records if r["type"] == "model_call" and r["data"].get("prompt")]
    assert prompts, proc.stdout + proc.stderr  # DevAgent was asked, with a prompt built on the host
    log_text = next(runs.glob("*.log.jsonl")).read_text(encoding="utf-8")
    leaks = [w for w, t in {"log": log_text, "stdout": proc.stdout, "stderr": proc.stderr}.items() if _T in t]
    assert leaks == [], f"the host file's content reached {leaks}"
