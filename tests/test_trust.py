"""Issue 16's findings 8, 10, 11 and 12 (fake green, 1 and 2, is tests/test_fake_green.py):
Repair failures never end the run, what the run says is grounded in facts, Repair's
winner is confirmed by the real test command, and nothing outlives a run or the
dashboard. Real CLI runs on real repositories; scripted model replies where the test
says so, the embedded model in the one marked `model`."""

from __future__ import annotations

import json
import os
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

from devagent.cli_args import MODE_EXIT_CODES
from devagent.errors import ExitCode
from tests.conftest import PROJECT_ROOT
from tests.helpers import git
from tests.scripted import dev_patch, supervisor, write_replies

Runner = Callable[..., subprocess.CompletedProcess[str]]

CALC = "def add(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a * b\n"
TEST = "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n"
FIX = "--- a/calc.py\n+++ b/calc.py\n@@ -1,2 +1,2 @@\n def add(a, b):\n-    return a - b\n+    return a + b\n"
APPROVE = supervisor(True, "The patch returns the sum in add().")
SPEC = "# Fix add()\n\nadd() must return the sum of its arguments.\n"


def make_repo(root: Path, remote: Path, extra: dict[str, str] | None = None) -> Path:
    """The plain repository of finding 11 (calc.py at the root, tests/test_calc.py doing
    `from calc import add`, no conftest.py, no pytest configuration), plus `extra` files."""
    files = {"calc.py": CALC, "tests/test_calc.py": TEST, **(extra or {})}
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    git("init", "-q", "-b", "main", cwd=root)
    git("add", "-A", cwd=root)
    git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "initial", cwd=root)
    git("remote", "add", "origin", str(remote), cwd=root)
    git("push", "-q", "origin", "main", cwd=root)
    return root


def records_of(runs: Path) -> list[dict[str, Any]]:
    (log,) = sorted(runs.glob("*.log.jsonl"))
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]


def repair_config(folder: Path, **repair: Any) -> Path:
    config = folder / "config.yaml"
    config.write_text(json.dumps({"repair": {"templates": True, **repair}}))
    return config


# ------------------------------------------------------------------ finding 8: Repair fails


FORGE = (
    "import json, os\n\n\ndef test_forges_the_coverage_data():\n"
    "    out = os.environ.get('DEVAGENT_REPAIR_COVERAGE_OUT')\n"
    "    if out:\n"
    "        with open(out, 'a') as handle:\n"
    "            handle.write(json.dumps({'nodeid': 'forged', 'lines': 5}) + '\\n')\n"
)


@pytest.mark.fault
def test_finding08_forged_coverage_data_does_not_crash_the_run(
    dev_agent: Runner, tmp_path: Path, bare_remote: Path
) -> None:
    repo = make_repo(tmp_path / "repo", bare_remote, {"tests/test_forge.py": FORGE})
    (tmp_path / "spec.md").write_text(SPEC)
    model = write_replies(tmp_path / "r.yaml", [dev_patch(FIX, "Return a + b in add().")], [APPROVE])

    proc = dev_agent(
        "--phase", tmp_path / "spec.md", "--model", model, "--runs-dir", tmp_path / "runs",
        "--config", repair_config(tmp_path), cwd=repo,
    )  # fmt: skip

    assert proc.returncode == 0, proc.stdout + proc.stderr
    records = records_of(tmp_path / "runs")
    assert not [r for r in records if r["type"] == "internal_error"]
    assert [r for r in records if r["type"] in ("repair", "repair_error")]


# ------------------------------------------------------------------ finding 10: grounded words


@pytest.mark.adversarial
def test_finding10_prompts_hold_no_example_answer_to_copy() -> None:
    for prompt in sorted((PROJECT_ROOT / "prompts").glob("*.md")):
        text = prompt.read_text(encoding="utf-8")
        assert not re.search(r'\{\s*"\w+"\s*:', text), f"{prompt.name} holds a JSON example"
        assert "```diff\n---" not in text and "calc.py" not in text, f"{prompt.name} holds a diff example"


