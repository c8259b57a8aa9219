from grid import cell_or, column_of

GRID = [[1, 2], [3, 4]]


def test_row_outside_grid():
    assert cell_or(GRID, 5, 0, -1) == -1


def test_cell_inside():
    assert cell_or(GRID, 1, 0, -1) == 3


def test_column_outside():
    assert cell_or(GRID, 0, 2, -1) == -1


def test_column_of():
    assert column_of([[1, 2], [3]], 1) == [2]
