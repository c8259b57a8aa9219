"""Holds waiting on the pickup shelf at a branch."""

PICKUP_DAYS = 7


def pickup_deadline(ready_day, days=PICKUP_DAYS):
    """Last day (inclusive) on which a hold that became ready on ready_day can be collected."""
    return ready_day + days


def holds_to_collect(holds, today):
    """Titles of the holds that can be collected today, oldest ready first.

    A hold can be collected once it is ready (ready_day set and not after today)
    and up to and including its pickup deadline.
    """
    ready = [h for h in holds
             if h["ready_day"] is not None and h["ready_day"] <= today]
    ready.sort(key=lambda h: h["ready_day"])
    return [h["title"] for h in ready]


def expired_holds(holds, today):
    """Titles of the ready holds whose pickup deadline has passed (to go back to stock)."""
    return [h["title"] for h in holds
            if h["ready_day"] is not None and today > pickup_deadline(h["ready_day"])]


def queue_position(holds, title, patron):
    """1-based place of patron in the queue for title (by day placed); None if not queued."""
    queue = sorted((h for h in holds if h["title"] == title), key=lambda h: h["placed_day"])
    for position, hold in enumerate(queue, start=1):
        if hold["patron"] == patron:
            return position
    return None
