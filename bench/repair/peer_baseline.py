"""The strict baseline of the repair benchmark, as the seed describes it: no fix loop of ours.

One prompt to the model behind an OpenAI-compatible server (`/v1/chat/completions`): the task
description, the failing test output and the source files with their names, asking for a unified
diff in a ```diff fence. The diff is extracted and checked with strict `git apply --check`; if it
does not apply the run halts (not fixed). If it applies it is applied and the tests run; while
they fail the model is asked again with the new output and files, up to max_iterations replies."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from bench.repair.check_tasks import Task, run_tests
from bench.repair.peer_common import (
    TaskRecord,
    commit_all,
    failing_output,
    git,
    head,
    judge_into,
    make_workspace,
    source_files,
    task_text,
)

SYSTEM_PROMPT = (
    "You are a careful software engineer. You fix bugs by replying with a unified diff "
    "(git format, paths prefixed a/ and b/) in a single ```diff fenced block."
)
MAX_TOKENS = 768  # the fix loop's default reply budget (model.max_tokens)
TEMPERATURE = 0.2  # and its default temperature
_FENCE = re.compile(r"```([A-Za-z0-9_+-]*)[^\n]*\n(.*?)(?:```|\Z)", re.DOTALL)


@dataclass(frozen=True)
class Reply:
    text: str
    prompt_tokens: int | None
    completion_tokens: int | None


def extract_diff(text: str) -> str | None:
    """The diff in a model reply: the first ```diff or ```patch block, else the first fenced
    block that looks like a diff, else None. An unterminated fence runs to the end of the reply."""
    blocks: list[tuple[str, str]] = [(str(lang).lower(), str(body)) for lang, body in _FENCE.findall(text)]
    chosen = next((body for lang, body in blocks if lang in ("diff", "patch", "udiff")), None)
    if chosen is None:
        chosen = next((body for _, body in blocks if "@@" in body or body.lstrip().startswith("--- ")), None)
    if chosen is None or not chosen.strip():
        return None
    return chosen if chosen.endswith("\n") else chosen + "\n"


def check_strict(repo: Path, diff: str) -> str | None:
    """Why `git apply --check` refuses diff in repo (None: it applies)."""
    result = git(repo, "apply", "--check", stdin=diff)
    if result.returncode == 0:
        return None
    return " ".join(result.stderr.split())[:300] or f"git apply --check exited {result.returncode}"


def build_prompt(task: Task, repo: Path, test_output: str) -> str:
    files = "\n\n".join(
        f"### {path}\n```python\n{(repo / path).read_text(encoding='utf-8')}```"
        for path in source_files(repo)
    )
    return (
        f"{task_text(task, test_output)}\n\n# Source files\n\n{files}\n\n"
        "Reply with a unified diff that fixes the bug, in one ```diff fenced block."
    )


def ask(client: httpx.Client, base_url: str, model: str, prompt: str, seed: int) -> Reply:
    payload: dict[str, Any] = {
        "model": model,
        "messages": [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": prompt}],
        "max_tokens": MAX_TOKENS,
        "temperature": TEMPERATURE,
        "seed": seed,
    }
    response = client.post(f"{base_url}/chat/completions", json=payload)
    response.raise_for_status()
    data = response.json()
    usage = data.get("usage") or {}
    text = str(data["choices"][0]["message"].get("content") or "")
    return Reply(text, usage.get("prompt_tokens"), usage.get("completion_tokens"))


def run_baseline(
    task: Task,
    workdir: Path,
    base_url: str,
    *,
    model: str,
    max_iterations: int,
    timeout_s: float,
) -> TaskRecord:
    """One task through the strict loop; fixed is decided by the judge, not by the loop."""
    record = TaskRecord(task.id, task.kind, iterations=0, prompt_tokens=0, completion_tokens=0)
    started = time.monotonic()
    repo = make_workspace(task, workdir)
    base = head(repo)
    deadline = started + timeout_s
    output = failing_output(task, repo)
    halted = ""
    try:
        with httpx.Client(timeout=httpx.Timeout(timeout_s, connect=10.0)) as client:
            for attempt in range(1, max_iterations + 1):
                if time.monotonic() > deadline:
                    record.timed_out = True
                    halted = f"timed out after {timeout_s:g}s"
                    break
                reply = ask(client, base_url, model, build_prompt(task, repo, output), seed=attempt)
                record.iterations = attempt
                record.prompt_tokens = (record.prompt_tokens or 0) + (reply.prompt_tokens or 0)
                record.completion_tokens = (record.completion_tokens or 0) + (reply.completion_tokens or 0)
                with (workdir / "baseline-replies.md").open("a", encoding="utf-8") as transcript:
                    transcript.write(f"## reply {attempt}\n\n{reply.text}\n\n")
                diff = extract_diff(reply.text)
                if diff is None:
                    halted = f"reply {attempt}: no diff found; halted"
                    break
                problem = check_strict(repo, diff)
                if problem is not None:
                    halted = f"reply {attempt}: git apply --check failed ({problem}); halted"
                    break
                applied = git(repo, "apply", stdin=diff)
                if applied.returncode != 0:
                    halted = f"reply {attempt}: git apply failed after --check passed; halted"
                    break
                run = run_tests(task, repo)
                if run.returncode == 0:
                    halted = f"reply {attempt}: tests pass"
                    break
                output = run.output.strip()[-4000:]
            else:
                halted = f"max_iterations ({max_iterations}) reached"
    except httpx.HTTPError as exc:
        halted = f"model server: {type(exc).__name__}: {exc}"
        if record.iterations == 0:
            record.error = halted
    record.detail = halted
    record.wall_s = round(time.monotonic() - started, 2)
    if record.error is None:
        judge_into(record, task, repo, commit_all(repo), base)
    return record
