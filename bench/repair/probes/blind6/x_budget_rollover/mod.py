"""Monthly budget tracking with carry-over."""


def monthly_remaining(budget, spending):
    """Return the amount left at the end of each month.

    Whatever is left (or overspent) at the end of a month is carried into
    the next month's budget.  Amounts are rounded to cents.
    """
    carry = 0.0
    remaining = []
    for spent in spending:
        left = round(budget + carry - spent, 2)
        remaining.append(left)
    return remaining


def overspent_months(budget, spending):
    """Return the 1-based numbers of the months that ended below zero."""
    return [i + 1 for i, left in enumerate(monthly_remaining(budget, spending)) if left < 0]
