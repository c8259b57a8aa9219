"""The overfit guard (devagent/repair/overfit.py): inputs derived from the tests' own
calls, the differential verdict, a real probe subprocess, and repair() preferring a clean
passing candidate over a suspect one that comes first. Real git repos and pytest runs."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

import devagent.repair.search as repair_package
from devagent.repair import Candidate, Localization, repair
from devagent.repair.overfit import Probed, check, judge, literal_test_calls, mutated, probe_calls
from devagent.repair.rules.edit import Edit
from tests.helpers import git

MODULE = textwrap.dedent(
    """\
    def head_or_zero(xs):
        if len(xs) > 0:
            return xs[0]
        return 1
    """
)
TESTS = textwrap.dedent(
    """\
    from heads import head_or_zero


    def test_head():
        assert head_or_zero([4, 5]) == 4


    def test_empty():
        assert head_or_zero([]) == 0
    """
)
CLEAN = MODULE.replace("return 1", "return 0")
# Passes both tests, but crashes on a one-element list (a mutation of test_head's input).
CRASHY = CLEAN.replace("return xs[0]", "return xs[0] if len(xs) != 1 else xs[1]")
FAILING = ["tests/test_heads.py::test_empty"]


def make_repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    (repo / "tests").mkdir(parents=True)
    (repo / "heads.py").write_text(MODULE)
    (repo / "tests" / "test_heads.py").write_text(TESTS)
    git("init", "-q", "-b", "main", str(repo), cwd=tmp_path)
    git("add", ".", cwd=repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "heads", cwd=repo)
    return repo


def test_literal_calls_of_the_module_are_found_and_marked_by_test(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    found = literal_test_calls(repo, MODULE, FAILING)
    assert found == [
        Probed(("head_or_zero", [[4, 5]], {}), False),
        Probed(("head_or_zero", [[]], {}), True),
    ]
    assert literal_test_calls(repo, "def other(): pass\n", FAILING) == []


def test_mutations_change_one_argument_and_skip_the_tests_own_calls(tmp_path: Path) -> None:
    calls = literal_test_calls(make_repo(tmp_path), MODULE, FAILING)
    variants = [p.call[1] for p in mutated(calls)]
    assert [[4]] in variants and [[5, 4]] in variants
    assert [[]] not in variants and [[4, 5]] not in variants  # the tests' own inputs
    assert len(mutated(calls, limit=2)) == 2


def test_judge_counts_new_crashes_unreached_changes_and_passing_neighbourhood_changes() -> None:
    passing = Probed(("f", [1], {}), False)
    failing = Probed(("f", [2], {}), True)
    same = {"original": "=1", "candidate": "=1", "reached": True}
    assert judge([same], [passing]).score == 0
    crash = {"original": "=1", "candidate": "!IndexError", "reached": True}
    verdict = judge([crash], [passing])
    assert verdict.score == 1 and verdict.reason is not None and "raises IndexError" in verdict.reason
    assert judge([crash], [failing]).score == 1  # a lookup error is no precondition
    precondition = {"original": "=1", "candidate": "!ZeroDivisionError", "reached": True}
    assert judge([precondition], [failing]).score == 0  # a precondition the fix enforces
    assert judge([precondition], [passing]).score == 1
    unreached = {"original": "=1", "candidate": "=2", "reached": False}
    assert "never ran" in str(judge([unreached], [failing]).reason)
    changed = {"original": "=1", "candidate": "=2", "reached": True}
    assert judge([changed], [failing]).score == 0  # near a failing test: the fix's job
    assert judge([changed, changed], [passing, passing]).score == 2


def test_check_runs_the_probe_and_tells_a_crashy_fix_from_a_clean_one(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    scratch = tmp_path / "scratch"
    edit = Edit(3, "        return xs[0]", "x", "test", 1)
    env = dict(os.environ)
    crashy = check(repo, scratch, "heads.py", edit, CRASHY, env, failing=FAILING)
    assert crashy.score >= 1 and "raises IndexError" in str(crashy.reason)
    clean = check(
        repo, scratch, "heads.py", Edit(4, "    return 1", "x", "test", 1), CLEAN, env, failing=FAILING
    )
    assert clean.score == 0 and clean.reason is None
    assert not (scratch / "tools" / "probe").exists()  # the probe's files are cleaned up


def test_repair_prefers_a_clean_passing_candidate_over_a_suspect_one_before_it(
    tmp_path: Path, git_identity: None, project_python: str
) -> None:
    repo = make_repo(tmp_path)

    def source(copy: Path, found: Localization, deadline: float) -> list[Candidate]:
        return [
            Candidate("heads.py", Edit(3, "        return xs[0]", "crashy", "model", 1), CRASHY, 0),
            Candidate("heads.py", Edit(4, "    return 1", "    return 0", "model", 2), CLEAN, 0),
        ]

    result = repair(repo, timeout_s=60, templates=False, more=source, python=project_python)
    assert result.fixed is not None and result.fixed.content == CLEAN
    assert result.tried == 2 and result.suspicion is None
    assert len(result.suspects) == 1 and "raises IndexError" in result.suspects[0]
    # Alone, the suspect candidate still wins, with the suspicion reported.
    alone = repair(
        repo,
        timeout_s=60,
        templates=False,
        more=lambda copy, found, end: source(copy, found, end)[:1],
        python=project_python,
    )
    assert alone.fixed is not None and alone.fixed.content == CRASHY
    assert alone.suspicion is not None and "raises IndexError" in alone.suspicion
    # And without the guard, the first passing candidate wins as before.
    off = repair(repo, timeout_s=60, templates=False, more=source, overfit_guard=False, python=project_python)
    assert off.fixed is not None and off.fixed.content == CRASHY and off.fixed_at == 1


def test_names_bound_to_literals_count_as_literals(tmp_path: Path) -> None:
    """`binary_search(ITEMS, 5)` with `ITEMS = [1, 3]` at the top of the test file is a
    literal call too, and so is one on a name the test binds to a literal first; a name
    bound to a call is not."""
    repo = make_repo(tmp_path)
    (repo / "tests" / "test_heads.py").write_text(
        textwrap.dedent(
            """\
            from heads import head_or_zero

            ITEMS = [4, 5]
            PAIR = (ITEMS, 1)
            MADE = list(range(3))


            def test_head():
                local = [9]
                assert head_or_zero(ITEMS) == 4
                assert head_or_zero(local) == 9
                assert head_or_zero(MADE) == 0
                assert head_or_zero([PAIR]) == PAIR
            """
        )
    )
    found = literal_test_calls(repo, MODULE)
    assert [p.call for p in found] == [
        ("head_or_zero", [[4, 5]], {}),
        ("head_or_zero", [[9]], {}),  # a test's own local literal counts too
        ("head_or_zero", [[([4, 5], 1)]], {}),
    ]


def test_numbers_inside_a_sequence_are_mutated_one_at_a_time() -> None:
    calls = [Probed(("f", [[0, 5]], {}), False)]
    variants = [p.call[1][0] for p in mutated(calls)]
    for expected in ([-1, 5], [1, 5], [0, 4], [0, 6]):
        assert expected in variants
    # the structural variants are still there
    assert [5, 0] in variants and [] in variants
    assert len(variants) == len({repr(v) for v in variants})


def test_a_change_away_from_what_the_failing_test_got_is_no_suspicion() -> None:
    """The failing test's own call got -1 from the original (the symptom): an input near a
    passing test where the original also gives -1 behaves like the failing one, so the fix
    may change it (Xiong et al. classify generated inputs the same way). A change away from
    any other value near a passing test still counts."""
    own = Probed(("find", [[1, 3], 3], {}), True, own=True)
    near_passing = Probed(("find", [[1, 4], 4], {}), False)
    symptom = {"original": "=-1", "candidate": "=1", "reached": True}
    assert judge([symptom, symptom], [own, near_passing]).score == 0
    lost = {"original": "=1", "candidate": "=-1", "reached": True}
    verdict = judge([symptom, lost], [own, near_passing])
    assert verdict.score == 1 and "1 -> -1" in str(verdict.reason)
    # without the failing call's own result there is nothing to compare with
    assert judge([symptom], [near_passing]).score == 1


NODES = textwrap.dedent(
    """\
    class Node:
        def __init__(self, key, left=None):
            self.key, self.left = key, left


    def build(keys):
        root = None
        for key in keys:
            root = Node(key, root)
        return root


    def depth(node):
        if node is None:
            return 1
        return 1 + depth(node.left)
    """
)
NODES_TESTS = textwrap.dedent(
    """\
    from nodes import build, depth


    def test_build():
        assert build([1, 2]).key == 2


    def test_depth():
        assert depth(build([1, 2])) == 2
    """
)


def test_objects_without_a_repr_of_their_own_are_compared_by_type_not_address(tmp_path: Path) -> None:
    """build() returns a Node whose default repr holds the module's name and an address,
    which differ between the original and the candidate module on every call: that is no
    change of behaviour, and a fix in depth() must not be suspect for it."""
    repo = tmp_path / "repo"
    (repo / "tests").mkdir(parents=True)
    (repo / "nodes.py").write_text(NODES)
    (repo / "tests" / "test_nodes.py").write_text(NODES_TESTS)
    fixed = NODES.replace("return 1\n", "return 0\n")
    edit = Edit(15, "        return 1", "        return 0", "test", 1)
    failing = ["tests/test_nodes.py::test_depth"]
    suspicion = check(repo, tmp_path / "scratch", "nodes.py", edit, fixed, dict(os.environ), failing=failing)
    assert suspicion == judge([], []) and suspicion.score == 0, suspicion.reason


def test_a_zero_and_a_repeated_first_item_are_sequence_variants() -> None:
    """A zero tells `not r` from `r is None`; a repeated item tells a skip of repeats
    from none. Both near a passing test's input, where a fix should change nothing."""
    variants = [p.call[1][0] for p in mutated([Probed(("f", [[4, 5, 3]], {}), False)])]
    for expected in ([0, 5, 3], [4, 0, 3], [4, 5, 0], [4, 4, 5, 3]):
        assert expected in variants
    words = [p.call[1][0] for p in mutated([Probed(("f", [["a", "b"]], {}), False)])]
    assert ["a", "a", "b"] in words
    assert not any(0 in w for w in words)  # no number put into a list of text
    flags = [p.call[1][0] for p in mutated([Probed(("f", [[True, False]], {}), False)])]
    assert [0, False] not in flags  # a bool is no number here
    # a sorted list stays sorted: a search's input out of order is outside its domain
    ordered = [p.call[1][0] for p in mutated([Probed(("f", [[1, 3, 5]], {}), False)])]
    assert [0, 3, 5] in ordered and [1, 0, 5] not in ordered and [1, 3, 0] not in ordered
    mixed = [p.call[1][0] for p in mutated([Probed(("f", [[-2, 3, 5]], {}), False)])]
    assert [-2, 0, 5] in mixed and [-2, 3, 0] not in mixed


