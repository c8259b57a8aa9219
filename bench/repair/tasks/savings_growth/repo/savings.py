"""Savings projections."""


def balance_after(balance, yearly_rate, years):
    """Balance after compounding yearly_rate once a year, rounded to cents."""
    for _ in range(years):
        balance += 1 + yearly_rate
    return round(balance, 2)


def years_to_double(yearly_rate):
    """Whole years until a balance at least doubles."""
    years, factor = 0, 1.0
    while factor < 2:
        factor *= 1 + yearly_rate
        years += 1
    return years
