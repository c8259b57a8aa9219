"""Finding ingredient substitutions that are available in the pantry."""


def find_available(ingredient, substitutes, pantry, seen=None):
    """Ingredient, or the first substitute down its chain, that is in the pantry.

    substitutes maps an ingredient to the one to try instead; None when no
    ingredient in the chain is available.
    """
    if seen is None:
        seen = set()
    if ingredient in pantry:
        return ingredient
    if ingredient in seen or ingredient not in substitutes:
        return None
    seen.add(ingredient)
    return find_available(substitutes[ingredient], substitutes, pantry, seen)


def substitution_chain(ingredient, substitutes):
    """Ingredients tried in order, stopping before any repeat."""
    chain = []
    while ingredient is not None and ingredient not in chain:
        chain.append(ingredient)
        ingredient = substitutes.get(ingredient)
    return chain


def shopping_needed(recipe, substitutes, pantry):
    """Sorted recipe ingredients for which nothing in the chain is available."""
    return sorted(
        name for name in recipe if find_available(name, substitutes, pantry) is None
    )


def adapted_recipe(recipe, substitutes, pantry):
    """Replace each ingredient by the available one; keep it when none is."""
    adapted = {}
    for name, qty in recipe.items():
        adapted[find_available(name, substitutes, pantry) or name] = qty
    return adapted
