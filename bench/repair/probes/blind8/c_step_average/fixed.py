"""Step counts synced from a fitness watch."""


def average_steps(daily_steps):
    """Average steps per day, ignoring days with no reading (None).

    Returns 0.0 when there are no readings at all.
    """
    readings = [steps for steps in daily_steps if steps is not None]
    if not readings:
        return 0.0
    return sum(readings) / len(readings)


def goal_streak(daily_steps, goal):
    """Number of most recent consecutive days on which the step goal was met."""
    streak = 0
    for steps in reversed(daily_steps):
        if steps is None or steps < goal:
            break
        streak += 1
    return streak
