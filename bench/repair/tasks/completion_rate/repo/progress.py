"""Progress figures."""


def percent_of(part, whole):
    """part as a percentage of whole, rounded to one decimal; 0.0 when whole is 0."""
    if whole == 0:
        return 0.0
    return round(100 * part / whole, 1)


def completion_rate(done, total):
    """Percentage of total tasks that are done."""
    return percent_of(total, done)
