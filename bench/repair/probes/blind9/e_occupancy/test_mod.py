from mod import fully_booked_nights, occupancy


def test_single_booking():
    assert occupancy([(1, 3)], 5) == [0, 1, 1, 0, 0]


def test_back_to_back_bookings_share_a_room():
    assert occupancy([(0, 2), (2, 4)], 5) == [1, 1, 1, 1, 0]


def test_bookings_outside_range_are_clipped():
    assert occupancy([(3, 9)], 5) == [0, 0, 0, 1, 1]


def test_fully_booked_nights():
    bookings = [(0, 3), (1, 2), (2, 5)]
    assert fully_booked_nights(bookings, 5, 2) == [1, 2]
