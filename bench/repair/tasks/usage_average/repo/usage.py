"""Usage statistics."""


def average_minutes(sessions):
    """{user: average session minutes} for a list of (user, minutes) pairs."""
    totals = {}
    counts = {}
    for user, minutes in sessions:
        totals[user] = totals.get(user, 0) + minutes
        counts[user] = counts.get(user, 0) + 1
    averages = {user: totals[user] / counts[user] for user in totals}


def busiest(sessions):
    """The user with the most total minutes."""
    totals = {}
    for user, minutes in sessions:
        totals[user] = totals.get(user, 0) + minutes
    return max(totals, key=totals.get)
