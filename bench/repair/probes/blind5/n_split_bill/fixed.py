"""Splitting a restaurant bill between friends."""


def split_bill(total, people, tip_percent=15):
    """Return each person's share of total plus tip, rounded to cents."""
    with_tip = total * (1 + tip_percent / 100)
    return round(with_tip / people, 2)


def shares(total, names, tip_percent=15):
    """Return {name: share} with the bill split evenly among names."""
    each = split_bill(total, len(names), tip_percent)
    return {name: each for name in names}
