def battery_percent(voltage, empty=3.3, full=4.2):
    """Convert a cell voltage to a charge percentage clamped to 0..100, one decimal."""
    pct = (voltage - empty) / (full - empty) * 100
    return round(max(0.0, pct), 1)
