from mod import longest_streak, current_streak, streak_changes


def test_longest_win_streak():
    assert longest_streak(list("WWLWWWD")) == 3


def test_longest_loss_streak():
    assert longest_streak(["L", "L"], "L") == 2


def test_no_results():
    assert longest_streak([]) == 0
    assert current_streak([]) == (None, 0)


def test_current_streak():
    assert current_streak(list("WLDD")) == ("D", 2)


def test_streak_changes():
    assert streak_changes(list("WWLWD")) == 3
