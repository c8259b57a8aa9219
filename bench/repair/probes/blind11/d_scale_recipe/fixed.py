"""Scaling recipes to a different number of servings."""


def scale_quantity(qty, from_servings, to_servings):
    """Return qty scaled from from_servings to to_servings."""
    if from_servings <= 0:
        raise ValueError("servings must be positive")
    return qty * to_servings / from_servings


def scale_recipe(ingredients, from_servings, to_servings):
    """Scale every quantity in a dict of name -> quantity."""
    return {
        name: scale_quantity(qty, from_servings, to_servings)
        for name, qty in ingredients.items()
    }


def round_to_step(qty, step):
    """Round qty to the nearest multiple of step (e.g. 0.25 cup)."""
    if step <= 0:
        return qty
    return round(qty / step) * step


def format_quantity(qty):
    """Format a quantity with at most two decimals, dropping a trailing .0."""
    qty = round(qty, 2)
    if qty == int(qty):
        return str(int(qty))
    return str(qty)


def scaled_lines(ingredients, from_servings, to_servings, step=0.25):
    """Return 'qty name' lines for the scaled recipe, sorted by name."""
    scaled = scale_recipe(ingredients, from_servings, to_servings)
    return [
        f"{format_quantity(round_to_step(qty, step))} {name}"
        for name, qty in sorted(scaled.items())
    ]
