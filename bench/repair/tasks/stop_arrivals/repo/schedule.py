"""Building a bus timetable from running times between stops."""


def to_clock(minute):
    """'HH:MM' for a minute count after midnight, wrapping past 24:00."""
    minute %= 24 * 60
    return f"{minute // 60:02d}:{minute % 60:02d}"


def arrival_times(start, running_minutes, dwell):
    """Minute of arrival at each stop after the first.

    The bus leaves the first stop at start, takes running_minutes[i] to reach the next stop
    and waits dwell minutes at every stop before moving on.
    """
    times = []
    clock = start
    for minutes in running_minutes:
        clock += minutes
        clock += dwell
        times.append(clock)
    return times


def timetable(stops, start, running_minutes, dwell=1):
    """(stop, 'HH:MM') rows: the departure from the first stop, then each arrival."""
    rows = [(stops[0], to_clock(start))]
    for stop, minute in zip(stops[1:], arrival_times(start, running_minutes, dwell)):
        rows.append((stop, to_clock(minute)))
    return rows
