from seating import capacity, seat_labels


def test_seat_numbers_within_row():
    assert seat_labels(2, 3) == ["A1", "A2", "A3", "B1", "B2", "B3"]


def test_empty_hall():
    assert seat_labels(0, 5) == []


def test_capacity():
    assert capacity(4, 10) == 40
