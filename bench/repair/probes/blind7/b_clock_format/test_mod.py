import pytest

from mod import to_clock, from_clock, add_minutes


def test_to_clock():
    assert to_clock(0) == "00:00"
    assert to_clock(75) == "01:15"
    assert to_clock(1439) == "23:59"


def test_to_clock_wraps():
    assert to_clock(1440 + 5) == "00:05"
    assert to_clock(-30) == "23:30"


def test_from_clock():
    assert from_clock("9:05") == 545
    assert from_clock(" 23:59 ") == 1439


def test_from_clock_rejects_out_of_range():
    with pytest.raises(ValueError):
        from_clock("24:00")
    with pytest.raises(ValueError):
        from_clock("12:60")


def test_add_minutes():
    assert add_minutes("23:50", 20) == "00:10"
    assert add_minutes("00:10", -20) == "23:50"
