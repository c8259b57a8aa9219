"""`python -m bench.fidelity suites`: each project's unmodified suite run three times, through
dev-agent's own ShellTool with the fix loop's test report (devagent/verdict.ReportChannel):

  outside   in the user's checkout, no sandbox: the reference, as a contributor runs it with
            the project's venv first on PATH (in ShellTool's scrubbed environment);
  bwrap     in a git worktree of the checkout (GitTool.create_worktree, as the fix loop makes
            it), inside bubblewrap;
  landlock  the same, inside Landlock.

Sandboxed runs get their ShellTool exactly as the fix loop does: `shell.python` names the
project's venv, run_setup.project_environment probes it in the sandbox and finds the
worktree's import roots, run_setup.sandboxed_shell builds the tool (the "before" figures of
bench/results/fidelity.json were measured before that existed, with the venv's bin first on
PATH and the venv shown read-only by Sandbox.showing: git history has that version).

A second plugin (probe/_fidelity_probe.py) records each failure's text and which modules
came from the checkout or the worktree. Per-project results go to
<home>/<name>/suites.json; bench/results/fidelity.json is rewritten at the end."""

from __future__ import annotations

import json
import os
import secrets
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from bench.fidelity import compare
from bench.fidelity.projects import Project
from devagent.config import Config, ShellConfig
from devagent.tools.git_tool import GitSettings, GitTool
from devagent.tools.patch_policy import PatchPolicy
from devagent.tools.sandbox import SandboxSetting, choose_sandbox
from devagent.tools.shell import CommandPolicy, ShellTool
from devagent.verdict import PytestReport, ReportChannel
from devagent.workflows import run_setup

PROBE_DIR = Path(__file__).with_name("probe")
SUITE_TIMEOUT_S = 900.0
KINDS: tuple[str, ...] = ("outside", "bwrap", "landlock")


@dataclass(frozen=True)
class SuiteTarget:
    """What a suite run needs of a project: its test command, the user's checkout and the
    venv installed from it (the project's own pair, or the fix runs' pair)."""

    name: str
    test_command: str
    checkout: Path
    venv: Path

    @classmethod
    def of(cls, project: Project) -> SuiteTarget:
        return cls(project.name, project.test_command, project.checkout, project.venv)

    @classmethod
    def fix_of(cls, project: Project) -> SuiteTarget:
        return cls(project.name, project.test_command, project.fix_checkout, project.fix_venv)


def project_shell(project: SuiteTarget, kind: str, cwd: Path) -> ShellTool | str:
    """The ShellTool the fix loop would give this project's tests in `cwd` (a worktree),
    or a one-line reason the sandbox kind cannot run here."""
    policy = CommandPolicy(tuple(ShellConfig().allowed))
    venv_bin = project.venv / "bin"
    if kind == "outside":
        return ShellTool(cwd, policy, SUITE_TIMEOUT_S, [venv_bin], None)
    setting: SandboxSetting = "bwrap" if kind == "bwrap" else "landlock"
    choice = choose_sandbox("bwrap", setting)
    if choice.sandbox is None:
        return choice.problem or f"{kind}: no sandbox"
    return _fix_loop_shell(project, setting, cwd, policy)


def _fix_loop_shell(
    project: SuiteTarget, setting: SandboxSetting, cwd: Path, policy: CommandPolicy
) -> ShellTool | str:
    """The tests' ShellTool exactly as the fix loop builds it once shell.python exists
    (issue 38.1): the project environment chosen from shell.python and probed in the
    sandbox, then run_setup.sandboxed_shell with the user's checkout named."""
    from devagent.errors import DevAgentError

    values = {
        "sandbox": setting,
        "timeout_s": SUITE_TIMEOUT_S,
        "python": str(project.venv / "bin" / "python"),
    }
    config = Config(test_command=project.test_command, shell=ShellConfig.model_validate(values))
    try:
        environment = run_setup.project_environment(project.checkout, config)
        return run_setup.sandboxed_shell(cwd, policy, config, environment, project.checkout)
    except DevAgentError as exc:
        return f"the fix loop would not run the tests: {exc.message}"


def run_once(project: SuiteTarget, kind: str, cwd: Path) -> dict[str, Any]:
    """One run of the project's test command in `cwd`: what it did, its sets, its probe."""
    shell = project_shell(project, kind, cwd)
    if isinstance(shell, str):
        return {"kind": kind, "available": False, "why": shell}
    channel = ReportChannel(cwd)
    probe_out = cwd / f".fidelity-probe-{secrets.token_hex(6)}.json"
    extra = {
        "PYTHONPATH": str(PROBE_DIR),
        "PYTEST_ADDOPTS": "-p _fidelity_probe",
        "FIDELITY_PROBE_OUT": str(probe_out),
        "FIDELITY_PROBE_ROOTS": os.pathsep.join([str(project.checkout), str(cwd)]),
    }
    result = channel.run(shell, project.test_command, extra)
    probe = _read_probe(probe_out)
    report = channel.report
    record: dict[str, Any] = {
        "kind": kind,
        "available": True,
        "cwd": str(cwd),
        "sandbox": shell.sandbox.kind if shell.sandbox is not None else "none",
        "exit_code": result.exit_code,
        "timed_out": result.timed_out,
        "seconds": round(result.duration_s, 1),
        "output_tail": result.output[-1500:],
        "probe": probe,
    }
    if isinstance(report, PytestReport):
        folded = compare.categories(report.outcomes, list(report.collection_errors))
        record["report"] = "read"
        # The verdict plugin's own account of modules imported from the user's checkout
        # (issue 38.2), when this dev-agent has it.
        record["foreign_imports"] = len(getattr(report, "foreign_imports", {}) or {})
        record["categories"] = folded
        record["counts"] = compare.counts(folded)
    else:
        # No signed report (the verdict refused it): the probe's own account of the outcomes
        # still compares the sets; the refusal is kept as the report's state.
        record["report"] = report
        folded = probe_categories(probe)
        record["categories"] = folded
        record["categories_from"] = "probe" if folded else "none"
        record["counts"] = compare.counts(folded)
    record["imports"] = import_roots(probe.get("modules", {}), project.checkout, cwd)
    return record


