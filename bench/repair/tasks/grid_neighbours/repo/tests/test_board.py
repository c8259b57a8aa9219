from board import cell_count, neighbours


def test_corner():
    assert neighbours(3, 3, 0, 0) == [(0, 1), (1, 0)]


def test_right_edge():
    assert neighbours(3, 3, 1, 2) == [(0, 2), (1, 1), (2, 2)]


def test_cell_count():
    assert cell_count(2, 3) == 6
