"""Converting pantry quantities between kitchen units."""

GRAMS = {"g": 1, "kg": 1000, "oz": 28.35, "lb": 453.6}
MILLILITRES = {"ml": 1, "l": 1000, "tsp": 5, "tbsp": 15, "cup": 240}


def to_grams(qty, unit):
    """Convert a weight to grams."""
    if unit not in GRAMS:
        raise ValueError(f"unknown weight unit: {unit}")
    return qty * GRAMS[unit]


def to_millilitres(qty, unit):
    """Convert a volume to millilitres."""
    if unit not in MILLILITRES:
        raise ValueError(f"unknown volume unit: {unit}")
    return qty * MILLILITRES[unit]


def convert(qty, from_unit, to_unit):
    """Convert between two units of the same kind (weight or volume)."""
    if from_unit in GRAMS and to_unit in GRAMS:
        return to_grams(qty, from_unit) / GRAMS[to_unit]
    if from_unit in MILLILITRES and to_unit in MILLILITRES:
        return to_millilitres(qty, from_unit) / MILLILITRES[to_unit]
    raise ValueError(f"cannot convert {from_unit} to {to_unit}")


def total_grams(items):
    """Sum a list of (qty, unit) weights in grams."""
    total = 0
    for qty, unit in items:
        total += to_grams(qty, unit)
    return total


def lightest_item(items):
    """Name of the lightest (name, qty, unit) item, or None for no items."""
    best_name, best_weight = None, float("inf")
    for name, qty, unit in items:
        weight = to_grams(qty, unit)
        if weight < best_weight:
            best_name, best_weight = name, weight
    return best_name
