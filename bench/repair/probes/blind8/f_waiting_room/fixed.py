"""Triage order in the clinic waiting room."""


class WaitingRoom:
    """Patients are seen by urgency (higher first), then in order of arrival."""

    def __init__(self):
        self.waiting = []
        self._arrivals = 0

    def check_in(self, pet_name, urgency):
        """Add a pet to the waiting list with an urgency from 1 to 5."""
        self.waiting.append((-urgency, self._arrivals, pet_name))
        self._arrivals += 1

    def call_next(self):
        """Remove and return the name of the pet to be seen next, or None."""
        if not self.waiting:
            return None
        entry = min(self.waiting)
        self.waiting.remove(entry)
        return entry[2]
