"""What the household's subscriptions cost per month."""


def monthly_price(sub):
    """Price per month of one subscription, yearly ones spread over 12."""
    if sub["period"] == "yearly":
        return sub["price"] / 12
    return sub["price"]


def monthly_cost(subs):
    """Total monthly cost of the active subscriptions, rounded to cents."""
    return round(sum(monthly_price(s) for s in subs if s["active"]), 2)


def cancelled_savings(subs):
    """Monthly amount saved by the cancelled subscriptions."""
    return round(sum(monthly_price(s) for s in subs if not s["active"]), 2)
