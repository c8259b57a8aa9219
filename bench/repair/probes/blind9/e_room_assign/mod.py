"""Giving arriving guests a room."""


class Hotel:
    def __init__(self, rooms):
        """rooms maps a room number to its number of beds."""
        self.beds = dict(rooms)
        self.occupied = {}

    def check_in(self, guest, party_size):
        """Give guest the lowest-numbered free room with enough beds.

        Returns the room number, or None if nothing suitable is free.
        """
        for room in sorted(self.beds):
            if self.beds[room] >= party_size:
                self.occupied[room] = guest
                return room
        return None

    def check_out(self, room):
        """Free the room and return the guest who had it."""
        return self.occupied.pop(room)
