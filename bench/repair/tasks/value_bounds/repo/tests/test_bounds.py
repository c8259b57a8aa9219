from bounds import bounds, width


def test_bounds():
    assert bounds([5, 2, 8, 3]) == (2, 8)


def test_width_of_one():
    assert width([4]) == 0
