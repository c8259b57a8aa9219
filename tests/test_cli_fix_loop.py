"""End to end: the real `dev_agent.py` CLI as a subprocess on a temp copy of examples/calc
with a real local bare repository as `origin`.

Model roles use the scripted backend (`scripted:<replies.yaml>`), so every path through
the fix loop is deterministic: approval, max_iterations, git errors, nothing to do,
rejected commands, refused patches, invalid replies and bad input. Fixtures
(`calc_example_repo`, `phase_spec`, `dev_agent`, `run_log`) live in tests/conftest.py."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import OutsideGuard, checkout_state, git, worktrees
from tests.scripted import (
    APPROVAL,
    CRITIQUE,
    GOOD_DIFF,
    dev_instruction,
    dev_patch,
    write_replies,
)

Runner = Callable[..., subprocess.CompletedProcess[str]]
LogReader = Callable[[Path], list[dict[str, Any]]]

MESSAGE_TYPES = ("instruction", "patch", "output", "status")
BRANCH = "dev-agent/fix-fix-mean-1"  # <branch_prefix>-<slug of "Fix mean()">-<N>
FAILING_TEST = "tests/test_calc.py::test_mean"
PROJECT_ROOT = Path(__file__).resolve().parent.parent

# ---------------------------------------------------------------------------------- replies

# Applies and commits, but the mean is still wrong: the tests stay red.
STILL_RED_DIFF = GOOD_DIFF.replace("/ len(values)\n", "/ (len(values) + 1)\n")
# Context that calc.py does not have: `git apply --check` fails.
WRONG_CONTEXT_DIFF = (
    "--- a/calc.py\n"
    "+++ b/calc.py\n"
    "@@ -1,3 +1,3 @@\n"
    " def median(values):\n"
    "-    return values[0]\n"
    "+    return sorted(values)[len(values) // 2]\n"
    " # end of file\n"
)
TEST_FILE_DIFF = (
    "--- a/tests/test_calc.py\n"
    "+++ b/tests/test_calc.py\n"
    "@@ -7,3 +7,3 @@\n"
    " \n"
    " def test_mean():\n"
    "-    assert mean([2, 4, 6]) == 4\n"
    "+    assert mean([2, 4, 6]) == 6\n"
)
OUTSIDE_DIFF = "--- /dev/null\n+++ b/../outside.txt\n@@ -0,0 +1 @@\n+written by the agent\n"
GIT_CONFIG_DIFF = (
    "--- a/.git/config\n"
    "+++ b/.git/config\n"
    "@@ -1,1 +1,3 @@\n"
    " [core]\n"
    "+[alias]\n"
    "+\tx = !touch /tmp/dev-agent-pwned\n"
)


# ---------------------------------------------------------------------------------- git helpers


def local_branches(repo: Path) -> list[str]:
    return git("for-each-ref", "--format=%(refname:short)", "refs/heads", cwd=repo).splitlines()


def remote_branches(bare: Path) -> list[str]:
    return local_branches(bare)


# ---------------------------------------------------------------------------------- log helpers


def of_type(records: list[dict[str, Any]], type_: str) -> list[dict[str, Any]]:
    return [r for r in records if r["type"] == type_]


def finished(records: list[dict[str, Any]]) -> dict[str, Any]:
    assert records[-1]["type"] == "run_finished", records[-1]
    data: dict[str, Any] = records[-1]["data"]
    return data


def assert_log_well_formed(records: list[dict[str, Any]]) -> None:
    seqs = [r["seq"] for r in records]
    assert seqs == sorted(set(seqs)), f"seq not strictly increasing: {seqs}"
    assert records[0]["type"] == "run_started"
    assert records[-1]["type"] == "run_finished"
    assert of_type(records, "run_started") == records[:1]
    assert of_type(records, "run_finished") == records[-1:]
    for record in records:
        assert isinstance(record["data"], dict)
        if record["type"] in MESSAGE_TYPES:
            data = record["data"]
            assert data["type"] == record["type"]
            assert data["role"] == record["role"]
            assert isinstance(data["content"], str)
            assert isinstance(data["metadata"]["iteration"], int)


def assert_no_traceback(proc: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in proc.stderr
    assert "Traceback" not in proc.stdout


def assert_checkout_untouched(repo: Path, before: dict[str, Any]) -> None:
    assert checkout_state(repo) == before
    assert worktrees(repo) == [str(repo)]


# ---------------------------------------------------------------------------------- fixtures


def watch_user_state(outside: OutsideGuard, repo: Path, canary: Path) -> None:
    """Watch the user's checkout and a canary folder for the whole case. runs/ is put in
    .git/info/exclude first, as after a first run in the repository: that one line is the
    only write a run makes outside its worktree (the approval test checks it)."""
    exclude = repo / ".git" / "info" / "exclude"
    exclude.parent.mkdir(parents=True, exist_ok=True)
    text = exclude.read_text() if exclude.is_file() else ""
    if "/runs/" not in text.splitlines():
        exclude.write_text(text + ("" if not text or text.endswith("\n") else "\n") + "/runs/\n")
    canary.mkdir(exist_ok=True)
    (canary / "precious.txt").write_text("precious\n")
    outside.watch_repo(repo)
    outside.watch_dir(canary)


@pytest.fixture
def guard_repo(repo: Path, outside: OutsideGuard, tmp_path: Path) -> Path:
    """The fault cases (`@pytest.mark.fault`): the checkout and a canary are watched."""
    watch_user_state(outside, repo, tmp_path / "canary")
    return repo


@pytest.fixture
def repo(calc_example_repo: Path) -> Path:
    return calc_example_repo


@pytest.fixture
def approval_model(tmp_path: Path) -> str:
    """The examples/calc script: one good patch, then the Supervisor's approval."""
    return write_replies(tmp_path / "approval.yaml", [dev_patch(GOOD_DIFF)], [APPROVAL])


def run_fix(
    dev_agent: Runner, repo: Path, spec: Path, model: str, *extra: str
) -> subprocess.CompletedProcess[str]:
    return dev_agent("--phase", spec, "--model", model, *extra, cwd=repo)


# ---------------------------------------------------------------------------------- 1. approval


