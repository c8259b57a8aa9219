from mod import split_into_legs


def test_empty_journey():
    assert split_into_legs([]) == []


def test_one_change():
    stops = [
        ("Central", "Red"),
        ("Market", "Red"),
        ("Market", "Blue"),
        ("Harbour", "Blue"),
    ]
    assert split_into_legs(stops) == [
        ("Red", ["Central", "Market"]),
        ("Blue", ["Market", "Harbour"]),
    ]


def test_single_line():
    stops = [("Airport", "Green"), ("Park", "Green")]
    assert split_into_legs(stops) == [("Green", ["Airport", "Park"])]
