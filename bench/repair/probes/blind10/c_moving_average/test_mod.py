import pytest

from mod import moving_average, rising, smoothed_peak


def test_moving_average():
    assert moving_average([1, 2, 3, 4, 5], 3) == [2.0, 3.0, 4.0]
    assert moving_average([2, 4], 1) == [2.0, 4.0]


def test_bad_window():
    with pytest.raises(ValueError):
        moving_average([1, 2], 0)


def test_smoothed_peak():
    assert smoothed_peak([10, 12, 14, 13, 11]) == 13.0
    assert smoothed_peak([10, 12]) is None


def test_rising():
    assert rising([1, 2, 3, 4])
    assert not rising([5, 4, 3, 2])
