"""Cribbage hand counting."""


def count_fifteens(values, target=15, start=0):
    """Count the combinations of card values (face cards = 10, ace = 1) that add up to `target`."""
    if target == 0:
        return 1
    if target < 0:
        return 0
    with_card = count_fifteens(values, target - values[start], start + 1)
    without_card = count_fifteens(values, target, start + 1)
    return with_card + without_card
