from clock import clock_after_moves, format_clock, slowest_move


def test_increment_is_added_after_each_move():
    assert clock_after_moves(60, 2, [10, 5]) == ([52, 49], False)


def test_flag_falls():
    assert clock_after_moves(10, 5, [8, 9]) == ([7], True)
    assert clock_after_moves(5, 3, [6]) == ([], True)


def test_without_increment():
    assert clock_after_moves(30, 0, [10, 10, 10]) == ([20, 10, 0], False)


def test_no_moves():
    assert clock_after_moves(300, 3, []) == ([], False)


def test_format_clock():
    assert format_clock(75.4) == "1:15"
    assert format_clock(5) == "0:05"
    assert format_clock(600) == "10:00"


def test_slowest_move():
    assert slowest_move([3, 12, 7, 12]) == 2
    assert slowest_move([]) is None
