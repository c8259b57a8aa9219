"""Parse the station's CSV-like log ("timestamp,value" per line)."""


def parse_log(lines):
    """List of (timestamp, value); blank lines and # comments are skipped."""
    readings = []
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        stamp, value = line.split(",")
        readings.append((stamp.strip(), float(value)))
    return readings


def values_between(readings, start, end):
    """Values whose timestamp lies in [start, end] (ISO strings compare in order)."""
    return [value for stamp, value in readings if start <= stamp <= end]


def latest(readings):
    """Most recent (timestamp, value), or None."""
    if not readings:
        return None
    return max(readings, key=lambda reading: reading[0])
