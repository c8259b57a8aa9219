import pytest

from mod import balance_after, months_to_goal


def test_balance_without_interest():
    assert balance_after(6, 50) == 300.0


def test_balance_with_interest():
    assert balance_after(2, 100, 0.12) == 201.0


def test_months_without_interest():
    assert months_to_goal(1000, 100) == 10


def test_interest_shortens_plan():
    assert months_to_goal(1040, 100) == 11
    assert months_to_goal(1040, 100, 0.12) == 10


def test_deposit_must_be_positive():
    with pytest.raises(ValueError):
        months_to_goal(1000, 0)
