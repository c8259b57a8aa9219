from mod import rounds_needed, matches_played


def test_power_of_two():
    assert rounds_needed(8) == 3


def test_with_byes():
    assert rounds_needed(5) == 3


def test_matches():
    assert matches_played(16) == 15
