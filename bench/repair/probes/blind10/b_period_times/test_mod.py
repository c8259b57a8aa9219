import pytest

from mod import label, period_at, period_end, period_start


def test_first_period():
    assert period_start(1) == 480
    assert period_end(1) == 525


def test_later_periods():
    assert period_start(2) == 535
    assert label(3) == "P3 09:50"


def test_invalid_period():
    with pytest.raises(ValueError):
        period_start(0)
    with pytest.raises(ValueError):
        period_start(9)


def test_period_at():
    assert period_at(8 * 60 + 10) == 1
    assert period_at(8 * 60 + 50) is None
