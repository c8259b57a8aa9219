import pytest
from mod import can_withdraw, apply_withdrawal


def test_within_balance():
    assert can_withdraw(100, 40) is True


def test_over_limit_refused():
    assert can_withdraw(100, 180, overdraft_limit=50) is False


def test_overdraft_allowed():
    assert apply_withdrawal(100, 130, overdraft_limit=50) == -30


def test_negative_amount_refused():
    assert can_withdraw(100, -20) is False
    with pytest.raises(ValueError):
        apply_withdrawal(100, 0)
