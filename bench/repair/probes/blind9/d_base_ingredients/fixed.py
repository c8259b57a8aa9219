"""Base ingredients of dishes built from other preparations."""


def base_ingredients(dish, recipes):
    """Set of raw ingredients needed for dish.

    recipes maps a preparation to the list of things it is made from;
    anything that has no recipe is a raw ingredient.
    """
    if dish not in recipes:
        return {dish}
    needed = set()
    for part in recipes[dish]:
        needed |= base_ingredients(part, recipes)
    return needed


def shopping_for(dishes, recipes):
    """Sorted raw ingredients for a whole menu."""
    needed = set()
    for dish in dishes:
        needed |= base_ingredients(dish, recipes)
    return sorted(needed)