def test_scripted_a_project_whose_pytest_prints_colour_is_read_as_plain_text(
    dev_agent: Runner, run_log: LogReader, repo: Path, phase_spec: Path, approval_model: str
) -> None:
    """Real projects set `--color=yes` in their pytest addopts (humanize does): the output
    then holds an ANSI escape around every progress dot. Read raw, the PR's Tests section
    found no summary line, and the Supervisor's prompt spent 3,451 tokens on 715 coloured
    dots (24 s of the embedded model reading them). The tool reads the output as plain text:
    the escapes go before anything keeps, truncates, shows or prompts with it."""
    (repo / "pytest.ini").write_text("[pytest]\naddopts = --color=yes\n")
    git("add", "pytest.ini", cwd=repo)
    git("commit", "-qm", "colour, as the project's CI likes it", cwd=repo)

    proc = run_fix(dev_agent, repo, phase_spec, approval_model)

    assert proc.returncode == 0, proc.stdout + proc.stderr
    records = run_log(repo / "runs")
    outputs = [r["data"]["content"] for r in records if r["type"] == "output" and r["role"] == "ShellTool"]
    assert outputs and all("passed" in o or "failed" in o for o in outputs)
    prompts = [r["data"]["prompt"] for r in records if r["type"] == "model_call" and "prompt" in r["data"]]
    assert prompts
    for text in [*outputs, *prompts, proc.stdout]:
        assert "\x1b" not in text and "\\x1b" not in text and "[32m" not in text, text[:400]
    run_id = records[0]["data"]["run_id"]
    pr = (repo / "runs" / f"{run_id}.pr.md").read_text()
    tests_section = pr.split("## Tests\n", 1)[1].split("\n## ", 1)[0]
    assert re.search(r"\n2 passed in \d+\.\d+s\n", tests_section), tests_section


def test_scripted_approval_pushes_fix_branch_and_records_pr(
    dev_agent: Runner,
    run_log: LogReader,
    repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    approval_model: str,
) -> None:
    (repo / "notes.txt").write_text("the user's own untracked file\n")
    before = checkout_state(repo)

    proc = run_fix(dev_agent, repo, phase_spec, approval_model)

    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert_no_traceback(proc)
    assert "outcome: approved (exit 0)" in proc.stdout
    assert f"branch: {BRANCH}" in proc.stdout

    # The fix commit is on the branch in the real bare remote.
    assert sorted(remote_branches(bare_remote)) == [BRANCH, "main"]
    remote_tip = git("rev-parse", BRANCH, cwd=bare_remote)
    assert git("rev-parse", f"{BRANCH}~1", cwd=bare_remote) == before["head"]
    message = git("log", "-1", "--format=%B", BRANCH, cwd=bare_remote)
    assert "iteration 1" in message
    assert FAILING_TEST in message
    assert (
        git("log", "-1", "--format=%an <%ae>", BRANCH, cwd=bare_remote) == "Dev Agent <dev-agent@localhost>"
    )
    assert git("diff", "--name-only", f"main..{BRANCH}", cwd=bare_remote) == "calc.py"
    fixed = git("show", f"{BRANCH}:calc.py", cwd=bare_remote)
    assert "return sum(values) / len(values)" in fixed

    # PR record (the remote is not on GitHub).
    records = run_log(repo / "runs")
    run_id = records[0]["data"]["run_id"]
    record = repo / "runs" / f"{run_id}.pr.md"
    assert record.is_file()
    pr = record.read_text()
    assert re.search(r"calc\.py \| +2 \+-", pr), pr
    assert "1 file changed" in pr
    assert f"`{BRANCH}` -> `main`" in pr
    assert "the tests are untouched" in pr  # the Supervisor's verdict
    # The Tests section: the command, pytest's summary line, the test that failed before and
    # passes now, and where the full output is; no screen of progress dots.
    tests_section = pr.split("## Tests\n", 1)[1].split("\n## ", 1)[0]
    assert re.fullmatch(
        rf"\n```\n\$ python -m pytest --maxfail=1 -q\n2 passed in \d+\.\d+s\n"
        rf"Failed before, pass now:\n  {re.escape(FAILING_TEST)}\n"
        rf"Full output: dev-agent runs show {run_id}\n```\n",
        tests_section,
    ), tests_section

    # The user's checkout: same HEAD, branch, index, files; only the pre-existing untracked
    # file shows in `git status` (runs/ is excluded); no worktree left behind.
    assert_checkout_untouched(repo, before)
    assert git("status", "--porcelain", cwd=repo) == "?? notes.txt"
    assert "/runs/" in (repo / ".git" / "info" / "exclude").read_text().splitlines()
    assert local_branches(repo) == [BRANCH, "main"]
    assert git("rev-parse", BRANCH, cwd=repo) == remote_tip

    # The run log.
    assert_log_well_formed(records)
    started = records[0]["data"]
    assert started["branch"] == BRANCH
    assert started["base"] == before["head"]
    assert started["base_branch"] == "main"
    assert started["uncommitted_changes_ignored"] is False  # an untracked file is not an edit
    assert "note: uncommitted changes" not in proc.stderr
    end = finished(records)
    assert end["outcome"] == "approved"
    assert end["exit_code"] == 0
    assert end["iterations"] == 1
    assert end["branch"] == BRANCH
    assert end["commits"] == [remote_tip]
    assert end["pull_request"]["record"] == str(record)
    assert not Path(of_type(records, "worktree")[0]["data"]["path"]).exists()
    roles = [(r["role"], r["data"]["metadata"]["event"]) for r in records if r["type"] in MESSAGE_TYPES]
    assert roles == [
        ("Supervisor", "phase"),  # seed 004: the Supervisor hands the phase to the team
        ("ShellTool", "tests_failed"),
        ("DevAgent", "patch"),
        ("GitTool", "patch_committed"),
        ("ShellTool", "tests_passed"),
        ("Supervisor", "approved"),
        ("GitTool", "pushed"),
    ]
    patch = next(r for r in records if r["type"] == "patch")
    assert patch["data"]["diff"] == GOOD_DIFF
    assert patch["data"]["metadata"]["test_name"] == FAILING_TEST
    verdict = next(r for r in records if r["role"] == "Supervisor" and r["type"] == "status")
    assert verdict["data"]["metadata"]["approved"] is True
    calls = of_type(records, "model_call")
    assert [(c["role"], c["data"]["valid"]) for c in calls] == [("DevAgent", True), ("Supervisor", True)]


