from mod import goal_difference, ranked, position, relegated

TABLE = {
    "Harriers": {"points": 10, "gf": 12, "ga": 5},
    "Corinthians": {"points": 10, "gf": 9, "ga": 6},
    "Wanderers": {"points": 7, "gf": 8, "ga": 8},
    "Casuals": {"points": 2, "gf": 3, "ga": 13},
}


def test_goal_difference():
    assert goal_difference({"points": 0, "gf": 4, "ga": 6}) == -2


def test_ranked():
    assert ranked(TABLE) == ["Harriers", "Corinthians", "Wanderers", "Casuals"]


def test_position():
    assert position(TABLE, "Harriers") == 1
    assert position(TABLE, "Casuals") == 4


def test_relegated():
    assert relegated(TABLE) == ["Wanderers", "Casuals"]
    assert relegated(TABLE, 0) == []


def test_teams_level_on_everything_are_alphabetical():
    table = dict(TABLE)
    table["Albion"] = {"points": 7, "gf": 8, "ga": 8}
    assert ranked(table) == ["Harriers", "Corinthians", "Albion", "Wanderers", "Casuals"]
