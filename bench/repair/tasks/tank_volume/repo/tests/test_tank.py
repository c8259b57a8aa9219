import pytest

from tank import box_litres, cylinder_litres, fill_minutes


def test_box_litres():
    assert box_litres(10, 20, 50) == pytest.approx(10.0)


def test_cylinder_litres():
    assert cylinder_litres(10, 100) == pytest.approx(31.4159, rel=1e-4)
    assert cylinder_litres(30, 50) == pytest.approx(141.3717, rel=1e-4)


def test_fill_minutes():
    assert fill_minutes(120, 8) == pytest.approx(15.0)