def test_scripted_approval_leaves_uncommitted_user_edits_alone(
    dev_agent: Runner,
    run_log: LogReader,
    repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    approval_model: str,
) -> None:
    """The agent works from HEAD: the user's uncommitted edit to calc.py stays in the
    checkout, is not part of the pushed fix, and the user is told so."""
    calc = repo / "calc.py"
    calc.write_text(calc.read_text() + "\n# the user's work in progress\n")
    before = checkout_state(repo)
    assert before["status"] == "M calc.py"

    proc = run_fix(dev_agent, repo, phase_spec, approval_model)

    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert_no_traceback(proc)
    assert "dev-agent: note: uncommitted changes" in proc.stderr
    records = run_log(repo / "runs")
    assert records[0]["data"]["uncommitted_changes_ignored"] is True
    assert finished(records)["outcome"] == "approved"
    pushed = git("show", f"{BRANCH}:calc.py", cwd=bare_remote)
    assert "return sum(values) / len(values)" in pushed
    assert "work in progress" not in pushed
    assert_checkout_untouched(repo, before)


def test_scripted_approval_log_message_records_keep_seed_schema_keys(
    dev_agent: Runner, run_log: LogReader, repo: Path, phase_spec: Path, approval_model: str
) -> None:
    proc = run_fix(dev_agent, repo, phase_spec, approval_model)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    messages = [r for r in run_log(repo / "runs") if r["type"] in MESSAGE_TYPES]
    assert len(messages) == 7
    for record in messages:
        data = record["data"]
        assert {"role", "content", "type", "metadata"} <= set(data), record
        assert {"iteration", "test_name", "approved"} <= set(data["metadata"]), record


# ---------------------------------------------------------------------------------- 2. max_iterations


def test_scripted_max_iterations_with_unappliable_patches_deletes_empty_branch(
    dev_agent: Runner,
    run_log: LogReader,
    repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    tmp_path: Path,
) -> None:
    model = write_replies(tmp_path / "r.yaml", [dev_patch(WRONG_CONTEXT_DIFF)] * 2, [])
    before = checkout_state(repo)

    proc = run_fix(dev_agent, repo, phase_spec, model, "--max-iterations", "2")

    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert_no_traceback(proc)
    assert "outcome: max_iterations (exit 1)" in proc.stdout
    records = run_log(repo / "runs")
    assert_log_well_formed(records)
    end = finished(records)
    assert (end["outcome"], end["exit_code"], end["iterations"]) == ("max_iterations", 1, 2)
    assert end["commits"] == []
    assert end["branch"] is None
    refused = of_type(records, "patch_refused")
    assert len(refused) == 2
    assert all("its lines match nowhere in the file" in r["data"]["reason"] for r in refused)
    # DevAgent's second prompt carries the refusal.
    dev_calls = [c for c in of_type(records, "model_call") if c["role"] == "DevAgent"]
    assert len(dev_calls) == 2
    assert [c["data"]["iteration"] for c in dev_calls] == [1, 2]
    assert "refused" in dev_calls[1]["data"]["prompt"]
    # Nothing pushed, the empty branch deleted, the checkout untouched.
    assert remote_branches(bare_remote) == ["main"]
    assert local_branches(repo) == ["main"]
    assert_checkout_untouched(repo, before)
    assert "branch:" not in proc.stdout


def test_scripted_max_iterations_with_red_commit_keeps_branch(
    dev_agent: Runner,
    run_log: LogReader,
    repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    tmp_path: Path,
) -> None:
    model = write_replies(tmp_path / "r.yaml", [dev_patch(STILL_RED_DIFF, "Divide by len + 1.")], [])
    before = checkout_state(repo)

    proc = run_fix(dev_agent, repo, phase_spec, model, "--max-iterations", "1")

    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert_no_traceback(proc)
    assert f"branch: {BRANCH}" in proc.stdout
    records = run_log(repo / "runs")
    assert_log_well_formed(records)
    end = finished(records)
    assert (end["outcome"], end["exit_code"], end["iterations"]) == ("max_iterations", 1, 1)
    assert end["branch"] == BRANCH
    # The commit is kept on the local branch, not pushed; the tests ran red after it.
    assert local_branches(repo) == [BRANCH, "main"]
    tip = git("rev-parse", BRANCH, cwd=repo)
    assert end["commits"] == [tip]
    assert git("rev-parse", f"{BRANCH}~1", cwd=repo) == before["head"]
    assert "(len(values) + 1)" in git("show", f"{BRANCH}:calc.py", cwd=repo)
    assert remote_branches(bare_remote) == ["main"]
    outputs = [r["data"]["metadata"]["event"] for r in records if r["type"] == "output"]
    assert outputs == ["tests_failed", "tests_failed"]
    assert not of_type(records, "pull_request")
    assert_checkout_untouched(repo, before)


@pytest.mark.fault
@pytest.mark.usefixtures("guard_repo")
def test_scripted_replies_exhausted_is_model_unavailable(
    dev_agent: Runner,
    run_log: LogReader,
    repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    tmp_path: Path,
) -> None:
    """The Supervisor has no reply left: exit 4, the committed fix stays on the local branch."""
    model = write_replies(tmp_path / "r.yaml", [dev_patch(GOOD_DIFF)], [])
    before = checkout_state(repo)

    proc = run_fix(dev_agent, repo, phase_spec, model)

    assert proc.returncode == 4, proc.stdout + proc.stderr
    assert_no_traceback(proc)
    assert "no scripted reply left for Supervisor" in proc.stdout + proc.stderr
    records = run_log(repo / "runs")
    assert_log_well_formed(records)
    end = finished(records)
    assert end["exit_code"] == 4
    assert end["branch"] == BRANCH
    assert len(end["commits"]) == 1
    assert remote_branches(bare_remote) == ["main"]
    assert_checkout_untouched(repo, before)


@pytest.mark.fault
@pytest.mark.usefixtures("guard_repo")
@pytest.mark.parametrize(
    ("role_flag", "role"), [("--model", "DevAgent"), ("--supervisor-model", "Supervisor")]
)
def test_server_down_is_model_unavailable_naming_backend_and_address(
    dev_agent: Runner,
    run_log: LogReader,
    repo: Path,
    phase_spec: Path,
    approval_model: str,
    tmp_path: Path,
    role_flag: str,
    role: str,
) -> None:
    """An OpenAI-compatible server that is not there: retried a bounded number of times,
    then exit 4 with one line naming the backend and its address. When only the
    Supervisor's server is down, DevAgent (scripted) still works first: backends mix."""
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    spec = f"openai:qwen2.5-coder@http://127.0.0.1:{port}/v1"
    config = tmp_path / "retry.yaml"
    # The Repair step needs no model; off, so DevAgent's model is what the run needs first.
    config.write_text("model:\n  retries: 2\n  retry_backoff_s: 0.05\nrepair: {templates: false}\n")
    before = checkout_state(repo)
    extra = ["--dev-model", approval_model] if role == "Supervisor" else []
    proc = dev_agent("--phase", phase_spec, role_flag, spec, *extra, "--config", config, "--quiet", cwd=repo)

    assert proc.returncode == 4, proc.stdout + proc.stderr
    assert_no_traceback(proc)
    line = f"{spec}: connection refused (after 3 attempts)"
    assert proc.stderr.splitlines() == [
        f"dev-agent: model_unavailable: {line} (log: {next((repo / 'runs').glob('*.log.jsonl'))})"
    ]
    records = run_log(repo / "runs")
    assert_log_well_formed(records)
    assert records[0]["data"]["models"][role] == spec
    failed = [r for r in of_type(records, "model_call") if r["role"] == role]
    assert [c["data"]["error"] for c in failed] == [line]
    assert_checkout_untouched(repo, before)


