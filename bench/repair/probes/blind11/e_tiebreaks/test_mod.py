from mod import scores, games_between, head_to_head, buchholz, ranking

GAMES = [("A", "B", 1), ("C", "A", 0.5), ("B", "C", 0), ("A", "D", 1)]


def test_scores():
    assert scores(GAMES) == {"A": 2.5, "B": 0, "C": 1.5, "D": 0}
    assert scores([]) == {}


def test_head_to_head():
    two = [("A", "B", 1), ("B", "A", 0.5)]
    assert head_to_head("A", "B", two) == 1.5
    assert head_to_head("B", "A", two) == 0.5


def test_games_between_ignores_other_opponents():
    assert games_between("A", "B", GAMES) == [("A", "B", 1)]
    assert games_between("C", "D", GAMES) == []


def test_buchholz():
    assert buchholz("A", GAMES) == 1.5
    assert buchholz("D", GAMES) == 2.5


def test_ranking():
    assert ranking(GAMES) == ["A", "C", "B", "D"]
