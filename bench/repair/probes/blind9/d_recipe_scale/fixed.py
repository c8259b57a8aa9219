"""Scaling a recipe to a different number of servings."""


def scale(ingredients, servings, new_servings):
    """Ingredient amounts for new_servings, rounded to one decimal.

    ingredients maps a name to its amount for the original servings.
    """
    if servings <= 0 or new_servings <= 0:
        raise ValueError("servings must be positive")
    factor = new_servings / servings
    return {name: round(amount * factor, 1) for name, amount in ingredients.items()}


def scale_to_pan(ingredients, pan_cm, new_pan_cm):
    """Amounts for a round cake tin of a different diameter."""
    return scale(ingredients, pan_cm ** 2, new_pan_cm ** 2)