def test_judge_counts_an_int_where_the_function_otherwise_returns_floats() -> None:
    """`if not legs: return 0` in a function whose results are floats passes `== 0.0`,
    but hands callers an int: a base case's value should be of the results' type."""
    own = Probed(("cost", [[]], {}), True, own=True)
    near = Probed(("cost", [[(2, 1.5)]], {}), False)
    normal = {"original": "=3.0", "candidate": "=3.0", "reached": True}
    as_int = {"original": "!IndexError", "candidate": "=0", "reached": True}
    verdict = judge([as_int, normal], [own, near])
    assert verdict.score == 1 and "an int where" in str(verdict.reason)
    as_float = {"original": "!IndexError", "candidate": "=0.0", "reached": True}
    assert judge([as_float, normal], [own, near]).score == 0
    # a function of ints: the int is what it returns anyway; a float is the odd one
    counted = {"original": "=3", "candidate": "=3", "reached": True}
    assert judge([as_int, counted], [own, near]).score == 0
    assert "a float where" in str(judge([as_float, counted], [own, near]).reason)
    # both kinds already: nothing to tell by type; text and bools are not numbers
    mixed = {"original": "=2", "candidate": "=2", "reached": True}
    assert judge([as_int, normal, mixed], [own, near, near]).score == 0
    flag = {"original": "=True", "candidate": "=True", "reached": True}
    assert judge([as_int, flag], [own, near]).score == 0
    # a recursion with no base case returns nothing before the fix: the candidate's own
    # results tell the function's type, the type most of them have
    fixed = {"original": "!IndexError", "candidate": "=150.0", "reached": True}
    verdict = judge([as_int, fixed, fixed], [own, near, near])
    assert verdict.score == 1 and "an int where" in str(verdict.reason)
    assert judge([as_float, fixed, fixed], [own, near, near]).score == 0
    odd_one = {"original": "!IndexError", "candidate": "=150", "reached": True}
    assert judge([as_float, odd_one], [own, near]).score == 0  # one of each: no majority
    # each function has its own type: a caller that adds a float fee is no reason to
    # call the recursion's int zero odd
    fee = Probed(("order_total", [[(2, 1)], 4.5], {}), False)
    with_fee = {"original": "!IndexError", "candidate": "=6.5", "reached": True}
    counted = {"original": "!IndexError", "candidate": "=2", "reached": True}
    calls = [own, near, fee, fee, fee]
    assert judge([as_int, counted, with_fee, with_fee, with_fee], calls).score == 0