# ---------------------------------------------------------------------------------- 3. git error


@pytest.mark.fault
@pytest.mark.usefixtures("guard_repo")
def test_scripted_push_rejected_by_remote_is_git_error(
    dev_agent: Runner,
    run_log: LogReader,
    repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    approval_model: str,
) -> None:
    # The remote's own config refuses every pack (its hooks would not run: a local
    # remote's hooks are off for Dev Agent's push, see devagent/tools/git/push.py).
    git("config", "receive.maxInputSize", "1", cwd=bare_remote)
    before = checkout_state(repo)

    proc = run_fix(dev_agent, repo, phase_spec, approval_model)

    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert_no_traceback(proc)
    output = proc.stdout + proc.stderr
    assert "push to origin failed" in output
    assert "remote unpack failed" in output
    assert f"branch: {BRANCH}" in proc.stdout
    records = run_log(repo / "runs")
    assert_log_well_formed(records)
    end = finished(records)
    assert (end["outcome"], end["exit_code"]) == ("git_error", 2)
    assert "push to origin failed" in end["detail"]
    # The approved commit is kept locally; the remote has nothing new; no PR record.
    assert local_branches(repo) == [BRANCH, "main"]
    assert end["commits"] == [git("rev-parse", BRANCH, cwd=repo)]
    assert remote_branches(bare_remote) == ["main"]
    assert not of_type(records, "pull_request")
    assert not list((repo / "runs").glob("*.pr.md"))
    assert_checkout_untouched(repo, before)


# ---------------------------------------------------------------------------------- 4. nothing to do


def test_scripted_nothing_to_do_when_tests_pass(
    dev_agent: Runner,
    run_log: LogReader,
    repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    tmp_path: Path,
) -> None:
    calc = repo / "calc.py"
    calc.write_text(calc.read_text().replace("(len(values) - 1)", "len(values)"))
    git("-c", "commit.gpgsign=false", "commit", "-q", "-am", "fix mean", cwd=repo)
    model = write_replies(tmp_path / "empty.yaml", [], [])
    before = checkout_state(repo)

    proc = run_fix(dev_agent, repo, phase_spec, model)

    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert_no_traceback(proc)
    assert "outcome: nothing_to_do (exit 0)" in proc.stdout
    records = run_log(repo / "runs")
    assert_log_well_formed(records)
    end = finished(records)
    assert (end["outcome"], end["exit_code"], end["iterations"]) == ("nothing_to_do", 0, 0)
    assert end["branch"] is None
    assert not of_type(records, "model_call")
    assert local_branches(repo) == ["main"]
    assert remote_branches(bare_remote) == ["main"]
    assert_checkout_untouched(repo, before)


# ---------------------------------------------------------------------------------- 5. rejected commands


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        ("rm -rf /", "'rm' is not on the whitelist"),
        ("pytest -q; touch {marker}", "shell syntax ';' is not allowed"),
    ],
    ids=["not-whitelisted", "shell-syntax"],
)
def test_scripted_rejected_command_goes_to_supervisor_then_fix_is_approved(
    dev_agent: Runner,
    run_log: LogReader,
    repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    tmp_path: Path,
    command: str,
    reason: str,
) -> None:
    marker = tmp_path / "marker"
    command = command.format(marker=marker)
    model = write_replies(
        tmp_path / "r.yaml",
        [dev_instruction(command), dev_patch(GOOD_DIFF)],
        [CRITIQUE, APPROVAL],
    )
    before = checkout_state(repo)

    proc = run_fix(dev_agent, repo, phase_spec, model)

    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert_no_traceback(proc)
    assert not marker.exists()
    records = run_log(repo / "runs")
    assert_log_well_formed(records)
    rejected = of_type(records, "command_rejected")
    assert len(rejected) == 1
    assert rejected[0]["data"]["command"] == command
    assert reason in rejected[0]["data"]["reason"]
    # The rejected command never started: only the test command ran (the baseline without
    # its --maxfail, so no failure hides another).
    calls = [c["data"]["argv"] for c in of_type(records, "tool_call")]
    assert calls[0] == ["python", "-m", "pytest", "-q"]
    assert all(argv == ["python", "-m", "pytest", "--maxfail=1", "-q"] for argv in calls[1:])
    # The next speaker is the Supervisor, and its prompt carries the rejection.
    after = records[records.index(rejected[0]) + 1 :]
    status = next(r for r in after if r["type"] in MESSAGE_TYPES and r["role"] == "ShellTool")
    assert status["data"]["metadata"]["event"] == "command_rejected"
    route = next(r for r in after if r["type"] == "route")
    assert (route["data"]["from"], route["data"]["to"]) == ("ShellTool", "Supervisor")
    call = next(r for r in after if r["type"] == "model_call")
    assert call["role"] == "Supervisor"
    assert command in call["data"]["prompt"]
    assert "rejected" in call["data"]["prompt"]
    events = [
        (r["role"], r["data"]["metadata"]["event"])
        for r in records
        if r["type"] in MESSAGE_TYPES and r["role"] in ("DevAgent", "Supervisor")
    ]
    assert events == [
        ("Supervisor", "phase"),
        ("DevAgent", "instruction"),
        ("Supervisor", "critique"),
        ("DevAgent", "patch"),
        ("Supervisor", "approved"),
    ]
    end = finished(records)
    assert (end["outcome"], end["iterations"]) == ("approved", 2)
    assert remote_branches(bare_remote) == [BRANCH, "main"]
    assert_checkout_untouched(repo, before)


