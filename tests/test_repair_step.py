"""The Repair step of the fix loop, end to end through the real CLI: fix templates find
a test-passing candidate before DevAgent is asked (scripted DevAgent and Supervisor
replies stand in for the model: deterministic control flow), the winner goes through
GitTool and the Supervisor like any patch, every candidate is logged; with no winner the
run goes on to DevAgent. And the embedded model's grammar-constrained line rewrites."""

from __future__ import annotations

import inspect
import subprocess
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from devagent.config import Config, ModelConfig, RepairConfig
from devagent.models.factory import open_backend
from devagent.repair import GUARD_EXTRA, repair
from devagent.repair.localize import SuspiciousLine
from devagent.repair.model_edits import model_candidates
from devagent.repair.search import SAME_LINE_EXTRA
from devagent.verdict import Baseline
from devagent.workflows.fix.repair_step import localisation_scope, search_options
from tests.helpers import git
from tests.scripted import APPROVAL, GOOD_DIFF, dev_patch, write_replies

Runner = Callable[..., subprocess.CompletedProcess[str]]
LogReader = Callable[[Path], list[dict[str, Any]]]


def run(
    dev_agent: Runner, repo: Path, spec: Path, model: str, repair: str
) -> subprocess.CompletedProcess[str]:
    config = repo.parent / "config.yaml"
    config.write_text(f"repair: {repair}\n")
    return dev_agent("--phase", spec, "--model", model, "--config", config, cwd=repo, timeout=300)


def test_scripted_templates_fix_calc_before_dev_agent_is_asked(
    dev_agent: Runner, run_log: LogReader, calc_example_repo: Path, phase_spec: Path, tmp_path: Path
) -> None:
    model = write_replies(tmp_path / "replies.yaml", [], [APPROVAL])  # DevAgent must not be asked
    proc = run(dev_agent, calc_example_repo, phase_spec, model, "{templates: true, model_edits: 0}")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    records = run_log(calc_example_repo / "runs")
    speakers = [r["role"] for r in records if r["type"] in ("patch", "status", "output")]
    assert "DevAgent" not in speakers
    (search,) = [r["data"] for r in records if r["type"] == "repair"]
    assert search["fixed"] == {
        "path": "calc.py",
        "line": 10,
        "template": search["fixed"]["template"],
        "candidates": search["fixed"]["candidates"],  # how many candidates the fix took
    }
    assert sum(search["families"].values()) == search["tried"]
    assert search["suspicious"][0] == {
        "path": "calc.py",
        "line": 10,
        "score": search["suspicious"][0]["score"],
    }
    tried = search["candidates"]
    took = search["fixed"]["candidates"]
    assert tried[took - 1]["passed"] and not any(c["passed"] for c in tried[: took - 1])
    # after the fix, its line's later candidates and the rest of its guard window (search.py)
    assert len(tried) == search["tried"] <= took + SAME_LINE_EXTRA + GUARD_EXTRA
    assert search["alternatives"] == sum(c["passed"] for c in tried[took:])
    (commit,) = [r["data"] for r in records if r["type"] == "commit"]
    assert commit["files"] == ["calc.py"] and commit["apply_stage"] == "strict"
    fixed = git("show", f"{commit['sha']}:calc.py", cwd=calc_example_repo)
    assert "return sum(values) / (len(values) - 1)" not in fixed
    # The test files are untouched, and the user's checkout too.
    assert git("diff", "--stat", "main", commit["sha"], "--", "tests", cwd=calc_example_repo) == ""
    assert "(len(values) - 1)" in (calc_example_repo / "calc.py").read_text()


def test_scripted_templates_fix_calc_in_an_environment_whose_pytest_plugins_load(
    dev_agent: Runner,
    run_log: LogReader,
    calc_example_repo: Path,
    phase_spec: Path,
    tmp_path: Path,
    cli_env: dict[str, str],
) -> None:
    """The suite's projects load no plugins by entry point (conftest); a user's do. With
    the setting gone, every pytest the run starts (the baseline, Repair's workers, the
    confirmation, the verdict) loads this environment's plugins (xdist, anyio): the
    project's conftest fails any run where xdist is missing, and the fix still goes green."""
    cli_env.pop("PYTEST_DISABLE_PLUGIN_AUTOLOAD", None)
    conftest = calc_example_repo / "conftest.py"
    conftest.write_text(
        conftest.read_text(encoding="utf-8") + "\n\ndef pytest_configure(config):\n"
        "    assert config.pluginmanager.hasplugin('xdist'), 'the plugins did not load'\n",
        encoding="utf-8",
    )
    git("add", "conftest.py", cwd=calc_example_repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "-m", "a plugin check", cwd=calc_example_repo)
    model = write_replies(tmp_path / "replies.yaml", [], [APPROVAL])
    proc = run(dev_agent, calc_example_repo, phase_spec, model, "{templates: true, model_edits: 0}")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    records = run_log(calc_example_repo / "runs")
    (search,) = [r["data"] for r in records if r["type"] == "repair"]
    assert search["fixed"] is not None and search["fixed"]["path"] == "calc.py"
    verdicts = [r["data"] for r in records if r["type"] == "verdict"]
    assert verdicts[0]["fixed"] == [] and verdicts[-1]["green"] is True
    assert not [r for r in records if r["type"] == "tool_call" and "plugins did not load" in str(r["data"])]


