import pytest

from mod import median_reading


def test_single_value():
    assert median_reading([7.5]) == 7.5


def test_empty_raises():
    with pytest.raises(ValueError):
        median_reading([])


def test_unsorted_odd():
    assert median_reading([30.1, 18.4, 22.0]) == 22.0


def test_unsorted_even():
    assert median_reading([4, 1, 3, 2]) == 2.5
