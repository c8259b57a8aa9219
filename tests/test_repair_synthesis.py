"""synthesis.py: a missing condition built from what is in scope and judged by where it
would change the runs. The pure parts on small code (which edits are probed, which are
kept); the traced run on a real pytest suite in a temp repository."""

from __future__ import annotations

import subprocess
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import devagent.repair.search as repair_package
from devagent.config import RepairConfig
from devagent.repair import Candidate, Edit, synthesis, synthesized
from devagent.repair.localize import localize, run_traced
from devagent.repair.rules.edit import apply
from devagent.repair.validate import CandidateRunner
from tests.helpers import SPIN_FOREVER


def line_of(source: str, fragment: str) -> int:
    (line,) = [i for i, text in enumerate(source.splitlines(), 1) if fragment in text]
    return line


SCAN = textwrap.dedent(
    """\
    def over(readings, limit):
        \"\"\"The readings above the limit.\"\"\"
        out = []
        for value in readings:
            if value > limit:
                out.append(value)
        return out
    """
)


def test_a_statement_gets_guards_of_names_constants_and_pairs_in_scope() -> None:
    found = synthesis.probes(SCAN, line_of(SCAN, "out.append"))
    guards = {p.condition for p in found if p.form == "guard"}
    assert {"not value", "value is None", "value in out", "value < limit", "isinstance(value, str)"} <= guards
    # a guard changes the run where its condition holds; membership is tested through the
    # plugin's helper, which refuses an iterator rather than consume it
    divergence = {p.condition: p.divergence for p in found if p.form == "guard"}
    assert divergence["value is None"] == "value is None"
    assert divergence["value < limit"] == "__devagent_ordered__(value) < limit"
    assert divergence["value in out"] == "__devagent_contains__(out, value)"
    assert divergence["value not in out"] == "not __devagent_contains__(out, value)"
    # simplest first
    assert [p.cost for p in found] == sorted(p.cost for p in found)


def test_a_branch_is_widened_and_narrowed_by_what_its_divergence_says() -> None:
    found = synthesis.probes(SCAN, line_of(SCAN, "if value > limit"))
    widen = next(p for p in found if p.form == "widen" and p.condition == "value is None")
    narrow = next(p for p in found if p.form == "narrow" and p.condition == "value is None")
    assert widen.divergence == "not (value > limit) and (value is None)"
    assert narrow.divergence == "(value > limit) and (value is None)"


def test_no_guard_above_a_for_header_or_an_elif_and_no_clause_on_a_test_with_effects() -> None:
    source = textwrap.dedent(
        """\
        def drain(queue, seen):
            for item in queue:
                seen.add(item)
            if queue.pop() > 3:
                return 1
            elif len(seen) > 2:
                return 2
            return 0
        """
    )
    assert not [p for p in synthesis.probes(source, line_of(source, "for item")) if p.form == "guard"]
    assert synthesis.probes(source, line_of(source, "queue.pop()")) != []
    assert not [
        p for p in synthesis.probes(source, line_of(source, "queue.pop()")) if p.form in ("widen", "narrow")
    ]
    elif_line = synthesis.probes(source, line_of(source, "elif len(seen)"))
    assert elif_line and all(p.form != "guard" for p in elif_line)
    assert synthesis.probes(source, line_of(source, "def drain")) == []


def test_kept_conditions_diverge_in_a_failing_test_and_raise_in_no_passing_one() -> None:
    probes = [
        synthesis.Probe("guard", "a", "a", 1),  # never diverges where a test fails
        synthesis.Probe("guard", "b", "b", 1),  # raises in a passing test
        synthesis.Probe("guard", "c", "c", 3),  # diverges in a passing test too
        synthesis.Probe("guard", "d", "d", 4),  # diverges only where it fails: first
        synthesis.Probe("guard", "e", "e", 5),  # the same places as d: the same edit for the tests
    ]
    failing = [[(0, 3, 0), (1, 2, 0), (2, 1, 0), (1, 2, 0), (1, 2, 0)]]
    passing = [[(0, 2, 0), (0, 1, 1), (1, 1, 0), (0, 2, 0), (0, 2, 0)]]
    kept = synthesis.chosen(probes, failing, passing)
    assert [p.condition for _, p in kept] == ["d", "c"]
    assert [evidence for evidence, _ in kept] == [(0, -1, 4), (1, -1, 3)]


