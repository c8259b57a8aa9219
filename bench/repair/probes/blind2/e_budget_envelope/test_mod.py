import pytest
from mod import Budget


def test_remaining_after_add():
    budget = Budget(100, [20, 30])
    budget.add(25)
    assert budget.remaining() == 25


def test_over_budget_rejected():
    budget = Budget(50, [40])
    with pytest.raises(ValueError):
        budget.add(20)


def test_starting_list_not_modified():
    initial = [10, 15]
    budget = Budget(200, initial)
    budget.add(5)
    assert initial == [10, 15]
    assert budget.spent() == 30


def test_default_expenses():
    budget = Budget(60)
    budget.add(10)
    assert budget.spent() == 10
