from mod import monthly_means, warmest_month


READINGS = [
    ("Jan", 2.0), ("Jan", 3.0), ("Jan", 5.0),
    ("Jul", 21.3), ("Jul", 22.1), ("Jul", 19.9),
]


def test_means():
    assert monthly_means(READINGS) == {"Jan": 3.3, "Jul": 21.1}


def test_single_reading():
    assert monthly_means([("Mar", 8.5)]) == {"Mar": 8.5}


def test_warmest():
    assert warmest_month(READINGS) == "Jul"