def test_scripted_supervisor_prompt_after_rejected_command_does_not_claim_green_tests(
    dev_agent: Runner, run_log: LogReader, repo: Path, phase_spec: Path, tmp_path: Path
) -> None:
    model = write_replies(
        tmp_path / "r.yaml", [dev_instruction("rm -rf /"), dev_patch(GOOD_DIFF)], [CRITIQUE, APPROVAL]
    )
    proc = run_fix(dev_agent, repo, phase_spec, model)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    call = next(r for r in run_log(repo / "runs") if r["type"] == "model_call" and r["role"] == "Supervisor")
    prompt = call["data"]["prompt"]
    assert "1 failed" in prompt  # the red test report it is shown...
    assert "all tests pass" not in prompt  # ...must not be announced as green


# ---------------------------------------------------------------------------------- 6. refused patches


def test_scripted_patch_to_protected_test_file_is_refused_then_fix_approved(
    dev_agent: Runner,
    run_log: LogReader,
    repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    tmp_path: Path,
) -> None:
    model = write_replies(
        tmp_path / "r.yaml",
        [dev_patch(TEST_FILE_DIFF, "Expect 6."), dev_patch(GOOD_DIFF)],
        [APPROVAL],
    )
    before = checkout_state(repo)

    proc = run_fix(dev_agent, repo, phase_spec, model)

    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert_no_traceback(proc)
    records = run_log(repo / "runs")
    assert_log_well_formed(records)
    refused = of_type(records, "patch_refused")
    assert len(refused) == 1
    assert "protected path tests/test_calc.py" in refused[0]["data"]["reason"]
    dev_calls = [c for c in of_type(records, "model_call") if c["role"] == "DevAgent"]
    assert "protected path tests/test_calc.py" in dev_calls[1]["data"]["prompt"]
    end = finished(records)
    assert (end["outcome"], end["iterations"], len(end["commits"])) == ("approved", 2, 1)
    # The test file is the same on the pushed branch; only calc.py changed.
    original_test = before["files"]["tests/test_calc.py"].decode()
    assert git("show", f"{BRANCH}:tests/test_calc.py", cwd=bare_remote) + "\n" == original_test
    assert git("diff", "--name-only", f"main..{BRANCH}", cwd=bare_remote) == "calc.py"
    assert_checkout_untouched(repo, before)


def test_scripted_patches_outside_repo_and_into_git_dir_are_refused(
    dev_agent: Runner,
    run_log: LogReader,
    repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    tmp_path: Path,
) -> None:
    model = write_replies(
        tmp_path / "r.yaml",
        [dev_patch(OUTSIDE_DIFF), dev_patch(GIT_CONFIG_DIFF), dev_patch(GOOD_DIFF)],
        [APPROVAL],
    )
    before = checkout_state(repo)
    remote_config = (bare_remote / "config").read_bytes()
    tmp_before = sorted(p.name for p in tmp_path.iterdir())

    proc = run_fix(dev_agent, repo, phase_spec, model)

    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert_no_traceback(proc)
    records = run_log(repo / "runs")
    assert_log_well_formed(records)
    reasons = [r["data"]["reason"] for r in of_type(records, "patch_refused")]
    assert len(reasons) == 2
    assert "path escapes the repository ('..'): b/../outside.txt" in reasons[0]
    assert "path inside .git not allowed: a/.git/config" in reasons[1]
    end = finished(records)
    assert (end["outcome"], end["iterations"], len(end["commits"])) == ("approved", 3, 1)
    # Nothing outside the repository changed; .git/config of repo and remote are intact.
    assert not (tmp_path / "outside.txt").exists()
    assert not (repo.parent / "outside.txt").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == tmp_before
    assert (bare_remote / "config").read_bytes() == remote_config
    assert not Path("/tmp/dev-agent-pwned").exists()
    assert git("diff", "--name-only", f"main..{BRANCH}", cwd=bare_remote) == "calc.py"
    assert_checkout_untouched(repo, before)


# ---------------------------------------------------------------------------------- 7. invalid replies


@pytest.mark.fault
@pytest.mark.usefixtures("guard_repo")
def test_scripted_invalid_reply_twice_exits_5(
    dev_agent: Runner, run_log: LogReader, repo: Path, bare_remote: Path, phase_spec: Path, tmp_path: Path
) -> None:
    prose = "I think the bug is in mean(); you should divide by len(values) instead."
    model = write_replies(tmp_path / "r.yaml", [prose, prose + " Really."], [])
    before = checkout_state(repo)

    proc = run_fix(dev_agent, repo, phase_spec, model)

    assert proc.returncode == 5, proc.stdout + proc.stderr
    assert_no_traceback(proc)
    assert "invalid after one re-prompt" in proc.stdout + proc.stderr
    records = run_log(repo / "runs")
    assert_log_well_formed(records)
    calls = of_type(records, "model_call")
    assert [(c["role"], c["data"]["attempt"], c["data"]["valid"]) for c in calls] == [
        ("DevAgent", 1, False),
        ("DevAgent", 2, False),
    ]
    assert all("no ```json fence" in c["data"]["error"] for c in calls)
    assert calls[1]["data"]["raw"] == prose + " Really."
    end = finished(records)
    assert (end["outcome"], end["exit_code"], end["iterations"]) == ("model_error", 5, 1)
    assert local_branches(repo) == ["main"]
    assert remote_branches(bare_remote) == ["main"]
    assert_checkout_untouched(repo, before)


# ---------------------------------------------------------------------------------- 8. bad input


def _bad_spec(kind: str) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        spec = tmp / "bad-spec.md"
        if kind == "empty":
            spec.write_text("")
        elif kind == "dir":
            spec.mkdir()
        elif kind == "binary":
            spec.write_bytes(b"\x7fELF\x02\x01\x01\x00\x00\x00binary")
        return spec

    return make


def _config(text: str, workflow: bool = False) -> Callable[[Path], list[str]]:
    def make(tmp: Path) -> list[str]:
        path = tmp / "bad-config.yaml"
        path.write_text(text)
        if workflow:  # the bundled fix.yaml with one more tool agent the fix loop lacks
            fix = (PROJECT_ROOT / "config" / "workflows" / "fix.yaml").read_text()
            fix += "  Linter:\n    kind: tool\n    routes:\n      - {to: end, outcome: tool_error}\n"
            fix = fix.replace(
                "      - {to: end, when: [tool_error], outcome: tool_error}\n",
                "      - {to: Linter, when: [tool_error]}\n",
                1,
            )
            (tmp / "workflows").mkdir()
            (tmp / "workflows" / "bad.yaml").write_text(fix)
        return ["--config", str(path)]

    return make


