from tiling import tiling_table, tiling_ways


def test_short_strips():
    assert tiling_ways(0) == 1
    assert tiling_ways(1) == 1
    assert tiling_ways(2) == 2


def test_longer_strip():
    assert tiling_ways(5) == 8
    assert tiling_ways(10) == 89


def test_table():
    assert tiling_table(6) == [1, 1, 2, 3, 5, 8, 13]
