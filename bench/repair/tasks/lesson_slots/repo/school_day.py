"""Start and end times of the lessons of a school day."""


def to_minutes(clock):
    """Minutes after midnight of a "HH:MM" time."""
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)


def format_time(minutes):
    """The "HH:MM" form of a number of minutes after midnight."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def lesson_slots(start, lengths, gap=5):
    """[start, end] times of back-to-back lessons of the given lengths in minutes.

    The first lesson starts at start; each following one starts gap minutes after the
    previous one ends.
    """
    clock = to_minutes(start)
    slots = []
    for length in lengths:
        end = clock + length
        clock = end + gap
        slots.append([format_time(clock), format_time(end)])
    return slots


def day_ends(start, lengths, gap=5):
    """When the last lesson of the day ends, or start itself when there are no lessons."""
    slots = lesson_slots(start, lengths, gap)
    return slots[-1][1] if slots else start
