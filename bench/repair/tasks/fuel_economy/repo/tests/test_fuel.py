from fuel import km_per_litre, litres_per_100km, mpg


def test_km_per_litre():
    assert km_per_litre(30, 600) == 20.0


def test_mpg():
    assert round(mpg(10, 100), 1) == 23.5


def test_litres_per_100km():
    assert round(litres_per_100km(30, 500), 3) == 6.0
    assert round(litres_per_100km(7, 100), 3) == 7.0
