"""Clock times of the numbered periods of a school day (period 1 is the first)."""

DAY_START = 8 * 60
LESSON_MINUTES = 45
BREAK_MINUTES = 10
PERIODS_PER_DAY = 8


def period_start(n):
    """Start of period n in minutes from midnight."""
    if not 1 <= n <= PERIODS_PER_DAY:
        raise ValueError(f"no period {n}")
    return DAY_START + n * (LESSON_MINUTES + BREAK_MINUTES)


def period_end(n):
    return period_start(n) + LESSON_MINUTES


def period_at(minute):
    """Number of the period running at the given minute, or None (break/outside)."""
    for n in range(1, PERIODS_PER_DAY + 1):
        if period_start(n) <= minute < period_end(n):
            return n
    return None


def label(n):
    start = period_start(n)
    return f"P{n} {start // 60:02d}:{start % 60:02d}"
