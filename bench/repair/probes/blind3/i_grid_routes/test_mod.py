from mod import count_routes


def test_single_cell():
    assert count_routes(["."]) == 1


def test_open_two_by_two():
    assert count_routes(["..", ".."]) == 2


def test_open_three_by_three():
    assert count_routes(["...", "...", "..."]) == 6


def test_obstacle_in_middle():
    assert count_routes(["...", ".#.", "..."]) == 2


def test_blocked_start():
    assert count_routes(["#.", ".."]) == 0
