"""Monthly budget tracking by category.

Transactions are (category, amount) pairs in cents; refunds are negative.
"""


def spending_by_category(transactions):
    """Return a dict category -> total spent."""
    totals = {}
    for category, amount in transactions:
        totals[category] = totals.get(category, 0) + amount
    return totals


def over_budget(transactions, budgets):
    """Return {category: overspend} for categories that spent more than their budget.

    Categories without a budget entry are treated as having a budget of 0.
    """
    spent = spending_by_category(transactions)
    result = {}
    for category, total in spent.items():
        limit = budgets.get(category, 0)
        if total > limit:
            result[category] = total - limit
    return result


def largest_category(transactions):
    """Return the name of the category with the highest spending, or None if there is none."""
    totals = spending_by_category(transactions)
    if not totals:
        return None
    best = max(totals, key=totals.get)
    return best


def remaining(transactions, budgets):
    """Return the total budget left across all budgeted categories (may be negative)."""
    spent = spending_by_category(transactions)
    return sum(budgets.values()) - sum(spent.get(c, 0) for c in budgets)
