from mod import group_size


def test_lone_stone_in_centre():
    board = [
        ".....",
        ".....",
        "..B..",
        ".....",
        ".....",
    ]
    assert group_size(board, 2, 2) == 1


def test_l_shaped_group():
    board = [
        ".....",
        ".BB..",
        ".B.W.",
        ".B...",
        ".....",
    ]
    assert group_size(board, 1, 1) == 4


def test_diagonal_stones_are_separate():
    board = [
        "...",
        ".W.",
        "..W",
    ]
    assert group_size(board, 1, 1) == 1


def test_group_along_the_edge():
    board = [
        "WWW..",
        "B....",
        ".....",
        ".....",
        "W...W",
    ]
    assert group_size(board, 0, 0) == 3


def test_group_in_bottom_right_corner():
    board = [
        "...",
        ".BB",
        "..B",
    ]
    assert group_size(board, 2, 2) == 3
