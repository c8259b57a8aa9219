import pytest
from mod import route_length_km


def test_forward_route():
    assert route_length_km([0, 12.5, 40]) == pytest.approx(40.0)


def test_single_stop():
    assert route_length_km([17]) == 0.0


def test_empty_route():
    assert route_length_km([]) == 0.0


def test_back_and_forth():
    assert route_length_km([10, 50, 20]) == pytest.approx(70.0)
