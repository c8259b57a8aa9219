from elo import expected_score, rating_after_games, rating_change, updated_rating


def test_expected_score():
    assert expected_score(1500, 1500) == 0.5
    assert round(expected_score(1600, 1400), 3) == 0.76
    assert round(expected_score(1400, 1600), 3) == 0.24


def test_win_against_stronger_player():
    assert updated_rating(1500, 1600, 1) == 1513


def test_loss_and_draw():
    assert updated_rating(1500, 1600, 0) == 1493
    assert updated_rating(1500, 1500, 0.5) == 1500
    assert updated_rating(1700, 1500, 0.5, k=32) == 1692


def test_rating_is_a_whole_number():
    assert isinstance(updated_rating(1500, 1550, 1), int)
    assert isinstance(rating_after_games(1500, [(1450, 0.5), (1600, 1)]), int)


def test_series_of_games():
    assert rating_after_games(1500, [(1600, 1), (1400, 0)]) == 1500
    assert rating_after_games(1500, []) == 1500


def test_rating_change():
    assert rating_change(1500, [(1500, 1), (1500, 1)]) == 20
    assert rating_change(1500, [(1500, 0.5)]) == 0
