from mod import manhattan_distance


def test_solved_board_is_zero():
    assert manhattan_distance((1, 2, 3, 4, 5, 6, 7, 8, 0), 3) == 0


def test_one_slide_left():
    assert manhattan_distance((1, 2, 3, 4, 5, 6, 7, 0, 8), 3) == 1


def test_tile_below_its_goal():
    assert manhattan_distance((1, 2, 3, 0, 5, 6, 4, 7, 8), 3) == 3


def test_tile_above_its_goal():
    assert manhattan_distance((3, 1, 2, 0), 2) == 4


def test_fully_reversed_2x2():
    assert manhattan_distance((0, 3, 2, 1), 2) == 6
