"""Conditions synthesised from runtime values (devagent/repair/conditions.py): where a
site is, which atoms the evidence supports and which it must not; the plugin's watch
mode on a real pytest run; and repair() fixing a missing validation with a guard."""

from __future__ import annotations

import subprocess
from pathlib import Path

from devagent.repair import repair
from devagent.repair.conditions import UNCHECKED_PENALTY, Run, Site, sites, synthesize
from devagent.repair.edit import apply
from devagent.repair.localize import record_spectra

SHIPPING = '''\
def shipping_cost(weight, zone):
    """Cost in cents: free above 5000 g in zone 1, else 100 per started kg."""
    if zone == 1 and weight > 5000:
        return 0
    kilos = (weight + 999) // 1000
    return kilos * 100 * zone


def check(weight):
    if weight < -1000:
        raise ValueError("weight")
    return weight
'''

SHIPPING_TESTS = """\
import pytest
from shipping import shipping_cost

def test_heavy_zone_one_is_free():
    assert shipping_cost(6000, 1) == 0

def test_light():
    assert shipping_cost(1500, 2) == 400

def test_zero_weight_costs_nothing():
    assert shipping_cost(0, 3) == 0

def test_negative_weight_is_rejected():
    with pytest.raises(ValueError):
        shipping_cost(-5, 1)
"""


def site(atoms: tuple[str, ...], *, test: tuple[int, int] | None = None, text: str = "    x = f(n)") -> Site:
    return Site("m.py", 2, text, atoms, ("return 0", "continue"), test)


def test_a_guard_needs_an_atom_no_passing_visit_meets_and_a_failing_visit_does() -> None:
    source = "def g(n):\n    x = f(n)\n    return x\n"
    runs = [Run(True, ("01", "01")), Run(True, ("01",)), Run(False, ("11",))]
    edits = synthesize(source, site(("n < 0", "n >= 0")), runs)
    assert [e.new_text for e in edits] == ["    if n < 0: return 0\n    x = f(n)"]
    assert all(e.template == "runtime_guard" for e in edits)


def test_no_guard_when_a_passing_test_meets_the_condition_or_no_test_fails() -> None:
    source = "def g(n):\n    x = f(n)\n    return x\n"
    assert synthesize(source, site(("n < 0",)), [Run(True, ("0", "1")), Run(False, ("1",))]) == []
    assert synthesize(source, site(("n < 0",)), [Run(True, ("0",)), Run(True, ("0",))]) == []
    # a failing test that never reached the site says nothing about it
    assert synthesize(source, site(("n < 0",)), [Run(True, ("0",)), Run(False, ())]) == []


def test_an_atom_that_raised_at_any_visit_is_never_proposed() -> None:
    source = "def g(n):\n    x = f(n)\n    return x\n"
    runs = [Run(True, ("0", "e")), Run(False, ("1",))]
    assert synthesize(source, site(("len(n) == 0",)), runs) == []
    runs = [Run(True, ("0",)), Run(False, ("1", "e"))]
    assert synthesize(source, site(("len(n) == 0",)), runs) == []


def test_a_widening_clause_covers_a_failing_visit_where_the_condition_was_false() -> None:
    text = "    if node.next is None:"
    source = f"def g(node):\n{text}\n        return 0\n    return 1\n"
    start = text.index("node.next")
    atoms = ("node.next is None", "node is None", "not node")
    # position 0 is the condition itself; it raised (AttributeError) where node was None
    runs = [Run(True, ("100", "000")), Run(False, ("e11",))]
    new = [
        e.new_text
        for e in synthesize(source, Site("m.py", 2, text, atoms, ("return 0",), (start, len(text) - 1)), runs)
    ]
    assert "    if node is None or node.next is None:" in new
    assert "    if not node or node.next is None:" in new


def test_a_narrowing_clause_negates_the_atom_it_excludes() -> None:
    text = "    while i < n:"
    source = f"def g(i, n, stop):\n{text}\n        i += 1\n    return i\n"
    start = text.index("i < n")
    atoms = ("i < n", "i == stop")
    runs = [Run(True, ("10", "10", "00")), Run(False, ("10", "11", "10"))]
    edits = synthesize(source, Site("m.py", 2, text, atoms, ("break",), (start, len(text) - 1)), runs)
    clause = next(e.new_text for e in edits if e.template == "runtime_clause")
    assert clause == "    while i != stop and i < n:"


def test_a_clause_must_not_change_what_a_passing_test_saw() -> None:
    text = "    if a < b:"
    source = f"def g(a, b):\n{text}\n        return a\n    return b\n"
    start = text.index("a < b")
    # `a == 0` is true where a passing test saw the condition false: `a == 0 or a < b`
    # would send that test down the other branch
    runs = [Run(True, ("01",)), Run(False, ("01",))]
    edits = synthesize(
        source, Site("m.py", 2, text, ("a < b", "a == 0"), (), (start, len(text) - 1), False), runs
    )
    assert edits == []


