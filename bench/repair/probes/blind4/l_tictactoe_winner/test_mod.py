from mod import winner


def test_row_win():
    assert winner(["XXX", "OO.", "..."]) == "X"


def test_column_win():
    assert winner(["OX.", "OX.", "O.X"]) == "O"


def test_main_diagonal_win():
    assert winner(["X.O", ".XO", "..X"]) == "X"


def test_anti_diagonal_win():
    assert winner(["X.O", "XO.", "O.X"]) == "O"


def test_empty_board():
    assert winner(["...", "...", "..."]) is None


def test_full_board_draw():
    assert winner(["XOX", "XOO", "OXX"]) is None
