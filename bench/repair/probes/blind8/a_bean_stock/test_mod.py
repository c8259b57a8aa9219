import pytest

from mod import restock, brew


def test_restock_adds_to_existing_and_new_beans():
    inv = {"colombia": 500}
    assert restock(inv, "colombia", 250) == 750
    assert restock(inv, "kenya", 1000) == 1000


def test_brew_takes_beans():
    inv = {"colombia": 500}
    assert brew(inv, "colombia", 18) == 482
    assert inv == {"colombia": 482}


def test_brew_can_use_the_last_gram():
    inv = {"kenya": 18}
    assert brew(inv, "kenya", 18) == 0


def test_not_enough_beans_leaves_stock_untouched():
    inv = {"colombia": 10}
    with pytest.raises(ValueError):
        brew(inv, "colombia", 18)
    assert inv == {"colombia": 10}


def test_unknown_bean_is_not_added():
    inv = {}
    with pytest.raises(ValueError):
        brew(inv, "brazil", 18)
    assert inv == {}
