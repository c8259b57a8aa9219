"""Savings growth calculations with periodic compounding."""


def future_value(principal, annual_rate, years, periods_per_year=12):
    """Return principal grown at annual_rate (e.g. 0.05 for 5%) for years.

    Interest is compounded periods_per_year times a year. The result is
    rounded to cents.
    """
    rate = annual_rate * periods_per_year
    periods = years * periods_per_year
    return round(principal * (1 + rate) ** periods, 2)


def savings_plan_value(monthly_deposit, annual_rate, years):
    """Return the balance after depositing monthly_deposit at the end of each
    month for years, compounded monthly at annual_rate, rounded to cents."""
    rate = annual_rate / 12
    balance = 0.0
    for _ in range(years * 12):
        balance = balance * (1 + rate) + monthly_deposit
    return round(balance, 2)


def effective_annual_rate(annual_rate, periods_per_year=12):
    """Return the yearly rate actually earned after compounding, rounded to 6 places."""
    return round((1 + annual_rate / periods_per_year) ** periods_per_year - 1, 6)
