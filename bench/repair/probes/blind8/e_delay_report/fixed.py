"""Punctuality report for a bus route."""


def delay_report(arrivals):
    """Summarise delays for a list of (scheduled_minute, actual_minute) pairs.

    A bus is late when it arrives more than 2 minutes after schedule. Returns a
    dict with the number of late buses, the worst delay overall and the
    average delay of the late buses (0.0 when none were late).
    """
    late = 0
    worst = 0
    total = 0
    for scheduled, actual in arrivals:
        delay = actual - scheduled
        if delay > 2:
            late += 1
            total += delay
        worst = max(worst, delay)
    average = total / late if late else 0.0
    return {"late": late, "worst": worst, "average": average}
