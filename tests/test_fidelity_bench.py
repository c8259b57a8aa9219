"""The fidelity benchmark's own logic (bench/fidelity/): its data file, the injected bugs,
the comparison of outcome sets, reading run logs and the figures of the results file.
Fast: no network, no fetched code, no suite is run (python -m bench.fidelity does that)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench.fidelity import compare, projects, results
from bench.fidelity.fix import (
    BugError,
    bug_check_command,
    dev_agent_argv,
    inject,
    reset_checkout,
    run_environment,
)
from bench.fidelity.projects import (
    FEATURES,
    Bug,
    ProjectsError,
    load_dropped,
    load_projects,
    not_prepared,
    uncovered,
)
from bench.fidelity.runlogs import newest_log, read_records, summarize
from bench.repair.peer_common import git_ok
from devagent.runlog import RunLog

ROOT = Path(__file__).resolve().parents[1]
# Kept out of the benchmark for an independent check (issue 38, section 5).
RESERVED = ("more-itertools", "boltons", "tomli", "toolz", "pluggy", "quixbugs", "humaneval")

ENTRY = """\
  - name: {name}
    repo: owner/{name}
    commit: {commit}
    layout: src
    features: [src-layout]
    test_command: "python -m pytest"
"""


def write_data(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "projects.yaml"
    path.write_text(body, encoding="utf-8")
    return path


# ------------------------------------------------------------------------------ the data file


def test_the_committed_set_covers_every_feature_with_a_bug_each_and_no_reserved_project() -> None:
    found = load_projects()
    assert len(found) >= 12
    assert uncovered(found) == []
    assert all(p.bug is not None for p in found), [p.name for p in found if p.bug is None]
    names = " ".join(f"{p.name} {p.repo}".lower() for p in found)
    assert not [r for r in RESERVED if r in names]
    assert {p.layout for p in found} == {"src", "flat"}
    assert load_dropped(), "the candidates left out are kept with their reason"


def test_a_bug_is_one_whole_line_of_its_file() -> None:
    bug = Bug(
        file="pkg/m.py", original="    return a + b", replacement="    return a - b", test="t.py::test_add"
    )
    text = "def add(a, b):\n    return a + b\n"
    assert inject(text, bug) == "def add(a, b):\n    return a - b\n"
    with pytest.raises(BugError, match="occurs 0 times"):
        inject("def add(a, b):\n        return a + b\n", bug)  # other indentation: not the line
    with pytest.raises(BugError, match="occurs 2 times"):
        inject(text + text, bug)


def test_the_bug_check_runs_the_injected_test_alone_with_the_projects_pytest() -> None:
    found = {p.name: p for p in load_projects()}
    anyio, h11 = found["anyio"], found["h11"]
    assert anyio.bug is not None and h11.bug is not None
    assert bug_check_command(anyio, anyio.bug) == f"python -m pytest {anyio.bug.test}"
    assert (
        bug_check_command(h11, h11.bug)
        == "python -m pytest h11/tests/test_headers.py::test_normalize_and_validate"
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("projects: [", "not valid YAML"),
        ("projects: []\n", "projects: Tuple should have at least 1 item"),
        (
            "projects:\n" + ENTRY.format(name="a", commit="abc"),
            "projects[0] (a).commit: Value error, must be a full 40-hex commit",
        ),
        (
            "projects:\n" + ENTRY.format(name="a", commit="a" * 40).replace("src-layout]", "gpu]"),
            "projects[0] (a).features[0]: Input should be",
        ),
        (
            "projects:\n"
            + ENTRY.format(name="a", commit="a" * 40)
            + "    bug: {file: /etc/passwd, original: x, replacement: y, test: t}\n",
            "projects[0] (a).bug.file: Value error, must be a path inside the repository",
        ),
        (
            "projects:\n" + ENTRY.format(name="a", commit="a" * 40) + ENTRY.format(name="a", commit="b" * 40),
            "project name(s) used twice: a",
        ),
    ],
)
def test_a_bad_data_file_is_one_line_naming_the_file_and_the_entry(
    tmp_path: Path, body: str, message: str
) -> None:
    path = write_data(tmp_path, body)
    with pytest.raises(ProjectsError) as caught:
        load_projects(path)
    assert str(caught.value).startswith(f"{path}: ")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_uncovered_names_the_missing_features(tmp_path: Path) -> None:
    found = load_projects(write_data(tmp_path, "projects:\n" + ENTRY.format(name="a", commit="a" * 40)))
    assert uncovered(found) == [f for f in FEATURES if f != "src-layout"]


def test_the_cli_refuses_an_unknown_project_in_one_line_with_exit_3() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bench.fidelity", "suites", "--projects", "no-such-project"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 3
    assert proc.stderr.strip().startswith("bench.fidelity: unknown project(s): no-such-project (known: ")
    assert len(proc.stderr.strip().splitlines()) == 1


def test_the_data_file_holds_no_recipe_that_builds_the_fetched_code() -> None:
    text = (ROOT / "bench" / "fidelity" / "projects.yaml").read_text(encoding="utf-8")
    assert "pip_install" not in text and "pip install" not in text
    assert not (ROOT / "bench" / "fidelity" / "prepare.py").exists()


def prepared(home: Path, name: str, *, fix: bool) -> None:
    """<home>/<name> laid out as the benchmark takes it: a git checkout and a venv's python."""
    for base in [home / name, *([home / name / "fix"] if fix else [])]:
        (base / "repo").mkdir(parents=True)
        git_ok(base / "repo", "init", "-q")
        (base / "venv" / "bin").mkdir(parents=True)
        (base / "venv" / "bin" / "python").write_text("", encoding="utf-8")


