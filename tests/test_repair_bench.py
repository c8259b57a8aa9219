"""The repair benchmark's runner (bench/repair/run.py and its peer_* modules), without peers or a
model: the judge on a real task, the strict baseline's diff handling and loop against a canned
OpenAI-compatible server, and the shape of the tables and the JSON."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest
import yaml

from bench.repair import run
from bench.repair.check_tasks import KINDS, Task, load_task, load_tasks
from bench.repair.peer_baseline import check_strict, extract_diff, run_baseline
from bench.repair.peer_common import (
    TaskRecord,
    commit_all,
    git_ok,
    head,
    judge,
    make_workspace,
    remove_worktrees,
    sandboxed,
    source_files,
)
from bench.repair.peers import _mini_usage

TASK = "binary_search"


@pytest.fixture(scope="module")
def task() -> Task:
    return load_task(run.ROOT / "bench" / "repair" / "tasks" / TASK)


@pytest.fixture
def workspace(task: Task, tmp_path: Path) -> tuple[Path, str]:
    repo = make_workspace(task, tmp_path / "ws")
    return repo, head(repo)


# ------------------------------------------------------------------------------------------ the judge


def test_judge_buggy_is_not_fixed(task: Task, workspace: tuple[Path, str]) -> None:
    repo, base = workspace
    verdict = judge(task, repo, "main", base)
    assert not verdict.fixed and not verdict.tests_passed
    assert verdict.test_files_changed == ()
    assert "failed" in verdict.summary


def test_judge_reference_fix_on_a_branch_is_fixed(task: Task, workspace: tuple[Path, str]) -> None:
    repo, base = workspace
    git_ok(repo, "apply", stdin=task.fix_diff)
    sha = commit_all(repo, "fix")
    git_ok(repo, "checkout", "-q", "main")  # the judge reads the branch, not the working tree
    verdict = judge(task, repo, "fix", base)
    assert verdict.fixed and verdict.tests_passed, verdict.summary
    assert judge(task, repo, sha, base).fixed


def test_judge_refuses_a_fix_that_edits_a_test(task: Task, workspace: tuple[Path, str]) -> None:
    repo, base = workspace
    git_ok(repo, "apply", stdin=task.fix_diff)
    test_file = repo / "tests" / "test_search.py"
    test_file.write_text(test_file.read_text() + "\n# touched\n")
    commit_all(repo, "fix-and-test")
    verdict = judge(task, repo, "fix-and-test", base)
    assert verdict.tests_passed and not verdict.fixed
    assert verdict.test_files_changed == ("tests/test_search.py",)


def test_judge_allows_a_new_test_module_but_not_a_new_conftest(
    task: Task, workspace: tuple[Path, str]
) -> None:
    repo, base = workspace
    git_ok(repo, "apply", stdin=task.fix_diff)
    (repo / "test_repro.py").write_text("def test_repro():\n    assert True\n")
    commit_all(repo, "with-repro")
    assert judge(task, repo, "with-repro", base).fixed
    (repo / "tests" / "conftest.py").write_text("")
    commit_all(repo, "with-conftest")
    assert judge(task, repo, "with-conftest", base).test_files_changed == ("tests/conftest.py",)


def test_source_files_leave_out_tests(workspace: tuple[Path, str]) -> None:
    repo, _ = workspace
    assert source_files(repo) == ["search.py"]


# ------------------------------------------------------------------------------- the strict baseline


def test_extract_diff_from_prose_and_fences(task: Task) -> None:
    reply = f"I found it. Apply this:\n\n```diff\n{task.fix_diff}```\n\nThat should do."
    assert extract_diff(reply) == task.fix_diff
    unlabelled = f"Here:\n```\n{task.fix_diff}```"
    assert extract_diff(unlabelled) == task.fix_diff
    cut = f"```diff\n{task.fix_diff.rstrip()}"  # the model stopped before closing the fence
    assert extract_diff(cut) == task.fix_diff
    assert extract_diff("```python\nprint('no diff here')\n```") is None
    assert extract_diff("no fence at all") is None


def test_strict_check_applies_the_reference_and_refuses_a_drifted_diff(
    task: Task, workspace: tuple[Path, str]
) -> None:
    repo, _ = workspace
    assert check_strict(repo, task.fix_diff) is None
    broken = task.fix_diff.replace("@@ -4,7 +4,7 @@", "@@ -40,7 +40,7 @@").replace(
        "     lo, hi = 0", "     low, high = 0"
    )
    problem = check_strict(repo, broken)
    assert problem is not None and "search.py" in problem


class _Canned(BaseHTTPRequestHandler):
    """An OpenAI-compatible /v1/chat/completions that answers from a list of replies."""

    replies: ClassVar[list[str]] = []
    requests: ClassVar[list[dict[str, Any]]] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append(body)
        text = type(self).replies[min(len(type(self).requests), len(type(self).replies)) - 1]
        data = json.dumps(
            {
                "choices": [{"message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 100, "completion_tokens": 20},
            }
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        del format, args


@pytest.fixture
def canned() -> Iterator[tuple[str, type[_Canned]]]:
    handler = type("Handler", (_Canned,), {"replies": [], "requests": []})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", handler
    finally:
        server.shutdown()
        server.server_close()


def test_baseline_fixes_with_a_diff_that_applies(
    task: Task, tmp_path: Path, canned: tuple[str, type[_Canned]]
) -> None:
    url, handler = canned
    handler.replies = [f"Sure:\n```diff\n{task.fix_diff}```"]
    record = run_baseline(task, tmp_path / "b", url, model="m", max_iterations=10, timeout_s=60)
    assert record.fixed and record.error is None, record.detail
    assert (record.iterations, record.prompt_tokens, record.completion_tokens) == (1, 100, 20)
    prompt = handler.requests[0]["messages"][1]["content"]
    assert task.description in prompt and "### search.py" in prompt and "2 failed" in prompt
    assert "test_search.py" not in prompt.split("# Source files")[1]  # tests are not sent as source


def test_baseline_halts_on_the_first_diff_that_does_not_apply(
    task: Task, tmp_path: Path, canned: tuple[str, type[_Canned]]
) -> None:
    url, handler = canned
    drifted = task.fix_diff.replace("     lo, hi = 0", "     low, high = 0")
    handler.replies = [f"```diff\n{drifted}```", f"```diff\n{task.fix_diff}```"]
    record = run_baseline(task, tmp_path / "b", url, model="m", max_iterations=10, timeout_s=60)
    assert not record.fixed and record.iterations == 1
    assert "git apply --check failed" in record.detail and "halted" in record.detail
    assert len(handler.requests) == 1  # strict: no second chance after an apply failure


def test_baseline_reports_a_server_that_is_down(task: Task, tmp_path: Path) -> None:
    record = run_baseline(
        task, tmp_path / "b", "http://127.0.0.1:9/v1", model="m", max_iterations=3, timeout_s=5
    )
    assert record.error is not None and "model server" in record.error


# ------------------------------------------------------------------------------------- the runner


def _record(task: str, kind: str, fixed: bool, wall: float, **extra: Any) -> TaskRecord:
    return TaskRecord(task, kind, fixed=fixed, iterations=2, prompt_tokens=100, completion_tokens=10,
                      wall_s=wall, **extra)  # fmt: skip


def test_summary_tables_and_json_shape(tmp_path: Path) -> None:
    records = [
        _record("a", "off_by_one", True, 10.0),
        _record("b", "off_by_one", False, 30.0, timed_out=True),
        _record("c", "wrong_operator", True, 20.0),
        TaskRecord("d", "wrong_operator", error="dev_agent exit 3: cfg.yaml: repair: unknown key"),
    ]
    summary = run.summarize(records)
    assert (summary["fixed"], summary["attempted"], summary["errors"], summary["timed_out"]) == (2, 3, 1, 1)
    assert (summary["prompt_tokens"], summary["completion_tokens"], summary["wall_s_median"]) == (
        300,
        30,
        20.0,
    )
    assert summary["by_kind"] == {
        "off_by_one": {"fixed": 1, "attempted": 2, "errors": 0, "overfit": 0},
        "wrong_operator": {"fixed": 1, "attempted": 1, "errors": 1, "overfit": 0},
    }
    assert [r["task"] for r in summary["per_task"]] == ["a", "b", "c", "d"]
    assert set(summary["per_task"][0]) >= {"fixed", "iterations", "prompt_tokens", "completion_tokens",
                                            "wall_s", "error"}  # fmt: skip
    errored = run.summarize([TaskRecord("d", "wrong_operator", error="boom")])
    assert (errored["attempted"], errored["prompt_tokens"], errored["wall_s_median"]) == (0, None, None)

    systems = {"ours": summary, "aider": errored}
    table = run.systems_table(systems)
    assert "ours" in table and "2/3" in table and "0/0" in table and "aider: boom" in table
    rows = {line.split()[0]: line.split()[1:] for line in run.kinds_table(systems).splitlines()}
    assert rows["kind"] == ["ours", "aider"]
    assert rows["off_by_one"] == ["1/2", "-"] and rows["wrong_operator"] == ["1/1", "-"]

    corpus = {
        "available": True,
        "cases": 2,
        "applicable": 1,
        "must_refuse": 1,
        "appliers": {"ours": {"applicable": 1, "landed_correct": 1, "misapplied": 0, "refused": 1,
                              "land_rate": 1.0}},
    }  # fmt: skip
    assert "100.0%" in run.corpus_table(corpus)
    assert "unavailable (import failed" in run.corpus_table({"available": False, "why": "import failed: x"})

    out = tmp_path / "r.json"
    tasks = load_tasks()[:2]
    run.write_json(out, run.payload(tasks, {"holdout": systems}, corpus, {"max_iterations": 10}))
    data = json.loads(out.read_text())
    assert data["tasks"] == 2 and set(data) >= {"tasks", "development", "holdout", "split", "corpus",
                                                "machine", "measured"}  # fmt: skip
    assert data["development"] == {}
    assert set(data["holdout"]["ours"]) >= {
        "fixed", "attempted", "overfit", "prompt_tokens", "completion_tokens", "wall_s_median",
        "fail_wall_s_median", "per_task", "by_kind",
    }  # fmt: skip


def test_the_labels_count_how_fixes_were_presented_per_half(tmp_path: Path) -> None:
    """A run's outcome says how it presented its fix (`approved`: verified by the tests,
    `approved_needs_review`: needs review); the figures count them against the
    reference's verdict, and the results file has them per half under `labels`."""
    assert run.LABELS == {"approved": "verified", "approved_needs_review": "needs_review"}

    def fix(task: str, wrong: bool, label: str | None, commit: str | None = "abc1234") -> TaskRecord:
        record = _record(task, "off_by_one", True, 5.0)
        record.overfit, record.label, record.commit = wrong, label, commit
        return record

    gave_up = _record("not_fixed", "off_by_one", False, 30.0)  # no fix: in no count but tasks
    gave_up.commit = "abc1234"
    records = [
        fix("right_verified", False, "verified"),
        fix("right_labelled", False, "needs_review"),
        fix("wrong_verified", True, "verified"),
        fix("wrong_labelled", True, "needs_review"),
        fix("wrong_labelled_too", True, "needs_review"),
        gave_up,
        # kept by --merge from a run before the labels: its fix was never presented either way
        fix("measured_before", True, None, commit=None),
        _record("not_fixed_before", "off_by_one", False, 50.0),
    ]
    summary = run.summarize(records)
    assert summary["labels"] == {
        "verified": 2,
        "verified_wrong": 1,
        "wrong": 3,
        "wrong_labelled": 2,
        "right": 2,
        "right_labelled": 1,
        "tasks": 6,
        "fixed": 5,
        "fixed_wall_s_median": 5.0,
        "give_up_wall_s_median": 30.0,
        "commits": ["abc1234"],
    }
    assert summary["fixed"] == 6 and summary["fixed_wall_s_median"] == 5.0
    data = run.payload(load_tasks()[:2], {"development": {"ours": summary}, "holdout": {}}, {}, {})
    assert data["labels"] == {"development": summary["labels"]}
    # a half whose records all predate the labels has no labels entry of its own
    old = run.summarize([fix("measured_before", True, None, commit=None)])
    assert run.payload(load_tasks()[:2], {"holdout": {"ours": old}}, {}, {})["labels"] == {}


