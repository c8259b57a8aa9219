from mod import longest_win_streak


def test_all_wins():
    assert longest_win_streak("WWW") == 3


def test_streak_broken_by_loss():
    assert longest_win_streak("WWLWWWDW") == 3


def test_no_games():
    assert longest_win_streak("") == 0
