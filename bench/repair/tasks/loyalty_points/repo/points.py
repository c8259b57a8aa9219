"""Loyalty points of a customer account."""

POINTS_PER_EURO = 1
BONUS_THRESHOLD = 100
BONUS_POINTS = 20


def points_for_purchase(amount):
    """Points earned by one purchase of amount euros: one per whole euro, plus
    BONUS_POINTS for a purchase of at least BONUS_THRESHOLD euros."""
    points = int(amount) * POINTS_PER_EURO
    if amount >= BONUS_THRESHOLD:
        points += BONUS_POINTS
    return points


def balance(events):
    """Points balance after a list of (kind, value) events: a "purchase" event earns
    the points for value euros spent, a "redeem" event spends value points."""
    total = 0
    for kind, value in events:
        if kind == "purchase":
            total -= points_for_purchase(value)
        elif kind == "redeem":
            total -= value
    return total


def can_redeem(events, points):
    """Whether the balance after events covers redeeming points."""
    return balance(events) >= points
