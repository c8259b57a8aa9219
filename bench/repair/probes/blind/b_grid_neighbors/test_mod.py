from mod import neighbors, count_adjacent_mines


BOARD = [
    ".*.",
    "...",
    "*..",
]


def test_center_has_four_neighbors():
    assert sorted(neighbors(BOARD, 1, 1)) == [(0, 1), (1, 0), (1, 2), (2, 1)]


def test_corner_neighbors():
    assert sorted(neighbors(BOARD, 0, 0)) == [(0, 1), (1, 0)]


def test_count_mines_on_edge():
    assert count_adjacent_mines(BOARD, 0, 2) == 1
    assert count_adjacent_mines(BOARD, 1, 0) == 1
