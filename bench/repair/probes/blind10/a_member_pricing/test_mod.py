import pytest

from mod import base_price, group_price, price


def test_base_price():
    assert base_price(2) == 10.0
    assert base_price(0) == 0.0
    assert base_price(8) == 28.0


def test_price_regular():
    assert price(3) == 15.0


def test_price_member():
    assert price(2, member=True) == 8.0
    assert price(10, member=True) == 22.4


def test_group_price():
    assert group_price(1, 3) == 15.0
    assert group_price(1, 3, members=1) == 14.0
    with pytest.raises(ValueError):
        group_price(1, 2, members=3)
