from mod import longest_streak, streak_report


def test_longest_win_streak():
    assert longest_streak("WWLWWW") == 3


def test_no_games():
    assert longest_streak("") == 0


def test_only_losses():
    assert longest_streak("LLL") == 0


def test_report():
    assert streak_report("WLLW") == {"win": 1, "loss": 2}
