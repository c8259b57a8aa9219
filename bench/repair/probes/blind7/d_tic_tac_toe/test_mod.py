from mod import winner, is_draw


def test_row_win():
    assert winner(["XXX", "OO.", "..."]) == "X"


def test_column_win_for_o():
    assert winner(["XO.", "XO.", ".O."]) == "O"


def test_diagonal_win():
    assert winner(["X.O", ".XO", "..X"]) == "X"


def test_empty_board():
    assert winner(["...", "...", "..."]) is None


def test_draw():
    assert is_draw(["XOX", "XOO", "OXX"])
    assert not is_draw(["XO.", "...", "..."])
