from fares import format_fare, single_fare, zones_travelled


def test_zones_travelled_outbound():
    assert zones_travelled(1, 3) == 3
    assert zones_travelled(2, 2) == 1


def test_zones_travelled_inbound():
    assert zones_travelled(4, 2) == 3
    assert zones_travelled(6, 1) == 6


def test_single_fare_within_one_zone():
    assert single_fare(3, 3) == 210


def test_single_fare_both_directions_cost_the_same():
    assert single_fare(1, 5) == 530
    assert single_fare(5, 1) == 530


def test_concession_is_half_rounded_down():
    assert single_fare(1, 2, concession=True) == 145
    assert single_fare(3, 1, concession=True) == 185


def test_format_fare():
    assert format_fare(290) == "EUR 2.90"
    assert format_fare(1005) == "EUR 10.05"
    assert format_fare(45) == "EUR 0.45"
