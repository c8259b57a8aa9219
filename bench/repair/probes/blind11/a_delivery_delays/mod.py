"""Delivery punctuality for courier routes."""


def delay_minutes(promised, actual):
    """Return minutes late (negative when early); times are 'HH:MM' strings."""
    ph, pm = promised.split(":")
    ah, am = actual.split(":")
    return (int(ah) * 60 + int(am)) - (int(ph) * 60 + int(pm))


def worst_delay(delays):
    """Return the largest delay in the list, or None if it is empty."""
    if not delays:
        return None
    worst = 0
    for d in delays:
        if d > worst:
            worst = d
    return worst


def on_time_rate(delays, grace=5):
    """Return the fraction of deliveries no more than `grace` minutes late."""
    if not delays:
        return 0.0
    ok = sum(1 for d in delays if d <= grace)
    return ok / len(delays)


def route_summary(route):
    """Return (stop_count, worst_delay) for a list of (promised, actual) pairs."""
    delays = [delay_minutes(p, a) for p, a in route]
    return len(delays), worst_delay(delays)