MEAN = "def mean(values):\n    return sum(values) / (len(values) - 1)\n"
MEAN_TEST = "from stats import mean\n\n\ndef test_mean():\n    assert mean([2, 4, 6]) == 4\n"
MEAN_FIX = (
    "--- a/stats.py\n+++ b/stats.py\n@@ -1,2 +1,2 @@\n def mean(values):\n"
    "-    return sum(values) / (len(values) - 1)\n+    return sum(values) / len(values)\n"
)


@pytest.mark.adversarial
def test_finding10_copied_words_naming_absent_code_are_dropped_scripted(
    dev_agent: Runner, tmp_path: Path, bare_remote: Path
) -> None:
    """The examples the embedded model used to copy, on a repository without add():
    neither the commit message, the transcript nor the PR says them; the facts do."""
    repo = make_repo(tmp_path / "repo", bare_remote, {"stats.py": MEAN, "tests/test_calc.py": MEAN_TEST})
    git("rm", "-q", "calc.py", cwd=repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "only mean", cwd=repo)
    (tmp_path / "spec.md").write_text("# Fix mean()\n\nmean() must return the arithmetic mean.\n")
    model = write_replies(
        tmp_path / "r.yaml",
        [dev_patch(MEAN_FIX, "Fix add(): it subtracted instead of adding.")],
        [supervisor(True, "The fix corrects the operator in add(); tests pass.")],
    )
    runs = tmp_path / "runs"

    proc = dev_agent("--phase", tmp_path / "spec.md", "--model", model, "--runs-dir", runs, cwd=repo)

    assert proc.returncode == 0, proc.stdout + proc.stderr
    records = records_of(runs)
    dropped = [r["data"] for r in records if r["type"] == "text_dropped"]
    assert {d["what"] for d in dropped} == {"patch description", "review"}
    assert all("add" in d["not_found"] for d in dropped)
    items = [r["data"] for r in records if r["type"] == "extracted_item"]
    (pr,) = [i["content"] for i in items if i["kind"] == "pull_request"]
    assert "add()" not in pr and "add()" not in proc.stdout + proc.stderr
    assert "stats.py:mean()" in pr and "tests/test_calc.py::test_mean" in pr
    assert all("add()" not in i["content"] for i in items if i["kind"] == "commit")


@pytest.mark.adversarial
@pytest.mark.parametrize("words", ["true", "True.", "OK", " yes "])
def test_an_approval_whose_words_say_nothing_is_not_quoted_scripted(
    dev_agent: Runner, tmp_path: Path, bare_remote: Path, words: str
) -> None:
    """The embedded model approves with "true": the PR said `Supervisor: true` under the
    facts, a line that reads as a verdict and holds none. Words that add nothing to the
    approval itself are dropped (logged), and the facts stand alone."""
    repo = make_repo(tmp_path / "repo", bare_remote, {"stats.py": MEAN, "tests/test_calc.py": MEAN_TEST})
    git("rm", "-q", "calc.py", cwd=repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "only mean", cwd=repo)
    (tmp_path / "spec.md").write_text("# Fix mean()\n\nmean() must return the arithmetic mean.\n")
    model = write_replies(
        tmp_path / "r.yaml", [dev_patch(MEAN_FIX, "Divide by the count.")], [supervisor(True, words)]
    )
    runs = tmp_path / "runs"

    proc = dev_agent("--phase", tmp_path / "spec.md", "--model", model, "--runs-dir", runs, cwd=repo)

    assert proc.returncode == 0, proc.stdout + proc.stderr
    records = records_of(runs)
    dropped = [r["data"] for r in records if r["type"] == "text_dropped"]
    assert [(d["what"], d["text"]) for d in dropped] == [("review that says nothing", words.strip())]
    items = [r["data"] for r in records if r["type"] == "extracted_item"]
    (pr,) = [i["content"] for i in items if i["kind"] == "pull_request"]
    verdict = pr.split("## Supervisor verdict", 1)[1].split("\n## ", 1)[0]
    assert "Supervisor:" not in verdict and "stats.py:mean()" in verdict


