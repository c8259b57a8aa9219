"""The bundled demo, about two screens, each part labelled by what produced it: the
embedded model (SmolLM2-135M-Instruct), code that needs no model (Repair's fix templates,
the Reviewer's pure checks), or scripted replies standing in for a capable local model.

1. Fix mode on the embedded model, on a copy of examples/calc: Repair's templates find
   the fix, the tiny model reviews it as Supervisor. If that run did not end approved, the
   same loop with scripted replies shows the approval path.
2. Spec mode with a capable model's replies (scripted): the pure checks challenge a rough
   first draft, the second draft answers them, spec.md is written.
3. Spec mode on the embedded model alone, one round: its draft is noise; what the pure
   checks say about it is not.

It ends with what the fix run recorded, read from its log and the remote. Nothing
outside a temp dir changes."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from devagent.workflows.spec.checks import Part, review

HERE = Path(__file__).resolve().parent
DEV_AGENT = HERE.parent / "dev_agent.py"
FIX_REPLIES = HERE / "calc" / "replies.yaml"
SPEC_REPLIES = HERE / "calc" / "spec_replies.yaml"
GIT_ENV = {
    "GIT_AUTHOR_NAME": "Demo User",
    "GIT_AUTHOR_EMAIL": "demo@localhost",
    "GIT_COMMITTER_NAME": "Demo User",
    "GIT_COMMITTER_EMAIL": "demo@localhost",
}
SPEC_IDEA = "A web app where users upload recipes and share them with friends; a nightly job emails a digest."
EMBEDDED = "the embedded model (SmolLM2-135M-Instruct, in-process llama.cpp, no download)"


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


def heading(title: str, who: str) -> None:
    """A part's title and, on the next line, what produced its output."""
    print(f"\n== {title}\n   {who}", flush=True)


def run_cli(cwd: Path, shown: str, *args: str) -> int:
    """The real command line, its output passed through; `shown` is how the user would type it."""
    print(f"$ cd {cwd} && python dev_agent.py {shown}", flush=True)
    command = [sys.executable, str(DEV_AGENT), *args]
    return subprocess.run(command, cwd=cwd, env={**os.environ, **GIT_ENV}, check=False).returncode


def log_records(runs: Path, before: set[Path]) -> list[dict[str, Any]]:
    """The records of the run log that appeared in `runs` since `before` (a torn last line
    of a killed run is skipped)."""
    logs = sorted(set(runs.glob("*.log.jsonl")) - before)
    records: list[dict[str, Any]] = []
    for line in logs[-1].read_text(encoding="utf-8").splitlines() if logs else []:
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict):
            records.append(record)
    return records


def newest_run(repo: Path, before: set[Path]) -> dict[str, Any] | None:
    """The run_started and run_finished data of the run log that appeared since `before`."""
    records = log_records(repo / "runs", before)
    if not records:
        return None
    return {r["type"]: r.get("data", {}) for r in records if r.get("type") in ("run_started", "run_finished")}


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
    print(f"-- exit code {code}")
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


def fix_run(repo: Path, *args: str) -> tuple[int, dict[str, Any] | None]:
    before = set((repo / "runs").glob("*.log.jsonl"))
    code = run_cli(repo, " ".join(["--phase", "spec.md", *args]), "--phase", "spec.md", *args)
    return code, newest_run(repo, before)


# --------------------------------------------------------------------------- spec mode


def draft_parts(markdown: str) -> list[Part]:
    """The components of a draft's Markdown table (devagent/workflows/spec/output.py)."""
    parts = []
    rows = markdown.split("| --- | --- | --- |\n", 1)[-1] if "| --- |" in markdown else ""
    for line in rows.splitlines():
        cells = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if len(cells) != 3:
            break  # the table's end
        parts.append(Part(*cells))
    return parts


def rounds(records: list[dict[str, Any]]) -> list[tuple[list[Part], list[str]]]:
    """Each round's draft (the Architect's message) and the Reviewer's challenges to it
    ("N. [category] description"; none: verified), from the run log."""
    found: list[tuple[list[Part], list[str]]] = []
    draft: list[Part] = []
    for record in records:
        data = record.get("data") or {}
        if record.get("type") != "status" or not isinstance(data.get("content"), str):
            continue
        if record.get("role") == "Architect":
            draft = draft_parts(data["content"])
        elif record.get("role") == "Reviewer":
            found.append((draft, [ln for ln in data["content"].splitlines() if re.match(r"\d+\. \[", ln)]))
    return found


def by_source(draft: list[Part], challenges: list[str]) -> list[tuple[str, str]]:
    """Each challenge with what raised it: the pure checks (recomputed here on the same
    draft with the same code) or the Reviewer's reply."""
    found = {f"[{f.category}] {f.description}" for f in review(SPEC_IDEA, draft)}
    return [
        (line, "pure check" if line.split(". ", 1)[1] in found else "Reviewer's reply") for line in challenges
    ]


def components(draft: list[Part]) -> str:
    return ", ".join(f"{p.name} ({p.type})" for p in draft)


