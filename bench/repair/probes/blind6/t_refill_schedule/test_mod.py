from datetime import date

import pytest

from mod import refill_date, refill_schedule


def test_refill_date():
    assert refill_date(date(2024, 3, 1), 30, 1) == date(2024, 3, 28)


def test_partial_days_are_dropped():
    assert refill_date(date(2024, 3, 1), 45, 2, buffer_days=0) == date(2024, 3, 23)


def test_invalid_rate():
    with pytest.raises(ValueError):
        refill_date(date(2024, 3, 1), 30, 0)


def test_schedule_earliest_first():
    prescriptions = [
        {"drug": "metformin", "filled": date(2024, 3, 1), "quantity": 60, "per_day": 2},
        {"drug": "lisinopril", "filled": date(2024, 3, 5), "quantity": 14, "per_day": 1},
    ]
    assert refill_schedule(prescriptions) == [
        (date(2024, 3, 16), "lisinopril"),
        (date(2024, 3, 28), "metformin"),
    ]
