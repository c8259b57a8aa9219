"""Short-stay parking tariff."""

FREE_MINUTES = 15
HOURLY_RATE = 2.05
DAILY_MAX = 18.00


def started_hours(minutes):
    """Hours to bill: every started hour counts."""
    return -(-minutes // 60)


def fee(minutes):
    """Fee for one stay; short stops are free, each day is capped."""
    if minutes <= FREE_MINUTES:
        return 0.0
    days, rest = divmod(minutes, 24 * 60)
    return days * DAILY_MAX + min(started_hours(rest) * HOURLY_RATE, DAILY_MAX)


def receipt_line(entry, exit_):
    minutes = exit_ - entry
    return f"{minutes} min  EUR {fee(minutes):.2f}"
