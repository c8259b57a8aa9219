from leaderboard import leader, podium, rank_of, ranking

PLAYERS = [("ann", 50), ("bob", 80), ("cy", 65), ("dee", 40)]


def test_leader():
    assert leader(PLAYERS) == "bob"
    assert leader([("x", 7), ("y", 7)]) == "x"


def test_rank_of():
    assert rank_of(90, [90, 70, 85, 70]) == 1
    assert rank_of(70, [90, 70, 85, 70]) == 3


def test_ranking_with_ties():
    assert ranking([90, 70, 85, 70]) == [1, 3, 2, 3]


def test_podium():
    assert podium(PLAYERS) == ["bob", "cy", "ann"]
