"""Comparing monthly spending with category budgets."""


def spent_by_category(transactions):
    """Return a dict category -> total spent, from (category, amount) expenses."""
    totals = {}
    for category, amount in transactions:
        totals[category] = totals.get(category, 0) + amount
    return totals


def remaining(budget, spent):
    """Return a dict category -> money left in the budget (negative if over)."""
    return {cat: limit - spent.get(cat, 0) for cat, limit in budget.items()}


def over_budget(budget, spent):
    """Return the sorted categories where spending went over the budget."""
    return sorted(cat for cat, limit in budget.items() if spent.get(cat, 0) > limit)


def month_report(budget, transactions):
    """Return (total spent, list of over-budget categories) for a month."""
    spent = spent_by_category(transactions)
    return sum(spent.values()), over_budget(budget, spent)
