"""Peer tools run side by side with ours in the repair benchmark: aider and mini-swe-agent.

Each is installed by the bench into its own virtualenv under bench/.peers/ (`python -m venv`
plus pip, pinned versions), given the same task text (peer_common.task_text), the same model
behind the same `llama_cpp.server` endpoint, and the same limits (max_iterations model turns
where the tool has such a knob, a wall-clock timeout per task). Each runs inside bubblewrap with
everything but its workspace read-only: the model is tiny and its commands are not reviewed.
Whether a task was fixed is decided by the judge (peer_common.judge), never by the peer."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.repair.check_tasks import Task
from bench.repair.peer_common import (
    IDENTITY,
    TaskRecord,
    bwrap_problem,
    commit_all,
    failing_output,
    head,
    judge_into,
    make_workspace,
    run_limited,
    sandboxed,
    source_files,
    task_text,
    test_env,
)

ROOT = Path(__file__).resolve().parents[2]
PEERS_DIR = ROOT / "bench" / ".peers"
INSTALL_TIMEOUT_S = 1800.0
# The same reply budget as the fix loop's default (model.max_tokens) and the baseline.
MAX_TOKENS = 768


@dataclass(frozen=True)
class PeerSpec:
    name: str
    package: str
    version: str
    venv: str
    executable: str

    def venv_dir(self, root: Path = PEERS_DIR) -> Path:
        return root / self.venv

    def bin(self, root: Path = PEERS_DIR) -> Path:
        return self.venv_dir(root) / "bin" / self.executable


AIDER = PeerSpec("aider", "aider-chat", "0.86.2", "aider-venv", "aider")
MINI = PeerSpec("mini-swe-agent", "mini-swe-agent", "2.4.6", "mini-venv", "mini")
PEERS: dict[str, PeerSpec] = {spec.name: spec for spec in (AIDER, MINI)}


@dataclass(frozen=True)
class Installed:
    spec: PeerSpec
    version: str | None
    error: str | None  # why the peer cannot run (None: it can)
    log: Path | None = None


def installed_version(spec: PeerSpec, root: Path = PEERS_DIR) -> str | None:
    python = spec.venv_dir(root) / "bin" / "python"
    if not python.exists():
        return None
    probe = subprocess.run(
        [str(python), "-c", f"import importlib.metadata as m; print(m.version({spec.package!r}))"],
        capture_output=True,
        text=True,
        check=False,
    )
    return probe.stdout.strip() if probe.returncode == 0 and probe.stdout.strip() else None


def ensure_installed(spec: PeerSpec, root: Path = PEERS_DIR, log: Callable[[str], None] = print) -> Installed:
    """The peer's virtualenv with its pinned version; created and filled with pip if missing."""
    version = installed_version(spec, root)
    if version == spec.version and spec.bin(root).exists():
        return Installed(spec, version, None)
    root.mkdir(parents=True, exist_ok=True)
    install_log = root / f"{spec.venv}-install.log"
    venv = spec.venv_dir(root)
    log(f"installing {spec.package}=={spec.version} into {venv} (log: {install_log}) ...")
    steps = []
    if not (venv / "bin" / "python").exists():
        steps.append([sys.executable, "-m", "venv", str(venv)])
    steps.append([str(venv / "bin" / "python"), "-m", "pip", "install", "--disable-pip-version-check",
                  f"{spec.package}=={spec.version}"])  # fmt: skip
    with install_log.open("a", encoding="utf-8") as out:
        for argv in steps:
            out.write(f"$ {' '.join(argv)}\n")
            out.flush()
            try:
                result = subprocess.run(
                    argv, stdout=out, stderr=subprocess.STDOUT, timeout=INSTALL_TIMEOUT_S, check=False
                )
            except subprocess.TimeoutExpired:
                return Installed(spec, None, f"install timed out after {INSTALL_TIMEOUT_S:g}s", install_log)
            if result.returncode != 0:
                tail = install_log.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-3:]
                return Installed(spec, None, f"install failed: {' | '.join(tail)[:400]}", install_log)
    version = installed_version(spec, root)
    if version is None or not spec.bin(root).exists():
        return Installed(spec, version, f"{spec.executable} not found in {venv} after install", install_log)
    return Installed(spec, version, None, install_log)


# --------------------------------------------------------------------------------------------- runs


