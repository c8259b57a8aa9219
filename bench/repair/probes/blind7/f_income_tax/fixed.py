"""Progressive income tax calculation.

Brackets are (upper_limit, rate) pairs in increasing order; the last
bracket has None as its upper limit. Amounts are whole currency units.
"""

DEFAULT_BRACKETS = [(10000, 0.0), (40000, 0.2), (None, 0.4)]


def income_tax(income, allowance=0, brackets=DEFAULT_BRACKETS):
    """Return the tax owed, rounded to the nearest unit.

    The allowance is deducted from income first; the remaining taxable
    amount is taxed bracket by bracket.
    """
    taxable = max(0, income - allowance)
    tax = 0.0
    lower = 0
    for upper, rate in brackets:
        if upper is None or taxable <= upper:
            tax += (taxable - lower) * rate
            break
        tax += (upper - lower) * rate
        lower = upper
    return round(tax)


def effective_rate(income, allowance=0, brackets=DEFAULT_BRACKETS):
    """Return tax as a fraction of income, rounded to 4 places (0.0 for no income)."""
    if income == 0:
        return 0.0
    return round(income_tax(income, allowance, brackets) / income, 4)
