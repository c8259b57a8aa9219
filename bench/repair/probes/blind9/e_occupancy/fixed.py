"""Nightly occupancy of the hotel from its bookings."""


def occupancy(bookings, days):
    """Rooms taken on each night 0 .. days - 1.

    bookings are (check_in, check_out) day pairs; the guest sleeps
    there every night from check_in up to, not including, check_out.
    """
    counts = [0] * days
    for check_in, check_out in bookings:
        for night in range(check_in, check_out):
            if 0 <= night < days:
                counts[night] += 1
    return counts


def fully_booked_nights(bookings, days, rooms):
    """Nights on which every room is taken."""
    return [n for n, taken in enumerate(occupancy(bookings, days)) if taken >= rooms]