@dataclass(frozen=True)
class PeerContext:
    """What every peer run gets: the endpoint, the model name, the limits."""

    base_url: str  # http://127.0.0.1:<port>/v1
    model: str  # the name peers send; llama_cpp.server serves its one model whatever the name
    max_iterations: int
    timeout_s: float


def _workspace(task: Task, workdir: Path) -> tuple[Path, Path, str, str]:
    """(repo, home, base sha, task text): the buggy repo, a private HOME, and what to ask."""
    repo = make_workspace(task, workdir)
    home = workdir / "home"
    home.mkdir()
    # Git commands a peer runs see an identity (and no "set your name" hints).
    (home / ".gitconfig").write_text(
        f"[user]\n\tname = {IDENTITY['GIT_AUTHOR_NAME']}\n\temail = {IDENTITY['GIT_AUTHOR_EMAIL']}\n",
        encoding="utf-8",
    )
    return repo, home, head(repo), task_text(task, failing_output(task, repo))


def _seed_aider_cache(home: Path) -> None:
    """aider fetches litellm's model price list from the internet unless ~/.aider/caches holds a
    fresh copy: give it the copy bundled with litellm in its own venv (there is no network here)."""
    bundled = sorted(
        AIDER.venv_dir().glob("lib/python*/site-packages/litellm/model_prices_and_context_window_backup.json")
    )
    if bundled:
        cache = home / ".aider" / "caches"
        cache.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(bundled[0], cache / "model_prices_and_context_window.json")


def _test_command(task: Task) -> str:
    """The task's test command with this interpreter (the one the judge uses)."""
    command = task.test_command
    for prefix in ("python3 ", "python "):
        if command.startswith(prefix):
            return f"{sys.executable} {command[len(prefix) :]}"
    return command


def _finish(record: TaskRecord, task: Task, repo: Path, base: str, limited_detail: str) -> TaskRecord:
    record.detail = limited_detail
    judge_into(record, task, repo, commit_all(repo), base)
    return record


