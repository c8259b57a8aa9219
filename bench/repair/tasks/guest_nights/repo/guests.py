"""Nights stayed per guest, from the booking feed of a channel manager."""


def nights_per_guest(bookings):
    """Total nights per guest over the bookings that were not cancelled.

    bookings is a list of dicts with "id", "guest", "nights" and "status". The feed may send
    the same booking more than once; only the first copy of each booking id counts.
    """
    seen = set()
    totals = {}
    for booking in bookings:
        if booking["id"] in seen:
            continue
        if booking["status"] == "cancelled":
            continue
        guest = booking["guest"]
        totals[guest] = totals.get(guest, 0) + booking["nights"]
    return totals


def frequent_guests(bookings, min_nights):
    """Guests with at least min_nights nights in total, in alphabetical order."""
    totals = nights_per_guest(bookings)
    return sorted(guest for guest, nights in totals.items() if nights >= min_nights)


def top_guest(bookings):
    """The guest with the most nights (alphabetically first on a tie), or None."""
    totals = nights_per_guest(bookings)
    if not totals:
        return None
    return min(totals, key=lambda guest: (-totals[guest], guest))
