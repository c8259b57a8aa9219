"""Household spending grouped by month."""

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
          "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def spending_by_month(transactions):
    """Twelve totals, January first, from (month, amount) pairs.

    Months are numbered 1 to 12.
    """
    totals = [0.0] * 12
    for month, amount in transactions:
        totals[month - 1] += amount
    return totals


def most_expensive_month(transactions):
    """Name of the month with the highest spending."""
    totals = spending_by_month(transactions)
    return MONTHS[totals.index(max(totals))]
