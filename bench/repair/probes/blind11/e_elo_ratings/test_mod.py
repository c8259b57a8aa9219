from mod import expected_score, new_rating, rating_after_games, k_factor, performance_rating


def test_expected_score():
    assert expected_score(1500, 1500) == 0.5
    assert round(expected_score(1600, 1400), 2) == 0.76
    assert round(expected_score(1400, 1600), 2) == 0.24


def test_new_rating_equal_players():
    assert new_rating(1500, 1500, 1) == 1516.0
    assert new_rating(1500, 1500, 0) == 1484.0
    assert new_rating(1500, 1500, 0.5) == 1500.0


def test_new_rating_favourite_wins():
    assert new_rating(1600, 1400, 1) == 1607.7
    assert new_rating(1400, 1600, 1) == 1424.3


def test_rating_after_games():
    assert rating_after_games(1500, []) == 1500
    assert rating_after_games(1500, [(1500, 0.5), (1500, 0.5)]) == 1500.0


def test_k_factor():
    assert k_factor(1500, 10) == 40
    assert k_factor(2450, 100) == 10
    assert k_factor(1800, 100) == 20


def test_performance_rating():
    assert performance_rating([1500, 1600, 1700], 2) == 1733
    assert performance_rating([1500, 1500], 1) == 1500
