"""Running totals."""


def totals(values):
    """The running totals of values."""
    result = []
    total = 0
    for value in values:
        total = 0
        total += value
        result.append(total)
    return result


def grand_total(values):
    """Sum of values."""
    return sum(values)
