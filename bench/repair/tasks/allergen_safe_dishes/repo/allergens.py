"""Allergen information for the menu."""


def _fold(names):
    """Allergen names as a set, trimmed and in lower case."""
    return {name.strip().lower() for name in names}


def safe_dishes(menu, allergies):
    """Names of the dishes a guest with these allergies can be served.

    Each dish is {"name": ..., "allergens": [...]}; allergens is None while the
    kitchen has not declared them yet, and such a dish is never offered as safe.
    """
    avoid = _fold(allergies)
    safe = []
    for dish in menu:
        if not avoid & _fold(dish["allergens"]):
            safe.append(dish["name"])
    return safe


def undeclared(menu):
    """Names of the dishes whose allergens are still to be declared."""
    return [dish["name"] for dish in menu if dish["allergens"] is None]


def allergen_matrix(menu):
    """Map each declared allergen to the sorted names of the dishes containing it."""
    matrix = {}
    for dish in menu:
        for allergen in _fold(dish["allergens"] or []):
            matrix.setdefault(allergen, []).append(dish["name"])
    return {allergen: sorted(names) for allergen, names in sorted(matrix.items())}
