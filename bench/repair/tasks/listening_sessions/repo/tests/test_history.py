from history import most_played, plays_on_day, session_sizes, sessions

PLAYS = [
    (100, "Intro"),
    (400, "Teardrop"),
    (700, "Angel"),
    (9000, "Teardrop"),
    (9200, "Protection"),
    (90000, "Angel"),
]


def test_sessions():
    assert sessions(PLAYS[:3]) == [PLAYS[:3]]
    assert sessions(PLAYS) == [PLAYS[:3], PLAYS[3:5], PLAYS[5:]]
    assert sessions([]) == []


def test_session_sizes_with_short_gap():
    assert session_sizes(PLAYS, gap=250) == [1, 1, 1, 2, 1]


def test_plays_on_day():
    assert plays_on_day(PLAYS, 1) == ["Angel"]
    assert plays_on_day(PLAYS, 3) == []


def test_most_played():
    assert most_played(PLAYS) == "Teardrop"
    assert most_played([(5, "A"), (6, "B")]) == "A"
    assert most_played([]) is None
