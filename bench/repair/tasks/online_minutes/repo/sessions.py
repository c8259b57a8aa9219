"""Time users spend logged in, from (minute, user, action) events in time order."""


def minutes_online(events):
    """{user: total minutes over finished sessions}; action is 'in' or 'out'."""
    started = {}
    totals = {}
    for minute, user, action in events:
        if action == "in":
            started[user] = minute
            totals[user] = 0
        elif user in started:
            totals[user] = totals.get(user, 0) + minute - started.pop(user)
    return totals


def still_online(events):
    """Users whose last event is a log-in, sorted."""
    last = {}
    for _, user, action in events:
        last[user] = action
    return sorted(user for user, action in last.items() if action == "in")