def run_aider(task: Task, workdir: Path, ctx: PeerContext) -> TaskRecord:
    """aider in one shot (`--message`), with its own test loop (`--auto-test`): after each edit it
    runs the tests and reflects on a failure, at most 3 times (aider's fixed max_reflections)."""
    record = TaskRecord(task.id, task.kind)
    problem = bwrap_problem()
    if problem is not None:
        record.error = problem
        return record
    repo, home, base, text = _workspace(task, workdir)
    _seed_aider_cache(home)
    analytics = workdir / "aider-analytics.jsonl"
    settings = workdir / "aider-model-settings.yml"
    settings.write_text(
        f"- name: openai/{ctx.model}\n  extra_params:\n    max_tokens: {MAX_TOKENS}\n", encoding="utf-8"
    )
    argv = [
        str(AIDER.bin()),
        "--model", f"openai/{ctx.model}",
        "--openai-api-base", ctx.base_url,
        "--openai-api-key", "x",
        "--model-settings-file", str(settings),
        "--timeout", str(int(ctx.timeout_s)),
        "--yes-always",
        "--no-auto-commits",
        "--no-dirty-commits",
        "--no-gitignore",
        "--no-check-update",
        "--no-show-release-notes",
        "--no-analytics",
        "--analytics-log", str(analytics),
        "--no-show-model-warnings",
        "--no-suggest-shell-commands",
        "--no-detect-urls",
        "--disable-playwright",
        "--no-pretty",
        "--no-stream",
        "--no-fancy-input",
        "--encoding", "utf-8",
        "--input-history-file", str(workdir / "aider.input.history"),
        "--chat-history-file", str(workdir / "aider.chat.history.md"),
        "--test-cmd", _test_command(task),
        "--auto-test",
        "--message", text,
        *source_files(repo),
    ]  # fmt: skip
    env = test_env() | {"HOME": str(home), "OPENAI_API_KEY": "x", "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    limited = run_limited(sandboxed(argv, workdir, repo), repo, env, ctx.timeout_s, workdir / "aider.out")
    record.wall_s = limited.wall_s
    record.timed_out = limited.timed_out
    sends = [e for e in _jsonl(analytics) if e.get("event") == "message_send"]
    props = [e.get("properties", {}) for e in sends]
    record.iterations = len(sends)
    record.prompt_tokens = sum(int(p.get("prompt_tokens") or 0) for p in props) if sends else None
    record.completion_tokens = sum(int(p.get("completion_tokens") or 0) for p in props) if sends else None
    status = "timed out" if limited.timed_out else f"exit {limited.returncode}"
    if not limited.timed_out and limited.returncode != 0 and not sends:
        record.error = f"aider {status}: {limited.tail(3)[:400]}"
        return record
    return _finish(record, task, repo, base, f"aider {status}, {len(sends)} model replies")


def run_mini(task: Task, workdir: Path, ctx: PeerContext) -> TaskRecord:
    """mini-swe-agent's `mini` CLI, text-based actions (llama_cpp.server has no tool calling for
    this model), yolo mode, exit on submit, step_limit = max_iterations, no cost limit."""
    record = TaskRecord(task.id, task.kind)
    problem = bwrap_problem()
    if problem is not None:
        record.error = problem
        return record
    repo, home, base, text = _workspace(task, workdir)
    trajectory = workdir / "mini.traj.json"
    argv = [
        str(MINI.bin()),
        "--model", f"openai/{ctx.model}",
        "--model-class", "litellm_textbased",
        "-c", "mini_textbased.yaml",
        "-c", f"agent.step_limit={ctx.max_iterations}",
        "-c", "agent.cost_limit=0",
        "-c", f"model.model_kwargs.api_base={ctx.base_url}",
        "-c", "model.model_kwargs.api_key=x",
        "-c", f"model.model_kwargs.max_tokens={MAX_TOKENS}",
        "-c", "model.cost_tracking=ignore_errors",
        "-c", "environment.timeout=60",
        "--yolo",
        "--exit-immediately",
        "--task", text,
        "--output", str(trajectory),
    ]  # fmt: skip
    env = test_env() | {
        "HOME": str(home),
        "OPENAI_API_KEY": "x",
        "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        "MSWEA_CONFIGURED": "1",
        "MSWEA_GLOBAL_CONFIG_DIR": str(home / "mini-swe-agent"),
        "MSWEA_COST_TRACKING": "ignore_errors",
        "MSWEA_SILENT_STARTUP": "1",
        "MSWEA_MODEL_RETRY_STOP_AFTER_ATTEMPT": "2",
    }
    limited = run_limited(sandboxed(argv, workdir, repo), repo, env, ctx.timeout_s, workdir / "mini.out")
    record.wall_s = limited.wall_s
    record.timed_out = limited.timed_out
    calls, prompt, completion, exit_status = _mini_usage(trajectory)
    record.iterations = calls
    record.prompt_tokens = prompt
    record.completion_tokens = completion
    status = "timed out" if limited.timed_out else f"exit {limited.returncode}"
    if not limited.timed_out and limited.returncode != 0 and not calls:
        record.error = f"mini {status}: {limited.tail(3)[:400]}"
        return record
    return _finish(
        record, task, repo, base, f"mini {status}, exit_status {exit_status or '?'}, {calls} model calls"
    )


def _jsonl(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    records: list[dict[str, Any]] = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            value = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict):
            records.append(value)
    return records


def _mini_usage(trajectory: Path) -> tuple[int | None, int | None, int | None, str | None]:
    """(model calls, prompt tokens, completion tokens, exit status) from a mini trajectory; the
    trajectory is written when the agent ends, so a killed run has none (all None)."""
    if not trajectory.exists():
        return None, None, None, None
    try:
        data = json.loads(trajectory.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None, None, None, None
    info = data.get("info", {})
    calls = info.get("model_stats", {}).get("api_calls")
    prompt = completion = 0
    for message in data.get("messages", []):
        extra = message.get("extra") if isinstance(message, dict) else None
        response = extra.get("response") if isinstance(extra, dict) else None
        usage = response.get("usage") if isinstance(response, dict) else None
        if isinstance(usage, dict):
            prompt += int(usage.get("prompt_tokens") or 0)
            completion += int(usage.get("completion_tokens") or 0)
    return (int(calls) if calls is not None else None), prompt, completion, info.get("exit_status")


RUNNERS: dict[str, Callable[[Task, Path, PeerContext], TaskRecord]] = {
    AIDER.name: run_aider,
    MINI.name: run_mini,
}
