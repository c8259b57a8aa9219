"""The review dashboard against real runs: the view model, Streamlit's AppTest (a
finished run, and a live one that updates), and once in headless Chromium, whose
screenshot is kept under test-artifacts/."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from devagent.dashboard.view import load_run
from devagent.runlog import RunLog
from devagent.trace_store import DB_NAME, LiveIndexer, connect, sync
from tests.scripted import approval_model
from tests.spec_scripted import GOOD_DRAFT, IDEA, ROUGH_DRAFT, architect, reviewer, write_replies

streamlit_testing = pytest.importorskip("streamlit.testing.v1")

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "devagent" / "dashboard" / "app.py"
ARTIFACTS = ROOT / "test-artifacts"
Runner = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def finished_runs(
    dev_agent: Runner, calc_example_repo: Path, phase_spec: Path, tmp_path: Path
) -> tuple[Path, str]:
    proc = dev_agent("--phase", phase_spec, "--model", approval_model(tmp_path), cwd=calc_example_repo)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    runs = calc_example_repo / "runs"
    (log,) = runs.glob("*.log.jsonl")
    return runs, log.name.removesuffix(".log.jsonl")


def test_view_puts_each_iteration_side_by_side(finished_runs: tuple[Path, str]) -> None:
    runs, run_id = finished_runs
    with closing(connect(sync(runs))) as db:
        run = load_run(db, run_id)
    assert run is not None
    assert run.badge == ("APPROVED", "green")
    assert run.iterations == 1
    first, second = run.by_iteration()
    assert (first.number, [s.step for s in first.authored], [s.step for s in first.checks]) == (
        0,
        [],
        ["ShellTool"],
    )
    assert [s.step for s in second.authored] == ["DevAgent"]
    assert [s.step for s in second.checks] == ["GitTool", "ShellTool", "Supervisor", "GitTool"]
    assert "+    return sum(values) / len(values)" in (second.authored[0].diff or "")
    assert second.checks[-1].route == "end: approved"
    kinds = [d[0] for d in run.downloads]
    assert kinds == ["patch", "pull request"]
    assert all(name.endswith((".diff", ".md")) and "/" not in name for _, name, _, _ in run.downloads)


@pytest.fixture
def spec_runs(dev_agent: Runner, tmp_path: Path) -> tuple[Path, str]:
    """A spec run verified in round 2 (scripted replies), through the real CLI."""
    model = write_replies(
        tmp_path / "spec-replies.yaml",
        [architect(ROUGH_DRAFT), architect(GOOD_DRAFT, "1: added NotePage; 2: NoteStore says what it keeps")],
        [reviewer(), reviewer()],
    )
    args = ("spec", IDEA, "--architect-model", model, "--reviewer-model", model, "--quiet")
    proc = dev_agent(*args, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    runs = tmp_path / "runs"
    (log,) = runs.glob("*.log.jsonl")
    return runs, log.name.removesuffix(".log.jsonl")


def test_view_shows_a_spec_run_draft_left_challenges_right(spec_runs: tuple[Path, str]) -> None:
    runs, run_id = spec_runs
    with closing(connect(sync(runs))) as db:
        run = load_run(db, run_id)
    assert run is not None
    assert (run.workflow, run.badge, run.iterations) == ("spec", ("VERIFIED", "green"), 2)
    assert run.column_captions == ("Architect draft", "Reviewer challenges")
    first, second = run.by_iteration()
    assert [
        (v.number, [s.step for s in v.authored], [s.step for s in v.checks]) for v in (first, second)
    ] == [
        (1, ["Architect"], ["Reviewer"]),
        (2, ["Architect"], ["Reviewer"]),
    ]
    assert "| NoteStore | DataStore | Stores notes |" in first.authored[0].content
    assert '2. [ambiguity] NoteStore: the purpose "Stores notes" is too vague.' in first.checks[0].content
    assert second.checks[0].route == "end: verified"
    ((kind, name, mime, data),) = run.downloads
    assert (kind, name, mime) == ("spec", "spec.md", "text/markdown")
    assert data.decode().startswith(f"# Spec: {IDEA}")


def app_test(runs: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("DEV_AGENT_RUNS_DIR", str(runs))
    at = streamlit_testing.AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    assert not at.exception, at.exception
    return at


def texts(at: Any) -> str:
    parts = [
        e.value
        for kind in ("markdown", "caption", "code", "text", "subheader", "header")
        for e in getattr(at, kind)
    ]
    return "\n".join(str(p) for p in parts)


def test_app_shows_a_finished_run(finished_runs: tuple[Path, str], monkeypatch: pytest.MonkeyPatch) -> None:
    runs, run_id = finished_runs
    at = app_test(runs, monkeypatch)
    shown = texts(at)
    assert at.title[0].value == "Dev Agent runs"
    assert ":green-badge[APPROVED]" in shown and run_id in shown
    assert {m.label: m.value for m in at.metric} == {"Iterations": "1", "Steps": "6", "Outcome": "approved"}
    assert [s.value for s in at.subheader] == ["Iteration 0", "Iteration 1"]
    assert "+    return sum(values) / len(values)" in shown
    assert "passed post `patch_is_new`" in shown
    assert len(at.get("download_button")) == 2
    assert at.sidebar.selectbox[1].value == run_id


def test_app_shows_a_spec_run(spec_runs: tuple[Path, str], monkeypatch: pytest.MonkeyPatch) -> None:
    runs, run_id = spec_runs
    at = app_test(runs, monkeypatch)
    shown = texts(at)
    assert ":green-badge[VERIFIED]" in shown and "workflow **spec**" in shown and run_id in shown
    assert {m.label: m.value for m in at.metric} == {"Iterations": "2", "Steps": "4", "Outcome": "verified"}
    assert [s.value for s in at.subheader] == ["Iteration 1", "Iteration 2"]
    assert [c.value for c in at.caption if c.value in ("Architect draft", "Reviewer challenges")] == [
        "Architect draft",
        "Reviewer challenges",
    ] * 2
    assert "Round 2 draft: NoteStore, NotePage" in shown and "Verified: no challenges." in shown
    (download,) = at.get("download_button")
    assert "spec" in str(download.proto.label)


def test_app_follows_a_live_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runs = tmp_path / "runs"
    log = RunLog(runs, "20261123-120000-live")
    indexer = LiveIndexer(runs / DB_NAME, log.run_id, log.path)
    log.listeners.append(indexer)
    log.write(
        "Orchestrator", "run_started", {"run_id": log.run_id, "workflow": "fix", "phase_title": "Live one"}
    )
    step = {
        "execution": 1, "step": "ShellTool", "attempt": 1, "status": "ok", "agents": ["ShellTool"],
        "started_at": "2026-11-23T12:00:00.000Z", "duration_ms": 5.0, "agent_ms": 4.0, "specs": [],
        "before": {"iteration": 0}, "after": {"iteration": 0}, "fingerprint": None,
        "output": {
            "role": "ShellTool", "type": "output", "content": "1 failed",
            "metadata": {"iteration": 0, "event": "tests_failed"},
        },
    }  # fmt: skip
    log.write("Orchestrator", "step", step)
    at = app_test(runs, monkeypatch)
    assert ":blue-badge[IN PROGRESS]" in texts(at)
    assert [s.value for s in at.subheader] == ["Iteration 0"]
    # The run goes on; the next rerun (the fragment's timer in a browser) shows it.
    log.write(
        "Orchestrator",
        "step",
        {**step, "execution": 2, "step": "DevAgent", "before": {"iteration": 1}, "after": {"iteration": 1}},
    )
    log.write("Orchestrator", "run_finished", {"outcome": "max_iterations", "exit_code": 1, "iterations": 1})
    at.run()
    assert ":orange-badge[TIMEOUT]" in texts(at)
    assert [s.value for s in at.subheader] == ["Iteration 0", "Iteration 1"]
    indexer.close()
    log.close()


def test_app_follows_a_live_spec_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runs = tmp_path / "runs"
    log = RunLog(runs, "20261124-120000-spec")
    indexer = LiveIndexer(runs / DB_NAME, log.run_id, log.path)
    log.listeners.append(indexer)
    log.write(
        "Orchestrator", "run_started", {"run_id": log.run_id, "workflow": "spec", "phase_title": "Notes"}
    )

    def step(execution: int, name: str, event: str, content: str) -> dict[str, Any]:
        return {
            "execution": execution, "step": name, "attempt": 1, "status": "ok", "agents": [name],
            "started_at": "2026-11-24T12:00:00.000Z", "duration_ms": 5.0, "agent_ms": 4.0, "specs": [],
            "before": {"iteration": 1}, "after": {"iteration": 1}, "fingerprint": None,
            "output": {"role": name, "type": "status", "content": content,
                       "metadata": {"iteration": 1, "event": event}},
        }  # fmt: skip

    log.write("Orchestrator", "step", step(1, "Architect", "design", "Round 1 draft: NoteStore"))
    at = app_test(runs, monkeypatch)
    assert ":blue-badge[IN PROGRESS]" in texts(at) and "Round 1 draft: NoteStore" in texts(at)
    assert "Verified: no challenges." not in texts(at)
    log.write("Orchestrator", "step", step(2, "Reviewer", "verified", "Verified: no challenges."))
    log.write("Orchestrator", "run_finished", {"outcome": "verified", "exit_code": 0, "iterations": 1})
    at.run()
    assert ":green-badge[VERIFIED]" in texts(at) and "Verified: no challenges." in texts(at)
    indexer.close()
    log.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def dashboard_server(finished_runs: tuple[Path, str], cli_env: dict[str, str]) -> Iterator[tuple[str, str]]:
    yield from _serve(finished_runs, cli_env)


def _serve(found: tuple[Path, str], cli_env: dict[str, str]) -> Iterator[tuple[str, str]]:
    runs, run_id = found
    port = _free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "dev_agent.py"),
            "dashboard",
            "--runs-dir",
            str(runs),
            "--port",
            str(port),
        ],
        env=cli_env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                    if response.read() == b"ok":
                        break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise AssertionError("the dashboard server did not come up") from None
                time.sleep(0.3)
        yield url, run_id
    finally:
        os.killpg(server.pid, 15)
        server.wait(timeout=30)


@pytest.fixture
def spec_dashboard_server(spec_runs: tuple[Path, str], cli_env: dict[str, str]) -> Iterator[tuple[str, str]]:
    yield from _serve(spec_runs, cli_env)


def _browser() -> tuple[str, str]:
    browser = shutil.which("chromium")
    driver = shutil.which("chromedriver")
    if browser is None or driver is None:
        missing = "chromium and chromium-driver (apt-get install chromium chromium-driver)"
        if os.environ.get("DEV_AGENT_REQUIRE_BROWSER"):
            pytest.fail(f"{missing} are required here (DEV_AGENT_REQUIRE_BROWSER is set)")
        pytest.skip(f"needs {missing}")
    return browser, driver


def _chrome(tmp_path: Path) -> Any:
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    browser, driver = _browser()
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1400,1800",
    ):
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path / 'profile'}")
    return webdriver.Chrome(service=Service(driver), options=options)  # the given driver: nothing downloaded


def test_spec_run_in_headless_chromium(spec_dashboard_server: tuple[str, str], tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    url, run_id = spec_dashboard_server
    chrome = _chrome(tmp_path)
    try:
        chrome.get(f"{url}/?run={run_id}")
        # Streamlit renders in pieces, in no fixed order: wait for everything the test reads.
        wanted = (
            "Iteration 2",
            "Download spec",
            "VERIFIED",
            "Architect draft",
            "Reviewer challenges",
            "NotePage",
            "Verified: no challenges.",
        )
        WebDriverWait(chrome, 90).until(
            lambda c: all(w in c.find_element(By.TAG_NAME, "body").text for w in wanted)
        )
        body = chrome.find_element(By.TAG_NAME, "body").text
        assert run_id in body and "VERIFIED" in body and "Download spec" in body
        assert "Architect draft" in body and "Reviewer challenges" in body
        assert "NotePage" in body and "Verified: no challenges." in body
        ARTIFACTS.mkdir(exist_ok=True)
        shot = ARTIFACTS / "dashboard-spec.png"
        assert chrome.save_screenshot(str(shot))
    finally:
        chrome.quit()
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_dashboard_in_headless_chromium(dashboard_server: tuple[str, str], tmp_path: Path) -> None:
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser, driver = _browser()
    url, run_id = dashboard_server
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1400,1800",
    ):
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path / 'profile'}")
    chrome = webdriver.Chrome(
        service=Service(driver), options=options
    )  # the given driver: nothing downloaded
    try:
        chrome.get(f"{url}/?run={run_id}")
        # Streamlit renders in pieces (slowly on a loaded machine), in no fixed order: wait
        # for everything the test reads, the diff included (it once came after the buttons).
        wanted = ("Iteration 1", "Download patch", "APPROVED", "+    return sum(values) / len(values)")
        WebDriverWait(chrome, 90).until(
            lambda c: all(w in c.find_element(By.TAG_NAME, "body").text for w in wanted)
        )
        body = chrome.find_element(By.TAG_NAME, "body").text
        assert run_id in body and "APPROVED" in body and "Download patch" in body
        assert "+    return sum(values) / len(values)" in body
        ARTIFACTS.mkdir(exist_ok=True)
        shot = ARTIFACTS / "dashboard.png"
        assert chrome.save_screenshot(str(shot))
    finally:
        chrome.quit()
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000  # a rendered page, not a blank one
