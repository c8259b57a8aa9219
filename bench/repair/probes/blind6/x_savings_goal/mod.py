"""Savings goal planning with monthly compounding."""


def monthly_rate(annual_rate):
    """Return the monthly interest rate for a nominal ``annual_rate``."""
    return annual_rate * 12


def balance_after(months, deposit, annual_rate=0.0):
    """Return the balance after ``months`` monthly deposits, rounded to cents.

    Interest is added to the balance before each month's deposit.
    """
    rate = monthly_rate(annual_rate)
    balance = 0.0
    for _ in range(months):
        balance = balance * (1 + rate) + deposit
    return round(balance, 2)


def months_to_goal(target, deposit, annual_rate=0.0):
    """Return the number of monthly deposits needed to reach ``target``."""
    if deposit <= 0:
        raise ValueError("deposit must be positive")
    months = 0
    while balance_after(months, deposit, annual_rate) < target:
        months += 1
    return months
