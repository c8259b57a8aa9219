from mod import leg_distances, route_length, longest_leg, distance_to_stop


def test_leg_distances():
    assert leg_distances([0, 5, 12]) == [5, 7]
    assert leg_distances([10, 4, 9]) == [6, 5]
    assert leg_distances([3]) == []


def test_route_length():
    assert route_length([0, 5, 12]) == 12
    assert route_length([10, 4, 9]) == 11


def test_longest_leg():
    assert longest_leg([0, 20, 25, 27]) == 0
    assert longest_leg([0, 2, 30, 33]) == 1
    assert longest_leg([7]) is None


def test_distance_to_stop():
    assert distance_to_stop([0, 5, 12, 20], 2) == 12
    assert distance_to_stop([0, 5, 12, 20], 0) == 0


def test_longest_leg_is_the_last_one():
    # the motorway leg at the end of the route was not reported
    assert longest_leg([0, 3, 6, 40]) == 2
