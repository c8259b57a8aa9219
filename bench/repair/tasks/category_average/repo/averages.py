"""Averages per category."""


def average_by_category(rows):
    """{category: mean amount} for (category, amount) rows."""
    totals = {}
    counts = {}
    for category, amount in rows:
        totals[category] = totals.get(category, 0) + amount
    return {category: totals[category] / counts[category] for category in totals}


def categories(rows):
    """Categories in order of first appearance."""
    return list(dict.fromkeys(category for category, _ in rows))
