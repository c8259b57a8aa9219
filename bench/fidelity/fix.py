"""`python -m bench.fidelity fix`: the injected bug, then the fix loop end to end.

For each project with a bug: the prepared <name>/fix/repo (its venv, <name>/fix/venv, has it
installed in editable mode) is reset to the pinned commit on its branch, the branches and
untracked files of earlier runs removed (ignored ones, such as a generated _version.py or
egg-info, stay, as the editable install needs them), the bug's line is replaced and committed
(the bug is in HEAD, the checkout clean), and `origin` becomes a fresh local bare repository. The
injected test is first run alone in a worktree (as the fix loop runs tests), to check that
the bug makes it fail. Then, as a user would run it:

    python dev_agent.py --phase <fix>/phase.md --repo <fix>/repo --runs-dir <fix>/runs
        --test-command "<test command> --maxfail=1 -q" [--python <fix>/venv/bin/python]

with the embedded model (the default). `--python` is passed when this dev-agent has it
(issue 38.1); until then the venv is activated the way a user does (VIRTUAL_ENV, its bin
first on PATH), and the result says which. The run log gives: did the baseline name the
injected test, did the run end on an environment error, outcome, wall time; a fixed run's
branch is then checked out from the remote and the project's whole suite run in a worktree
as the fix loop runs it: the fix is right when the bug's test passes and nothing fails that failed not in
the unmodified suite."""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
import time
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from bench.fidelity import compare
from bench.fidelity.projects import Bug, Project
from bench.fidelity.results import load_part, save_project, write_results
from bench.fidelity.runlogs import FIXED_OUTCOMES, newest_log, read_records, summarize
from bench.fidelity.suites import SuiteTarget, run_once
from bench.repair.peer_common import IDENTITY, git, git_ok, run_limited
from devagent.tools.git_tool import GitSettings, GitTool
from devagent.tools.patch_policy import PatchPolicy

ROOT = Path(__file__).resolve().parents[2]
DEV_AGENT = ROOT / "dev_agent.py"
RUN_LIMIT_S = 900.0  # a run still going then is killed (its process group) and counted as given up
PHASE = """# Fix the failing test

The project's test suite has a failing test. Find the bug in the library code and fix it,
without changing any test.
"""


class BugError(Exception):
    """The bug's line is not in the file exactly once."""


def inject(text: str, bug: Bug) -> str:
    """`text` with the bug's original line (a whole line, exactly once) replaced."""
    lines = text.split("\n")
    where = [i for i, line in enumerate(lines) if line == bug.original]
    if len(where) != 1:
        raise BugError(f"{bug.file}: the line {bug.original!r} occurs {len(where)} times (must be once)")
    lines[where[0]] = bug.replacement
    return "\n".join(lines)


def has_python_flag() -> bool:
    """Whether this dev-agent takes --python (issue 38.1)."""
    proc = subprocess.run(
        [sys.executable, str(DEV_AGENT), "--help"], capture_output=True, text=True, check=False, timeout=120
    )
    return "--python" in proc.stdout


def reset_checkout(checkout: Path, commit: str) -> None:
    """`checkout` back at `commit` on its own branch: worktrees, other branches and untracked
    files of earlier runs gone; ignored files kept (the editable install's generated files)."""
    for line in git_ok(checkout, "worktree", "list", "--porcelain").splitlines()[1:]:
        if line.startswith("worktree "):
            git(checkout, "worktree", "remove", "--force", line.removeprefix("worktree "))
    git_ok(checkout, "worktree", "prune")
    branch = git_ok(checkout, "rev-parse", "--abbrev-ref", "HEAD")
    if branch == "HEAD":
        raise RuntimeError(f"{checkout}: HEAD is detached; prepare it anew")
    git_ok(checkout, "reset", "-q", "--hard", commit)
    git_ok(checkout, "clean", "-q", "-fd")
    others = git_ok(checkout, "for-each-ref", "--format=%(refname:short)", "refs/heads/").splitlines()
    for other in others:
        if other != branch:
            git_ok(checkout, "branch", "-q", "-D", other)


