"""Which houseplants need watering today."""


def due_for_water(plants, today):
    """Names of plants to water today, sorted.

    plants maps a name to (last_watered_day, interval_days). A plant is
    due once interval_days have passed since it was last watered.
    """
    due = []
    for name, (last_watered, interval) in plants.items():
        if today - last_watered >= interval:
            due.append(name)
    return sorted(due)


def water(plants, names, today):
    """Record that the given plants were watered today."""
    for name in names:
        _last, interval = plants[name]
        plants[name] = (today, interval)