# (id, spec maker or None for phase_spec, extra args maker, expected exit code, stderr fragment)
BAD_INPUT: list[tuple[str, Any, Any, int, str]] = [
    ("missing-spec", lambda t: t / "nope.md", None, 3, "nope.md: phase spec not found"),
    ("empty-spec", _bad_spec("empty"), None, 3, "phase spec is empty"),
    ("dir-spec", _bad_spec("dir"), None, 3, "phase spec is a directory"),
    ("binary-spec", _bad_spec("binary"), None, 3, "phase spec looks binary"),
    ("not-a-repo", None, lambda t: ["--repo", str(_mkdir(t / "plain"))], 3, "not a git repository"),
    (
        "invalid-yaml-config",
        None,
        _config("model: [unclosed\nmax_iterations: 2\n"),
        3,
        "bad-config.yaml: line",
    ),
    ("unknown-config-key", None, _config("max_iteration: 3\n"), 3, "max_iteration: unknown key"),
    ("unknown-nested-key", None, _config("git:\n  remotee: up\n"), 3, "git.remotee: unknown key"),
    ("wrong-type", None, _config('max_iterations: "abc"\n'), 3, "max_iterations:"),
    ("max-iterations-0", None, lambda t: ["--max-iterations", "0"], 3, "--max-iterations: Input should be"),
    ("unknown-model-scheme", None, lambda t: ["--model", "foo:bar"], 3, "unknown model scheme 'foo'"),
    ("model-not-a-spec", None, lambda t: ["--model", "nocolon"], 3, "is not a model spec"),
    (
        "replies-missing",
        None,
        lambda t: ["--model", f"scripted:{t / 'none.yaml'}"],
        3,
        "replies file not found",
    ),
    (
        "test-command-not-whitelisted",
        None,
        lambda t: ["--test-command", "rm -rf x"],
        3,
        "test_command: 'rm' is not on the whitelist",
    ),
    (
        "test-command-shell-syntax",
        None,
        lambda t: ["--test-command", "pytest -q && touch x"],
        3,
        "test_command: shell syntax '&&' is not allowed",
    ),
    (
        "runs-dir-is-a-file",
        None,
        lambda t: ["--runs-dir", str(_touch(t / "runs-file"))],
        3,
        "--runs-dir is not",
    ),
    ("missing-gguf", None, lambda t: ["--model", "llama-cpp:/nonexistent.gguf"], 4, "model file not found"),
    (
        "workflow-unknown-tool-agent",
        None,
        _config("workflow: workflows/bad.yaml\n", workflow=True),
        3,
        "workflow fix has no agent 'Linter'",
    ),
]


def _mkdir(path: Path) -> Path:
    path.mkdir()
    return path


def _touch(path: Path) -> Path:
    path.write_text("a file where the runs folder should be\n")
    return path


@pytest.mark.bad_input
@pytest.mark.parametrize(
    ("spec_maker", "args_maker", "code", "fragment"),
    [case[1:] for case in BAD_INPUT],
    ids=[case[0] for case in BAD_INPUT],
)
def test_scripted_bad_input_is_one_line_error_and_creates_nothing(
    dev_agent: Runner,
    repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    approval_model: str,
    tmp_path: Path,
    spec_maker: Callable[[Path], Path] | None,
    args_maker: Callable[[Path], list[str]] | None,
    code: int,
    fragment: str,
) -> None:
    spec = spec_maker(tmp_path) if spec_maker else phase_spec
    extra = args_maker(tmp_path) if args_maker else []
    before = checkout_state(repo)

    # The scripted model comes first so that a --model in `extra` overrides it.
    proc = dev_agent("--phase", spec, "--model", approval_model, *extra, cwd=repo)

    assert proc.returncode == code, proc.stdout + proc.stderr
    assert_no_traceback(proc)
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("dev-agent: ")
    assert fragment in lines[0]
    assert proc.stdout == ""
    # Input errors stop the run before anything is created.
    assert not (repo / "runs").exists()
    assert local_branches(repo) == ["main"]
    assert remote_branches(bare_remote) == ["main"]
    assert_checkout_untouched(repo, before)


@pytest.mark.bad_input
def test_scripted_repo_without_origin_is_usage_error(
    dev_agent: Runner, repo: Path, phase_spec: Path, approval_model: str
) -> None:
    git("remote", "remove", "origin", cwd=repo)

    proc = run_fix(dev_agent, repo, phase_spec, approval_model)

    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert_no_traceback(proc)
    assert proc.stderr.splitlines() == ["dev-agent: git.remote: the repository has no remote named 'origin'"]
    assert not (repo / "runs").exists()
    assert local_branches(repo) == ["main"]


@pytest.mark.bad_input
def test_repository_without_commits_is_usage_error(
    dev_agent: Runner, tmp_path: Path, phase_spec: Path
) -> None:
    empty = tmp_path / "empty"
    git("init", "-q", "-b", "main", str(empty), cwd=tmp_path)
    git("init", "-q", "--bare", str(tmp_path / "remote.git"), cwd=tmp_path)  # a remote that is there
    git("remote", "add", "origin", str(tmp_path / "remote.git"), cwd=empty)

    proc = dev_agent("--phase", phase_spec, "--model", "scripted:none.yaml", cwd=empty)

    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert proc.stderr.splitlines() == [
        f"dev-agent: {empty}: the repository has no commits yet; commit the code to fix first"
    ]
    assert not (empty / "runs").exists()


@pytest.mark.bad_input
@pytest.mark.parametrize(
    "args",
    [[], ["--phase"], ["--phase", "spec.md", "--max-iterations", "abc"], ["--bogus"]],
    ids=["no-phase", "phase-without-value", "max-iterations-not-int", "unknown-flag"],
)
def test_argument_errors_exit_3_without_traceback(dev_agent: Runner, repo: Path, args: list[str]) -> None:
    proc = dev_agent(*args, cwd=repo)

    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert_no_traceback(proc)
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("dev-agent: ") and lines[0].endswith("(see --help)")
    assert not (repo / "runs").exists()


def _missing_program_config(tmp_path: Path) -> Path:
    config = tmp_path / "config.yaml"
    config.write_text("test_command: nosuchprog --run\nshell:\n  allowed: [nosuchprog]\n")
    return config