def test_a_run_keeps_what_the_history_benchmark_wrote_into_the_results_file(tmp_path: Path) -> None:
    """repair.json is shared with bench/repair/history: this benchmark writes its halves and
    `labels.development` / `labels.holdout` of the halves it measured, and carries over
    `history` and every other `labels` entry as they are in the file when it writes."""
    out = tmp_path / "repair.json"
    theirs = dict(verified=9, verified_wrong=0, wrong=1, wrong_labelled=1, right=9, right_labelled=0)
    out.write_text(
        json.dumps(
            {
                "history": {"tasks": 61, "holdout": {"fixed": 20}},
                "labels": {"history_holdout": theirs, "holdout": {"verified": 1}},
                "holdout": {"ours": {"stale": True}},
                "measured": "then",
            }
        )
    )
    record = _record("right_verified", "off_by_one", True, 5.0)
    record.overfit, record.label, record.commit = False, "verified", "abc1234"
    summary = run.summarize([record])
    data = run.payload(load_tasks()[:2], {"holdout": {"ours": summary}}, {}, {}, run.others_keys(out))
    assert data["history"] == {"tasks": 61, "holdout": {"fixed": 20}}
    assert data["labels"] == {"history_holdout": theirs, "holdout": summary["labels"]}
    # a half this run did not measure keeps its entry (e.g. written by search_only)
    kept = run.payload(load_tasks()[:2], {}, {}, {}, run.others_keys(out))["labels"]
    assert kept == {"history_holdout": theirs, "holdout": {"verified": 1}}
    assert data["holdout"] == {"ours": summary} and data["measured"] != "then"
    assert run.others_keys(tmp_path / "missing.json") == {}
    out.write_text("[1, 2]")
    assert run.others_keys(out) == {}