def test_edits_put_a_guard_above_the_statement_and_rewrite_a_test() -> None:
    append = line_of(SCAN, "out.append")
    guard = synthesis.edits(SCAN, append, [synthesis.Probe("guard", "value in out", "value in out", 2)])
    assert [e.new_text.splitlines()[0].strip() for e in guard][:2] == [
        "if value in out: continue",
        "if value in out: break",
    ]
    branch = line_of(SCAN, "if value > limit")
    changed = synthesis.edits(
        SCAN,
        branch,
        [
            synthesis.Probe("widen", "value is None", "", 2),
            synthesis.Probe("narrow", "value is None", "", 2),
            synthesis.Probe("narrow", "not out", "", 2),
        ],
    )
    assert [e.new_text.strip() for e in changed] == [
        "if value > limit or value is None:",
        "if value > limit and value is not None:",
        "if value > limit and out:",
    ]
    for edit in [*guard, *changed]:
        compile(apply(SCAN, edit), "<synthesized>", "exec")


def _repo(tmp_path: Path, module: str, tests: str) -> Path:
    repo = tmp_path / "repo"
    (repo / "tests").mkdir(parents=True)
    (repo / "window.py").write_text(textwrap.dedent(module), encoding="utf-8")
    (repo / "tests" / "test_window.py").write_text(textwrap.dedent(tests), encoding="utf-8")
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    subprocess.run(["git", "add", "."], cwd=repo, check=True)
    return repo


MODULE = """\
def late(arrivals, opens, closes):
    \"\"\"The arrivals after opening time that are still inside the window.\"\"\"
    kept = []
    for t in arrivals:
        if t < opens:
            continue
        kept.append(t)
    return kept
"""
TESTS = """\
import sys
sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent.parent))
from window import late


def test_inside():
    assert late([3, 5], 2, 9) == [3, 5]


def test_before_opening():
    assert late([1, 4], 2, 9) == [4]


def test_after_closing():
    assert late([4, 10, 12], 2, 9) == [4]
"""


def test_the_traced_run_counts_each_condition_where_the_line_runs(
    tmp_path: Path, project_python: str
) -> None:
    repo = _repo(tmp_path, MODULE, TESTS)
    key = f"window.py:{line_of(MODULE, 'kept.append')}"
    asked = ["t > closes", "t > opens", "t.real > x", "__devagent_ordered__(str(t)) > '1'"]
    spectra, _, error = run_traced(repo, [], 60, conditions={key: asked}, python=project_python)
    assert error is None
    by_test = {s.nodeid.split("::")[-1]: s for s in spectra}
    assert by_test["test_after_closing"].outcome == "failed"
    # [true, false, raised]: 10 and 12 are after closing, 4 is not; `x` is no name there;
    # text is not compared by order
    assert by_test["test_after_closing"].conditions[key] == [(2, 1, 0), (3, 0, 0), (0, 0, 3), (0, 0, 3)]
    assert by_test["test_inside"].conditions[key] == [(0, 2, 0), (2, 0, 0), (0, 0, 2), (0, 0, 2)]


def test_a_missing_clause_is_synthesised_from_the_runs_and_ranked_first(
    tmp_path: Path, project_python: str
) -> None:
    repo = _repo(tmp_path, MODULE, TESTS)
    found = localize(repo, [], python=project_python)
    assert found.failing
    with CandidateRunner(repo, [], 60, python=project_python) as runner:
        built = synthesized(runner, found, [], 60, ())
        texts = [c.edit.new_text.splitlines()[0].strip() for c in built]
        # `t > closes` changes the path only where the failing test fails; `t > opens`
        # would change a passing test's path as well, so it comes later if at all
        assert "if t < opens or t > closes:" in texts
        later = [t for t in texts if "t > opens" in t]
        assert all(texts.index(t) > texts.index("if t < opens or t > closes:") for t in later)
        fixed = built[texts.index("if t < opens or t > closes:")]
        assert runner.run(fixed.path, fixed.content, first=found.failing).passed
    assert (repo / "window.py").read_text(encoding="utf-8") == MODULE  # the repo is never written


