"""Ingredient lists of recipes."""


def parse_ingredients(text):
    """The ingredients of a comma-separated line, trimmed, with empty entries
    skipped: 'flour, sugar ,' -> ['flour', 'sugar']."""
    return [part for part in text.split(",") if part.strip()]


def has_ingredient(ingredients, name):
    """True when name is one of the ingredients, ignoring case."""
    return name.lower() in [ingredient.lower() for ingredient in ingredients]
