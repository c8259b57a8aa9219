from datetime import datetime

import pytest

from bookings import Booking, Calendar


def at(hour):
    return datetime(2024, 5, 6, hour)


@pytest.fixture
def calendar():
    cal = Calendar()
    cal.book(Booking("blue", at(9), at(10), "ann"))
    return cal


def test_overlapping_booking_refused(calendar):
    with pytest.raises(ValueError, match="ann"):
        calendar.book(Booking("blue", at(9), at(11)))


def test_other_room_is_fine(calendar):
    calendar.book(Booking("red", at(9), at(10)))
    assert len(calendar.bookings) == 2


def test_earlier_booking_allowed(calendar):
    calendar.book(Booking("blue", at(7), at(8)))


def test_back_to_back_bookings_allowed(calendar):
    calendar.book(Booking("blue", at(10), at(11)))
    calendar.book(Booking("blue", at(8), at(9)))


def test_free_rooms(calendar):
    assert calendar.free_rooms(["blue", "red"], at(9), at(10)) == ["red"]
    assert calendar.free_rooms(["blue", "red"], at(13), at(14)) == ["blue", "red"]
