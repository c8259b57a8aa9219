"""Categorise bank transactions and total the spending."""


def categorize(description, rules):
    """Return the category of the first rule whose keyword is in ``description``.

    ``rules`` is a list of (keyword, category) pairs matched
    case-insensitively; unmatched descriptions fall into "other".
    """
    text = description.lower()
    for keyword, category in rules:
        if keyword.lower() in text:
            return category
    return "other"


def spending_by_category(transactions, rules):
    """Return {category: amount spent} for outgoing transactions.

    Transactions are (description, amount) pairs where money going out is
    negative; income is ignored.  Totals are positive and rounded to cents.
    """
    totals = {}
    for description, amount in transactions:
        category = categorize(description, rules)
        totals[category] = round(totals.get(category, 0) - amount, 2)
    return totals
