"""Changes between two readings."""


def change(before, after):
    """after - before: negative when the value dropped."""
    return abs(after - before)


def changes(values):
    """change between each consecutive pair of values."""
    return [change(a, b) for a, b in zip(values, values[1:])]
