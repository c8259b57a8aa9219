"""Pantry stock checks against recipes."""


def needs_restock(stock, minimum):
    """Sorted names whose stock is below their minimum level."""
    return sorted(
        name for name, level in minimum.items() if stock.get(name, 0) < level
    )


def can_make(recipe, stock):
    """True if the pantry has at least the required amount of every ingredient."""
    for name, need in recipe.items():
        if stock.get(name, 0) <= need:
            return False
    return True


def max_batches(recipe, stock):
    """How many whole batches of the recipe the pantry can make."""
    counts = [
        int(stock.get(name, 0) // need) for name, need in recipe.items() if need > 0
    ]
    return min(counts) if counts else 0


def use_ingredients(recipe, stock):
    """Return a new stock dict after making the recipe once."""
    if not can_make(recipe, stock):
        raise ValueError("not enough ingredients")
    remaining = dict(stock)
    for name, need in recipe.items():
        remaining[name] = remaining.get(name, 0) - need
    return remaining
