"""Splitting a table's bill between diners (all amounts in cents)."""


def with_service(total_cents, service_percent=12.5):
    """The bill total after adding the service charge, rounded to the cent."""
    return total_cents + round(total_cents * service_percent / 100)


def split_evenly(total_cents, diners):
    """Shares for diners people that add up to total_cents.

    The shares differ by at most one cent, the larger ones coming first.
    """
    share = -(-total_cents // diners)
    return [share] + split_evenly(total_cents - share, diners - 1)


def split_by_orders(orders):
    """What each diner pays when everyone pays for their own items.

    orders maps a diner's name to the prices of the items they ordered.
    """
    return {name: sum(prices) for name, prices in orders.items()}


def format_cents(cents):
    """A cent amount as a price text like '12.05'."""
    return f"{cents // 100}.{cents % 100:02d}"
