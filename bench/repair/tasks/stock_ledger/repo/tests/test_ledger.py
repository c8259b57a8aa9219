from ledger import closing_stock, first_stockout, lowest_level, stock_levels


def test_stock_levels_after_each_movement():
    assert stock_levels(10, [5, -3, -8, 20]) == [15, 12, 4, 24]


def test_no_movements():
    assert stock_levels(7, []) == []
    assert lowest_level(7, []) == 7
    assert first_stockout(7, []) is None


def test_closing_stock():
    assert closing_stock(10, [5, -3, -8, 20]) == 24
    assert closing_stock(0, []) == 0


def test_lowest_level():
    assert lowest_level(10, [5, -3, -8, 20]) == 4
    assert lowest_level(3, [4, 1]) == 3
    assert lowest_level(5, [2, -9]) == -2


def test_first_stockout():
    assert first_stockout(6, [-2, -3, -4, 10]) == 2
    assert first_stockout(6, [-2, 10, -14]) is None
    assert first_stockout(0, [-1]) == 0
