from mod import player_records, score_fraction, strong_players, draw_rate

GAMES = [("Ann", "Bob", "1-0"), ("Bob", "Cid", "1/2"), ("Cid", "Ann", "0-1")]


def test_player_records():
    assert player_records(GAMES) == {"Ann": (2, 2), "Bob": (0.5, 2), "Cid": (0.5, 2)}
    assert player_records([]) == {}


def test_score_fraction():
    assert score_fraction(3, 4) == 0.75
    assert score_fraction(0, 0) == 0.0


def test_strong_players():
    assert strong_players({"Ann": (2.5, 3), "Bob": (1, 3)}) == ["Ann"]
    assert strong_players(player_records(GAMES)) == ["Ann"]


def test_strong_players_with_new_member():
    records = {"Ann": (2.5, 3), "Bob": (1, 3), "Dee": (0, 0)}
    assert strong_players(records) == ["Ann"]


def test_draw_rate():
    assert draw_rate(GAMES) == 33.3
    assert draw_rate([]) == 0.0
