"""Gym lift log with progress tracking."""


class LiftLog:
    """Tracks the latest and best weight logged per exercise, in kilograms."""

    def __init__(self):
        self.last = {}
        self.best = {}

    def record(self, exercise, weight):
        """Log a lift and return the change since the last time it was logged.

        Returns None the first time an exercise is logged.
        """
        self.last[exercise] = weight
        previous = self.last.get(exercise)
        self.best[exercise] = max(weight, self.best.get(exercise, 0))
        if previous is None:
            return None
        return weight - previous

    def is_personal_best(self, exercise, weight):
        """True if weight would beat the best logged so far for exercise."""
        return weight > self.best.get(exercise, 0)