def lay_buggy_clone(project: Project, bug: Bug) -> str:
    """The prepared <fix>/repo reset with the bug committed and a bare remote; returns the
    bug's commit."""
    home = project.fix_home
    for leftover in ("remote.git", "runs", "phase.md"):
        path = home / leftover
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
    reset_checkout(project.fix_checkout, project.commit)
    target = project.fix_checkout / bug.file
    target.write_text(inject(target.read_text(encoding="utf-8"), bug), encoding="utf-8")
    git_ok(project.fix_checkout, "add", bug.file)
    git_ok(project.fix_checkout, "commit", "-q", "--no-verify", "-m", f"{bug.file}: one line changed")
    remote = home / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True, capture_output=True)
    # The remote borrows the checkout's objects: a fetched snapshot lacks its largest blobs,
    # so a push of the whole history would fail on one; this way a push sends only what is
    # new, as a push to the project's real remote does.
    objects = git_ok(project.fix_checkout, "rev-parse", "--path-format=absolute", "--git-path", "objects")
    (remote / "objects" / "info" / "alternates").write_text(f"{objects}\n", encoding="utf-8")
    git_ok(project.fix_checkout, "remote", "set-url", "origin", str(remote))
    branch = git_ok(project.fix_checkout, "rev-parse", "--abbrev-ref", "HEAD")
    git_ok(project.fix_checkout, "push", "-q", "origin", f"HEAD:refs/heads/{branch}")
    (home / "phase.md").write_text(PHASE, encoding="utf-8")
    return git_ok(project.fix_checkout, "rev-parse", "HEAD")


def bug_check_command(project: Project, bug: Bug) -> str:
    """The injected test alone (all its cases), with the project's pytest invocation: the
    check that the bug makes it fail need not run the whole suite (the fix's check does)."""
    words = project.test_command.split()
    runner = words[:3] if words[:3] == ["python", "-m", "pytest"] else ["python", "-m", "pytest"]
    return " ".join([*runner, bug.test])


def suite_in_worktree(project: Project, ref: str, command: str | None = None) -> dict[str, Any]:
    """The project's whole suite (or `command`) on `ref` of the fix clone, in a worktree
    (the user's checkout stays clean), with the fix venv, run as the fix loop runs tests
    (bubblewrap, the worktree's import roots first): outside a sandbox, a src layout's
    editable install would import the checkout's code instead of the worktree's (the
    suites showed bubblewrap's sets identical to the runs outside)."""
    git_tool = GitTool(project.fix_checkout, GitSettings(branch_prefix="fidelity"), PatchPolicy())
    branch = f"fidelity/check-{secrets.token_hex(3)}"
    worktree = git_tool.create_worktree(branch, base=ref)
    target = SuiteTarget.fix_of(project)
    if command is not None:
        target = replace(target, test_command=command)
    try:
        return run_once(target, "bwrap", worktree)
    finally:
        git_tool.remove_worktree()
        git_tool.delete_branch(branch)


def dev_agent_argv(project: Project, python_flag: bool) -> list[str]:
    home = project.fix_home
    argv = [
        sys.executable,
        str(DEV_AGENT),
        "--phase",
        str(home / "phase.md"),
        "--repo",
        str(project.fix_checkout),
        "--runs-dir",
        str(home / "runs"),
        "--test-command",
        f"{project.test_command} --maxfail=1 -q",
    ]
    if python_flag:
        argv += ["--python", str(project.fix_venv / "bin" / "python")]
    return argv


def run_environment(project: Project, python_flag: bool, sandbox: str = "auto") -> dict[str, str]:
    """The user's environment; with the venv activated when --python is not there, and
    $DEV_AGENT_SANDBOX pinning a sandbox kind unless `sandbox` is auto."""
    dropped = ("PYTHONPATH", "PYTEST_ADDOPTS", "VIRTUAL_ENV", "DEV_AGENT_SANDBOX")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(IDENTITY)
    if sandbox != "auto":
        env["DEV_AGENT_SANDBOX"] = sandbox
    if not python_flag:
        env["VIRTUAL_ENV"] = str(project.fix_venv)
        env["PATH"] = f"{project.fix_venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return env


def fix_part(sandbox: str) -> str:
    """The saved part a fix run goes to: "fix" for the default sandbox, else "fix-<kind>"."""
    return "fix" if sandbox == "auto" else f"fix-{sandbox}"


