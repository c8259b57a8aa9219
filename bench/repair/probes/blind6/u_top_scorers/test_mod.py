from mod import goal_tally, top_scorers


def test_tally():
    events = [
        {"player": "Kane", "minute": 12},
        {"player": "Kane", "minute": 70},
        {"player": "Son", "minute": 44},
    ]
    assert goal_tally(events) == {"Kane": 2, "Son": 1}


def test_own_goal_not_credited():
    events = [
        {"player": "Dier", "minute": 5, "own_goal": True},
        {"player": "Son", "minute": 30},
    ]
    assert goal_tally(events) == {"Son": 1}


def test_top_scorers_ties_by_name():
    events = [
        {"player": "Son", "minute": 3},
        {"player": "Kane", "minute": 9},
        {"player": "Maddison", "minute": 40},
        {"player": "Son", "minute": 60},
        {"player": "Kane", "minute": 88},
    ]
    assert top_scorers(events, n=2) == [("Kane", 2), ("Son", 2)]
