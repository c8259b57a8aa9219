from leaderboard import merge_ranked, rank_players


def test_ranks_by_score():
    assert rank_players([("ann", 12), ("bob", 30), ("cy", 7), ("dee", 21)]) == [
        ("bob", 30),
        ("dee", 21),
        ("ann", 12),
        ("cy", 7),
    ]


def test_ties_keep_input_order():
    assert rank_players([("ann", 5), ("bob", 9), ("cy", 5)]) == [("bob", 9), ("ann", 5), ("cy", 5)]


def test_no_players():
    assert rank_players([]) == []


def test_merge_ranked():
    assert merge_ranked([("a", 9), ("b", 3)], [("c", 5)]) == [("a", 9), ("c", 5), ("b", 3)]
