import pytest
from mod import total_leg_cost


def test_empty_route():
    assert total_leg_cost([]) == 0.0


def test_single_leg():
    assert total_leg_cost([(100, 1.5)]) == pytest.approx(150.0)


def test_multiple_legs():
    assert total_leg_cost([(100, 1.5), (20, 2.0), (5, 3.0)]) == pytest.approx(205.0)