def test_the_plugin_ignores_conditions_when_none_are_given(tmp_path: Path, project_python: str) -> None:
    repo = _repo(tmp_path, MODULE, TESTS)
    spectra, _, error = run_traced(repo, [], 60, python=project_python)
    assert error is None and spectra
    assert all(s.conditions == {} for s in spectra)


def test_a_membership_probe_never_consumes_an_iterator_the_code_reads(
    tmp_path: Path, project_python: str
) -> None:
    module = """\
def first_new(items, seen):
    \"\"\"The first item not seen yet.\"\"\"
    for item in items:
        if item not in seen:
            return item
    return None
"""
    tests = """\
import sys
sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent.parent))
from window import first_new


def test_from_an_iterator():
    assert first_new(iter([1, 2, 3]), {1}) == 2
"""
    repo = _repo(tmp_path, module, tests)
    key = f"window.py:{line_of(module, 'if item not in seen')}"
    probes = [p.divergence for p in synthesis.probes(module, line_of(module, "if item not in seen"))]
    asked = [d for d in probes if d.startswith("not (item not in seen) and (__devagent_contains__(items,")]
    assert asked
    spectra, _, error = run_traced(repo, [], 60, conditions={key: asked}, python=project_python)
    (spectrum,) = spectra
    assert error is None and spectrum.outcome == "passed"  # `2` was still there to be found
    assert spectrum.conditions[key][0][2] == 1  # refused (raised) on the one hit where it was asked


def test_a_position_is_bounded_by_the_length_of_what_it_indexes_and_a_guard_may_return_a_parameter() -> None:
    source = textwrap.dedent(
        """\
        def total_from(items, i, acc):
            \"\"\"The sum of items from position i on, added to acc.\"\"\"
            return total_from(items, i + 1, acc + items[i])
        """
    )
    line = line_of(source, "return total_from")
    conditions = {p.condition for p in synthesis.probes(source, line) if p.form == "guard"}
    assert {"i == len(items)", "i >= len(items)", "not len(items)"} <= conditions
    assert not {"len(items) is None", "items in len(items)", "isinstance(len(items), str)"} & conditions
    guard = synthesis.Probe("guard", "i == len(items)", "", 2)
    actions = [e.new_text.splitlines()[0].strip() for e in synthesis.edits(source, line, [guard])]
    assert "if i == len(items): return acc" in actions
    assert "if i == len(items): return items" in actions
    # a function that returns nothing gets no `return <parameter>`
    procedure = textwrap.dedent(
        """\
        def fill(out, n):
            out.append(n)
        """
    )
    line = line_of(procedure, "out.append")
    actions = [
        e.new_text for e in synthesis.edits(procedure, line, [synthesis.Probe("guard", "not n", "", 1)])
    ]
    assert not [a for a in actions if "return out" in a or "return n" in a]


def _hanging_templates(
    count: int, then: list[Candidate] | None = None
) -> Callable[[Path, object], list[Candidate]]:
    """Scripted template candidates: `count` edits that make the function loop forever
    (each costs the candidate timeout), then `then`."""
    hangs = MODULE.replace("    return kept\n", SPIN_FOREVER)

    def plan(root: Path, lines: object) -> list[Candidate]:
        edit = Edit(8, "    return kept", SPIN_FOREVER.rstrip("\n"), "scripted", 1)
        return [Candidate("window.py", edit, hangs + "\n" * i, 0) for i in range(count)] + (then or [])

    return plan


def test_slow_templates_leave_the_synthesised_conditions_their_share_of_the_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, project_python: str
) -> None:
    """Scripted template candidates (real pytest runs) that would spend the whole budget:
    the template search stops at its share, and the synthesised clause is tried and wins."""
    repo = _repo(tmp_path, MODULE, TESTS)
    monkeypatch.setattr(repair_package, "plan", _hanging_templates(60))
    result = repair_package.repair(
        repo, timeout_s=30, budget_s=30.0, workers=2, overfit_guard=False, python=project_python
    )
    assert result.fixed is not None, result.summary()
    assert result.fixed.edit.template == "synthesized"
    assert "t > closes" in result.fixed.edit.new_text
    assert result.fixed_at < 60  # the templates' long tail was cut for it


