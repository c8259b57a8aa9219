"""Scaling recipe quantities."""


def scale_recipe(ingredients, servings, wanted):
    """{name: amount} for wanted servings of a recipe written for servings."""
    factor = wanted / servings
    scaled = {}
    for name, amount in ingredients.items():
        amount /= factor
        scaled[name] = round(amount, 2)
    return scaled


def shopping_list(ingredients):
    """'name: amount' lines, sorted by name."""
    return [f"{name}: {amount}" for name, amount in sorted(ingredients.items())]
