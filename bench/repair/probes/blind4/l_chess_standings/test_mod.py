from mod import standings


def test_no_games():
    assert standings([]) == []


def test_single_white_win():
    assert standings([("Carlsen", "Nakamura", "1-0")]) == [("Carlsen", 1.0), ("Nakamura", 0.0)]


def test_single_black_win():
    assert standings([("Carlsen", "Nakamura", "0-1")]) == [("Nakamura", 1.0), ("Carlsen", 0.0)]


def test_draw_gives_half_point_each():
    assert standings([("Ding", "Nepo", "1/2-1/2")]) == [("Ding", 0.5), ("Nepo", 0.5)]


def test_small_round_robin():
    games = [
        ("Anna", "Ben", "1-0"),
        ("Ben", "Cleo", "1/2-1/2"),
        ("Cleo", "Anna", "1/2-1/2"),
    ]
    assert standings(games) == [("Anna", 1.5), ("Cleo", 1.0), ("Ben", 0.5)]
