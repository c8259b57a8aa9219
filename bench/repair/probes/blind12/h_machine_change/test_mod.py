import pytest

from mod import order_total, change_due, make_change, sell


def test_order_total():
    assert order_total({"single": 2, "child": 1}) == 730
    assert order_total({}) == 0


def test_change_due():
    assert change_due(1000, 870) == 130
    assert change_due(290, 290) == 0
    with pytest.raises(ValueError):
        change_due(100, 290)


def test_make_change():
    assert make_change(350) == [200, 100, 50]
    assert make_change(85) == [50, 20, 10, 5]
    assert make_change(0) == []
    with pytest.raises(ValueError):
        make_change(3)


def test_sell():
    assert sell({"single": 1}, 500) == (290, [200, 10])
    assert sell({"day": 1}, 870) == (870, [])


def test_change_needing_the_same_coin_twice():
    # report: machine failed to give change when it had to pay out two 2.00 coins
    assert make_change(400) == [200, 200]
    assert sell({"child": 2}, 1000) == (300, [200, 200, 200, 100])
