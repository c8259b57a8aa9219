"""Formatting ratios as percentages."""


def as_percent(ratio, decimals):
    """ratio * 100 rounded to decimals places, as a string with a '%' sign."""
    return f"{round(ratio * 100, decimals - 1)}%"


def share(part, whole):
    """part / whole, 0.0 for an empty whole."""
    return part / whole if whole else 0.0
