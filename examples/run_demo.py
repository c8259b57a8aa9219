"""The bundled demo: the fix loop on a copy of examples/calc, first with the embedded
model (the Repair step's candidate search finds a fix the tests accept; the tiny model
then reviews it), then, if that run did not end approved, with scripted replies, so the
whole approval path is visible. Nothing outside a temp dir changes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

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


def main() -> int:
    root = Path(tempfile.mkdtemp(prefix="dev-agent-demo-"))
    repo = make_repo(root)
    print(f"Demo repository: {repo} (a copy of examples/calc; mean() divides by len - 1)")
    print("\n== 1. The embedded model (SmolLM2-135M-Instruct, in-process llama.cpp, no download)")
    code = dev_agent(repo, "--max-iterations", "3")
    if code == 0:
        print(
            "\nFixed and approved: the Repair step's candidate search (fix templates on the lines "
            "fault localisation ranks, validated by the tests) found the fix; the embedded model "
            "reviewed it as Supervisor. See `python dev_agent.py runs show <id>` for every candidate."
        )
    else:
        print(
            f"\nNot approved (exit {code}). The 135M model writes schema-valid messages but cannot "
            "write or judge real fixes; the Repair step's test-validated candidate is on the branch "
            "if it found one (`runs show`). Capable local models (7B and up) are set with --model. To "
            "show the full approval path, the same loop now runs with scripted replies "
            "(examples/calc/replies.yaml), which is what a capable model would answer."
        )
        print("\n== 2. The same loop with the scripted model")
        code = dev_agent(repo, "--model", "scripted:replies.yaml")
    print("\n== Runs recorded in", repo / "runs")
    subprocess.run([sys.executable, str(DEV_AGENT), "runs"], cwd=repo, check=False)
    print(
        f"\nThe fix branch was pushed to {root / 'remote.git'}; inspect with `git -C {repo} log --all --oneline`."
    )
    return code


if __name__ == "__main__":
    sys.exit(main())
