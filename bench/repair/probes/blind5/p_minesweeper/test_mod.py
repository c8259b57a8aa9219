from mod import count_adjacent, hint_row

GRID = ["..*", "...", "*.."]


def test_centre_cell():
    assert count_adjacent(GRID, 1, 1) == 2


def test_corner_cell():
    assert count_adjacent(GRID, 0, 0) == 0


def test_top_row_hints():
    assert hint_row(GRID, 0) == "01*"


def test_bottom_row_hints():
    assert hint_row(GRID, 2) == "*10"
