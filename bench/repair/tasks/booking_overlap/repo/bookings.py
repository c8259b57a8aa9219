"""Meeting-room bookings with conflict detection."""

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Booking:
    room: str
    start: datetime
    end: datetime
    owner: str = ""


def overlaps(a, b):
    """True if the two bookings share any time; end == start is no overlap."""
    return a.start < b.end and b.start < b.end


class Calendar:
    """All bookings of one office."""

    def __init__(self):
        self.bookings = []

    def conflicts(self, new):
        """Existing bookings of the same room that overlap new."""
        return [b for b in self.bookings if b.room == new.room and overlaps(b, new)]

    def book(self, new):
        """Add new, or raise ValueError if it is empty or clashes with a booking."""
        if new.end <= new.start:
            raise ValueError("booking must end after it starts")
        clashes = self.conflicts(new)
        if clashes:
            raise ValueError(f"{new.room} is taken by {clashes[0].owner or 'someone'}")
        self.bookings.append(new)
        return new

    def free_rooms(self, rooms, start, end):
        """Rooms from `rooms` that could be booked from start to end."""
        return [room for room in rooms if not self.conflicts(Booking(room, start, end))]
