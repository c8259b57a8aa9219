"""Loyalty discounts, in whole percent."""

TIER_DISCOUNT = {"silver": 5, "gold": 10}


def discount_percent(tier, member_since, year):
    """The tier's discount, plus 5 more for members of at least five years.

    member_since is the year the customer joined, or None for guests.
    """
    percent = TIER_DISCOUNT.get(tier, 0)
    if year - member_since >= 5:
        percent += 5
    return percent


def discounted_price(price_cents, percent):
    """Price after a percentage discount, rounded down to a whole cent."""
    return price_cents * (100 - percent) // 100
