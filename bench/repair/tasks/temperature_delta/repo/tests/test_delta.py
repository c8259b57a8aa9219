from delta import warmest_day, warming


def test_colder_day():
    assert warming(12.5, 10.0) == -2.5


def test_warmer_day():
    assert warming(10.0, 12.5) == 2.5


def test_warmest_day():
    assert warmest_day([3, 8, 5]) == 1
