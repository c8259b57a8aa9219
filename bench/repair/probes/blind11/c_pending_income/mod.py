"""Cleared and pending transactions.

A transaction is a dict with 'desc' and 'amount'; amount is None while pending.
"""


def cleared(transactions):
    """Return only the transactions that have an amount."""
    return [t for t in transactions if t["amount"] is not None]


def income_total(transactions):
    """Return the sum of positive cleared amounts."""
    return sum(t["amount"] for t in transactions
               if t["amount"] > 0 and t["amount"] is not None)


def expense_total(transactions):
    """Return the total of cleared expenses as a positive number."""
    return -sum(t["amount"] for t in cleared(transactions) if t["amount"] < 0)


def pending_count(transactions):
    """Return how many transactions are still pending."""
    return len(transactions) - len(cleared(transactions))


def savings_rate(transactions):
    """Return the fraction of income not spent, or 0.0 with no income."""
    income = income_total(transactions)
    if income == 0:
        return 0.0
    return round((income - expense_total(transactions)) / income, 2)