def fix_one(project: Project, python_flag: bool, sandbox: str = "auto") -> dict[str, Any]:
    bug = project.bug
    if bug is None:
        return {"name": project.name, "skipped": "no bug in projects.yaml"}
    record: dict[str, Any] = {
        "name": project.name,
        "bug": bug.model_dump(),
        "python_flag": python_flag,
        "sandbox_setting": sandbox,
    }
    record["environment_via"] = "--python" if python_flag else "VIRTUAL_ENV and PATH (venv activated)"
    try:
        record["bug_commit"] = lay_buggy_clone(project, bug)
    except (BugError, RuntimeError, OSError) as exc:
        return {**record, "error": f"cannot lay the buggy clone: {exc}"}
    check = suite_in_worktree(project, "HEAD", bug_check_command(project, bug))
    failing = check["probe"].get("failures", {}) if check.get("report") == "read" else {}
    outside_fail = sorted(n for n, c in check.get("categories", {}).items() if c == "fail")
    record["bug_check"] = {
        "command": bug_check_command(project, bug),
        "exit_code": check.get("exit_code"),
        "seconds": check.get("seconds"),
        "failing": outside_fail,
        "injected_test_fails": any(compare.names_test(bug.test, n) for n in outside_fail),
        "others_failing": [n for n in outside_fail if not compare.names_test(bug.test, n)],
        "messages": {n: failing.get(n, "")[-300:] for n in outside_fail[:5]},
    }
    argv = dev_agent_argv(project, python_flag)
    record["command"] = " ".join(argv)
    print(f"{project.name}: fix run ...", flush=True)
    limited = run_limited(
        argv,
        project.fix_home,
        run_environment(project, python_flag, sandbox),
        RUN_LIMIT_S,
        project.fix_home / "run.out",
    )
    record["exit_code"] = limited.returncode
    record["wall_s"] = limited.wall_s
    record["killed_at_limit"] = limited.returncode is None
    record["output_tail"] = limited.output_path.read_text(encoding="utf-8", errors="replace")[-2000:]
    log = newest_log(project.fix_home / "runs")
    summary = summarize(read_records(log)) if log is not None else None
    if summary is None:
        return {**record, "log": None}
    record["log"] = str(log)
    record["run"] = asdict(summary)
    if sandbox != "auto" and summary.sandbox != sandbox:  # the pin did not reach the run
        record["error"] = f"the run used sandbox {summary.sandbox!r}, not the {sandbox!r} asked for"
    record["baseline_named"] = compare.baseline_names(bug.test, summary.baseline_failing, outside_fail)
    record["environment_error"] = summary.environment_error
    record["fixed"] = summary.outcome in FIXED_OUTCOMES and bool(summary.commits)
    record["right"] = fix_is_right(project, summary.branch, bug) if record["fixed"] else None
    return record


def fix_is_right(project: Project, branch: str | None, bug: Bug) -> dict[str, Any]:
    """The pushed branch's whole suite, run as the fix loop runs it (suite_in_worktree): the
    bug's test passes and every failing test also failed in the unmodified suite outside."""
    if not branch:
        return {"right": False, "why": "no branch recorded"}
    fetched = git(project.fix_checkout, "fetch", "-q", "origin", f"refs/heads/{branch}")
    if fetched.returncode != 0:
        return {"right": False, "why": f"branch {branch} not on the remote: {fetched.stderr.strip()}"}
    run = suite_in_worktree(project, "FETCH_HEAD")
    folded = run.get("categories", {})
    suites = load_part(project, "suites") or {}
    before = suites.get("runs", {}).get("outside", {}).get("categories", {})
    new_failures = sorted(n for n, c in folded.items() if c == "fail" and before.get(n) != "fail")
    injected = {n: c for n, c in folded.items() if compare.names_test(bug.test, n)}
    passes = bool(injected) and all(c == "pass" for c in injected.values())
    return {
        "right": passes and not new_failures and run.get("report") == "read",
        "injected_test": injected,
        "new_failures": new_failures[:20],
        "exit_code": run.get("exit_code"),
        "seconds": run.get("seconds"),
    }


def recheck(projects: list[Project], sandbox: str = "auto") -> int:
    """Saved fix runs read again with the current rules: a run whose outcome is a fix
    (FIXED_OUTCOMES) gets its pushed branch checked again (fix_is_right)."""
    from bench.fidelity.projects import load_projects

    part = fix_part(sandbox)
    for project in projects:
        data = load_part(project, part)
        bug = project.bug
        if data is None or "run" not in data or bug is None:
            continue
        run = data["run"]
        data["fixed"] = run.get("outcome") in FIXED_OUTCOMES and bool(run.get("commits"))
        if data["fixed"]:
            data["right"] = fix_is_right(project, run.get("branch"), bug)
        elif not data["fixed"]:
            data["right"] = None
        save_project(project, part, data)
        print(f"  {project.name}: fixed {data['fixed']}, right {(data.get('right') or {}).get('right')}")
    write_results(load_projects())
    return 0


def run_fixes(projects: list[Project], command: str, sandbox: str = "auto") -> int:
    from bench.fidelity.projects import load_projects

    python_flag = has_python_flag()
    failed = False
    for project in projects:
        started = time.monotonic()
        data = fix_one(project, python_flag, sandbox)
        data["bench_seconds"] = round(time.monotonic() - started, 1)
        data["command"] = command
        save_project(project, fix_part(sandbox), data)
        failed = failed or "error" in data
        print(
            f"  {project.name}: exit {data.get('exit_code')}, outcome {data.get('run', {}).get('outcome')}, "
            f"baseline named {data.get('baseline_named')}, "
            f"environment error {data.get('environment_error')}, "
            f"fixed {data.get('fixed')}, {data.get('wall_s')}s {data.get('error', '')}".rstrip(),
            flush=True,
        )
    write_results(load_projects())
    return 1 if failed else 0