def test_a_project_not_prepared_is_named_with_what_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(projects, "HOME", tmp_path)
    project = load_projects(write_data(tmp_path, "projects:\n" + ENTRY.format(name="a", commit="a" * 40)))[0]
    assert not_prepared(project) == (
        f"a is not prepared: no git checkout at {tmp_path / 'a' / 'repo'} "
        "(lay it out first: README.md, the bench.fidelity entry)"
    )
    prepared(tmp_path, "a", fix=False)
    assert not_prepared(project) is None
    problem = not_prepared(project, for_fix=True)
    assert problem is not None and f"no git checkout at {tmp_path / 'a' / 'fix' / 'repo'}" in problem
    (tmp_path / "a" / "venv" / "bin" / "python").unlink()
    assert f"no virtualenv at {tmp_path / 'a' / 'venv'}/bin/python" in (not_prepared(project) or "")


@pytest.mark.parametrize("command", ["suites", "fix"])
def test_the_cli_refuses_a_project_not_prepared_in_one_line_with_exit_3(tmp_path: Path, command: str) -> None:
    prepared(tmp_path, "h11", fix=False)  # enough for suites, not for fix: the next one is missing
    args = [command, "--projects", "h11", "waitress", "--projects-dir", str(tmp_path)]
    proc = subprocess.run(
        [sys.executable, "-m", "bench.fidelity", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 3
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    missing = "h11/fix/repo" if command == "fix" else "waitress/repo"
    assert lines[0].startswith(
        f"bench.fidelity: {missing.split('/')[0]} is not prepared: no git checkout at "
    )
    assert lines[0].split(" at ", 1)[1].startswith(str(tmp_path / missing))


def test_a_fix_clone_is_reset_to_the_pinned_commit_keeping_only_ignored_files(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    git_ok(repo, "init", "-q", "-b", "main")
    (repo / ".gitignore").write_text("_version.py\n", encoding="utf-8")
    (repo / "m.py").write_text("x = 1\n", encoding="utf-8")
    git_ok(repo, "add", "-A")
    git_ok(repo, "commit", "-q", "-m", "pinned")
    pinned = git_ok(repo, "rev-parse", "HEAD")
    # an earlier run: the bug committed, a branch and a worktree of the agent, droppings
    (repo / "m.py").write_text("x = 2\n", encoding="utf-8")
    git_ok(repo, "commit", "-q", "-am", "bug")
    git_ok(repo, "worktree", "add", "-q", "-b", "dev-agent/fix-1", str(tmp_path / "wt"))
    (repo / "_version.py").write_text("v = '1'\n", encoding="utf-8")  # generated by the install
    (repo / "stray.txt").write_text("left\n", encoding="utf-8")
    reset_checkout(repo, pinned)
    assert git_ok(repo, "rev-parse", "HEAD") == pinned
    assert git_ok(repo, "rev-parse", "--abbrev-ref", "HEAD") == "main"
    assert git_ok(repo, "for-each-ref", "--format=%(refname:short)", "refs/heads/") == "main"
    assert not (tmp_path / "wt").exists() and len(git_ok(repo, "worktree", "list").splitlines()) == 1
    assert (repo / "_version.py").exists() and not (repo / "stray.txt").exists()
    assert (repo / "m.py").read_text(encoding="utf-8") == "x = 1\n"


# ---------------------------------------------------------------------------- comparing sets


def test_outcomes_fold_into_pass_fail_skip_and_a_broken_file_is_one_failure() -> None:
    outcomes = {"a": "passed", "b": "xfailed", "c": "error", "d": "failed", "e": "skipped", "f": "xpassed"}
    folded = compare.categories(outcomes, ["tests/test_x.py"])
    assert compare.sets_of(folded) == {
        "pass": ["a", "f"],
        "fail": ["c", "d", "tests/test_x.py (collection error)"],
        "skip": ["b", "e"],
    }


def test_every_difference_is_listed_with_the_failing_sides_text_and_a_cause() -> None:
    outside = {"t1": "pass", "t2": "pass", "t3": "pass", "t4": "fail", "t5": "pass", "t6": "pass"}
    inside = {"t1": "pass", "t2": "fail", "t3": "fail", "t4": "pass", "t6": "skip"}
    messages = {
        "t2": "OSError: [Errno 97] Address family not supported by protocol",
        "t3": "OSError: [Errno 30] Read-only file system: '/root/.cache/x'",
    }
    skips = {"t6": "Skipped: IPv6 is not available"}
    diffs = compare.differences(outside, inside, {"t4": "assert 1 == 2"}, messages, skips)
    assert [(d.test, d.outside, d.inside, d.cause) for d in diffs] == [
        ("t2", "pass", "fail", "socket refused by the sandbox"),
        ("t3", "pass", "fail", "read-only file system"),
        ("t4", "fail", "pass", "fails outside the sandbox only (flaky, or depends on the host)"),
        (
            "t5",
            "pass",
            "absent",
            "not collected in one run (the run stopped early, or the test id is not stable)",
        ),
        ("t6", "pass", "skip", "skipped in the sandbox only: IPv6 is not available"),
    ]
    assert diffs[0].message == messages["t2"]
    assert diffs[2].message == "assert 1 == 2"
    assert compare.differences(outside, dict(outside), {}, {}) == []


@pytest.mark.parametrize(
    ("message", "cause"),
    [
        ("ModuleNotFoundError: No module named 'waitress'", "import error"),
        ("PermissionError: [Errno 13] Permission denied: '/work/x'", "permission denied on a path"),
        ("ConnectionRefusedError: [Errno 111] Connection refused", "socket refused by the sandbox"),
        ("Failed: Timeout >20.0s", "timeout"),
        ("raise Empty\nE   _queue.Empty", "a server in a child process never answered (its socket refused)"),
        ("AssertionError: assert 3 == 4", "other (see message)"),
    ],
)
def test_causes_are_guessed_from_the_failure_text(message: str, cause: str) -> None:
    assert compare.guess_cause("pass", "fail", message) == cause


def test_a_test_function_named_without_parameters_covers_its_cases() -> None:
    assert compare.names_test("t.py::test_f", "t.py::test_f[1-2]")
    assert compare.names_test("t.py::test_f[1-2]", "t.py::test_f[1-2]")
    assert not compare.names_test("t.py::test_f[1-2]", "t.py::test_f[3-4]")
    assert not compare.names_test("t.py::test_f", "t.py::test_fg")


def test_the_baseline_names_the_injected_test_only_by_a_case_the_bug_fails() -> None:
    outside = ["t.py::test_f[a]", "t.py::test_other"]
    assert compare.baseline_names("t.py::test_f", ["t.py::test_f[a]"], outside)
    # another case of the same function, failing for another reason, does not count
    assert not compare.baseline_names("t.py::test_f", ["t.py::test_f[b]"], outside)
    assert not compare.baseline_names("t.py::test_f", [], outside)
    assert compare.baseline_names("t.py::test_f", ["t.py::test_f[b]"], [])  # no outside check


def test_runs_whose_report_the_verdict_refused_are_compared_on_the_probes_outcomes() -> None:
    from bench.fidelity.suites import compare_runs

    refusal = "pytest's report is not signed: the tests imported _testcapi"

    def run(categories: dict[str, str]) -> dict[str, object]:
        return {"available": True, "report": refusal, "categories": categories, "probe": {}}

    same = compare_runs({"outside": run({"t": "pass"}), "bwrap": run({"t": "pass"})})["bwrap"]
    assert same == {"identical": True, "differences": [], "verdict_refused": refusal}
    other = compare_runs({"outside": run({"t": "pass"}), "bwrap": run({"t": "fail"})})["bwrap"]
    assert other["identical"] is False and other["differences"][0]["test"] == "t"
    # a run saved with no sets but the probe's outcomes is compared on those
    saved = {"available": True, "report": refusal, "categories": {}, "probe": {"outcomes": {"t": "passed"}}}
    assert compare_runs({"outside": saved, "bwrap": run({"t": "pass"})})["bwrap"]["identical"] is True
    nothing = compare_runs({"outside": run({}), "bwrap": run({"t": "pass"})})["bwrap"]
    assert nothing == {"identical": False, "why": f"no test report: {refusal}", "differences": []}


def test_the_probe_records_each_tests_outcome_in_a_real_pytest_run(tmp_path: Path) -> None:
    from bench.fidelity.suites import PROBE_DIR

    (tmp_path / "test_some.py").write_text(
        "import pytest\n"
        "def test_ok(): pass\n"
        "def test_bad(): assert False\n"
        "@pytest.mark.skip(reason='no')\n"
        "def test_skip(): pass\n"
        "@pytest.mark.xfail\n"
        "def test_xfail(): assert False\n"
        "@pytest.fixture\n"
        "def broken(): raise RuntimeError('setup')\n"
        "def test_error(broken): pass\n",
        encoding="utf-8",
    )
    out = tmp_path / "probe.json"
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(PROBE_DIR), "FIDELITY_PROBE_OUT": str(out)}
    subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "_fidelity_probe", "-p", "no:cacheprovider"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        timeout=120,
        check=False,
    )
    outcomes = json.loads(out.read_text(encoding="utf-8"))["outcomes"]
    assert outcomes == {
        "test_some.py::test_ok": "passed",
        "test_some.py::test_bad": "failed",
        "test_some.py::test_skip": "skipped",
        "test_some.py::test_xfail": "xfailed",
        "test_some.py::test_error": "error",
    }


# ------------------------------------------------------------------------------- run logs


def write_run(runs: Path, run_id: str, failing: list[str], outcome: str, exit_code: int) -> Path:
    """A run log written by dev-agent's own RunLog, with the records a fix run writes."""
    log = RunLog(runs, run_id)
    log.write(
        "Orchestrator", "run_started", {"run_id": run_id, "sandbox": {"kind": "bwrap"}, "test_command": "t"}
    )
    log.write("ShellTool", "baseline", {"failing": failing, "passing": ["p"], "broken_files": []})
    log.write("ShellTool", "verdict", {"green": False, "reason": "r", "fixed": [], "ran": 1})
    log.write(
        "Orchestrator",
        "run_finished",
        {
            "outcome": outcome,
            "exit_code": exit_code,
            "detail": "d",
            "branch": "b",
            "commits": ["c1"],
            "iterations": 2,
        },
    )
    log.close()
    return log.path


def test_a_run_log_says_whether_the_baseline_named_the_test_and_how_the_run_ended(tmp_path: Path) -> None:
    path = write_run(tmp_path, "20260101-000000-0001", ["t.py::test_f[2]"], "approved", 0)
    summary = summarize(read_records(path))
    assert (summary.run_id, summary.sandbox, summary.outcome, summary.exit_code) == (
        "20260101-000000-0001",
        "bwrap",
        "approved",
        0,
    )
    assert summary.names("t.py::test_f") and not summary.names("t.py::test_g")
    assert not summary.environment_error
    assert (summary.branch, summary.commits, summary.iterations, summary.verdicts) == ("b", ["c1"], 2, 1)
    assert summary.log_seconds is not None and summary.log_seconds >= 0


def test_an_environment_error_is_read_from_the_outcome_or_the_exit_code(tmp_path: Path) -> None:
    by_outcome = summarize(read_records(write_run(tmp_path, "r1", [], "environment_error", 10)))
    by_code = summarize(read_records(write_run(tmp_path, "r2", [], "something_new", 10)))
    assert by_outcome.environment_error and by_code.environment_error
    assert newest_log(tmp_path) is not None


def test_a_torn_last_line_is_skipped(tmp_path: Path) -> None:
    path = write_run(tmp_path, "r1", ["t.py::test_a"], "max_iterations", 1)
    with path.open("ab") as handle:
        handle.write(b'{"type": "run_fin')
    summary = summarize(read_records(path))
    assert summary.baseline_failing == ["t.py::test_a"] and summary.exit_code == 1


# ------------------------------------------------------------------------------ the figures


def test_the_summary_counts_identical_projects_named_baselines_and_environment_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(projects, "HOME", tmp_path)
    found = load_projects(
        write_data(
            tmp_path,
            "projects:\n" + ENTRY.format(name="a", commit="a" * 40) + ENTRY.format(name="b", commit="b" * 40),
        )
    )

    def run(categories: dict[str, str], failures: dict[str, str] | None = None) -> dict[str, object]:
        return {
            "available": True,
            "report": "read",
            "categories": categories,
            "counts": compare.counts(categories),
            "probe": {"failures": failures or {}},
        }

    unavailable = {"kind": "landlock", "available": False, "why": "no Landlock here"}
    results.save_project(
        found[0],
        "suites",
        {"runs": {"outside": run({"t": "pass"}), "bwrap": run({"t": "pass"}), "landlock": unavailable}},
    )
    refused = "OSError: [Errno 97] Address family not supported by protocol"
    results.save_project(
        found[1],
        "suites",
        {
            "runs": {
                "outside": run({"t": "pass"}),
                "bwrap": run({"t": "pass"}),
                "landlock": run({"t": "fail"}, {"t": refused}),
            }
        },
    )
    results.save_project(
        found[0],
        "fix",
        {
            "bug": {"test": "t.py::test_a"},
            "bug_check": {"failing": ["t.py::test_a"]},
            "name": "a",
            "run": {"baseline_failing": ["t.py::test_a"]},
            "baseline_named": True,
            "fixed": True,
            "wall_s": 10.0,
            "right": {"right": True},
        },
    )
    results.save_project(
        found[1],
        "fix",
        {
            "name": "b",
            "run": {},
            "baseline_named": False,
            "environment_error": True,
            "fixed": False,
            "wall_s": 30.0,
        },
    )
    figures = results.summary(found)
    assert figures["sandboxes"]["bwrap"]["identical"] == 2
    assert figures["sandboxes"]["landlock"] == {
        "identical": 0,
        "of": 1,
        "identical_projects": [],
        "differing_projects": {"b": {"differences": 1, "causes": {"socket refused by the sandbox": 1}}},
        "not_measured": ["a"],
        "imported_from_checkout": {},
        "verdict_refused": {},
    }
    assert (figures["injected"], figures["baseline_named"], figures["environment_errors"]) == (2, 1, 1)
    assert figures["environment_errors_where_outside_clean"] == 1
    missed = results.misses(found, {"b": {"landlock": "the cause found"}})
    assert [(m["project"], m["where"], m["goal"], m["cause"]) for m in missed] == [
        ("b", "landlock", "identical sets", "the cause found"),
        ("b", "fix", "baseline names the injected test", ""),
        ("b", "fix", "no environment error", ""),
    ]
    assert missed[0]["measured"] == "socket refused by the sandbox (1)"
    assert (figures["fixed"], figures["fixed_right"], figures["median_give_up_s"]) == (1, 1, 30.0)
    diff = {
        "test": "t",
        "outside": "pass",
        "inside": "fail",
        "cause": "socket refused by the sandbox",
        "message": "x",
    }
    grouped = results.grouped_differences([diff, {**diff, "test": "u", "message": ""}])
    assert grouped == {
        "socket refused by the sandbox": {
            "count": 2,
            "tests": ["t: pass -> fail", "u: pass -> fail"],
            "example": "x",
        }
    }


def test_a_recheck_counts_a_fix_labelled_for_review_and_checks_its_branch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Control flow only (the branch check is replaced: it runs the project's suite)."""
    from bench.fidelity import fix

    monkeypatch.setattr(projects, "HOME", tmp_path)
    entry = (
        ENTRY.format(name="a", commit="a" * 40)
        + "    bug: {file: m.py, original: x, replacement: y, test: t}\n"
    )
    project = load_projects(write_data(tmp_path, "projects:\n" + entry))[0]
    run = {"outcome": "approved_needs_review", "commits": ["c1"], "branch": "dev-agent/fix-1"}
    results.save_project(project, "fix", {"name": "a", "run": run, "fixed": False, "right": None})
    checked: list[str | None] = []

    def fake_right(_project: object, branch: str | None, _bug: object) -> dict[str, object]:
        checked.append(branch)
        return {"right": True}

    monkeypatch.setattr(fix, "fix_is_right", fake_right)
    monkeypatch.setattr(fix, "write_results", lambda _projects: None)
    monkeypatch.setattr(projects, "DATA_FILE", tmp_path / "projects.yaml")
    monkeypatch.setattr("bench.fidelity.projects.load_projects", lambda: [project])
    assert fix.recheck([project]) == 0
    saved = results.load_part(project, "fix") or {}
    assert saved["fixed"] is True and saved["right"] == {"right": True} and checked == ["dev-agent/fix-1"]
    results.save_project(project, "fix", {"name": "a", "run": {**run, "outcome": "stalled"}, "right": {}})
    fix.recheck([project])
    assert checked == ["dev-agent/fix-1"]  # a run that fixed nothing is not checked
    assert (results.load_part(project, "fix") or {})["right"] is None


def test_the_causes_found_are_read_from_misses_yaml(tmp_path: Path) -> None:
    path = tmp_path / "misses.yaml"
    path.write_text(
        "causes:\n  a: {landlock: 'a fixed /tmp path'}\nfixed:\n  - {project: b, where: bwrap}\n",
        encoding="utf-8",
    )
    assert results.explanations(path) == {"a": {"landlock": "a fixed /tmp path"}}
    assert results.fixed_during_measurement(path) == [{"project": "b", "where": "bwrap"}]
    path.write_text("causes:\n  a: [not, a, mapping]\n", encoding="utf-8")
    with pytest.raises(ValueError, match="must map each project"):
        results.explanations(path)
    assert isinstance(results.explanations(), dict)  # the committed file is well formed
    assert all(isinstance(entry, dict) for entry in results.fixed_during_measurement())


def test_the_fix_run_activates_the_venv_only_without_the_python_flag(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(projects, "HOME", tmp_path)
    project = load_projects(write_data(tmp_path, "projects:\n" + ENTRY.format(name="a", commit="a" * 40)))[0]
    activated = run_environment(project, python_flag=False)
    assert activated["VIRTUAL_ENV"] == str(tmp_path / "a" / "fix" / "venv")
    assert activated["PATH"].startswith(f"{tmp_path / 'a' / 'fix' / 'venv' / 'bin'}:")
    assert "VIRTUAL_ENV" not in run_environment(project, python_flag=True)
    monkeypatch.setenv("DEV_AGENT_SANDBOX", "bwrap")  # the user's own pin does not leak in
    assert "DEV_AGENT_SANDBOX" not in run_environment(project, python_flag=True)
    assert run_environment(project, python_flag=True, sandbox="landlock")["DEV_AGENT_SANDBOX"] == "landlock"
    argv = dev_agent_argv(project, python_flag=True)
    assert argv[argv.index("--python") + 1] == str(tmp_path / "a" / "fix" / "venv" / "bin" / "python")
    assert argv[argv.index("--test-command") + 1] == "python -m pytest --maxfail=1 -q"
    assert "--python" not in dev_agent_argv(project, python_flag=False)


def test_a_results_file_written_from_saved_parts_is_valid_json_with_the_required_keys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(projects, "HOME", tmp_path)
    out = tmp_path / "fidelity.json"
    earlier = {"measurement": "before", "projects": 13, "sandboxes": {"bwrap": {"identical": 13}}}
    out.write_text(json.dumps({"measurement": "after", "before": earlier}), encoding="utf-8")
    results.write_results(load_projects(), out)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["before"] == earlier and data["measurement"] == "after"  # kept as it was
    for key in (
        "projects",
        "sandboxes",
        "injected",
        "baseline_named",
        "environment_errors",
        "environment_errors_where_outside_clean",
        "fix_rate",
        "median_wall_s",
        "median_give_up_s",
        "misses",
        "commands",
        "dev_agent_commit",
        "machine",
    ):
        assert key in data
    assert set(data["sandboxes"]) == {"bwrap", "landlock"}
    assert all("identical" in entry for entry in data["sandboxes"].values())
    assert data["projects"] == len(data["per_project"]) >= 12


def test_the_machine_record_says_bubblewrap_is_not_installed_where_it_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fresh machine has no bwrap: the results still record the machine (no crash)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("git", "python3"):  # what choose_sandbox and its probe may start
        found = shutil.which(tool)
        if found:
            (bin_dir / tool).symlink_to(found)
    monkeypatch.setenv("PATH", str(bin_dir))
    assert results.machine()["bwrap"] == "not installed"


def test_a_machine_without_the_other_projects_saved_runs_does_not_erase_their_results(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`fix --projects humanize` on a fresh machine (the other twelve projects' saved runs
    are on the machine that measured them) rewrote fidelity.json with those twelve "not
    measured": the committed measurements were gone. Now the file is left as it is, and the
    line says which projects' runs are missing and where this run's result was saved."""
    monkeypatch.setattr(projects, "HOME", tmp_path)
    everything = load_projects()
    measured = [
        {"name": p.name, "suite": {"measured": "2026-11-28T15:38:42Z"}, "fix": {"ran": True}}
        for p in everything
    ]
    out = tmp_path / "fidelity.json"
    text = json.dumps({"measurement": "after", "per_project": measured}, indent=2) + "\n"
    out.write_text(text, encoding="utf-8")
    humanize = next(p for p in everything if p.name == "humanize")
    results.save_project(humanize, "fix", {"skipped": "not prepared"})
    assert not results.write_results(everything, out)
    assert out.read_text(encoding="utf-8") == text
    line = capsys.readouterr().err.strip()
    assert "not rewritten" in line and "(h11, " in line, line
    assert "(humanize" not in line and ", humanize" not in line, line
    assert str(tmp_path) in line and "\n" not in line
    # Once every measured project's runs are here, the file is rewritten.
    for project in everything:
        results.save_project(project, "fix", {"skipped": "not prepared"})
        results.save_project(project, "suites", {"error": "not prepared"})
    assert results.write_results(everything, out)
    assert json.loads(out.read_text(encoding="utf-8"))["projects"] == len(everything)
