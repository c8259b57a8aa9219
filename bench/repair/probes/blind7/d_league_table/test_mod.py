from mod import points_table, goal_difference, ranking

RESULTS = [
    ("Lions", "Tigers", 2, 1),
    ("Bears", "Lions", 0, 0),
    ("Tigers", "Bears", 3, 3),
]


def test_points_table():
    assert points_table(RESULTS) == {"Lions": 4, "Tigers": 1, "Bears": 2}


def test_single_win():
    assert points_table([("A", "B", 1, 0)]) == {"A": 3, "B": 0}


def test_draw_gives_both_sides_a_point():
    assert points_table([("A", "B", 2, 2)]) == {"A": 1, "B": 1}


def test_goal_difference():
    assert goal_difference(RESULTS) == {"Lions": 1, "Tigers": -1, "Bears": 0}


def test_ranking():
    assert ranking(RESULTS) == ["Lions", "Bears", "Tigers"]
    assert ranking([]) == []
