import pytest

from inventory import Inventory, Item


@pytest.fixture
def stock():
    inventory = Inventory()
    inventory.add(Item("A1", "bolt", 100, 0.25))
    inventory.add(Item("B2", "nut", 4, 0.10))
    inventory.add(Item("C3", "bracket", 10, 3.50))
    return inventory


def test_receive_and_ship(stock):
    stock.receive("B2", 6)
    stock.ship("A1", 40)
    assert stock.get("B2").quantity == 10
    assert stock.get("A1").quantity == 60


def test_cannot_ship_more_than_stock(stock):
    with pytest.raises(ValueError):
        stock.ship("C3", 11)


def test_low_stock(stock):
    assert stock.low_stock(10) == ["B2"]


def test_empty_inventory_is_worth_nothing():
    assert Inventory().stock_value() == 0


def test_stock_value(stock):
    assert stock.stock_value() == pytest.approx(60.40)
