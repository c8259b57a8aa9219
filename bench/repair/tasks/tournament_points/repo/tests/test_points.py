from points import parse_game_line, score_from_log, score_table, standings


def test_draw_gives_both_players_half_a_point():
    assert score_table([("ann", "bob", "1/2-1/2")]) == {"ann": 0.5, "bob": 0.5}


def test_decisive_games():
    assert score_table([("ann", "bob", "1-0"), ("cy", "ann", "0-1")]) == {"ann": 2, "bob": 0, "cy": 0}
    assert score_table([]) == {}


def test_standings():
    games = [
        ("ann", "bob", "1-0"),
        ("cy", "dan", "1/2-1/2"),
        ("bob", "cy", "1-0"),
        ("dan", "ann", "1/2-1/2"),
    ]
    assert standings(games) == [("ann", 1.5), ("bob", 1), ("dan", 1), ("cy", 0.5)]


def test_parse_game_line():
    assert parse_game_line("ann - bob 1-0") == ("ann", "bob", "1-0")
    assert parse_game_line("  cy - dan 1/2-1/2\n") == ("cy", "dan", "1/2-1/2")


def test_score_from_log():
    lines = ["ann - bob 1/2-1/2", "", "bob - cy 0-1"]
    assert score_from_log(lines) == {"ann": 0.5, "bob": 0.5, "cy": 1}
