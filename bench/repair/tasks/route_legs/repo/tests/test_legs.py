from legs import longest_leg, route_legs, total_minutes

ROUTE = [("Depot", 600), ("Bridge St", 604), ("Hospital", 613), ("University", 618)]


def test_route_legs():
    assert route_legs(ROUTE) == [
        ("Depot", "Bridge St", 4),
        ("Bridge St", "Hospital", 9),
        ("Hospital", "University", 5),
    ]


def test_single_stop_has_no_legs():
    assert route_legs([("Depot", 600)]) == []


def test_empty_route():
    assert route_legs([]) == []
    assert longest_leg([]) is None
    assert total_minutes([]) == 0


def test_longest_leg():
    assert longest_leg(ROUTE) == ("Bridge St", "Hospital", 9)
    assert longest_leg([("A", 0), ("B", 5), ("C", 10)]) == ("A", "B", 5)


def test_longest_leg_of_single_stop():
    assert longest_leg([("Depot", 600)]) is None


def test_total_minutes():
    assert total_minutes(ROUTE) == 18
    assert total_minutes([("Depot", 600)]) == 0
