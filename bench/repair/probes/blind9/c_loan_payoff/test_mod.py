import pytest

from mod import months_to_pay_off, total_paid


def test_interest_free_loan():
    assert months_to_pay_off(1000, 0, 100) == 10
    assert months_to_pay_off(1050, 0, 100) == 11


def test_with_interest_takes_longer():
    assert months_to_pay_off(1000, 0.01, 100) == 11


def test_payment_too_small():
    with pytest.raises(ValueError):
        months_to_pay_off(10000, 0.02, 150)


def test_total_paid():
    assert total_paid(1000, 0, 250) == 1000
