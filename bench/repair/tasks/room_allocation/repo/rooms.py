"""Allocating classrooms to lessons."""


def allocate_rooms(lessons, rooms):
    """The room given to each lesson, in lesson order.

    lessons is a list of [period, subject, class_size]; rooms maps a room name to its number of
    seats. Each lesson gets the smallest room (ties by name) that seats the class and is not
    already taken in that period, or None when there is no such room.
    """
    by_size = sorted(rooms, key=lambda room: (rooms[room], room))
    taken = {}
    allocation = []
    for period, subject, size in lessons:
        used = taken.setdefault(period, set())
        choice = None
        for room in by_size:
            if rooms[room] >= size and room not in used:
                choice = room
                break
        allocation.append(choice)
    return allocation


def room_schedule(lessons, allocation):
    """Map each allocated room to the subjects taught in it, ordered by period."""
    schedule = {}
    pairs = sorted(zip(lessons, allocation), key=lambda pair: pair[0][0])
    for (period, subject, _), room in pairs:
        if room is not None:
            schedule.setdefault(room, []).append(subject)
    return schedule


def unplaced(lessons, allocation):
    """Subjects of the lessons that did not get a room."""
    return [lesson[1] for lesson, room in zip(lessons, allocation) if room is None]