@pytest.mark.bad_input
def test_scripted_test_command_program_missing_is_tool_error(
    dev_agent: Runner,
    run_log: LogReader,
    repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    approval_model: str,
    tmp_path: Path,
) -> None:
    config = _missing_program_config(tmp_path)
    before = checkout_state(repo)

    proc = run_fix(dev_agent, repo, phase_spec, approval_model, "--config", str(config), "--quiet")

    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert_no_traceback(proc)
    assert "program 'nosuchprog' not found on PATH" in proc.stdout + proc.stderr
    records = run_log(repo / "runs")
    assert_log_well_formed(records)
    end = finished(records)
    assert (end["outcome"], end["exit_code"], end["iterations"]) == ("tool_error", 3, 0)
    assert "nosuchprog" in end["detail"]
    assert not of_type(records, "model_call")
    assert local_branches(repo) == ["main"]
    assert remote_branches(bare_remote) == ["main"]
    assert_checkout_untouched(repo, before)


@pytest.mark.bad_input
def test_scripted_test_command_program_missing_reports_one_stderr_line(
    dev_agent: Runner, repo: Path, phase_spec: Path, approval_model: str, tmp_path: Path
) -> None:
    config = _missing_program_config(tmp_path)

    proc = run_fix(dev_agent, repo, phase_spec, approval_model, "--config", str(config), "--quiet")

    assert proc.returncode == 3
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("dev-agent: ")
    assert "nosuchprog" in lines[0]


# ---------------------------------------------------------------------------------- interrupt


