"""Stamp cards for the coffee shop loyalty scheme."""

FREE_DRINK_AT = 10


def new_card(owner):
    """Return a fresh loyalty card for owner with no stamps."""
    return {"owner": owner, "stamps": 0, "free_earned": 0}


def add_stamps(card, drinks):
    """Stamp the card for a purchase and return how many free drinks it earned.

    Each drink dict has a "price" and may have "free": True when it was itself
    a redeemed reward. Drinks under 2.00 and free drinks earn no stamp. When the
    card reaches FREE_DRINK_AT stamps a free drink is earned and counting
    starts again from zero.
    """
    earned = 0
    for drink in drinks:
        if drink["price"] < 2.00 or drink.get("free", False):
            continue
        card["stamps"] += 1
        if card["stamps"] == FREE_DRINK_AT:
            card["stamps"] = 0
            earned += 1
    card["free_earned"] += earned
    return earned
