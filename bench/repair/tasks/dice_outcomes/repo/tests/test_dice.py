import pytest

from dice import outcome_count, probability, sum_ways


def test_sum_ways():
    assert sum_ways([6, 6], 7) == 6
    assert sum_ways([6, 6], 1) == 0
    assert sum_ways([4], 3) == 1


def test_outcome_count():
    assert outcome_count([6, 6]) == 36
    assert outcome_count([4, 6, 8]) == 192
    assert outcome_count([]) == 1


def test_probability():
    assert probability([6, 6], 7) == pytest.approx(1 / 6)
    assert probability([6, 6], 12) == pytest.approx(1 / 36)
