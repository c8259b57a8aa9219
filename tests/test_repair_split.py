"""The repair benchmark's fixed development/holdout split, the differential overfit check and the
results file's layout (bench/repair/split.py, differential.py, run.py); no model runs here."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

import pytest

from bench.repair import run
from bench.repair.check_tasks import KINDS, TASKS_DIR, Task, load_task, load_tasks
from bench.repair.differential import compare, generate_inputs, reference_program, seed_calls
from bench.repair.peer_common import TaskRecord, commit_all, git_ok, head, judge, make_workspace
from bench.repair.split import HALVES, half_of, split, split_listing

# ------------------------------------------------------------------------------------------- the split


def test_half_follows_a_fixed_hash_of_the_id_alone() -> None:
    for name in ("binary_search", "cart_subtotal", "anything-else"):
        parity = hashlib.sha256(name.encode()).digest()[0] % 2
        assert half_of(name) == ("development" if parity == 0 else "holdout")
    # Pinned values: changing the rule would move tasks between halves.
    assert [half_of(n) for n in ("binary_search", "power_set", "drain_jobs", "token_words")] == [
        "development",
        "development",
        "holdout",
        "development",
    ]


def test_split_does_not_depend_on_order_or_on_the_other_tasks() -> None:
    tasks = load_tasks()
    halves = split(tasks)
    reversed_halves = split(list(reversed(tasks)))
    for half in HALVES:
        assert sorted(t.id for t in halves[half]) == sorted(t.id for t in reversed_halves[half])
    assert split(tasks[:5])["holdout"] == [t for t in tasks[:5] if t in halves["holdout"]]


def test_task_set_is_large_roughly_even_and_every_kind_is_in_both_halves() -> None:
    tasks = load_tasks()
    assert len(tasks) >= 120
    assert len({t.kind for t in tasks}) >= 12 and {t.kind for t in tasks} == set(KINDS)
    halves = split(tasks)
    for half in HALVES:
        share = len(halves[half]) / len(tasks)
        assert 0.4 <= share <= 0.6, (half, share)
        counts = Counter(t.kind for t in halves[half])
        assert {kind: counts[kind] for kind in KINDS if counts[kind] < 2} == {}, half


def test_list_split_names_every_task_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert run.main(["--list-split"]) == 0
    out = capsys.readouterr().out
    tasks = load_tasks()
    words = out.split()
    assert all(words.count(t.id) == 1 for t in tasks)
    assert out == split_listing(tasks) + "\n"
    assert "development" in out and "holdout" in out


def test_peers_run_on_the_holdout_half_only() -> None:
    names = ["ours", "aider", "baseline-strict", "mini-swe-agent"]
    assert run.systems_in_half(names, "development") == ["ours"]
    assert run.systems_in_half(names, "holdout") == names


# ----------------------------------------------------------------------------------- the differential


def _task(name: str) -> Task:
    return load_task(TASKS_DIR / name)


def _candidate(task: Task, tmp_path: Path, old: str, new: str) -> Path:
    """The task's reference program with old replaced by new in its one module."""
    program = reference_program(task, tmp_path / "candidate")
    modules = [p for p in program.glob("*.py") if p.name != "conftest.py"]
    assert len(modules) == 1
    text = modules[0].read_text()
    assert text.count(old) == 1
    modules[0].write_text(text.replace(old, new))
    return program


def test_seeds_come_from_the_tests_literal_calls() -> None:
    task = _task("binary_search")
    seeds = seed_calls(task.repo, list(task.entry_points))
    assert ("binary_search", ([1, 3, 5, 7, 9], 9), {}) in seeds  # ITEMS is a module constant
    assert ("insert_sorted", ([1, 4, 8], 5), {}) in seeds
    inputs = generate_inputs(seeds, count=200)
    assert inputs[: len(seeds)] == seeds and len(inputs) == len({repr(c) for c in inputs}) > 100
    # sorted lists stay sorted, so a binary search is asked about valid inputs
    assert all(args[0] == sorted(args[0]) for name, args, _ in inputs if name == "binary_search")
    assert generate_inputs(seeds, count=200) == inputs  # a fixed seed: repeatable


def test_differential_passes_the_exact_fix_and_an_equivalent_one(tmp_path: Path) -> None:
    task = _task("cart_subtotal")
    reference = reference_program(task, tmp_path / "reference")
    assert compare(reference, reference, task.entry_points).overfit is False
    rewritten = _candidate(task, tmp_path, "total += price * quantity", "total = total + quantity * price")
    verdict = compare(rewritten, reference, task.entry_points)
    assert verdict.overfit is False and verdict.compared > 20, verdict.summary()


def test_differential_catches_a_candidate_tuned_to_the_tests(tmp_path: Path) -> None:
    """Passes every test of binary_search (the last item special-cased, the bug kept), but
    disagrees with the reference elsewhere."""
    task = _task("binary_search")
    reference = reference_program(task, tmp_path / "reference")
    overfit = _candidate(
        task,
        tmp_path,
        "    while lo <= hi:\n",
        "    if items and items[-1] == target:\n        return len(items) - 1\n    while lo < hi:\n",
    )
    verdict = compare(overfit, reference, task.entry_points)
    assert verdict.overfit is True and verdict.disagreements > 0
    assert "binary_search(" in verdict.example


