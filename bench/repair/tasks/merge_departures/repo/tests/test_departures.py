from departures import merge_boards, merge_departures, next_departures


def test_merge_when_first_board_runs_out():
    assert merge_departures([(600, "S1")], [(605, "R2"), (610, "R2")]) == [
        (600, "S1"),
        (605, "R2"),
        (610, "R2"),
    ]
    assert merge_departures([], [(605, "R2")]) == [(605, "R2")]


def test_merge_when_second_board_runs_out():
    assert merge_departures([(600, "S1"), (620, "S1")], [(610, "R2")]) == [
        (600, "S1"),
        (610, "R2"),
        (620, "S1"),
    ]
    assert merge_departures([(600, "S1")], []) == [(600, "S1")]


def test_merge_tie_keeps_first_board_first():
    assert merge_departures([(600, "S1")], [(600, "R2"), (601, "R2")]) == [
        (600, "S1"),
        (600, "R2"),
        (601, "R2"),
    ]


def test_merge_boards():
    boards = [[(600, "S1"), (630, "S1")], [(615, "R2")], [(605, "X9"), (640, "X9")]]
    assert merge_boards(boards) == [(600, "S1"), (605, "X9"), (615, "R2"), (630, "S1"), (640, "X9")]
    assert merge_boards([]) == []


def test_next_departures():
    board = [(600, "S1"), (605, "X9"), (615, "R2"), (630, "S1")]
    assert next_departures(board, 604) == [(605, "X9"), (615, "R2"), (630, "S1")]
    assert next_departures(board, 615, count=1) == [(615, "R2")]
    assert next_departures(board, 700) == []
