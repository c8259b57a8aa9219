from datetime import datetime

from mod import delay_summary


def at(hh, mm):
    return datetime(2024, 2, 14, hh, mm)


def test_no_records():
    assert delay_summary([]) == (0, 0.0)


def test_all_on_time():
    records = [(at(8, 0), at(8, 0)), (at(9, 0), at(9, 3))]
    assert delay_summary(records) == (0, 0.0)


def test_late_trains_counted_and_averaged():
    records = [(at(8, 0), at(8, 10)), (at(9, 0), at(9, 2)), (at(10, 0), at(10, 20))]
    assert delay_summary(records) == (2, 15.0)


def test_threshold_is_exclusive():
    records = [(at(8, 0), at(8, 5)), (at(9, 0), at(9, 6))]
    assert delay_summary(records) == (1, 6.0)


def test_custom_threshold():
    records = [(at(8, 0), at(8, 2)), (at(9, 0), at(9, 4))]
    assert delay_summary(records, threshold=1) == (2, 3.0)