def test_task_selection_and_system_names() -> None:
    tasks = load_tasks()
    picked = run.select_tasks(tasks, ["3"])
    assert [t.kind for t in picked] == list(KINDS[:3])  # round-robin over the kinds
    assert len(run.select_tasks(tasks, [str(len(tasks) + 5)])) == len(tasks)
    assert [t.id for t in run.select_tasks(tasks, ["slugify", TASK])] == ["slugify", TASK]
    assert run.select_tasks(tasks, []) == tasks
    with pytest.raises(SystemExit, match="unknown task"):
        run.select_tasks(tasks, ["nope"])
    assert run.parse_systems("aider, ours-diff,aider") == ["aider", "ours-diff"]
    with pytest.raises(SystemExit, match="unknown system"):
        run.parse_systems("ours,gpt")


def test_ours_config_is_partial_yaml_with_the_repair_section(task: Task) -> None:
    config = yaml.safe_load(run.ours_config(task, run.OURS["ours"]))
    assert config == {"test_command": "pytest -q", "repair": {"templates": True, "model_edits": 8}}
    config = yaml.safe_load(run.ours_config(task, run.OURS["ours-diff"]))
    assert config["repair"] == {"templates": False, "model_edits": 0}


def test_peer_sandbox_and_trajectory_parsing(tmp_path: Path) -> None:
    argv = sandboxed(["mini", "-t", "x"], tmp_path, tmp_path / "repo")
    assert argv[0] == "bwrap" and argv[-3:] == ["mini", "-t", "x"]
    assert ["--bind", str(tmp_path), str(tmp_path)] == argv[argv.index("--bind") : argv.index("--bind") + 3]
    assert argv[argv.index("--chdir") + 1] == str(tmp_path / "repo")

    assert _mini_usage(tmp_path / "missing.json") == (None, None, None, None)
    trajectory = tmp_path / "t.json"
    usage = {"prompt_tokens": 50, "completion_tokens": 5}
    trajectory.write_text(
        json.dumps(
            {
                "info": {"model_stats": {"api_calls": 2}, "exit_status": "LimitsExceeded"},
                "messages": [
                    {"role": "system", "content": "s"},
                    {"role": "assistant", "content": "a", "extra": {"response": {"usage": usage}}},
                    {"role": "user", "content": "format error", "extra": {"response": {"usage": usage}}},
                ],
            }
        )
    )
    assert _mini_usage(trajectory) == (2, 100, 10, "LimitsExceeded")


def test_left_over_worktrees_are_removed(workspace: tuple[Path, str], tmp_path: Path) -> None:
    repo, _ = workspace
    holder = tmp_path / "dev-agent-wt-abc"
    holder.mkdir()
    git_ok(repo, "worktree", "add", "-q", "-b", "killed-run", str(holder / "wt"))
    remove_worktrees(repo)
    assert not holder.exists()
    assert len(git_ok(repo, "worktree", "list").splitlines()) == 1
    assert git_ok(repo, "branch", "--list", "killed-run")  # the branch stays, to be judged
