"""Automatic categorisation of bank transactions by keyword rules.

`rules` is a list of (keyword, category) pairs, checked in order.
"""


def categorise(description, rules):
    """Return the category of the first rule whose keyword is in the description."""
    text = description.lower()
    for keyword, category in rules:
        if keyword in text:
            return category
        return "Other"


def categorise_all(transactions, rules):
    """Return a list of (description, amount, category) tuples."""
    return [(d, a, categorise(d, rules)) for d, a in transactions]


def totals_by_category(transactions, rules):
    """Return a dict category -> total amount."""
    totals = {}
    for desc, amount, category in categorise_all(transactions, rules):
        totals[category] = totals.get(category, 0) + amount
    return totals


def uncategorised(transactions, rules):
    """Return descriptions that no rule matched."""
    return [d for d, _, c in categorise_all(transactions, rules) if c == "Other"]
