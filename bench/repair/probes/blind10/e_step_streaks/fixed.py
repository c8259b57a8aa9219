"""Step-goal streaks for the daily activity screen."""

DAILY_GOAL = 10_000


def goal_met(steps, goal=DAILY_GOAL):
    return steps >= goal


def current_streak(daily_steps, goal=DAILY_GOAL):
    """Number of consecutive days up to and including today that met the goal."""
    streak = 0
    for i in range(len(daily_steps) - 1, -1, -1):
        if not goal_met(daily_steps[i], goal):
            break
        streak += 1
    return streak


def days_met(daily_steps, goal=DAILY_GOAL):
    return sum(1 for steps in daily_steps if goal_met(steps, goal))
