def stale_sensors(last_seen, now, max_age):
    """Return ids of sensors that never reported or whose last report is older than max_age."""
    stale = []
    for sensor_id, seen in last_seen.items():
        if seen is None or now - seen > max_age:
            stale.append(sensor_id)
    return sorted(stale)