def test_scripted_no_winning_candidate_goes_on_to_dev_agent(
    dev_agent: Runner, run_log: LogReader, calc_example_repo: Path, phase_spec: Path, tmp_path: Path
) -> None:
    model = write_replies(tmp_path / "replies.yaml", [dev_patch(GOOD_DIFF)], [APPROVAL])
    proc = run(
        dev_agent,
        calc_example_repo,
        phase_spec,
        model,
        "{templates: true, model_edits: 0, max_candidates: 1}",
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    records = run_log(calc_example_repo / "runs")
    (search,) = [r["data"] for r in records if r["type"] == "repair"]
    assert search["fixed"] is None and search["tried"] == 1
    routes = [(r["data"]["from"], r["data"]["to"]) for r in records if r["type"] == "route"]
    assert routes[:3] == [("ShellTool", "Repair"), ("Repair", "DevAgent"), ("DevAgent", "GitTool")]
    finished = records[-1]["data"]
    assert finished["iterations"] == 2  # the search counts as one iteration


def test_default_sources_follow_the_dev_agent_model() -> None:
    assert RepairConfig().sources("scripted:x.yaml") == (False, 0)
    assert RepairConfig().sources("llama-cpp:embedded") == (True, 8)
    assert RepairConfig().sources("openai:qwen@http://127.0.0.1:8080/v1") == (True, 0)
    assert RepairConfig(templates=False, model_edits=3).sources("llama-cpp:embedded") == (False, 3)


@pytest.mark.model
def test_embedded_model_line_rewrites_name_only_ranked_lines(tmp_path: Path) -> None:
    source = "def mean(values):\n    total = sum(values)\n    return total / (len(values) - 1)\n"
    (tmp_path / "calc.py").write_text(source)
    backend = open_backend("llama-cpp:embedded", "DevAgent", ModelConfig(max_tokens=96), "model.dev_agent")
    ranked = [
        SuspiciousLine("calc.py", 3, 1.0, "return total / (len(values) - 1)"),
        SuspiciousLine("calc.py", 2, 0.5, ""),
    ]
    found, completions = model_candidates(backend, tmp_path, ranked, "assert mean([2, 4, 6]) == 4", samples=6)
    assert len(completions) == 6  # every sample decoded under the grammar
    assert all(c.completion_tokens > 0 for c in completions)
    for candidate in found:
        assert candidate.path == "calc.py" and candidate.edit.line in (2, 3)
        lines = candidate.content.splitlines()
        assert len(lines) == 3 and lines[candidate.edit.line - 1].startswith("    ")  # indentation kept
    assert len({c.content for c in found}) == len(found)  # duplicates dropped
    # The search's deadline bounds the sampling: none is started once it passed.
    late, late_completions = model_candidates(
        backend, tmp_path, ranked, "assert mean([2, 4, 6]) == 4", samples=6, deadline=time.monotonic() - 1
    )
    assert late == [] and late_completions == []


def _unfixable_calc(repo: Path) -> None:
    """mean() returns a constant: no template reaches it, and GOOD_DIFF no longer applies."""
    calc = repo / "calc.py"
    calc.write_text(calc.read_text().replace("return sum(values) / (len(values) - 1)", "return 99"))
    git("-c", "commit.gpgsign=false", "commit", "-q", "-am", "mean returns a constant", cwd=repo)


def test_scripted_refused_diffs_after_a_fruitless_search_stop_as_stalled_with_a_summary(
    dev_agent: Runner, run_log: LogReader, calc_example_repo: Path, phase_spec: Path, tmp_path: Path
) -> None:
    _unfixable_calc(calc_example_repo)
    # Distinct diffs (no loop detection), none applies (GitTool refuses each).
    diffs = [dev_patch(GOOD_DIFF.replace("non-empty", f"non-empty {i}")) for i in range(8)]
    model = write_replies(tmp_path / "replies.yaml", diffs, [APPROVAL])
    # stall_s 1 ms: scripted replies are instant (no turn deadline applies to them), and
    # five refused diffs can take less than 0.2 s; two refusals (each a git apply) always
    # take longer than 1 ms.
    proc = run(
        dev_agent, calc_example_repo, phase_spec, model, "{templates: true, model_edits: 0, stall_s: 0.001}"
    )
    assert proc.returncode == 8, proc.stdout + proc.stderr
    assert "no new information" in proc.stderr + proc.stdout
    assert "ranked lines: calc.py:" in proc.stderr + proc.stdout
    records = run_log(calc_example_repo / "runs")
    (finished,) = [r["data"] for r in records if r["type"] == "run_finished"]
    assert finished["outcome"] == "stalled" and "families:" in finished["detail"]
    assert "the model's turn was cut" not in finished["detail"]  # the route stopped it
    (search,) = [r["data"] for r in records if r["type"] == "repair"]
    assert search["fixed"] is None and search["tried"] > 0
    assert search["summary"] in finished["detail"]
    # it stopped at the first chance after two refusals, not at max_iterations
    assert finished["iterations"] < 6
    shown = dev_agent("runs", "show", records[0]["data"]["run_id"], cwd=calc_example_repo)
    assert "ranked lines: calc.py:" in shown.stdout, shown.stdout + shown.stderr
    assert f"{search['tried']} of {search['planned']} candidate(s)" in shown.stdout


@pytest.mark.model
def test_embedded_model_turn_is_cut_at_the_stall_deadline(
    dev_agent: Runner, run_log: LogReader, calc_example_repo: Path, phase_spec: Path
) -> None:
    """Real embedded model: after a fruitless search, DevAgent's diff (up to 768 tokens,
    about a minute here) is cut when `stall_s` has passed since the search's news."""
    _unfixable_calc(calc_example_repo)
    proc = run(dev_agent, calc_example_repo, phase_spec, "llama-cpp:embedded", "{model_edits: 0, stall_s: 3}")
    assert proc.returncode == 8, proc.stdout + proc.stderr
    records = run_log(calc_example_repo / "runs")
    (finished,) = [r for r in records if r["type"] == "run_finished"]
    assert finished["data"]["outcome"] == "stalled"
    (search,) = [r for r in records if r["type"] == "repair"]
    after = _seconds(finished["ts"]) - _seconds(search["ts"])
    # the window and one slice of the prompt, with room for a loaded machine; a reply
    # left to finish takes a minute here
    assert after < 3 + 30, f"{after:.1f}s from the search's end to the stop"
    cut = [r["data"] for r in records if r["type"] == "model_call" and r["data"].get("valid") is False]
    assert cut and "deadline" in cut[-1]["error"]


def _seconds(stamp: str) -> float:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()


def test_the_search_takes_the_configs_limits_and_sources() -> None:
    """One mapping of the config to repair()'s keywords, for the fix loop and the
    benchmarks' searches alike: a changed setting reaches the search."""
    config = Config.model_validate(
        {"repair": {"lines": 3, "max_candidates": 7, "time_budget_s": 9.0, "workers": 1, "synthesis": False}}
    )
    options = search_options(config)
    assert options == {
        "timeout_s": config.shell.timeout_s,
        "lines": 3,
        "max_candidates": 7,
        "budget_s": 9.0,
        "workers": 1,
        "synthesis": False,
    }
    assert set(options) <= set(inspect.signature(repair).parameters)


def test_a_large_suite_is_localised_in_the_failing_tests_files_only() -> None:
    """pygments' 5,330 tests, traced, spent the search's budget (issue: real projects);
    a suite up to the configured size is localised whole, as before."""
    failing = frozenset({"tests/test_util.py::test_docstring_headline", "tests/test_util.py::test_x[a]"})
    large = Baseline(failing=failing, passing=frozenset(f"tests/test_{i}.py::t" for i in range(2001)))
    assert localisation_scope(large, 2000) == ["tests/test_util.py"]
    assert localisation_scope(large, 0) == []  # 0: always the whole command
    small = Baseline(failing=failing, passing=frozenset({"tests/test_util.py::t"}))
    assert localisation_scope(small, 2000) == []
    assert localisation_scope(None, 2000) == []