def test_a_synthesised_fix_the_guard_doubts_is_never_kept(
    tmp_path: Path, git_identity: None, monkeypatch: pytest.MonkeyPatch, project_python: str
) -> None:
    """Scripted candidates (real pytest runs and a real probe): a synthesised condition
    is built from whatever values the runs single out, so only the guard's clean verdict
    lets one win. The same suspect edit from the templates is kept, with its suspicion."""
    repo = make_repo(tmp_path)
    suspect = Candidate("heads.py", Edit(3, "        return xs[0]", "crashy", "synthesized", 1), CRASHY, 0)
    monkeypatch.setattr(repair_package, "plan", lambda root, lines: [])
    monkeypatch.setattr(repair_package, "synthesized", lambda *args: [suspect])
    result = repair(repo, timeout_s=60, workers=1, python=project_python)
    assert result.fixed is None, result.summary()
    assert len(result.suspects) == 1 and "raises IndexError" in result.suspects[0]
    template = Candidate("heads.py", Edit(3, "        return xs[0]", "crashy", "scripted", 1), CRASHY, 0)
    monkeypatch.setattr(repair_package, "synthesized", lambda *args: [template])
    kept = repair(repo, timeout_s=60, workers=1, python=project_python)
    assert kept.fixed is not None and kept.fixed.content == CRASHY
    assert kept.suspicion is not None and "raises IndexError" in kept.suspicion


