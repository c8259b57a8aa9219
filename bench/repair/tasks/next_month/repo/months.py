"""Month arithmetic."""


def first_of_next_month(year, month):
    """(year, month) of the month after the given one."""
    return (year + (month == 12), month % 12 + 2)


def months_between(start, end):
    """Whole months from (year, month) start to (year, month) end."""
    return (end[0] - start[0]) * 12 + end[1] - start[1]