def test_differential_reports_a_candidate_that_hangs_and_one_that_prints(tmp_path: Path) -> None:
    task = _task("inclusive_total")
    reference = reference_program(task, tmp_path / "reference")
    looping = _candidate(
        task,
        tmp_path,
        "    return sum(range(low, high + 1))",
        "    while low > high:\n        pass\n    print('noise')\n    return sum(range(low, high + 1))",
    )
    verdict = compare(looping, reference, task.entry_points)
    assert verdict.overfit is True and "slow" in verdict.example


def test_differential_without_entry_points_is_unavailable(tmp_path: Path) -> None:
    task = _task("booking_overlap")
    reference = reference_program(task, tmp_path / "reference")
    verdict = compare(reference, reference, task.entry_points)
    assert verdict.overfit is None and "no entry points" in verdict.summary()


def test_judge_marks_an_overfit_fix(tmp_path: Path) -> None:
    task = _task("binary_search")
    repo = make_workspace(task, tmp_path / "ws")
    base = head(repo)
    source = repo / "search.py"
    source.write_text(
        source.read_text().replace(
            "    while lo < hi:\n",
            "    if items and items[-1] == target:\n        return len(items) - 1\n    while lo < hi:\n",
        )
    )
    commit_all(repo, "tuned")
    git_ok(repo, "checkout", "-q", "main")
    verdict = judge(task, repo, "tuned", base)
    assert verdict.fixed and verdict.overfit is True and "disagrees" in verdict.differential
    git_ok(repo, "apply", stdin=task.fix_diff)
    commit_all(repo, "exact")
    exact = judge(task, repo, "exact", base)
    assert exact.fixed and exact.overfit is False


# -------------------------------------------------------------------------------------- results file


def _rec(task: str, kind: str, fixed: bool, wall: float, overfit: bool | None = None) -> TaskRecord:
    return TaskRecord(task, kind, fixed=fixed, wall_s=wall, overfit=overfit)


def test_summary_counts_overfit_and_failure_walls() -> None:
    summary = run.summarize(
        [
            _rec("a", "off_by_one", True, 10.0, overfit=False),
            _rec("b", "off_by_one", True, 12.0, overfit=True),
            _rec("c", "wrong_operator", False, 50.0),
            _rec("d", "wrong_operator", False, 70.0),
            TaskRecord("e", "wrong_operator", error="harness: boom"),
        ]
    )
    assert (summary["attempted"], summary["fixed"], summary["overfit"]) == (4, 2, 1)
    assert (summary["wall_s_median"], summary["fail_wall_s_median"]) == (31.0, 60.0)
    assert summary["by_kind"]["off_by_one"] == {"fixed": 2, "attempted": 2, "errors": 0, "overfit": 1}


def test_results_file_has_both_halves_and_merges_without_losing_the_other(tmp_path: Path) -> None:
    tasks = load_tasks()
    dev_task = next(t for t in tasks if half_of(t.id) == "development")
    hold = [t for t in tasks if half_of(t.id) == "holdout"][:2]
    out = tmp_path / "repair.json"
    info = {"commit": "abc"}
    first = run.merged_halves(
        {},
        {
            ("development", "ours"): [_rec(dev_task.id, dev_task.kind, True, 5.0, False)],
            ("holdout", "ours"): [_rec(hold[0].id, hold[0].kind, False, 40.0)],
            ("holdout", "aider"): [_rec(hold[0].id, hold[0].kind, False, 90.0)],
        },
        info,
    )
    run.write_json(out, run.payload(tasks, first, {"available": False}, {}))
    data = json.loads(out.read_text())
    for half in HALVES:
        for system in data[half].values():
            assert set(system) >= {"attempted", "fixed", "overfit", "wall_s_median", "fail_wall_s_median"}
    assert set(data["development"]) == {"ours"} and set(data["holdout"]) == {"ours", "aider"}
    assert sorted(data["split"]["development"] + data["split"]["holdout"]) == sorted(t.id for t in tasks)

    # A later run of one holdout task (a subset, --merge): the development half, the peer and
    # the other holdout record stay; the re-run task's record is replaced.
    previous = run.previous_results(out)
    second = run.merged_halves(
        previous,
        {
            ("holdout", "ours"): [
                _rec(hold[1].id, hold[1].kind, True, 8.0, False),
                _rec(hold[0].id, hold[0].kind, True, 9.0, True),
            ]
        },
        info,
    )
    assert second["development"] == data["development"]
    assert second["holdout"]["aider"] == data["holdout"]["aider"]
    ours = second["holdout"]["ours"]
    assert (ours["attempted"], ours["fixed"], ours["overfit"]) == (2, 2, 1)
    assert sorted(r["task"] for r in ours["per_task"]) == sorted(t.id for t in hold)
    assert run.previous_results(tmp_path / "missing.json") == {}
