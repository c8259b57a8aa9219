import pytest
from mod import available, can_ship, ship, allocate


def test_available():
    assert available({"BOLT-M6": 200}, "BOLT-M6") == 200
    assert available({"BOLT-M6": 200}, "NUT-M6") == 0


def test_can_ship():
    stock = {"BOLT-M6": 200, "NUT-M6": 50}
    assert can_ship({"id": 1, "lines": [("BOLT-M6", 100), ("NUT-M6", 20)]}, stock)
    assert not can_ship({"id": 2, "lines": [("NUT-M6", 80)]}, stock)
    assert not can_ship({"id": 3, "lines": [("WASHER", 1)]}, stock)


def test_ship():
    stock = {"BOLT-M6": 200}
    ship({"id": 1, "lines": [("BOLT-M6", 30)]}, stock)
    assert stock == {"BOLT-M6": 170}
    with pytest.raises(ValueError):
        ship({"id": 2, "lines": [("BOLT-M6", 500)]}, stock)


def test_allocate():
    stock = {"BOLT-M6": 100}
    orders = [{"id": "A", "lines": [("BOLT-M6", 60)]},
              {"id": "B", "lines": [("BOLT-M6", 60)]},
              {"id": "C", "lines": [("BOLT-M6", 10)]}]
    assert allocate(orders, stock) == (["A", "C"], ["B"])
    assert stock == {"BOLT-M6": 30}


def test_order_using_exactly_the_remaining_stock():
    # held back although the shelf had exactly enough
    stock = {"HINGE-50": 12}
    assert can_ship({"id": 7, "lines": [("HINGE-50", 12)]}, stock)
    assert allocate([{"id": 7, "lines": [("HINGE-50", 12)]}], stock) == ([7], [])
