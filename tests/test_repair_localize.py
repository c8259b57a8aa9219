"""Spectrum-based fault localisation on real repositories in tmp_path, with real pytest runs."""

from __future__ import annotations

import textwrap
from pathlib import Path

from devagent.repair.localize import TestSpectrum, localize, rank_lines, read_spectra, statement_lines

MODULE = textwrap.dedent(
    '''\
    """Prices and discounts."""


    def subtotal(prices):
        total = 0
        for price in prices:
            total += price
        return total


    def discount(total, percent):
        if percent <= 0:
            return total
        cut = total * percent // 100
        return total + cut


    def label(total):
        return f"{total} EUR"
    '''
)
BUGGY_LINE = 15  # `return total + cut` should subtract

TESTS = textwrap.dedent(
    """\
    from shop import discount, label, subtotal


    def test_subtotal():
        assert subtotal([1, 2, 3]) == 6


    def test_no_discount():
        assert discount(100, 0) == 100


    def test_ten_percent():
        assert discount(100, 10) == 90


    def test_half_price_label():
        assert label(discount(50, 50)) == "25 EUR"
    """
)


def make_repo(root: Path, files: dict[str, str]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "pytest.ini").write_text("[pytest]\n")
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_buggy_line_ranks_first_and_passing_only_lines_score_zero(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"shop.py": MODULE, "tests/test_shop.py": TESTS})
    assert MODULE.splitlines()[BUGGY_LINE - 1].strip() == "return total + cut"

    found = localize(repo, timeout_s=120)

    assert found.error is None, found.output
    assert sorted(found.failing) == [
        "tests/test_shop.py::test_half_price_label",
        "tests/test_shop.py::test_ten_percent",
    ]
    assert sorted(found.passing) == [
        "tests/test_shop.py::test_no_discount",
        "tests/test_shop.py::test_subtotal",
    ]
    top = [(s.path, s.line) for s in found.lines[:3]]
    assert ("shop.py", BUGGY_LINE) in top, found.lines
    buggy = next(s for s in found.lines if s.line == BUGGY_LINE)
    assert buggy.text == "    return total + cut"
    assert buggy.score == 1.0  # Ochiai: run by every failing test and no passing one
    assert found.lines[0].score == 1.0
    # Lines that only passing tests run (subtotal's body, the early return) score 0 and are not listed.
    for line in (5, 6, 7, 8, 13):
        assert found.score("shop.py", line) == 0.0
        assert all(s.line != line for s in found.lines)
    # label() runs in one failing test only: suspicious, but less than the faulty line.
    assert 0 < found.score("shop.py", 19) < found.score("shop.py", BUGGY_LINE)
    # Headers, docstrings and test files never appear.
    assert all(s.path == "shop.py" for s in found.lines)
    assert all(not s.text.lstrip().startswith(("def ", '"""')) for s in found.lines)
    assert found.duration_s > 0


def test_traceback_frame_of_a_crash_gets_a_bonus(tmp_path: Path) -> None:
    module = textwrap.dedent(
        """\
        def ratio(a, b):
            scale = 1
            scale = scale * 2
            return a / (b - 1) * scale
        """
    )
    tests = textwrap.dedent(
        """\
        from calc import ratio


        def test_ok():
            assert ratio(4, 3) == 4


        def test_crash():
            assert ratio(1, 1) == 1
        """
    )
    repo = make_repo(tmp_path / "repo", {"calc.py": module, "tests/test_calc.py": tests})
    found = localize(repo)
    assert found.failing == ["tests/test_calc.py::test_crash"]
    # All four body lines run in both tests; the raising line wins the tie by its bonus.
    assert (found.lines[0].path, found.lines[0].line) == ("calc.py", 4)
    assert found.lines[0].score > found.lines[1].score


def test_a_hanging_test_is_reported_failing_with_its_stack(tmp_path: Path) -> None:
    module = textwrap.dedent(
        """\
        def countdown(n):
            steps = 0
            while n != 0:
                n -= 2
                steps += 1
            return steps
        """
    )
    tests = textwrap.dedent(
        """\
        from loop import countdown


        def test_even():
            assert countdown(4) == 2


        def test_odd():
            assert countdown(3) == 2
        """
    )
    repo = make_repo(tmp_path / "repo", {"loop.py": module, "tests/test_loop.py": tests})
    found = localize(repo, timeout_s=4)
    assert found.error is not None and "timed out" in found.error
    assert found.failing == ["tests/test_loop.py::test_odd"]
    assert found.passing == ["tests/test_loop.py::test_even"]
    # The line the loop was interrupted on gets the traceback bonus.
    assert found.lines[0].line in {3, 4, 5}
    assert found.lines[0].score > found.lines[1].score