# ------------------------------------------------------------------ finding 11: the real command


@pytest.mark.fault
def test_finding11_repair_winner_is_confirmed_by_the_configured_command(
    dev_agent: Runner, tmp_path: Path, bare_remote: Path
) -> None:
    """With `pytest` (the console script) the plain repository fails at collection whatever
    the fix; Repair's `python -m pytest` runs pass its candidate. The candidate is not
    committed: the configured command does not pass with it."""
    repo = make_repo(tmp_path / "repo", bare_remote)
    (tmp_path / "spec.md").write_text(SPEC)
    model = write_replies(tmp_path / "r.yaml", [dev_patch(FIX, "Return a + b in add().")], [APPROVE])

    proc = dev_agent(
        "--phase", tmp_path / "spec.md", "--model", model, "--runs-dir", tmp_path / "runs",
        "--config", repair_config(tmp_path), "--test-command", "pytest --maxfail=1 -q",
        "--max-iterations", "2", cwd=repo,
    )  # fmt: skip

    records = records_of(tmp_path / "runs")
    confirmations = [r["data"] for r in records if r["type"] == "repair_confirmation"]
    assert confirmations and confirmations[0]["green"] is False, proc.stdout + proc.stderr
    commits = [r["data"]["message"] for r in records if r["type"] == "commit"]
    assert all("edit of calc.py" not in message for message in commits)  # Repair's candidate never committed
    assert proc.returncode == 1 and records[-1]["data"]["outcome"] == "max_iterations"


@pytest.mark.fault
@pytest.mark.model
def test_finding11_plain_repository_is_fixed_with_the_embedded_model(
    dev_agent: Runner, git_repo: Path, bare_remote: Path, tmp_path: Path
) -> None:
    """The default config, the embedded model: Repair's template fix, confirmed by the
    default test command (`python -m pytest`), approved and pushed."""
    (tmp_path / "spec.md").write_text(SPEC)

    proc = dev_agent(
        "--phase", tmp_path / "spec.md", "--runs-dir", tmp_path / "runs", cwd=git_repo, timeout=900
    )

    assert proc.returncode == 0, proc.stdout + proc.stderr
    records = records_of(tmp_path / "runs")
    assert records[-1]["data"]["outcome"] == "approved"
    branch = git("for-each-ref", "--format=%(refname)", "refs/heads/dev-agent/", cwd=bare_remote)
    assert "return a + b" in git("show", f"{branch}:calc.py", cwd=bare_remote)


# ------------------------------------------------------------------ finding 12: clean-up


SLOW = "import time\n\n\ndef test_slow():\n    time.sleep(2)\n"


def _copies(folder: Path) -> list[Path]:
    return sorted(folder.glob("devagent-repair-*"))