def test_templates_cut_for_the_synthesised_conditions_are_tried_after_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, project_python: str
) -> None:
    """Scripted template candidates (real pytest runs) and no synthesised one: the
    templates the reserve cut off still run once the synthesised ones are spent. The first
    template's run lasts until just past the templates' share of the budget, wherever the
    search started it, so the cut falls before the second on a loaded machine too (a
    template that hangs costs ten runs of the failing tests: under load a few of them
    spent the whole budget)."""
    repo = _repo(tmp_path, MODULE, TESTS)
    budget_s = 16.0
    reserve_s = min(repair_package.SYNTHESIS_RESERVE_S, repair_package.SYNTHESIS_RESERVE_SHARE * budget_s)
    past_share = time.time() + budget_s - reserve_s + 0.5
    waits = MODULE.replace(
        "    return kept\n",
        f"    import time\n    while time.time() < {past_share}:\n        time.sleep(0.05)\n    return []\n",
    )
    waiting = Candidate("window.py", Edit(8, "    return kept", "    return []", "scripted", 1), waits, 0)
    fixed = MODULE.replace("if t < opens:", "if t < opens or t > closes:")
    edit = Edit(5, "        if t < opens:", "        if t < opens or t > closes:", "scripted", 1)
    last = Candidate("window.py", edit, fixed, 0)
    monkeypatch.setattr(repair_package, "plan", lambda root, lines: [waiting, last])
    monkeypatch.setattr(repair_package, "candidate_timeout", lambda configured, run_s: configured)
    monkeypatch.setattr(repair_package, "synthesized", lambda *args: [])
    result = repair_package.repair(
        repo, timeout_s=30, budget_s=budget_s, workers=1, overfit_guard=False, python=project_python
    )
    assert result.fixed is not None and result.fixed.content == fixed, result.summary()
    assert [c for c, _ in result.verdicts] == [waiting, last]


def test_the_candidate_cap_holds_and_leaves_the_synthesised_conditions_a_share(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, project_python: str
) -> None:
    """Scripted template candidates (real pytest runs), more than the cap: the templates
    get four fifths of the cap, the synthesised conditions the rest, and no more run."""
    repo = _repo(tmp_path, MODULE, TESTS)
    wrong = MODULE.replace("    return kept\n", "    return []\n")
    edit = Edit(8, "    return kept", "    return []", "scripted", 1)
    monkeypatch.setattr(
        repair_package,
        "plan",
        lambda root, lines: [Candidate("window.py", edit, wrong + "\n" * i, 0) for i in range(30)],
    )
    result = repair_package.repair(
        repo, timeout_s=30, max_candidates=10, workers=1, overfit_guard=False, python=project_python
    )
    assert result.tried <= 10
    assert [c.edit.template for c, _ in result.verdicts][:8] == ["scripted"] * 8
    assert result.fixed is not None and result.fixed.edit.template == "synthesized", result.summary()


def test_the_first_statement_of_a_function_is_where_a_base_case_goes() -> None:
    source = textwrap.dedent(
        """\
        def depth(node):
            \"\"\"How deep the tree goes.\"\"\"
            children = node["children"]
            return 1 + max(depth(c) for c in children)


        def bare(x):
            return x


        TOP = 1
        """
    )
    assert synthesis.first_statement(source, line_of(source, "return 1 + max")) == line_of(
        source, "children ="
    )
    assert synthesis.first_statement(source, line_of(source, "return x")) == line_of(source, "return x")
    assert synthesis.first_statement(source, line_of(source, "TOP = 1")) is None
    assert synthesis.first_statement("def (", 1) is None


