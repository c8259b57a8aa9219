from usage import average_minutes, busiest


def test_average_minutes():
    assert average_minutes([("ann", 10), ("bob", 4), ("ann", 20)]) == {"ann": 15.0, "bob": 4.0}


def test_busiest():
    assert busiest([("ann", 10), ("bob", 14), ("ann", 5)]) == "ann"
