import pytest

from mod import median, month_summary, wet_days


def test_median():
    assert median([1.0, 2.0, 3.0]) == 2.0
    assert median([4.0, 0.0, 2.0, 6.0]) == 3.0


def test_wet_days():
    assert wet_days([0.0, 0.4, 1.0, 12.5]) == 2


def test_month_summary():
    summary = month_summary([0.0, 5.5, 0.2, 12.0, 3.1])
    assert summary["total"] == 20.8
    assert summary["max"] == 12.0
    assert summary["median"] == 3.1
    assert summary["wet_days"] == 3


def test_empty_month():
    with pytest.raises(ValueError):
        month_summary([])
