from mod import leg_distance, route_distance

TABLE = {("Oslo", "Bergen"): 463, ("Bergen", "Stavanger"): 209, ("Oslo", "Stavanger"): 550}


def test_leg_reverse_direction():
    assert leg_distance(TABLE, "Bergen", "Oslo") == 463


def test_single_city():
    assert route_distance(["Oslo"], TABLE) == 0


def test_one_leg():
    assert route_distance(["Oslo", "Bergen"], TABLE) == 463


def test_two_legs():
    assert route_distance(["Oslo", "Bergen", "Stavanger"], TABLE) == 672
