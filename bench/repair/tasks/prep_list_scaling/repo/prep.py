"""Scaling recipes to the number of covers expected for a service."""

import math


def scale_quantity(qty, unit, factor):
    """qty scaled by factor.

    Countable items (unit "pc") are rounded up to whole pieces; weights and
    volumes (g, ml) are rounded to the nearest whole unit.
    """
    scaled = qty * factor
    if unit == "pc":
        return scaled
    return round(scaled)


def prep_list(recipe, base_covers, covers):
    """{ingredient: (quantity, unit)} to make recipe for covers instead of base_covers.

    recipe maps each ingredient to its (quantity, unit) for base_covers.
    """
    factor = covers / base_covers
    return {name: (scale_quantity(qty, unit, factor), unit)
            for name, (qty, unit) in recipe.items()}


def shortfall(prep, stock):
    """{ingredient: quantity missing} for the prep list items that stock does not cover."""
    missing = {}
    for name, (qty, _unit) in prep.items():
        have = stock.get(name, 0)
        if have < qty:
            missing[name] = qty - have
    return missing
