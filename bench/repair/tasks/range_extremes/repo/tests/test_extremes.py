from extremes import extremes, spread


def test_spread():
    assert spread([4, 9, 2, 7]) == 7


def test_single_value():
    assert extremes([5]) == (5, 5)
