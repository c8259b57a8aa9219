import pytest

from mod import installments, schedule, remaining_after


def test_even_division():
    assert installments(1000, 4) == [250, 250, 250, 250]


def test_remainder_goes_to_last_payment():
    payments = installments(1000, 3)
    assert payments == [333, 333, 334]
    assert sum(payments) == 1000


def test_single_payment():
    assert installments(500, 1) == [500]


def test_invalid_months():
    with pytest.raises(ValueError):
        installments(500, 0)


def test_schedule_and_remaining():
    assert schedule(900, 3, start_month=4) == [(4, 300), (5, 300), (6, 300)]
    assert remaining_after(1000, 3, 1) == 667
    assert remaining_after(1000, 3, 3) == 0