@pytest.mark.fault
def test_finding12_resume_removes_the_repair_copy_of_a_killed_run(
    cli_env: dict[str, str], tmp_path: Path, bare_remote: Path
) -> None:
    repo = make_repo(tmp_path / "repo", bare_remote, {"tests/test_slow.py": SLOW})
    (tmp_path / "spec.md").write_text(SPEC)
    model = write_replies(tmp_path / "r.yaml", [dev_patch(FIX, "Return a + b in add().")], [APPROVE])
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {**cli_env, "TMPDIR": str(temp)}
    runs = tmp_path / "runs"
    argv = [sys.executable, str(PROJECT_ROOT / "dev_agent.py"), "--model", model, "--runs-dir", str(runs)]
    config = ["--config", str(repair_config(tmp_path))]
    proc = subprocess.Popen(
        [*argv, *config, "--phase", str(tmp_path / "spec.md")],
        cwd=repo, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while not _copies(temp) and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        assert _copies(temp), "Repair never made its copy"
        time.sleep(0.5)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    assert _copies(temp)  # killed outright: nothing of the run could remove it
    (log,) = runs.glob("*.log.jsonl")
    run_id = log.name.removesuffix(".log.jsonl")

    resumed = subprocess.run(
        [*argv, "--resume", run_id],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )

    assert "Traceback" not in resumed.stdout + resumed.stderr
    assert _copies(temp) == [], resumed.stdout + resumed.stderr


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


# A server that has not installed its handlers yet, or ignores the signal: the dashboard's
# stop must not wait on it for ever (a Ctrl-C while Streamlit still starts hung the command).
_DEAF_SERVER = (
    "import signal, sys, time\n"
    "for sig in (signal.SIGINT, signal.SIGTERM):\n"
    "    signal.signal(sig, signal.SIG_IGN)\n"
    "print('up', flush=True)\n"
    "time.sleep(600)\n"
)


@pytest.mark.fault
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["sigterm", "sigint"])
def test_a_dashboard_child_deaf_to_the_signal_is_killed_after_its_grace(tmp_path: Path, sig: int) -> None:
    proc = _forwarding(_DEAF_SERVER)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "up\n"
        (child,) = _children(proc.pid)
        started = time.monotonic()
        for _ in range(3):  # signals repeated during the grace do not restart it
            proc.send_signal(sig)
            time.sleep(1)
        proc.wait(timeout=60)
        assert time.monotonic() - started < 12
        assert time.monotonic() - started < 30
        assert not _alive(child), "the deaf server outlived the dashboard command"
        assert proc.returncode == ExitCode.INTERRUPTED  # not 247 (-SIGKILL), the server's fate
    finally:
        for pid in _children(proc.pid):
            os.kill(pid, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _forwarding(server: str) -> subprocess.Popen[str]:
    """`cli._run_forwarding_signals` (the dashboard's wait on its server) over `server`."""
    driver = (
        "import os, sys\n"
        "from devagent import cli\n"
        f"sys.exit(cli._run_forwarding_signals([sys.executable, '-c', {server!r}], dict(os.environ)))\n"
    )
    argv = [sys.executable, "-c", driver]
    return subprocess.Popen(argv, cwd=PROJECT_ROOT, stdout=subprocess.PIPE, text=True)


@pytest.mark.parametrize(
    ("server", "expected"),
    [
        ("import sys; sys.exit(0)", ExitCode.OK),
        ("import sys; print('port 8501 is in use', file=sys.stderr); sys.exit(1)", ExitCode.SERVICE_FAILED),
        ("import sys; sys.exit(3)", ExitCode.SERVICE_FAILED),  # not the tool's own 3 (bad input)
        ("import os, signal; os.kill(os.getpid(), signal.SIGKILL)", ExitCode.SERVICE_FAILED),  # not 247
    ],
    ids=["stopped", "error", "error-3", "killed-outside"],
)
def test_the_dashboard_ends_with_a_documented_code_whatever_its_server_does(
    server: str, expected: ExitCode
) -> None:
    """A script running `dev-agent dashboard` tells a clean stop from a server that failed by
    the exit code: the server's own code (which could read as one of ours) or a signal
    death (a negative code, exit 247 for SIGKILL) is never passed on as is."""
    proc = _forwarding(server)
    proc.communicate(timeout=60)
    assert proc.returncode == expected
    assert int(expected) in MODE_EXIT_CODES["dashboard"]


@pytest.mark.fault
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["sigterm", "sigint"])
def test_finding12_dashboard_stops_its_streamlit_child(
    cli_env: dict[str, str], tmp_path: Path, sig: int
) -> None:
    pytest.importorskip("streamlit")
    proc = subprocess.Popen(
        [sys.executable, str(PROJECT_ROOT / "dev_agent.py"), "dashboard", "--runs-dir", str(tmp_path),
         "--port", str(_free_port())],
        env=cli_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    children: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while not children and time.monotonic() < deadline:
            children = _children(proc.pid)
            time.sleep(0.2)
        assert children, "the dashboard started no child"
        time.sleep(2)  # let Streamlit install its own handlers
        proc.send_signal(sig)
        proc.wait(timeout=60)
        deadline = time.monotonic() + 10
        while any(_alive(c) for c in children) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(_alive(c) for c in children), "Streamlit outlived the dashboard command"
    finally:
        for child in children:
            if _alive(child):
                os.kill(child, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
