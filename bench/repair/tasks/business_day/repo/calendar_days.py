"""Business-day rules."""


def is_business_day(weekday, holiday):
    """Monday (0) to Friday (4), and not a public holiday."""
    return weekday < 5 or not holiday


def business_days(days):
    """How many of the (weekday, holiday) pairs are business days."""
    return sum(1 for weekday, holiday in days if is_business_day(weekday, holiday))