def test_sites_are_the_ranked_statement_and_its_functions_first_statement() -> None:
    found = sites(SHIPPING, "shipping.py", 5)
    assert [s.line for s in found] == [5, 3]
    assert found[0].test is None and found[1].test is not None
    assert found[1].atoms[0] == "zone == 1 and weight > 5000"
    assert "weight < 0" in found[0].atoms and "weight is None" in found[0].atoms
    # the module raises ValueError: a missing validation can raise it too
    assert "raise ValueError" in found[0].exits and "return 0" in found[0].exits
    assert "continue" not in found[0].exits  # not in a loop


def test_sites_offer_loop_exits_only_inside_a_loop_and_nothing_on_a_def_or_module_line() -> None:
    source = "X = 1\n\ndef total(xs):\n    s = 0\n    for x in xs:\n        s += x\n    return s\n"
    inside = sites(source, "m.py", 6)[0]
    assert inside.exits[:2] == ("continue", "break")
    after = sites(source, "m.py", 7)[0]
    assert "continue" not in after.exits
    assert sites(source, "m.py", 1) == [] and sites(source, "m.py", 3) == []


def test_an_elif_gets_clauses_but_no_guard_in_front_of_it() -> None:
    source = (
        "def sign(n):\n    if n > 0:\n        return 1\n    elif n > 1:\n        return -1\n    return 0\n"
    )
    (elif_site, _) = sites(source, "m.py", 4)
    assert elif_site.test is not None and not elif_site.guards
    runs = [Run(True, ("00",)), Run(False, ("01",))]
    atoms = ("n > 1", "n < 0")
    edits = synthesize(
        source, Site("m.py", 4, elif_site.text, atoms, ("return 0",), elif_site.test, False), runs
    )
    assert edits and all(e.template == "runtime_clause" for e in edits)
    assert all("elif" in apply(source, e).splitlines()[3] for e in edits)


def test_a_condition_over_several_lines_is_not_a_site() -> None:
    source = "def g(a, b):\n    if (a and\n            b):\n        return 1\n    return 0\n"
    assert [s.line for s in sites(source, "m.py", 2)] == []


def _repo(tmp_path: Path) -> Path:
    (tmp_path / "shipping.py").write_text(SHIPPING)
    (tmp_path / "test_shipping.py").write_text(SHIPPING_TESTS)
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    return tmp_path


def test_the_plugin_records_each_visit_of_a_watched_line_in_a_real_pytest_run(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    watch = {"shipping.py": {5: ["weight < 0", "kilos > 0", "weight.bit_length() > 100"]}}
    spectra, _, error = record_spectra(repo, ["-q"], 60, watch=watch)
    assert error is None
    visits = {s.nodeid.split("::")[1]: (s.outcome, s.watch.get("shipping.py:5")) for s in spectra}
    # kilos is not bound yet when line 5 is about to run: its atom raised
    assert visits["test_light"] == ("passed", ["0e0"])
    assert visits["test_zero_weight_costs_nothing"] == ("passed", ["0e0"])
    assert visits["test_negative_weight_is_rejected"] == ("failed", ["1e0"])
    assert visits["test_heavy_zone_one_is_free"] == ("passed", None)  # returned before line 5


def test_the_plugin_keeps_at_most_32_visits_per_test(tmp_path: Path) -> None:
    (tmp_path / "loop.py").write_text(
        "def count(n):\n    i = 0\n    while i < n:\n        i += 1\n    return i\n"
    )
    (tmp_path / "test_loop.py").write_text(
        "from loop import count\n\ndef test_count():\n    assert count(100) == 100\n"
    )
    spectra, _, error = record_spectra(tmp_path, ["-q"], 60, watch={"loop.py": {4: ["i % 2 == 0"]}})
    assert error is None
    (only,) = spectra
    assert only.watch["loop.py:4"] == ["1", "0"] * 16


def test_repair_fixes_a_missing_validation_with_a_runtime_guard(tmp_path: Path) -> None:
    result = repair(_repo(tmp_path), ["-q"], timeout_s=60, budget_s=120)
    assert result.fixed is not None, result.summary()
    assert result.fixed.edit.template == "runtime_guard"
    assert "if weight < 0: raise ValueError" in result.fixed.content
    assert (tmp_path / "shipping.py").read_text() == SHIPPING  # the repo itself is never written


def test_edits_no_passing_visit_constrains_rank_behind_the_templates_guard() -> None:
    source = "def g(n):\n    x = f(n)\n    return x\n"
    checked = synthesize(source, site(("n < 0",)), [Run(True, ("0",)), Run(False, ("1",))])
    unchecked = synthesize(source, site(("n < 0",)), [Run(False, ("1",))])
    assert [e.new_text for e in checked] == [e.new_text for e in unchecked]
    assert [e.size for e in unchecked] == [e.size + UNCHECKED_PENALTY for e in checked]
