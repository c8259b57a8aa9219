"""Daily temperature summaries from the station's mixed-unit sensor readings."""


def to_celsius(value, unit):
    """A temperature in degrees Celsius from value given in unit 'C' or 'F'."""
    if unit == "F":
        return (value - 32) * 5 / 9
    return value


def daily_summary(readings):
    """{'min', 'max', 'mean'} in Celsius (one decimal) of a day's (value, unit) readings.

    None when there are no readings.
    """
    temps = [value for value, unit in readings]
    if not temps:
        return None
    return {
        "min": round(min(temps), 1),
        "max": round(max(temps), 1),
        "mean": round(sum(temps) / len(temps), 1),
    }


def frost_warning(summary, limit=0.0):
    """Whether a daily summary's minimum is at or below limit degrees Celsius."""
    return summary is not None and summary["min"] <= limit


def heating_degree_days(means, base=15.5):
    """Heating degree days (one decimal) for a list of daily mean temperatures in Celsius."""
    return round(sum(base - mean for mean in means if mean < base), 1)
