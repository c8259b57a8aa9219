"""The search's order, deduplication, two-location pairs and time budget
(devagent/repair/__init__.py), on small repositories in temp dirs."""

from __future__ import annotations

import ast
from pathlib import Path

from devagent.repair import PER_LINE, SuspiciousLine, pairs, plan, search_budget

SOURCE = """\
def clamp(x, lo, hi):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x
"""


def write(tmp_path: Path) -> Path:
    (tmp_path / "m.py").write_text(SOURCE)
    return tmp_path


def lines(*numbers_and_scores: tuple[int, float]) -> list[SuspiciousLine]:
    text = SOURCE.splitlines()
    return [SuspiciousLine("m.py", n, s, text[n - 1]) for n, s in numbers_and_scores]


def test_plan_drops_edits_that_leave_the_same_syntax_tree(tmp_path: Path) -> None:
    planned = plan(write(tmp_path), lines((2, 1.0), (4, 0.5)))
    dumps = [ast.dump(ast.parse(c.content)) for c in planned]
    assert len(dumps) == len(set(dumps))
    assert ast.dump(ast.parse(SOURCE)) not in dumps  # no candidate is the program itself


def test_plan_puts_a_small_edit_of_the_top_line_first_and_weighs_line_scores(tmp_path: Path) -> None:
    planned = plan(write(tmp_path), lines((2, 1.0), (4, 0.1)))
    assert planned[0].line_rank == 0 and planned[0].edit.size == 1
    first_low = next(i for i, c in enumerate(planned) if c.line_rank == 1)
    # the barely suspicious line's size-1 edits come after the top line's size-1 edits
    assert all(c.line_rank == 0 for c in planned[:first_low]) and first_low > 0
    top_sizes = [c.edit.size for c in planned if c.line_rank == 0]
    assert top_sizes == sorted(top_sizes)
    assert len([c for c in planned if c.line_rank == 0]) <= PER_LINE


def test_pairs_combine_two_lines_most_suspicious_pair_first(tmp_path: Path) -> None:
    ranked = lines((2, 1.0), (4, 0.9), (6, 0.1))
    singles = plan(write(tmp_path), ranked)
    found = pairs(tmp_path, ranked, singles, limit=50)
    assert found and len(found) <= 50
    assert all("+" in c.edit.template for c in found)
    assert {found[0].edit.line, found[0].edit.line + found[0].edit.span - 1} == {2, 4}
    for candidate in found:
        compile(candidate.content, "m.py", "exec")
        assert ast.dump(ast.parse(candidate.content)) != ast.dump(ast.parse(SOURCE))


def test_pairs_need_two_lines_of_one_file(tmp_path: Path) -> None:
    ranked = lines((2, 1.0))
    assert pairs(write(tmp_path), ranked, plan(tmp_path, ranked)) == []


def test_search_budget_scales_with_the_run_time_under_the_ceiling() -> None:
    assert search_budget(None, 2.0, 0.01) == 2.0 + 15.0  # a fast suite: the floor
    assert search_budget(None, 2.0, 1.0) == 2.0 + 150.0
    assert search_budget(120.0, 2.0, 1.0) == 120.0  # the configured ceiling wins