def test_text_gets_its_first_and_last_character_changed_in_kind() -> None:
    """A digit made a letter and a letter made a digit: a check of each character's
    kind (`else: return False`) runs on such a neighbour of a passing test's input."""
    variants = [p.call[1][0] for p in mutated([Probed(("f", ["0306x"], {}), False)])]
    assert "a306x" in variants and "03067" in variants
    assert "a" not in [p.call[1][0] for p in mutated([Probed(("f", [""], {}), False)])]
    assert "7" in [p.call[1][0] for p in mutated([Probed(("f", ["-"], {}), False)])]


def test_what_a_call_does_to_its_arguments_is_behaviour_too(tmp_path: Path) -> None:
    """A candidate that returns the same but leaves the caller's list changed (or no
    longer changes it) behaves differently: the probe compares the arguments after the
    call as well as the result."""
    module = "def tagged(tags, tag):\n    tags.append(tag)\n    return len(tags)\n"
    tests = textwrap.dedent(
        """\
        from tags import tagged


        def test_count():
            assert tagged(["a"], "b") == 2


        def test_empty():
            assert tagged([], "b") == 1
        """
    )
    repo = tmp_path / "repo"
    (repo / "tests").mkdir(parents=True)
    (repo / "tags.py").write_text(module)
    (repo / "tests" / "test_tags.py").write_text(tests)
    pure = module.replace("    tags.append(tag)\n    return len(tags)", "    return len(tags) + 1")
    edit = Edit(2, "    tags.append(tag)", "    return len(tags) + 1", "test", 2)
    failing = ["tests/test_tags.py::test_empty"]
    verdict = check(repo, tmp_path / "scratch", "tags.py", edit, pure, dict(os.environ), failing=failing)
    assert verdict.score >= 1 and "->" in str(verdict.reason), verdict
    same = module.replace("return len(tags)", "return 0 + len(tags)")
    edit = Edit(3, "    return len(tags)", "    return 0 + len(tags)", "test", 1)
    clean = check(repo, tmp_path / "scratch", "tags.py", edit, same, dict(os.environ), failing=failing)
    assert clean.score == 0, clean.reason


def test_check_probes_the_failing_tests_own_calls_first(tmp_path: Path) -> None:
    """The failing tests' own calls come first (their original results are the symptom);
    a result a passing test also gets still counts as the symptom: treating it as none
    made a correct search fix suspect (-1 is both a miss and the bug's answer)."""
    calls = literal_test_calls(make_repo(tmp_path), MODULE, FAILING)
    probed = probe_calls(calls)
    assert probed[0] == Probed(("head_or_zero", [[]], {}), True, own=True)
    assert all(not p.own for p in probed[1:]) and len(probed) == 1 + len(mutated(calls))
