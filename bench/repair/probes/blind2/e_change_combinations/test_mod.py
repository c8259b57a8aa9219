from mod import count_ways


def test_no_coins():
    assert count_ways(10, []) == 0


def test_small_amount():
    assert count_ways(5, [1, 2, 5]) == 4


def test_uk_coins():
    assert count_ways(10, [10, 5, 2, 1]) == 11
