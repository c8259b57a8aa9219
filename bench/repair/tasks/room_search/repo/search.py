"""Finding rooms that suit a booking request."""


def matching_rooms(rooms, guests, max_rate=None):
    """Numbers of the clean rooms that sleep at least guests people, cheapest first.

    rooms is a list of dicts with "number", "capacity", "rate" and "status". With a max_rate,
    only rooms whose rate is at most max_rate qualify; max_rate None means no price limit.
    Rooms with the same rate keep their order in rooms.
    """
    found = [
        room
        for room in rooms
        if room["status"] == "clean"
        and room["capacity"] >= guests
        and room["rate"] <= max_rate
    ]
    found.sort(key=lambda room: room["rate"])
    return [room["number"] for room in found]


def best_room(rooms, guests, max_rate=None):
    """The cheapest matching room number, or None when no room matches."""
    numbers = matching_rooms(rooms, guests, max_rate)
    return numbers[0] if numbers else None


def rooms_by_status(rooms):
    """Map each status to the sorted numbers of the rooms in that status."""
    groups = {}
    for room in rooms:
        groups.setdefault(room["status"], []).append(room["number"])
    return {status: sorted(numbers) for status, numbers in groups.items()}
