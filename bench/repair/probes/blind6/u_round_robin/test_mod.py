from mod import round_robin


def test_four_teams_round_count():
    assert len(round_robin(["A", "B", "C", "D"])) == 3


def test_first_round():
    assert round_robin(["A", "B", "C", "D"])[0] == [("A", "D"), ("B", "C")]


def test_every_pair_meets_once():
    rounds = round_robin(["A", "B", "C", "D", "E", "F"])
    met = [frozenset(pair) for rnd in rounds for pair in rnd]
    assert len(met) == 15
    assert len(set(met)) == 15


def test_odd_number_of_teams():
    rounds = round_robin(["A", "B", "C"])
    assert len(rounds) == 3
    assert all(len(rnd) == 1 for rnd in rounds)
