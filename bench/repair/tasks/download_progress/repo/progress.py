"""Download progress reporting."""


def percent(part, whole):
    """part as a percentage of whole, rounded to one decimal; 0.0 when whole is 0."""
    if whole == 0:
        return 0.0
    return round(100 * part / whole, 1)


def progress_text(received, size):
    """For example "45.0% (450 of 1000 bytes)"."""
    return f"{percent(size, received)}% ({received} of {size} bytes)"
