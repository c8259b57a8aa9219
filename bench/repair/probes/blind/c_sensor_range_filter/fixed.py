def clean_readings(readings, low, high):
    """Drop missing readings and readings outside [low, high]."""
    return [r for r in readings if r is not None and low <= r <= high]
