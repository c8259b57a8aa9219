import pytest

from mod import final_points, points_progression


def test_progression():
    assert points_progression("WDLW") == [3, 4, 4, 7]


def test_lowercase_accepted():
    assert points_progression("dw") == [1, 4]


def test_unknown_result():
    with pytest.raises(ValueError):
        points_progression("WX")


def test_final_points():
    assert final_points("WWD") == 7
    assert final_points("") == 0
