"""Bonus calculation."""


def bonus(base, multiplier, cap):
    """base times multiplier, but never above cap."""
    amount = min(base, cap)
    amount = amount * multiplier
    return amount


def total_bonus(bases, multiplier, cap):
    """Sum of the bonuses for several bases."""
    return sum(bonus(base, multiplier, cap) for base in bases)
