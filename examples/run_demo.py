"""The bundled demo: the fix loop on a copy of examples/calc, first with the embedded
model (the Repair step's candidate search finds a fix the tests accept; the tiny model
then reviews it), then, if that run did not end approved, with scripted replies, so the
whole approval path is visible. Then, briefly, spec mode: two rounds of the
Architect-Reviewer debate on a rough idea, ending with the spec.md it wrote. Nothing
outside a temp dir changes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DEV_AGENT = HERE.parent / "dev_agent.py"
GIT_ENV = {
    "GIT_AUTHOR_NAME": "Demo User",
    "GIT_AUTHOR_EMAIL": "demo@localhost",
    "GIT_COMMITTER_NAME": "Demo User",
    "GIT_COMMITTER_EMAIL": "demo@localhost",
}


def git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env={**os.environ, **GIT_ENV})


def make_repo(root: Path) -> Path:
    remote = root / "remote.git"
    repo = root / "calc"
    git("init", "-q", "--bare", "-b", "main", str(remote), cwd=root)
    shutil.copytree(HERE / "calc", repo)
    git("init", "-q", "-b", "main", cwd=repo)
    git("add", "calc.py", "conftest.py", "tests", cwd=repo)
    git("commit", "-q", "-m", "calc with a bug in mean()", cwd=repo)
    git("remote", "add", "origin", str(remote), cwd=repo)
    git("push", "-q", "origin", "main", cwd=repo)
    return repo


def dev_agent(repo: Path, *args: str) -> int:
    command = [sys.executable, str(DEV_AGENT), "--phase", "spec.md", *args]
    print(f"\n$ cd {repo} && python dev_agent.py --phase spec.md {' '.join(args)}", flush=True)
    return subprocess.run(command, cwd=repo, env={**os.environ, **GIT_ENV}, check=False).returncode


def newest_run(repo: Path, before: set[Path]) -> dict[str, Any] | None:
    """The run_started and run_finished data of the run log that appeared since `before`."""
    logs = sorted(set((repo / "runs").glob("*.log.jsonl")) - before)
    if not logs:
        return None
    found: dict[str, Any] = {}
    for line in logs[-1].read_text(encoding="utf-8").splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue  # a torn last line of a killed run
        if record.get("type") in ("run_started", "run_finished"):
            found[record["type"]] = record.get("data", {})
    return found


def remote_branch(remote: Path, branch: str | None) -> str | None:
    """The commit the remote has on `branch` (None: not pushed there)."""
    if not branch:
        return None
    proc = subprocess.run(
        ["git", "ls-remote", str(remote), f"refs/heads/{branch}"], capture_output=True, text=True, check=False
    )
    return proc.stdout.split()[0] if proc.returncode == 0 and proc.stdout.strip() else None


def show_result(code: int, run: dict[str, Any] | None, remote: Path) -> None:
    """What happened, from the process's exit code, the run's own log and the remote."""
    print(f"\n-- exit code {code}")
    if run is None:
        print("-- no run was recorded: the run stopped before it started (its message is above)")
        return
    sandbox = run.get("run_started", {}).get("sandbox", {})
    print(f"-- sandbox: {sandbox.get('kind') or ('bwrap' if sandbox.get('enabled') else 'none')}")
    finished = run.get("run_finished")
    if finished is None:
        print("-- the run log has no run_finished record: the run was killed")
        return
    print(f"-- outcome: {finished.get('outcome')} after {finished.get('iterations')} iteration(s)")
    if finished.get("detail"):
        print(f"-- detail: {finished['detail']}")
    branch = finished.get("branch")
    print(f"-- branch: {branch or '(none kept)'}, {len(finished.get('commits') or [])} commit(s)")
    pushed = remote_branch(remote, branch)
    print(f"-- pushed to {remote}: " + (f"yes, at {pushed[:10]}" if pushed else "no"))
    pr = finished.get("pull_request") or {}
    if pr.get("url"):
        print(f"-- pull request: {pr['url']}")
    elif pr.get("record"):
        print(f"-- pull request recorded in {pr['record']}")
    else:
        print("-- pull request: none")


SPEC_IDEA = "A web app where users upload recipes and share them with friends; a nightly job emails a digest."


def spec_demo(root: Path, *args: str) -> int:
    """Spec mode, short: two rounds on the configured models (the embedded one by default:
    its drafts are noise, the Reviewer's pure checks say what is missing), then spec.md."""
    folder = root / "spec"
    folder.mkdir(exist_ok=True)
    shown = " ".join(args)
    print(f'\n$ cd {folder} && python dev_agent.py spec "{SPEC_IDEA}" --max-iterations 2 {shown}', flush=True)
    command = [sys.executable, str(DEV_AGENT), "spec", SPEC_IDEA, "--max-iterations", "2", *args]
    code = subprocess.run(command, cwd=folder, check=False).returncode
    print(f"\n-- exit code {code}")
    spec = folder / "output" / "spec.md"
    if spec.is_file():
        print(f"-- {spec}:\n")
        print(spec.read_text(encoding="utf-8"))
    else:
        print("-- no spec.md was written (the reason is above)")
    return code


def run_and_show(repo: Path, remote: Path, *args: str) -> tuple[int, dict[str, Any] | None]:
    before = set((repo / "runs").glob("*.log.jsonl"))
    code = dev_agent(repo, *args)
    run = newest_run(repo, before)
    show_result(code, run, remote)
    return code, run


def main() -> int:
    root = Path(tempfile.mkdtemp(prefix="dev-agent-demo-"))
    repo = make_repo(root)
    remote = root / "remote.git"
    print(f"Demo repository: {repo} (a copy of examples/calc; mean() divides by len - 1)")
    print("\n== 1. The embedded model (SmolLM2-135M-Instruct, in-process llama.cpp, no download)")
    code, run = run_and_show(repo, remote, "--max-iterations", "3")
    if code != 0 and run is not None and "run_finished" in run:
        # A run that finished unapproved: show the approval path with the replies a capable
        # model would give. A run that could not start would fail the same way again.
        print("\n== 2. The same loop with scripted replies (examples/calc/replies.yaml)")
        code, run = run_and_show(repo, remote, "--model", "scripted:replies.yaml")
    if (repo / "runs").is_dir():
        print("\n== Runs recorded in", repo / "runs")
        subprocess.run([sys.executable, str(DEV_AGENT), "runs"], cwd=repo, check=False)
    if run is not None:  # the tool works here: show spec mode too (its own exit code)
        print("\n== Spec mode: a rough idea becomes spec.md (Architect-Reviewer debate, 2 rounds)")
        spec_demo(root)
    print(
        f"\nDemo {'ended approved' if code == 0 else f'did not end approved (exit {code})'}; files in {root}"
    )
    return code


if __name__ == "__main__":
    sys.exit(main())
