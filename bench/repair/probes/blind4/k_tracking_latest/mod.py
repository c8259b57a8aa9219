def latest_status(events):
    """Return the status of the most recent tracking event, or None if there are none."""
    if not events:
        return None
    ordered = events
    return ordered[-1]["status"]
