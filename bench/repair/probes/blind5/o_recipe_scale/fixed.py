"""Scaling recipes to a different number of servings."""


def scale_recipe(ingredients, from_servings, to_servings):
    """Scale {ingredient: amount} to a new serving count, amounts rounded to 2 decimals."""
    factor = to_servings / from_servings
    return {name: round(amount * factor, 2) for name, amount in ingredients.items()}


def total_amount(ingredients):
    """Return the summed amount of all ingredients, rounded to 2 decimals."""
    return round(sum(ingredients.values()), 2)
