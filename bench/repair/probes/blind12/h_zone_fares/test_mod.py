from mod import zones_touched, adult_fare, trip_fare, journey_cost


def test_zones_touched():
    assert zones_touched(1, 1) == 1
    assert zones_touched(2, 4) == 3
    assert zones_touched(5, 2) == 4


def test_adult_fare():
    assert adult_fare(1, 1) == 2.00
    assert adult_fare(1, 2) == 2.60
    assert adult_fare(3, 1) == 3.10


def test_trip_fare():
    assert trip_fare(1, 2, "child") == 1.30
    assert trip_fare(1, 1, "senior") == 1.20
    assert trip_fare(2, 4) == 3.10


def test_journey_cost():
    assert journey_cost([(1, 1), (1, 3)]) == 5.10
    assert journey_cost([]) == 0


def test_long_trips_pay_the_top_fare():
    # report: riders from zone 1 to zone 5 were charged the 4-zone fare
    assert adult_fare(1, 5) == 4.30
    assert adult_fare(1, 8) == 4.30
