from guests import frequent_guests, nights_per_guest, top_guest


def booking(booking_id, guest, nights, status="confirmed"):
    return {"id": booking_id, "guest": guest, "nights": nights, "status": status}


def test_repeated_booking_counts_once():
    feed = [booking("B1", "lee", 3), booking("B2", "kim", 2), booking("B1", "lee", 3)]
    assert nights_per_guest(feed) == {"lee": 3, "kim": 2}


def test_several_stays_add_up():
    feed = [booking("B1", "lee", 3), booking("B2", "lee", 4), booking("B3", "kim", 1)]
    assert nights_per_guest(feed) == {"lee": 7, "kim": 1}


def test_cancelled_bookings_are_ignored():
    feed = [booking("B1", "lee", 3, "cancelled"), booking("B2", "kim", 2)]
    assert nights_per_guest(feed) == {"kim": 2}
    assert nights_per_guest([]) == {}


def test_frequent_guests():
    feed = [booking("B1", "lee", 3), booking("B2", "kim", 5), booking("B3", "ada", 4)]
    assert frequent_guests(feed, 4) == ["ada", "kim"]


def test_frequent_guests_with_repeated_feed():
    feed = [booking("B1", "lee", 3), booking("B1", "lee", 3), booking("B2", "kim", 5)]
    assert frequent_guests(feed, 4) == ["kim"]


def test_top_guest():
    feed = [booking("B1", "lee", 3), booking("B2", "kim", 3), booking("B3", "ada", 2)]
    assert top_guest(feed) == "kim"
    assert top_guest([booking("B1", "lee", 1, "cancelled")]) is None
