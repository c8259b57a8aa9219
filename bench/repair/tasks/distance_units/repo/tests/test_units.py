from units import km_to_miles, miles_to_km


def test_km_to_miles():
    assert km_to_miles(10) == 6.21


def test_zero():
    assert miles_to_km(0) == 0
