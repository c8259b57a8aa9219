"""Pick rooms for classes based on size and equipment."""


def fits(room, class_size, needs_lab=False):
    """True if the room can hold the class (and has a lab when one is needed)."""
    if needs_lab and not room["lab"]:
        return False
    return room["capacity"] > class_size


def best_room(rooms, class_size, needs_lab=False):
    """Smallest suitable room name, so big rooms stay free; None if none fits."""
    candidates = [room for room in rooms if fits(room, class_size, needs_lab)]
    if not candidates:
        return None
    return min(candidates, key=lambda room: room["capacity"])["name"]


def allocate(rooms, classes):
    """Give each (class_name, size, needs_lab) its own room, biggest classes first."""
    remaining = list(rooms)
    plan = {}
    for name, size, lab in sorted(classes, key=lambda c: c[1], reverse=True):
        room_name = best_room(remaining, size, lab)
        plan[name] = room_name
        remaining = [room for room in remaining if room["name"] != room_name]
    return plan
