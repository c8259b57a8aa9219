from mod import round_sizes, cup_matches, round_name, referee_fees


def test_round_sizes():
    assert round_sizes(8) == [8, 4, 2]
    assert round_sizes(6) == [6, 3, 2]
    assert round_sizes(1) == []


def test_cup_matches():
    assert cup_matches(8) == 7
    assert cup_matches(16) == 15
    assert cup_matches(1) == 0


def test_round_name():
    assert round_name(2) == "Final"
    assert round_name(4) == "Semi-finals"
    assert round_name(16) == "Round of 16"


def test_referee_fees():
    assert referee_fees(4, 25) == 75


def test_cup_matches_with_byes():
    # 6 teams: 3 matches, then 3 teams (1 match + a bye), then the final
    assert cup_matches(6) == 5
    assert referee_fees(6, 20) == 100
