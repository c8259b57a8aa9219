"""A suite can be fooled by an edit to the helper a test uses for its expected value.
Such edits rank after edits of the code under test (real repository, real pytest runs)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from devagent.repair import plan, repair
from devagent.repair.localize import SuspiciousLine
from devagent.repair.oracles import data_fields, enclosing_function, oracle_functions

SOURCE = '''\
def total(prices):
    """Sum of the prices, in cents."""
    result = 0
    for price in prices:
        result -= price
    return result


def reference_total(prices):
    """What the tests compare against."""
    result = 0
    for price in prices:
        result += price
    return result
'''
TESTS = """\
from shop import reference_total, total


def test_total():
    assert total([1, 2, 3]) == reference_total([1, 2, 3])


def test_total_of_nothing():
    assert total([]) == 0
"""


def make_repo(root: Path) -> Path:
    root.mkdir()
    (root / "shop.py").write_text(SOURCE)
    (root / "conftest.py").write_text("")
    (root / "tests").mkdir()
    (root / "tests" / "test_shop.py").write_text(TESTS)
    for args in (
        ["init", "-q"],
        ["add", "."],
        ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"],
    ):
        subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)
    return root


def test_oracles_are_functions_only_on_the_expected_side(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    assert oracle_functions(repo) == {"reference_total"}
    assert enclosing_function(SOURCE, 5) == "total"
    assert enclosing_function(SOURCE, 13) == "reference_total"
    assert enclosing_function(SOURCE, 8) is None


def test_the_code_under_test_written_on_the_right_of_the_assert_is_no_oracle(tmp_path: Path) -> None:
    """Found on structlog (`assert expected == tracebacks.to_repr(data, ...)`): many
    suites write the expected value first. A side with no call at all (a literal, a
    name) is the expected value, so the other side is what is tested: to_repr was taken
    for an oracle, its edits ranked after every other line's, and its fix came 283rd."""
    repo = make_repo(tmp_path / "repo")
    (repo / "tests" / "test_shop.py").write_text(
        "from shop import total\n\n\n"
        "def test_total():\n"
        "    expected = 6\n"
        "    assert expected == total([1, 2, 3])\n"
        "    assert 0 == total([])\n"
    )
    assert oracle_functions(repo) == frozenset()
    # Both sides computed: the left is the tested side, as before.
    (repo / "tests" / "test_shop.py").write_text(
        "from shop import reference_total, total\n\n\n"
        "def test_total():\n"
        "    assert 6 == total([1, 2, 3])\n"
        "    assert total([1, 2]) == reference_total([1, 2])\n"
    )
    assert oracle_functions(repo) == {"reference_total"}


def test_edits_of_an_oracle_rank_after_edits_of_the_code_under_test(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    # Both loops are equally suspicious on paper: the helper's line comes first here.
    ranked = [SuspiciousLine("shop.py", 13, 1.0, ""), SuspiciousLine("shop.py", 5, 1.0, "")]
    planned = plan(repo, ranked)
    first_oracle = next(i for i, c in enumerate(planned) if c.edit.line == 13)
    assert all(c.edit.line == 5 for c in planned[:first_oracle])
    assert first_oracle > 0


def test_repair_fixes_the_code_under_test_not_the_helper(tmp_path: Path, project_python: str) -> None:
    repo = make_repo(tmp_path / "repo")
    result = repair(repo, ["-q"], timeout_s=60, python=project_python)
    assert result.fixed is not None, result.error
    assert result.fixed.edit.line == 5  # `result -= price` -> `result += price` in total()
    assert "result += price" in result.fixed.content.splitlines()[4]
    assert not any(c.edit.line == 13 for c, v in result.verdicts if v.passed)


ALERTS = '''\
def low_battery(devices, threshold=20):
    """Names of the devices below the threshold that are not charging."""
    alerts = []
    for d in devices:
        if d["battery"] < threshold:
            alerts.append(d["name"])
    return sorted(alerts)
'''
ALERT_TESTS = """\
from alerts import low_battery

BAD = {"name": "x;import os", "Weird Key": 1, "battery": 3}


def test_charging_device_is_left_out():
    devices = [{"name": "door", "battery": 5, "charging": True}, {"name": "hall", "battery": 9}]
    assert low_battery(devices) == ["hall"]
"""


def alerts_repo(root: Path) -> Path:
    root.mkdir()
    (root / "alerts.py").write_text(ALERTS)
    (root / "tests").mkdir()
    (root / "tests" / "test_alerts.py").write_text(ALERT_TESTS)
    return root


def test_data_fields_are_the_field_like_keys_of_the_tests_dicts(tmp_path: Path) -> None:
    repo = alerts_repo(tmp_path / "repo")
    (repo / "data.py").write_text('ROWS = [{"ignored": 1}]\n')  # not a test file
    (repo / "tests" / "test_broken.py").write_text("def (:\n")  # does not parse: skipped
    assert data_fields(repo) == ("name", "battery", "charging")


def test_a_field_the_tests_data_holds_and_the_code_never_reads_joins_a_condition(tmp_path: Path) -> None:
    repo = alerts_repo(tmp_path / "repo")
    found = [c.edit.new_text.strip() for c in plan(repo, [SuspiciousLine("alerts.py", 5, 1.0, "")])]
    assert 'if d["battery"] < threshold and not d.get("charging"):' in found
    assert 'if d["battery"] < threshold or not d.get("charging"):' in found  # a record to reject
    # a field the code reads already is no missing check
    clauses = [
        f'{connective} {negation}d.get("{key}")'
        for connective in ("and", "or")
        for negation in ("", "not ")
        for key in ("battery", "name")
    ]
    assert not any(clause in text for clause in clauses for text in found)


def test_without_the_tests_data_no_field_of_it_is_guessed(tmp_path: Path) -> None:
    repo = alerts_repo(tmp_path / "repo")
    (repo / "tests" / "test_alerts.py").write_text(
        ALERT_TESTS.replace(', "charging": True', "").replace("BAD = ", "_ = ")
    )
    found = [c.edit.new_text.strip() for c in plan(repo, [SuspiciousLine("alerts.py", 5, 1.0, "")])]
    assert not any("charging" in text for text in found)


PICKER = """\
def pick(tracks, low, high, clean=False):
    picked = []
    for t in tracks:
        if low <= t["bpm"] <= high:
            picked.append(t["title"])
    return picked
"""


def test_a_flag_the_condition_ignores_turns_on_a_field_the_tests_data_holds(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "picker.py").write_text(PICKER)
    (repo / "test_picker.py").write_text(
        'from picker import pick\n\nTRACKS = [{"title": "a", "bpm": 100, "explicit": True}]\n\n\n'
        "def test_clean():\n    assert pick(TRACKS, 90, 110, clean=True) == []\n"
    )
    found = [c.edit.new_text.strip() for c in plan(repo, [SuspiciousLine("picker.py", 4, 1.0, "")])]
    assert 'if low <= t["bpm"] <= high and not (clean and t.get("explicit")):' in found
