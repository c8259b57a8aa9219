from mod import match_points, team_scores, season_points, standings

RESULTS = [
    ("Lions", "Tigers", 2, 1),
    ("Bears", "Lions", 0, 0),
    ("Tigers", "Bears", 3, 0),
]


def test_match_points():
    assert match_points(2, 1) == 3
    assert match_points(1, 1) == 1
    assert match_points(0, 4) == 0


def test_team_scores():
    assert team_scores(RESULTS, "Lions") == [(2, 1), (0, 0)]
    assert team_scores(RESULTS, "Tigers") == [(1, 2), (3, 0)]
    assert team_scores(RESULTS, "Wolves") == []


def test_season_points():
    assert season_points(RESULTS, "Lions") == 4
    assert season_points(RESULTS, "Bears") == 1


def test_standings():
    assert standings(RESULTS) == [("Lions", 4), ("Tigers", 3), ("Bears", 1)]


def test_points_deduction_is_applied():
    # Lions were docked 2 points for fielding an unregistered player
    assert season_points(RESULTS, "Lions", deduction=2) == 2
    assert standings(RESULTS, {"Lions": 2}) == [("Tigers", 3), ("Lions", 2), ("Bears", 1)]
