from routes import leg, longest_leg, round_trip, route_length

DIST = {
    ("Depot", "Mill St"): 4.5,
    ("Mill St", "Harbour"): 3.0,
    ("Depot", "Harbour"): 6.0,
    ("Harbour", "Station"): 2.5,
    ("Station", "Depot"): 5.0,
}


def test_leg_either_direction():
    assert leg("Mill St", "Depot", DIST) == 4.5
    assert leg("Depot", "Mill St", DIST) == 4.5
    assert leg("Harbour", "Harbour", DIST) == 0


def test_route_length():
    assert route_length(["Depot", "Mill St", "Harbour"], DIST) == 7.5
    assert route_length(["Harbour", "Depot"], DIST) == 6.0


def test_route_with_one_stop():
    assert route_length(["Station"], DIST) == 0


def test_empty_route():
    assert route_length([], DIST) == 0


def test_round_trip():
    assert round_trip(["Mill St", "Harbour", "Station"], DIST) == 15.0
    assert round_trip([], DIST) == 0


def test_longest_leg():
    assert longest_leg(["Depot", "Mill St", "Harbour", "Station"], DIST) == ("Depot", "Mill St")
    assert longest_leg(["Depot"], DIST) is None
