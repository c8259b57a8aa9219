import pytest

from mod import check_times, timer_labels


def test_checks_every_interval():
    assert check_times(60, 20) == [20, 40, 60]


def test_time_not_a_multiple_of_interval():
    assert check_times(50, 20) == [20, 40]


def test_short_bake():
    assert check_times(8, 10) == []


def test_bad_interval():
    with pytest.raises(ValueError):
        check_times(30, 0)


def test_labels():
    assert timer_labels(90, 45) == ["0:45", "1:30"]
