from seats import can_book, free_seats, seat_label


def test_blocked_seat_cannot_be_booked():
    assert can_book("A2", ["A1"], ["A2"]) is False
    assert can_book("A1", ["A1"], []) is False
    assert can_book("A3", ["A1"], ["A2"]) is True


def test_free_seats():
    assert free_seats(["A1", "A2", "A3", "A4"], ["A1"], ["A3"]) == ["A2", "A4"]


def test_seat_label():
    assert seat_label("C", 7) == "C7"
