"""bench/results/fidelity.json, built from the per-project results each subcommand saves
under the projects directory (<name>/suites.json, <name>/fix.json): the figures issue 38 asks
for at the top level, every difference grouped by cause, every miss of a goal with its
cause (misses.yaml beside this file says what was found for each), and per-project detail.
An earlier measurement kept under the file's `before` key stays as it is."""

from __future__ import annotations

import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.fidelity import compare
from bench.fidelity.projects import DATA_FILE, Project, load_dropped
from devagent.yaml_text import load_yaml

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "bench" / "results" / "fidelity.json"
SANDBOXES = ("bwrap", "landlock")
MESSAGE_CHARS = 240
MISSES_FILE = Path(__file__).with_name("misses.yaml")
# "after": measured on dev-agent with issue 38's project environment, worktree imports,
# private loopback and baseline triage; the "before" figures (without them) stay under `before`.
MEASUREMENT = os.environ.get("FIDELITY_MEASUREMENT", "after")


def save_project(project: Project, part: str, data: dict[str, Any]) -> None:
    project.home.mkdir(parents=True, exist_ok=True)
    path = project.home / f"{part}.json"
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)


def load_part(project: Project, part: str) -> dict[str, Any] | None:
    try:
        data = json.loads((project.home / f"{part}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def grouped_differences(differences: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """{cause: {count, tests: [{test, outside, inside}], example}}: every difference listed."""
    groups: dict[str, dict[str, Any]] = {}
    for diff in differences:
        group = groups.setdefault(diff["cause"], {"count": 0, "tests": [], "example": ""})
        group["count"] += 1
        group["tests"].append(f"{diff['test']}: {diff['outside']} -> {diff['inside']}")
        if not group["example"] and diff.get("message"):
            group["example"] = _short(diff["message"])
    return groups


def _short(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    head = lines[0] if lines else ""
    tail = next((line for line in reversed(lines) if line.startswith("E ")), "")
    joined = head if not tail or tail in head else f"{head} ... {tail}"
    return joined[:MESSAGE_CHARS]


def current_comparison(suites: dict[str, Any]) -> dict[str, Any]:
    """The saved runs compared again with the current rules (causes are refined over time;
    the runs are the measurement)."""
    from bench.fidelity.suites import compare_runs

    runs = suites.get("runs") or {}
    return compare_runs(runs) if "outside" in runs else dict(suites.get("comparison") or {})


def suite_detail(suites: dict[str, Any] | None) -> dict[str, Any]:
    """One project's three runs in figures, and each sandbox's comparison."""
    if suites is None:
        return {"measured": False}
    if "error" in suites:
        return {"measured": False, "error": suites["error"]}
    runs: dict[str, Any] = suites.get("runs", {})
    detail: dict[str, Any] = {"measured": suites.get("measured"), "shell_python": suites.get("shell_python")}
    from bench.fidelity.suites import with_probe_sets

    for kind, saved in runs.items():
        if not saved.get("available"):
            detail[kind] = {"available": False, "why": saved.get("why")}
            continue
        run = with_probe_sets(saved)
        detail[kind] = {
            "exit_code": run.get("exit_code"),
            "seconds": run.get("seconds"),
            "timed_out": run.get("timed_out"),
            "counts": run.get("counts"),
            "report": run.get("report"),
            **({"sets_from": run["categories_from"]} if run.get("categories_from") else {}),
            "imports_from": run.get("imports"),
        }
    comparison = current_comparison(suites)
    detail["comparison"] = {
        kind: {
            "identical": verdict.get("identical"),
            **({"why": verdict["why"]} if verdict.get("why") else {}),
            **({"verdict_refused": verdict["verdict_refused"]} if verdict.get("verdict_refused") else {}),
            "differences": len(verdict.get("differences", [])),
            "by_cause": grouped_differences(verdict.get("differences", [])),
        }
        for kind, verdict in comparison.items()
    }
    return detail


def named(fix: dict[str, Any]) -> bool:
    """Whether the run's baseline named the injected test (compare.baseline_names)."""
    bug, run, check = fix.get("bug") or {}, fix.get("run") or {}, fix.get("bug_check") or {}
    test = bug.get("test")
    if not isinstance(test, str):
        return bool(fix.get("baseline_named"))
    return compare.baseline_names(
        test, list(run.get("baseline_failing") or []), list(check.get("failing") or [])
    )


def fix_detail(fix: dict[str, Any] | None) -> dict[str, Any]:
    if fix is None:
        return {"ran": False}
    if "skipped" in fix or "error" in fix:
        return {"ran": False, "why": fix.get("skipped") or fix.get("error")}
    run = fix.get("run") or {}
    return {
        "ran": True,
        "environment_via": fix.get("environment_via"),
        "bug_check": {k: v for k, v in (fix.get("bug_check") or {}).items() if k != "messages"},
        "exit_code": fix.get("exit_code"),
        "killed_at_limit": fix.get("killed_at_limit"),
        "outcome": run.get("outcome"),
        "detail": (run.get("detail") or "")[:400],
        "sandbox": run.get("sandbox"),
        "baseline_failing": (run.get("baseline_failing") or [])[:10],
        "baseline_named": named(fix),
        "environment_error": fix.get("environment_error"),
        "fixed": fix.get("fixed"),
        "right": fix.get("right"),
        "iterations": run.get("iterations"),
        "wall_s": fix.get("wall_s"),
        "command": fix.get("command"),
    }


def summary(projects: list[Project]) -> dict[str, Any]:
    """The top-level figures: each sandbox's identical suites, and the fix runs made with
    the fix loop's own sandbox choice."""
    suites = {p.name: load_part(p, "suites") for p in projects}
    return {"sandboxes": sandbox_figures(projects, suites), **fix_figures(projects, suites, "fix")}


def sandbox_figures(projects: list[Project], suites: dict[str, dict[str, Any] | None]) -> dict[str, Any]:
    sandboxes: dict[str, Any] = {}
    for kind in SANDBOXES:
        identical, differing, unmeasured = [], {}, []
        from_checkout: dict[str, int] = {}
        refused: dict[str, str] = {}
        for project in projects:
            run = ((suites[project.name] or {}).get("runs") or {}).get(kind) or {}
            count = (run.get("imports") or {}).get("checkout", 0)
            if count:
                from_checkout[project.name] = count
            saved = suites[project.name]
            verdict = current_comparison(saved).get(kind) if saved is not None else None
            if verdict is not None and verdict.get("verdict_refused"):
                refused[project.name] = verdict["verdict_refused"]
            if verdict is None or verdict.get("identical") is None:
                unmeasured.append(project.name)
            elif verdict["identical"]:
                identical.append(project.name)
            else:
                differing[project.name] = differing_entry(verdict)
        sandboxes[kind] = {
            "identical": len(identical),
            "of": len(projects) - len(unmeasured),
            "identical_projects": identical,
            "differing_projects": differing,
            "not_measured": unmeasured,
            # Modules of the project the sandboxed run (in a worktree) imported from the user's
            # checkout instead (editable installs): same code here, the wrong code once edited.
            "imported_from_checkout": from_checkout,
            # Sets compared on the benchmark probe's outcomes: the verdict refused to sign
            # the run (outside too), so the fix loop can never see these suites green.
            "verdict_refused": refused,
        }
    return sandboxes


def differing_entry(verdict: dict[str, Any]) -> dict[str, Any]:
    """A differing project's count of differences and how many each cause explains."""
    found = verdict.get("differences", [])
    causes = {cause: group["count"] for cause, group in grouped_differences(found).items()}
    return {
        "differences": len(found),
        "causes": causes,
        **({"why": verdict["why"]} if verdict.get("why") else {}),
    }


def fix_figures(
    projects: list[Project], suites: dict[str, dict[str, Any] | None], part: str
) -> dict[str, Any]:
    """The fix runs saved as `part`: bug runs, named baselines, environment errors, fixes."""
    fixes = {p.name: load_part(p, part) for p in projects}
    runs = [f for f in fixes.values() if f is not None and "run" in f]
    for fix in runs:  # recomputed with the current rule, from what the run recorded
        fix["baseline_named"] = named(fix)
    fixed = [f for f in runs if f.get("fixed")]
    right = [f for f in fixed if (f.get("right") or {}).get("right")]
    given_up = [f for f in runs if not f.get("fixed")]
    clean_outside = [f for f in runs if _outside_clean(suites.get(f["name"]))]
    outcomes: dict[str, int] = {}
    for fix in runs:
        outcome = str((fix.get("run") or {}).get("outcome") or "none")
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    return {
        "injected": len(runs),
        "outcomes": outcomes,
        "baseline_named": sum(bool(f.get("baseline_named")) for f in runs),
        "environment_errors": sum(bool(f.get("environment_error")) for f in runs),
        "environment_errors_where_outside_clean": sum(
            bool(f.get("environment_error")) for f in clean_outside
        ),
        "fixed": len(fixed),
        "fixed_right": len(right),
        "fix_rate": round(len(fixed) / len(runs), 3) if runs else None,
        "median_wall_s": _median([f.get("wall_s") for f in runs]),
        "median_fixed_wall_s": _median([f.get("wall_s") for f in fixed]),
        "median_give_up_s": _median([f.get("wall_s") for f in given_up]),
    }


def landlock_fix_figures(projects: list[Project]) -> dict[str, Any]:
    """The same figures for fix runs pinned to Landlock, when some were made."""
    if not any(load_part(p, "fix-landlock") is not None for p in projects):
        return {}
    suites = {p.name: load_part(p, "suites") for p in projects}
    return {"fix_runs_on_landlock": fix_figures(projects, suites, "fix-landlock")}


def _outside_clean(suites: dict[str, Any] | None) -> bool:
    """The unmodified suite had no failure outside any sandbox."""
    outside = ((suites or {}).get("runs") or {}).get("outside") or {}
    return outside.get("report") == "read" and (outside.get("counts") or {}).get("fail") == 0


def _earlier(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _median(values: Sequence[Any]) -> float | None:
    numbers = [float(v) for v in values if isinstance(v, int | float)]
    return round(statistics.median(numbers), 1) if numbers else None


def commands(projects: list[Project]) -> list[str]:
    """The commands that produced the saved results, in order, without repeats (the projects
    were prepared beforehand, outside the repository)."""
    seen: list[str] = []
    for part in ("suites", "fix", "fix-landlock"):
        for project in projects:
            data = load_part(project, part) or {}
            command = data.get("command")
            if isinstance(command, str) and command not in seen:
                seen.append(command)
    seen.append("python -m bench.fidelity report")
    return seen


def machine() -> dict[str, Any]:
    from devagent.tools.sandbox import choose_sandbox

    landlock = choose_sandbox("bwrap", "landlock").record()
    return {
        "platform": f"{platform.machine()}, {os.cpu_count()} cores (shared with other developers), "
        f"Linux {platform.release()}",
        "dev_agent_python": platform.python_version(),
        "projects_python": "python3.11 venvs (pyenv 3.11.7)",
        "bwrap": _bwrap_version(),
        "landlock": {k: landlock.get(k) for k in landlock if k not in ("passed_over", "problem", "enabled")},
        "runs": "one suite at a time; timings vary with the other developers' load",
    }


def _bwrap_version() -> str:
    """What `bwrap --version` says, or that this machine has none (a fresh one has not)."""
    if shutil.which("bwrap") is None:
        return "not installed"
    found = subprocess.run(["bwrap", "--version"], capture_output=True, text=True, check=False)
    return found.stdout.strip() or found.stderr.strip()


def _misses_data(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    raw = load_yaml(path.read_text(encoding="utf-8")) or {}
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: must be a mapping with `causes` and `fixed`")
    return raw


def fixed_during_measurement(path: Path = MISSES_FILE) -> list[Any]:
    """misses.yaml's `fixed`: differences the first runs showed whose cause was fixed, the
    project re-measured since."""
    fixed = _misses_data(path).get("fixed") or []
    return list(fixed) if isinstance(fixed, list) else []


def explanations(path: Path = MISSES_FILE) -> dict[str, dict[str, str]]:
    """misses.yaml's `causes`: {project: {bwrap | landlock | fix | fix-landlock: the cause}}."""
    raw = _misses_data(path).get("causes") or {}
    if not isinstance(raw, dict) or not all(
        isinstance(v, dict) and all(isinstance(c, str) for c in v.values()) for v in raw.values()
    ):
        raise ValueError(f"{path}: must map each project to {{where: cause}}")
    return {str(k): {str(w): c for w, c in v.items()} for k, v in raw.items()}


def misses(
    projects: list[Project], explained: dict[str, dict[str, str]] | None = None
) -> list[dict[str, Any]]:
    """Every miss of a goal: a sandbox whose sets differ from the run outside, a fix run whose
    baseline did not name the injected test, or that ended on an environment error where the
    unmodified suite was clean outside; each with the cause found (misses.yaml), else what the
    measurement itself says."""
    explained = explanations() if explained is None else explained
    found: list[dict[str, Any]] = []
    for project in projects:
        said = explained.get(project.name, {})
        suites = load_part(project, "suites")
        comparison = current_comparison(suites) if suites is not None else {}
        for kind in SANDBOXES:
            verdict = comparison.get(kind)
            if verdict is None or verdict.get("identical") is not False:
                continue
            entry = differing_entry(verdict)
            measured = entry.get("why") or ", ".join(f"{c} ({n})" for c, n in entry["causes"].items())
            found.append(_miss(project.name, kind, "identical sets", measured, said))
        for part in ("fix", "fix-landlock"):
            fix = load_part(project, part)
            if fix is None or "run" not in fix:
                continue
            run = fix.get("run") or {}
            if not named(fix):
                failing = (run.get("baseline_failing") or [])[:3]
                measured = f"baseline failing: {failing}; outcome {run.get('outcome')}"
                found.append(_miss(project.name, part, "baseline names the injected test", measured, said))
            if fix.get("environment_error") and _outside_clean(suites):
                measured = (run.get("detail") or "")[:MESSAGE_CHARS]
                found.append(_miss(project.name, part, "no environment error", measured, said))
    return found


def _miss(name: str, where: str, goal: str, measured: str, said: dict[str, str]) -> dict[str, Any]:
    return {"project": name, "where": where, "goal": goal, "measured": measured, "cause": said.get(where, "")}


def head_commit() -> str | None:
    proc = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return proc.stdout.strip() or None


def build(projects: list[Project]) -> dict[str, Any]:
    per_project = []
    for project in projects:
        per_project.append(
            {
                "name": project.name,
                "repo": project.repo,
                "commit": project.commit,
                "layout": project.layout,
                "features": list(project.features),
                "test_command": project.test_command,
                "suite_note": project.suite_note or "the whole suite",
                "bug": project.bug.model_dump() if project.bug is not None else None,
                "suite": suite_detail(load_part(project, "suites")),
                "fix": fix_detail(load_part(project, "fix")),
                **(
                    {"fix_landlock": fix_detail(load_part(project, "fix-landlock"))}
                    if load_part(project, "fix-landlock") is not None
                    else {}
                ),
            }
        )
    return {
        "measurement": MEASUREMENT,
        "note": (
            "dev-agent with issue 38's project environment (--python / shell.python), worktree "
            "imports, private loopback and baseline triage; the projects were prepared beforehand "
            "outside the repository (--projects-dir). 'before': the same projects measured without "
            "those changes, kept as they were."
        ),
        "measured": datetime.now(UTC).isoformat(timespec="seconds"),
        "dev_agent_commit": head_commit(),
        "data_file": str(DATA_FILE.relative_to(ROOT)),
        "projects": len(projects),
        **summary(projects),
        **landlock_fix_figures(projects),
        "misses": misses(projects),
        "fixed_during_measurement": fixed_during_measurement(),
        "measurement_notes": list(_misses_data(MISSES_FILE).get("notes") or []),
        "commands": commands(projects),
        "machine": machine(),
        "dropped_candidates": [d.model_dump() for d in load_dropped()],
        "per_project": per_project,
    }


def _recorded(entry: dict[str, Any]) -> bool:
    """Whether a per_project entry of a results file holds a measurement."""
    suite, fix = entry.get("suite") or {}, entry.get("fix") or {}
    return bool(suite.get("measured")) or bool(fix.get("ran"))


def write_results(projects: list[Project], path: Path = RESULTS) -> bool:
    """`path` rewritten from the saved parts (its `before` key, when it has one, kept as
    is); False, and `path` untouched, when it records projects this machine has no saved
    part of: the parts live beside the projects (not committed), so a machine that ran one
    project would otherwise write every other one as not measured."""
    earlier = _earlier(path)
    here = {p.name: p for p in projects}
    missing = [
        str(entry.get("name"))
        for entry in earlier.get("per_project") or []
        if isinstance(entry, dict) and _recorded(entry)
        and (project := here.get(str(entry.get("name")))) is not None
        and all(load_part(project, part) is None for part in ("suites", "fix"))
    ]  # fmt: skip
    if missing:
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        print(
            f"bench.fidelity: {shown} not rewritten: it records {len(missing)} projects whose runs "
            f"this machine has not saved ({', '.join(missing)}) under {projects[0].home.parent}; "
            "this run's own are saved there",
            file=sys.stderr,
        )
        return False
    data = build(projects)
    before = earlier.get("before")
    if before is not None:
        data["before"] = before
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)
    print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}", file=sys.stderr)
    return True
