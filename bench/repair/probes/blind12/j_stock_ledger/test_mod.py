import pytest
from mod import apply_movement, stock_history, closing_stock, lowest_level


def test_apply_movement():
    assert apply_movement(10, ("in", 5)) == 15
    assert apply_movement(10, ("out", 3)) == 7
    assert apply_movement(10, ("count", 8)) == 8
    with pytest.raises(ValueError):
        apply_movement(10, ("lost", 1))


def test_stock_history_new_sku():
    assert stock_history(0, [("in", 12), ("out", 5), ("out", 2)]) == [12, 7, 5]
    assert stock_history(0, []) == []


def test_closing_stock():
    assert closing_stock(0, [("in", 4), ("out", 1)]) == 3
    assert closing_stock(7, []) == 7


def test_lowest_level():
    assert lowest_level(0, [("in", 10), ("out", 6), ("in", 1)]) == 0
    assert lowest_level(0, [("out", 2), ("in", 5)]) == -2


def test_history_starts_from_opening_stock():
    # ledger for an existing SKU showed negative stock after the first pick
    movements = [("out", 4), ("in", 10), ("out", 3)]
    assert stock_history(20, movements) == [16, 26, 23]
    assert closing_stock(20, movements) == 23
