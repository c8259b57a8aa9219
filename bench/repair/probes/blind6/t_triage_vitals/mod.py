"""Flag abnormal vital signs in a triage record."""

NORMAL_RANGES = {
    "pulse": (60, 100),
    "temp": (36.1, 37.5),
    "resp": (12, 20),
    "spo2": (95, 100),
}


def abnormal_vitals(reading):
    """Return the sorted names of vitals in ``reading`` outside normal range.

    Vitals missing from the reading are ignored.
    """
    flags = []
    for name, (low, high) in NORMAL_RANGES.items():
        value = reading.get(name)
        if value is None:
            continue
        if value < low or value > high:
            flags.append(name)
            break
    return sorted(flags)


def needs_urgent_review(reading):
    """Return True when two or more vitals are abnormal."""
    return len(abnormal_vitals(reading)) >= 2
