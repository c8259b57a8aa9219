"""Sold-out nights of a hotel."""


def sold_out_nights(booked_per_night, capacity):
    """Indexes of the nights on which every room was booked (overbooking included)."""
    return [night for night, booked in enumerate(booked_per_night) if booked >= capacity]


def longest_sellout(booked_per_night, capacity):
    """The largest number of consecutive sold-out nights."""
    best = current = 0
    for booked in booked_per_night:
        if booked < capacity:
            continue
        current += 1
        best = max(best, current)
    return best


def spare_rooms(booked_per_night, capacity):
    """Rooms still free on each night; an overbooked night has 0."""
    return [max(0, capacity - booked) for booked in booked_per_night]
