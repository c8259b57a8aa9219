"""Savings projections for a personal budget."""


def yearly_balances(principal, rate, years, deposit=0.0):
    """Return balances at the end of each year: interest is added first, then the deposit."""
    balance = principal
    history = []
    for _ in range(years):
        balance += deposit
        balance = balance * (1 + rate)
        history.append(round(balance, 2))
    return history


def years_to_goal(principal, rate, deposit, goal, limit=100):
    """Return the number of years until the balance reaches goal, or None within limit."""
    balances = yearly_balances(principal, rate, limit, deposit)
    for year, balance in enumerate(balances, start=1):
        if balance >= goal:
            return year
    return None
