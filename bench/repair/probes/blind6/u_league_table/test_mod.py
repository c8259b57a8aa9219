from mod import build_table, standings

RESULTS = [
    ("Ashby", "Brent", 2, 0),
    ("Brent", "Colne", 1, 1),
    ("Colne", "Ashby", 3, 1),
]


def test_points():
    table = build_table(RESULTS)
    assert table["Ashby"]["points"] == 3
    assert table["Brent"]["points"] == 1
    assert table["Colne"]["points"] == 4


def test_full_row():
    assert build_table(RESULTS)["Ashby"] == {"played": 2, "points": 3, "scored": 3, "conceded": 3}


def test_standings_by_points():
    assert standings(RESULTS) == ["Colne", "Ashby", "Brent"]


def test_goal_difference_breaks_ties():
    results = [("Ashby", "Brent", 4, 0), ("Colne", "Dover", 1, 0)]
    assert standings(results) == ["Ashby", "Colne", "Dover", "Brent"]
