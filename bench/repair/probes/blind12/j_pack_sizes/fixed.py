"""Ordering from suppliers who only sell in whole packs."""

import math


def packs_needed(units, pack_size):
    """Return the number of whole packs to buy so that at least `units` arrive."""
    if units <= 0:
        return 0
    return math.ceil(units / pack_size)


def order_cost(units, pack_size, pack_price):
    """Return the cost of buying enough whole packs for `units`."""
    return packs_needed(units, pack_size) * pack_price


def surplus_units(units, pack_size):
    """Return how many units beyond `units` the whole packs will bring in."""
    return packs_needed(units, pack_size) * pack_size - units


def cheapest_offer(units, offers):
    """Return the name of the cheapest supplier for `units`. `offers` maps a
    supplier name to (pack_size, pack_price); ties go to the first name
    alphabetically."""
    return min(sorted(offers), key=lambda name: order_cost(units, *offers[name]))