def probe_categories(probe: dict[str, Any]) -> dict[str, str]:
    """The probe's own outcomes folded into the three sets ({} when it recorded none)."""
    failures = probe.get("failures", {})
    collection = [
        n.removesuffix(" (collection error)") for n in failures if n.endswith(" (collection error)")
    ]
    outcomes = probe.get("outcomes") or {}
    return compare.categories(outcomes, collection) if outcomes else {}


def import_roots(modules: dict[str, str], checkout: Path, cwd: Path) -> dict[str, int]:
    """How many of the project's modules came from the checkout, and how many from the run's
    own tree (the same folder for the run outside)."""
    checkout_root = os.path.join(os.path.realpath(checkout), "")
    own_root = os.path.join(os.path.realpath(cwd), "")
    counted = {"checkout": 0, "worktree": 0}
    for path in modules.values():
        if own_root != checkout_root and path.startswith(own_root):
            counted["worktree"] += 1
        elif path.startswith(checkout_root):
            counted["checkout"] += 1
    return counted


def _read_probe(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    finally:
        path.unlink(missing_ok=True)
    return data if isinstance(data, dict) else {}


def measure(project: Project, sandboxes: list[str]) -> dict[str, Any]:
    """The three runs of one project and their comparison."""
    if not (project.venv / "bin" / "python").exists():
        return {"name": project.name, "error": f"not prepared: no venv at {project.venv}"}
    runs: dict[str, dict[str, Any]] = {}
    print(f"{project.name}: outside ...", flush=True)
    target = SuiteTarget.of(project)
    runs["outside"] = run_once(target, "outside", project.checkout)
    _show(runs["outside"])
    for kind in sandboxes:
        git = GitTool(project.checkout, GitSettings(branch_prefix="fidelity"), PatchPolicy())
        branch = f"fidelity/suite-{kind}-{secrets.token_hex(3)}"
        worktree = git.create_worktree(branch)
        try:
            print(f"{project.name}: {kind} ...", flush=True)
            runs[kind] = run_once(target, kind, worktree)
        finally:
            git.remove_worktree()
            git.delete_branch(branch)
        _show(runs[kind])
    return {
        "name": project.name,
        "measured": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "shell_python": True,  # the sandboxed runs went through shell.python and sandboxed_shell
        "runs": runs,
        "comparison": compare_runs(runs),
    }


def compare_runs(runs: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """For each sandboxed run: identical to the outside run or not, and every difference."""
    runs = {kind: with_probe_sets(run) for kind, run in runs.items()}
    outside = runs["outside"]
    out_failures = outside.get("probe", {}).get("failures", {})
    compared: dict[str, Any] = {}
    for kind, run in runs.items():
        if kind == "outside":
            continue
        if not run.get("available"):
            compared[kind] = {"identical": None, "why": run.get("why", "")}
            continue
        probe = run.get("probe", {})
        diffs = compare.differences(
            outside["categories"],
            run["categories"],
            out_failures,
            probe.get("failures", {}),
            probe.get("skips", {}),
        )
        unsigned = [r.get("report") for r in (outside, run) if r.get("report") != "read"]
        if unsigned and not (outside.get("categories") and run.get("categories")):
            compared[kind] = {"identical": False, "why": f"no test report: {unsigned[0]}", "differences": []}
            continue
        compared[kind] = {"identical": not diffs, "differences": [asdict(d) for d in diffs]}
        if unsigned:  # compared on the probe's outcomes; the fix loop would see no report
            compared[kind]["verdict_refused"] = unsigned[0]
    return compared


def with_probe_sets(run: dict[str, Any]) -> dict[str, Any]:
    """`run` with the probe's sets when the verdict gave none (runs saved before the
    benchmark read them)."""
    if run.get("available") and run.get("report") != "read" and not run.get("categories"):
        folded = probe_categories(run.get("probe") or {})
        if folded:
            return {**run, "categories": folded, "counts": compare.counts(folded), "categories_from": "probe"}
    return run


def _show(run: dict[str, Any]) -> None:
    if not run.get("available"):
        print(f"  {run['kind']}: unavailable ({run.get('why')})")
        return
    c = run["counts"]
    print(
        f"  {run['kind']}: exit {run['exit_code']}, {run['seconds']}s, pass {c['pass']} fail {c['fail']} "
        f"skip {c['skip']}, imports {run['imports']}, report {run['report']}",
        flush=True,
    )


def run_suites(projects: list[Project], sandboxes: list[str], command: str) -> int:
    from bench.fidelity.projects import load_projects
    from bench.fidelity.results import save_project, write_results

    failed = False
    for project in projects:
        data = measure(project, sandboxes)
        data["command"] = command
        save_project(project, "suites", data)
        failed = failed or "error" in data
        for kind, verdict in data.get("comparison", {}).items():
            shown = (
                "identical"
                if verdict.get("identical")
                else f"{len(verdict.get('differences', []))} difference(s)"
            )
            print(f"  {kind}: {shown} {verdict.get('why', '')}".rstrip(), flush=True)
    write_results(load_projects())
    return 1 if failed else 0
