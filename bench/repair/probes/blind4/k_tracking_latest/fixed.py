def latest_status(events):
    """Return the status of the most recent tracking event, or None if there are none."""
    if not events:
        return None
    ordered = sorted(events, key=lambda e: e["timestamp"])
    return ordered[-1]["status"]
