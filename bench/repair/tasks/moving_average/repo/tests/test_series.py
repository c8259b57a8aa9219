import pytest

from series import cumulative_sum, moving_average, normalize, peaks


def test_cumulative_sum():
    assert cumulative_sum([1, 2, 3, 4]) == [1, 3, 6, 10]


def test_moving_average():
    assert moving_average([1, 2, 3, 4], 2) == [1.5, 2.5, 3.5]


def test_window_as_long_as_series():
    assert moving_average([2, 4, 6], 3) == [4.0]


def test_window_too_long_or_invalid():
    assert moving_average([1, 2], 3) == []
    with pytest.raises(ValueError):
        moving_average([1, 2], 0)


def test_normalize_and_peaks():
    assert normalize([10, 20, 30]) == [0.0, 0.5, 1.0]
    assert peaks([1, 3, 2, 5, 4]) == [1, 3]
