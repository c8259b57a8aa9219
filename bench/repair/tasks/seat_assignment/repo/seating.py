"""Assigning seats to passengers."""


def assign_seats(passengers, seats):
    """Map each passenger name to a seat.

    passengers is a list of (name, requested_seat) pairs. A passenger keeps a requested seat
    that is one of seats; everyone else gets the next seat nobody requested, in the order of
    seats. Passengers left over when those seats run out map to None.
    """
    taken = {requested for _, requested in passengers if requested in seats}
    free = [seat for seat in seats if seat not in taken]
    assigned = {}
    next_free = 0
    for name, requested in passengers:
        if requested in taken:
            assigned[name] = requested
        elif next_free < len(free):
            assigned[name] = free[next_free]
        else:
            assigned[name] = None
    return assigned


def empty_seats(seats, assigned):
    """The seats nobody was given, in the order of seats."""
    used = set(assigned.values())
    return [seat for seat in seats if seat not in used]
