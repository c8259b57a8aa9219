"""Splitting the station's hourly rainfall into separate rain events."""


def rain_events(hourly_mm, dry_hours=3):
    """Rain totals (mm, one decimal) of each event in a series of hourly amounts.

    An event ends once dry_hours consecutive hours without rain have passed;
    a shorter dry spell counts as part of the event around it.
    """
    events = []
    total = 0.0
    dry = 0
    for mm in hourly_mm:
        if mm > 0:
            total += mm
            dry = 0
        else:
            dry += 1
            if dry == dry_hours and total > 0:
                events.append(round(total, 1))
    if total > 0:
        events.append(round(total, 1))
    return events


def heaviest_hour(hourly_mm):
    """(hour index, mm) of the wettest hour, the earliest on a tie; None if it never rained."""
    best = None
    for hour, mm in enumerate(hourly_mm):
        if mm > 0 and (best is None or mm > best[1]):
            best = (hour, mm)
    return best


def rain_rate(total_mm, hours):
    """Average rainfall rate in mm per hour, rounded to 0.1; 0.0 for no hours."""
    if hours <= 0:
        return 0.0
    return round(total_mm / hours, 1)
