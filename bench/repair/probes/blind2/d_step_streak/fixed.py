def current_streak(daily_steps, goal):
    """Count how many of the most recent consecutive days met the step goal."""
    streak = 0
    i = len(daily_steps) - 1
    while i >= 0 and daily_steps[i] >= goal:
        streak += 1
        i -= 1
    return streak