def test_scripted_sigint_during_test_run_exits_130_and_removes_worktree(
    cli_env: dict[str, str],
    run_log: LogReader,
    repo: Path,
    phase_spec: Path,
    tmp_path: Path,
) -> None:
    # The test run is sandboxed: its cwd, the agent's worktree, is the one place it can write.
    token = f"dev-agent-slow-{time.monotonic_ns()}"
    # A file name of its own: the check below looks for it in every process on the machine.
    slow = f"tests/test_slow_{time.monotonic_ns()}.py"
    (repo / slow).write_text(
        "import pathlib\nimport time\n\n\ndef test_slow():\n"
        f"    pathlib.Path({token!r}).write_text('')\n"
        "    time.sleep(8)\n"
        "    assert False\n"
    )
    git("add", slow, cwd=repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "-m", "a slow test", cwd=repo)
    model = write_replies(tmp_path / "empty.yaml", [], [])
    before = checkout_state(repo)
    command = [sys.executable, str(PROJECT_ROOT / "dev_agent.py"), "--phase", str(phase_spec)]
    command += ["--model", model, "--test-command", f"pytest -q {slow}"]
    proc = subprocess.Popen(
        command, cwd=repo, env=cli_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        deadline = time.monotonic() + 60
        while not any((Path(w) / token).exists() for w in worktrees(repo)[1:]):
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the slow test never started"
            time.sleep(0.05)
        time.sleep(0.5)
        interrupted_at = time.monotonic()
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
        took = time.monotonic() - interrupted_at
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()

    assert proc.returncode == 130, stdout + stderr
    assert took < 5, f"exited {took:.1f}s after SIGINT"
    assert "Traceback" not in stderr
    assert not _running(slow), "the test run was not killed"
    end = finished(run_log(repo / "runs"))
    assert (end["outcome"], end["exit_code"]) == ("interrupted", 130)
    assert_checkout_untouched(repo, before)


def _running(arg: str) -> list[int]:
    """Live processes with `arg` on their command line (the host sees into every sandbox)."""
    pids = []
    for proc_dir in Path("/proc").glob("[0-9]*"):
        try:
            cmdline = (proc_dir / "cmdline").read_bytes().split(b"\0")
            state = (proc_dir / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if arg.encode() in cmdline and state != "Z":
            pids.append(int(proc_dir.name))
    return pids


# ---------------------------------------------------------------------------------- 9. help and runs


def test_help_lists_every_exit_code(dev_agent: Runner, tmp_path: Path) -> None:
    proc = dev_agent("--help", cwd=tmp_path)

    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert "--phase SPEC" in proc.stdout
    table = proc.stdout.split("exit codes:", 1)[1]
    codes = re.findall(r"^\s+(\d+)\s+\S", table, flags=re.MULTILINE)
    assert codes == ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "70", "74", "130"]
    for flag in ("--repo", "--config", "--model", "--dev-model", "--supervisor-model", "--max-iterations"):
        assert flag in proc.stdout
    for flag in ("--test-command", "--runs-dir", "--no-pr", "--quiet"):
        assert flag in proc.stdout


def test_scripted_prompt_over_the_context_window_drops_least_relevant_file_and_logs_it(
    dev_agent: Runner, run_log: LogReader, repo: Path, phase_spec: Path, approval_model: str, tmp_path: Path
) -> None:
    """A read-only module the test imports is too big for a 2048-token window: the
    budgeter leaves it out, keeps the file at fault, and says so in the log."""
    (repo / "big_table.py").write_text("".join(f"ROW_{i} = {i!r} * 3  # table entry\n" for i in range(800)))
    test_file = repo / "tests" / "test_calc.py"
    test_file.write_text("import big_table  # noqa: F401\n" + test_file.read_text())
    git("add", "-A", cwd=repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "big table", cwd=repo)
    git("push", "-q", "origin", "main", cwd=repo)
    config = tmp_path / "small_context.yaml"
    config.write_text(
        "model:\n  context_size: 2048\n  max_tokens: 256\nprotected_paths: ['tests/**', 'big_table.py']\n"
    )

    proc = run_fix(dev_agent, repo, phase_spec, approval_model, "--config", str(config))

    assert proc.returncode == 0, proc.stdout + proc.stderr
    records = run_log(repo / "runs")
    budget = of_type(records, "context_budget")
    assert budget, "the cut was not logged"
    first = budget[0]
    assert first["role"] == "DevAgent"
    assert {"section": "file big_table.py", "action": "dropped"}.items() <= first["data"]["cuts"][0].items()
    assert first["data"]["prompt_tokens"] <= first["data"]["budget_tokens"]
    prompt = next(r for r in of_type(records, "model_call") if r["role"] == "DevAgent")["data"]["prompt"]
    assert "### calc.py (editable)" in prompt
    assert "ROW_1 =" not in prompt
    show = dev_agent("runs", "show", records[0]["data"]["run_id"], cwd=repo)
    assert "left out to fit: file big_table.py dropped" in show.stdout


def test_scripted_runs_list_and_show(
    dev_agent: Runner, run_log: LogReader, repo: Path, phase_spec: Path, approval_model: str, tmp_path: Path
) -> None:
    empty = dev_agent("runs", cwd=repo)
    assert empty.returncode == 0
    assert "no runs in runs" in empty.stdout

    assert run_fix(dev_agent, repo, phase_spec, approval_model).returncode == 0
    run_id = run_log(repo / "runs")[0]["data"]["run_id"]

    listing = dev_agent("runs", cwd=repo)
    assert listing.returncode == 0, listing.stderr
    header, row = listing.stdout.splitlines()
    assert header.split() == [
        "RUN", "ID", "WORKFLOW", "STATUS", "OUTCOME", "ITERATIONS", "TOKENS", "MODEL", "SECONDS", "BRANCH",
        "PHASE",
    ]  # fmt: skip
    assert row.split() == [
        run_id,
        "fix",
        "approved",
        "approved",
        "1",
        "0",
        "0.0",
        BRANCH,
        "Fix",
        "mean()",
    ]  # scripted: no tokens
    # The same from elsewhere with --runs-dir, and with the explicit `list` action.
    elsewhere = dev_agent("runs", "--runs-dir", repo / "runs", "list", cwd=tmp_path)
    assert elsewhere.returncode == 0
    assert elsewhere.stdout == listing.stdout

    show = dev_agent("runs", "show", run_id, cwd=repo)
    assert show.returncode == 0, show.stderr
    text = show.stdout
    assert "+    return sum(values) / len(values)" in text
    assert "-    return sum(values) / (len(values) - 1)" in text
    assert "Supervisor status event=approved iteration=1 approved=True" in text
    assert "The divisor is now the number of values; the tests are untouched." in text
    assert "run_finished" in text
    # The steps: each execution with its spec results and where the router sent it.
    steps = text.split("\nsteps\n", 1)[1]
    assert "#1   ShellTool    attempt 1  ok" in steps and "-> DevAgent" in steps
    assert "specs: 4 invariant checks ok, pre budget_left ok, post patch_is_new ok" in steps
    assert "-> end (approved)" in steps
    assert text.count("+    return sum(values) / len(values)") == 1  # the diff, once, with its step
    assert text.splitlines()[-4:] == [
        "model usage",
        "  DevAgent     1 calls, 0 prompt tokens (0 cached), 0 completion tokens, 0.00s",
        "  Supervisor   1 calls, 0 prompt tokens (0 cached), 0 completion tokens, 0.00s",
        "  total        2 calls, 0 prompt tokens (0 cached), 0 completion tokens, 0.00s",
    ]
    # A unique prefix is enough.
    prefix = dev_agent("runs", "show", run_id[:-2], cwd=repo)
    assert prefix.returncode == 0
    assert prefix.stdout == show.stdout

    missing = dev_agent("runs", "show", "nope", cwd=repo)
    assert missing.returncode == 3
    assert missing.stdout == ""
    assert missing.stderr.splitlines() == ["dev-agent: runs show: no single run matches 'nope' in runs"]

    # A second run in the same repository never reuses the branch; both runs are listed.
    second_model = write_replies(tmp_path / "again.yaml", [dev_patch(GOOD_DIFF)], [APPROVAL])
    assert run_fix(dev_agent, repo, phase_spec, second_model).returncode == 0
    rows = [line.split() for line in dev_agent("runs", cwd=repo).stdout.splitlines()[1:]]
    assert [[*row[3:5], row[7]] for row in rows] == [
        ["approved", "1", BRANCH],
        ["approved", "1", BRANCH[:-1] + "2"],
    ]
    # Filters: by status, workflow and start date.
    assert len(dev_agent("runs", "list", "--status", "approved", cwd=repo).stdout.splitlines()) == 3
    assert (
        len(dev_agent("runs", "--workflow", "fix", "--since", "2000-01-01", cwd=repo).stdout.splitlines())
        == 3
    )
    none = dev_agent("runs", "--status", "failed", cwd=repo)
    assert none.returncode == 0 and none.stdout == "no runs in runs match the filters\n"
    assert "match the filters" in dev_agent("runs", "--until", "2000-01-01", cwd=repo).stdout
    assert "match the filters" in dev_agent("runs", "--workflow", "debate", cwd=repo).stdout
    bad = dev_agent("runs", "--status", "great", cwd=repo)
    assert bad.returncode == 3 and bad.stderr.startswith("dev-agent: argument --status: invalid choice")
    assert rows[0][0] == run_id
    # A prefix shared by both runs is ambiguous.
    shared = run_id[:4]
    assert rows[1][0].startswith(shared)
    ambiguous = dev_agent("runs", "show", shared, cwd=repo)
    assert ambiguous.returncode == 3
    assert ambiguous.stderr.startswith("dev-agent: runs show: no single run matches")


# ---------------------------------------------------------------------------------- 10. from elsewhere


def test_scripted_run_by_absolute_path_from_outside_writes_runs_under_cwd(
    dev_agent: Runner,
    run_log: LogReader,
    repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    approval_model: str,
    tmp_path: Path,
) -> None:
    elsewhere = _mkdir(tmp_path / "elsewhere")
    project_runs = PROJECT_ROOT / "runs"
    project_logs = sorted(project_runs.iterdir()) if project_runs.is_dir() else []
    before = checkout_state(repo)
    exclude_before = (repo / ".git" / "info" / "exclude").read_text()

    proc = dev_agent(
        "--phase", phase_spec, "--repo", repo, "--model", approval_model, "--no-pr", "--quiet", cwd=elsewhere
    )

    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert_no_traceback(proc)
    assert proc.stderr == ""  # --quiet: no live messages
    assert "outcome: approved (exit 0)" in proc.stdout
    assert "Pull request not opened automatically: auto_pr is off." in proc.stdout
    records = run_log(elsewhere / "runs")
    assert_log_well_formed(records)
    assert records[0]["data"]["repo"] == str(repo)
    assert finished(records)["outcome"] == "approved"
    assert list((elsewhere / "runs").glob("*.pr.md"))
    assert f"log: {elsewhere / 'runs'}" in proc.stdout
    # Nothing lands in the target repository or in the project.
    assert not (repo / "runs").exists()
    assert (repo / ".git" / "info" / "exclude").read_text() == exclude_before
    project_logs_after = sorted(project_runs.iterdir()) if project_runs.is_dir() else []
    assert project_logs_after == project_logs
    assert remote_branches(bare_remote) == [BRANCH, "main"]
    assert_checkout_untouched(repo, before)
