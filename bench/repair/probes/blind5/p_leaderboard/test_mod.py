from mod import leaderboard, rank_of


def test_order_by_score():
    assert leaderboard({"ann": 30, "bob": 50, "cy": 40}) == ["bob", "cy", "ann"]


def test_tie_alphabetical():
    assert leaderboard({"zed": 10, "amy": 10}) == ["amy", "zed"]


def test_rank_of_leader():
    assert rank_of({"ann": 30, "bob": 50}, "bob") == 1


def test_empty():
    assert leaderboard({}) == []
