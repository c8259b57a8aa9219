from mod import leaderboard, leader


def test_leaderboard_totals():
    results = [("ana", 3), ("ben", 1), ("ana", 1), ("cal", 2)]
    assert leaderboard(results) == [("ana", 4), ("cal", 2), ("ben", 1)]


def test_leader():
    assert leader([("zoe", 10), ("max", 7), ("max", 2)]) == "zoe"


def test_no_games():
    assert leader([]) is None
