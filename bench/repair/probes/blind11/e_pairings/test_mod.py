from mod import games_in_round_robin, pair_by_rank, round_robin, opponents_of


def test_games_in_round_robin():
    assert games_in_round_robin(4) == 6
    assert games_in_round_robin(5) == 10


def test_pair_by_rank():
    assert pair_by_rank(["A", "B", "C", "D"]) == ([("A", "B"), ("C", "D")], None)
    assert pair_by_rank(["A", "B", "C"]) == ([("A", "B")], "C")


def test_round_robin_first_round():
    assert round_robin(["A", "B", "C", "D"])[0] == [("A", "D"), ("B", "C")]
    assert round_robin(["A", "B", "C"])[0] == [("B", "C")]


def test_round_robin_everyone_meets():
    rounds = round_robin(["A", "B", "C", "D"])
    assert sorted(opponents_of("A", rounds)) == ["B", "C", "D"]
    assert sum(len(pairs) for pairs in rounds) == 6


def test_opponents_of():
    rounds = [[("A", "B")], [("C", "A")]]
    assert opponents_of("A", rounds) == ["B", "C"]
    assert opponents_of("D", rounds) == []
