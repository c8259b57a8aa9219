"""Times of day on a 24-hour clock."""

MINUTES_PER_DAY = 24 * 60


def to_minutes(clock):
    """Minutes since midnight of an "HH:MM" string."""
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)


def format_clock(total):
    """The "HH:MM" string of a number of minutes since midnight."""
    return f"{total // 60:02d}:{total % 60:02d}"


def add_minutes(clock, minutes):
    """The time of day minutes after clock, wrapping past midnight (minutes may be negative)."""
    total = to_minutes(clock) + minutes
    total //= MINUTES_PER_DAY
    return format_clock(total)


def duration(start, end):
    """Minutes from start to the next time the clock shows end."""
    return (to_minutes(end) - to_minutes(start)) % MINUTES_PER_DAY
