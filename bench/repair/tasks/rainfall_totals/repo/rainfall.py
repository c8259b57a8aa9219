"""Rainfall totals from the station's tipping-bucket rain gauge."""

BUCKET_MM = 0.2


def tips_to_mm(tips):
    """Millimetres of rain for a number of bucket tips, rounded to 0.1 mm."""
    return round(tips * BUCKET_MM, 1)


def daily_total(readings, day):
    """Total rainfall in mm (one decimal) on day, given as 'YYYY-MM-DD'.

    readings is a list of (timestamp, mm) pairs with ISO timestamps; mm is None
    when the gauge did not report for that interval, and such entries are skipped.
    """
    amounts = [mm for stamp, mm in readings if stamp.startswith(day)]
    return round(sum(amounts), 1)


def monthly_total(totals, month):
    """Sum (one decimal) of the {day: mm} daily totals falling in month ('YYYY-MM')."""
    return round(sum(mm for day, mm in totals.items() if day[:7] == month), 1)


def wettest_day(totals):
    """The (day, mm) pair with the most rain in {day: mm} (later day on a tie); None if dry."""
    wet = [(mm, day) for day, mm in totals.items() if mm > 0]
    if not wet:
        return None
    mm, day = max(wet)
    return day, mm