def spec_run(folder: Path, *args: str) -> tuple[int, list[dict[str, Any]]]:
    """Spec mode on the recipes idea, quiet: the demo shows each round from the run log,
    and of the command's own output the lines that say how it ended."""
    folder.mkdir(parents=True, exist_ok=True)
    shown = " ".join(f'"{a}"' if " " in a else a for a in ("spec", SPEC_IDEA, *args, "--quiet"))
    print(f"$ cd {folder} && python dev_agent.py {shown}", flush=True)
    command = [sys.executable, str(DEV_AGENT), "spec", SPEC_IDEA, *args, "--quiet"]
    proc = subprocess.run(command, cwd=folder, capture_output=True, text=True, check=False)
    ending = [ln for ln in proc.stdout.splitlines() if ln.startswith(("outcome:", "detail:"))]
    print("\n".join(ending) if proc.returncode in (0, 1) else (proc.stdout + proc.stderr).rstrip())
    return proc.returncode, log_records(folder / "runs", set())


def spec_with_capable_replies(root: Path) -> int:
    heading(
        "2. Spec mode with a capable model's replies (scripted: examples/calc/spec_replies.yaml)",
        "Scripted replies stand in for both models; the Reviewer's pure checks (code, no model) add theirs.",
    )
    folder = root / "spec-scripted"
    folder.mkdir()
    shutil.copy(SPEC_REPLIES, folder)  # so the command shown runs as is in that folder
    model = f"scripted:{SPEC_REPLIES.name}"
    code, records = spec_run(
        folder, "--max-iterations", "2", "--architect-model", model, "--reviewer-model", model
    )
    for number, (draft, challenges) in enumerate(rounds(records), start=1):
        if challenges:
            print(
                f"-- round {number}, the Architect's draft: {components(draft)}; the Reviewer's challenges:"
            )
            print("\n".join(f"   {line}  ({source})" for line, source in by_source(draft, challenges)))
        else:
            spec = folder / "output" / "spec.md"
            print(
                f"-- round {number}, the draft the Reviewer verified"
                + (f", in {spec}:" if spec.is_file() else ":")
            )
            print("\n".join(f"   {p.name} ({p.type}): {p.purpose}" for p in draft))
    return code


def spec_on_the_embedded_model(root: Path) -> int:
    heading(
        "3. Spec mode on the embedded model alone, one round",
        "A 135M model's drafts are valid JSON but not designs; the pure checks (code, no model) still"
        " say what one misses.",
    )
    code, records = spec_run(root / "spec-embedded", "--max-iterations", "1")
    for draft, challenges in rounds(records)[-1:]:
        print(f"-- the embedded model's draft (noise at this size): {components(draft)}")
        labelled = by_source(draft, challenges)
        checks = [line for line, source in labelled if source == "pure check"]
        own = len(labelled) - len(checks)
        hidden = f" ({own} more of the model's own, not shown: noise)" if own else ""
        print(
            f"-- the pure checks' challenges to it{hidden}:" if checks else "-- the pure checks found nothing"
        )
        print("\n".join(f"   {line}" for line in checks))
    return code


# --------------------------------------------------------------------------- the demo


def main() -> int:
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]  # lines in order with the CLI's
    root = Path(tempfile.mkdtemp(prefix="dev-agent-demo-"))
    repo = make_repo(root)
    remote = root / "remote.git"
    print(f"Dev Agent demo in {root}; nothing outside it changes. Each part says what produced it.")
    heading(
        f"1. Fix mode on {EMBEDDED}",
        "On calc/, a copy of examples/calc whose mean() divides by len - 1, Repair's fix templates (code,"
        " no model) find the fix; the embedded model, as Supervisor, reviews it.",
    )
    code, run = fix_run(repo, "--max-iterations", "3")
    which = "1"
    if code != 0 and run is not None and "run_finished" in run:
        # A run that finished unapproved: show the approval path with the replies a capable
        # model would give. A run that could not start would fail the same way again.
        outcome = run["run_finished"].get("outcome")
        heading(
            "1b. The same loop with a capable model's replies (scripted: examples/calc/replies.yaml)",
            f"The embedded model's run ended {outcome} (exit {code}); scripted replies show the approval"
            " path.",
        )
        code, run = fix_run(repo, "--model", f"scripted:{FIX_REPLIES.name}")
        which = "1b"
    if run is not None:  # the tool works here: show spec mode too (its own exit codes)
        spec_with_capable_replies(root)
        spec_on_the_embedded_model(root)
    print(f"\n== The fix run ({which}), as its log and the remote recorded it")
    show_result(code, run, remote)
    if (repo / "runs").is_dir():
        print(f"\n== Runs recorded in {repo / 'runs'}")
        subprocess.run([sys.executable, str(DEV_AGENT), "runs"], cwd=repo, check=False)
    print(
        f"\nDemo {'ended approved' if code == 0 else f'did not end approved (exit {code})'}; files in {root}"
    )
    return code


if __name__ == "__main__":
    sys.exit(main())