def test_no_failing_test_means_no_suspicious_line(tmp_path: Path) -> None:
    repo = make_repo(
        tmp_path / "repo",
        {
            "ok.py": "def one():\n    return 1\n",
            "tests/test_ok.py": "from ok import one\n\n\ndef test():\n    assert one() == 1\n",
        },
    )
    found = localize(repo, ["tests"])
    assert found.failing == [] and found.lines == []
    assert found.passing == ["tests/test_ok.py::test"]
    assert found.score("ok.py", 2) == 0.0


def test_collection_error_is_reported(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"tests/test_bad.py": "import no_such_module_here\n"})
    found = localize(repo)
    assert found.lines == []
    assert found.error is not None and "no test" in found.error
    assert "no_such_module_here" in found.output


def test_statement_lines_skip_headers_docstrings_imports() -> None:
    source = textwrap.dedent(
        '''\
        """Doc."""
        import os


        @staticmethod
        def f(x):
            """Doc."""
            if x:  # header only
                y = (x +
                     1)
            return y
        '''
    )
    assert statement_lines(source) == {8, 9, 10, 11}
    assert statement_lines("def (:") is None


def test_read_spectra_survives_a_cut_line_and_keeps_the_last_record(tmp_path: Path) -> None:
    out = tmp_path / "spectra.jsonl"
    out.write_text(
        '{"nodeid": "t::a", "outcome": "passed", "lines": {"m.py": [1]}, "trace": []}\n'
        '{"nodeid": "t::a", "outcome": "failed", "lines": {"m.py": [1, 2]}, "trace": [["m.py", 2]]}\n'
        '{"nodeid": "t::b", "outc'
    )
    spectra = read_spectra(out)
    assert [(s.nodeid, s.outcome, s.trace) for s in spectra] == [("t::a", "failed", [("m.py", 2)])]
    (tmp_path / "m.py").write_text("a = 1\nb = 2\n")
    ranked = rank_lines(spectra, tmp_path)
    assert [(s.line, s.score) for s in ranked.lines] == [(2, 1.5), (1, 1.0)]


def test_among_equal_scores_the_condition_over_a_more_suspicious_line_ranks_first(tmp_path: Path) -> None:
    # a helper every test runs ties with the branch every test runs; the branch decides
    # whether the more suspicious line below it runs, so it is the likelier fault
    (tmp_path / "m.py").write_text(
        "def cells():\n"  # 1
        "    out = []\n"  # 2
        "    out.append(1)\n"  # 3
        "    return out\n"  # 4
        "\n"  # 5
        "def winner(board):\n"  # 6
        "    for cell in cells():\n"  # 7
        "        if any(board):\n"  # 8
        "            return cell\n"  # 9
        "    return None\n"  # 10
    )
    everything = {"m.py": {2, 3, 4, 7, 8}}
    spectra = [
        TestSpectrum("t::f1", "failed", {"m.py": everything["m.py"] | {9}}, []),
        TestSpectrum("t::f2", "failed", {"m.py": everything["m.py"] | {9}}, []),
        TestSpectrum("t::p1", "passed", {"m.py": everything["m.py"] | {9}}, []),
        TestSpectrum("t::p2", "passed", {"m.py": everything["m.py"] | {10}}, []),
    ]
    ranked = [s.line for s in rank_lines(spectra, tmp_path).lines]
    assert ranked[0] == 9
    assert ranked[1] == 8  # before lines 2-4 and 7, which have its score
    assert set(ranked[2:6]) == {2, 3, 4, 7}


def test_the_tie_break_never_lifts_a_condition_above_a_higher_score(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("def f(x):\n    y = x\n    if x:\n        return y\n    return 0\n")
    spectra = [
        TestSpectrum("t::f", "failed", {"m.py": {2, 3, 4}}, []),
        TestSpectrum("t::p", "passed", {"m.py": {3, 5}}, []),
    ]
    ranked = [(s.line, s.score) for s in rank_lines(spectra, tmp_path).lines]
    assert [line for line, _ in ranked] == [2, 4, 3]
