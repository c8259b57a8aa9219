from prices import daily_changes, price_range


def test_falling_prices():
    assert daily_changes([10, 12, 9, 9]) == [2, -3, 0]


def test_rising_prices():
    assert daily_changes([5, 6, 8]) == [1, 2]
    assert daily_changes([7]) == []


def test_price_range():
    assert price_range([10, 12, 9]) == (9, 12)
