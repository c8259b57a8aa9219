from mod import round_robin, fixtures_for, resting_team, match_count


def test_first_round():
    schedule = round_robin(["A", "B", "C", "D"])
    assert schedule[1] == [("A", "D"), ("B", "C")]


def test_fixtures_for():
    schedule = {1: [("A", "B")], 2: [("C", "A")], 3: [("B", "C")]}
    assert fixtures_for(schedule, "A") == [(1, "B", "H"), (2, "C", "A")]
    assert fixtures_for(schedule, "Z") == []


def test_resting_team():
    schedule = round_robin(["A", "B", "C"])
    assert resting_team(schedule, ["A", "B", "C"], 1) == "A"
    assert resting_team({1: [("A", "B")]}, ["A", "B"], 1) is None


def test_match_count():
    assert match_count(4) == 6
    assert match_count(5) == 10


def test_every_pair_meets_once():
    # reported: with four teams, A never got a fixture against B
    schedule = round_robin(["A", "B", "C", "D"])
    pairs = [frozenset(p) for games in schedule.values() for p in games]
    assert len(schedule) == 3
    assert len(pairs) == match_count(4)
    assert frozenset(("A", "B")) in pairs