def test_a_returned_truth_value_takes_a_clause_and_an_or_keeps_its_meaning() -> None:
    source = textwrap.dedent(
        """\
        def open_now(hour, closed):
            \"\"\"Open from 9 to 17, unless closed.\"\"\"
            return hour >= 9 or closed
        """
    )
    line = line_of(source, "return hour")
    forms = {(p.form, p.condition) for p in synthesis.probes(source, line)}
    assert {("narrow", "hour > 9"), ("widen", "not closed"), ("guard", "hour > 9")} <= forms
    changed = synthesis.edits(
        source,
        line,
        [synthesis.Probe("narrow", "hour > 17", "", 2), synthesis.Probe("widen", "closed", "", 2)],
    )
    assert [e.new_text.strip() for e in changed] == [
        "return (hour >= 9 or closed) and hour <= 17",
        "return hour >= 9 or closed or closed",
    ]
    # a value that is no truth value gets no clause
    plain = "def f(a, b):\n    return a + b\n"
    assert {p.form for p in synthesis.probes(plain, 2)} == {"guard", "wrap"}


def test_a_value_the_line_reads_is_wrapped_in_a_call_where_that_changes_it() -> None:
    source = textwrap.dedent(
        """\
        def labels(rows):
            \"\"\"Each row's label, in order.\"\"\"
            out = []
            for row in rows:
                out.append(row["label"])
            return out
        """
    )
    loop = line_of(source, "for row in rows")
    wraps = {p.condition: p for p in synthesis.probes(source, loop) if p.form == "wrap"}
    assert wraps["sorted(rows)"].divergence == "(sorted(__devagent_value__(rows))) != (rows)"
    (edit,) = synthesis.edits(source, loop, [wraps["sorted(rows)"]])
    assert edit.new_text == "    for row in sorted(rows):"
    append = line_of(source, "out.append")
    wrapped = {p.condition for p in synthesis.probes(source, append) if p.form == "wrap"}
    assert {"row['label'].strip()", "row['label'].lower()", "int(row['label'])"} <= wrapped
    assert not [w for w in wrapped if "out.append" in w]  # a called method is no value
    effects = "def take(queue):\n    return queue.pop()[0] + len(queue)\n"
    wrapped = {p.condition for p in synthesis.probes(effects, 2) if p.form == "wrap"}
    assert "abs(queue)" in wrapped and not [w for w in wrapped if "pop" in w]  # never called again
    (edit,) = synthesis.edits(
        source,
        append,
        [next(p for p in synthesis.probes(source, append) if p.condition == "row['label'].strip()")],
    )
    assert edit.new_text == "        out.append(row['label'].strip())"


def test_a_wrap_probe_never_consumes_an_iterator(tmp_path: Path, project_python: str) -> None:
    module = """\
def total(items):
    result = 0
    for item in items:
        result += item
    return result
"""
    tests = """\
import sys
sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent.parent))
from window import total


def test_from_an_iterator():
    assert total(iter([1, 2, 3])) == 6
"""
    repo = _repo(tmp_path, module, tests)
    loop = line_of(module, "for item in items")
    asked = [p.divergence for p in synthesis.probes(module, loop) if p.condition == "sorted(items)"]
    spectra, _, error = run_traced(
        repo, [], 60, conditions={f"window.py:{loop}": asked}, python=project_python
    )
    (spectrum,) = spectra
    assert error is None and spectrum.outcome == "passed"
    assert spectrum.conditions[f"window.py:{loop}"][0][2] >= 1  # refused, not consumed


def test_synthesis_off_keeps_the_search_to_the_templates_and_their_whole_share(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, project_python: str
) -> None:
    """Scripted template candidates (real pytest runs), `repair.synthesis: false`: no
    synthesised edit is tried, and the templates get the whole candidate cap."""
    repo = _repo(tmp_path, MODULE, TESTS)
    wrong = MODULE.replace("    return kept\n", "    return []\n")
    edit = Edit(8, "    return kept", "    return []", "scripted", 1)
    monkeypatch.setattr(
        repair_package,
        "plan",
        lambda root, lines: [Candidate("window.py", edit, wrong + "\n" * i, 0) for i in range(30)],
    )
    result = repair_package.repair(
        repo,
        timeout_s=30,
        max_candidates=10,
        workers=1,
        overfit_guard=False,
        synthesis=False,
        python=project_python,
    )
    assert result.fixed is None
    assert [c.edit.template for c, _ in result.verdicts] == ["scripted"] * 10
    assert RepairConfig().synthesis is True
    assert RepairConfig.model_validate({"synthesis": False}).synthesis is False
