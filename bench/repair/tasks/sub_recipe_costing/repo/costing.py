"""Plate costing for dishes made from raw ingredients and sub-recipes."""

import math


def unit_cost(item, recipes, prices):
    """Cost of one unit of item.

    prices maps each raw ingredient to its cost per unit; recipes maps every
    prepared item (a dish, a sauce, a dough...) to {ingredient: quantity per unit},
    where an ingredient may itself be a prepared item.
    """
    return sum(qty * unit_cost(part, recipes, prices)
               for part, qty in recipes[item].items())


def plate_cost(dish, recipes, prices):
    """Cost of one plate of dish, rounded to cents."""
    return round(unit_cost(dish, recipes, prices), 2)


def raw_ingredients(item, recipes):
    """Sorted names of the raw ingredients that end up in item."""
    if item not in recipes:
        return [item]
    found = set()
    for part in recipes[item]:
        found.update(raw_ingredients(part, recipes))
    return sorted(found)


def menu_price(cost, food_cost_percent=30):
    """Menu price keeping food cost at the given percentage, rounded up to the next 0.50."""
    halves = round(cost * 100 / food_cost_percent * 2, 6)
    return math.ceil(halves) / 2
