"""Nightly occupancy figures for a hotel."""


def occupancy_percent(booked_rooms, total_rooms):
    """Share of the hotel's rooms booked for the night, in percent, rounded to one decimal.

    booked_rooms lists the room number of every booking for the night; a room shared by two
    bookings appears twice but counts once. A hotel without rooms is 0.0 percent full.
    """
    if total_rooms <= 0:
        return 0.0
    return round(100 * len(booked_rooms) / total_rooms, 1)


def free_rooms(all_rooms, booked_rooms):
    """The rooms of all_rooms that nobody booked, in ascending order."""
    booked = set(booked_rooms)
    return sorted(room for room in all_rooms if room not in booked)


def is_sold_out(all_rooms, booked_rooms):
    """True when every room of all_rooms is booked for the night."""
    return not free_rooms(all_rooms, booked_rooms)
