from mod import top_scores, podium


def test_top_scores_basic():
    assert top_scores([10, 40, 20, 30]) == [40, 30, 20]


def test_top_scores_skips_missing():
    assert top_scores([15, None, 70, None, 5], limit=2) == [70, 15]


def test_podium():
    players = {"ann": 12, "bob": None, "cid": 30, "dee": 18, "eve": 7}
    assert podium(players) == ["cid", "dee", "ann"]
