from mod import peak_occupancy


def test_no_events():
    assert peak_occupancy([]) == (0, None)


def test_single_car():
    assert peak_occupancy([(5, +1), (50, -1)]) == (1, 5)


def test_peak_late_in_the_day():
    events = [(0, +1), (5, +1), (10, -1), (12, +1), (20, +1), (30, -1)]
    assert peak_occupancy(events) == (3, 20)


def test_peak_first_reached():
    events = [(0, +1), (1, +1), (2, -1), (3, +1)]
    assert peak_occupancy(events) == (2, 1)
