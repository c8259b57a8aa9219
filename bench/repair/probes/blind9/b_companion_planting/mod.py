"""Checking which vegetables may be planted next to each other."""

ENEMIES = {
    "beans": {"onion", "garlic"},
    "tomato": {"fennel"},
    "carrot": {"dill"},
}


def compatible(a, b, enemies=ENEMIES):
    """True unless either plant dislikes the other."""
    return b not in enemies.get(a, ())


def bad_neighbours(row, enemies=ENEMIES):
    """Pairs of adjacent plants in a row that should be kept apart."""
    return [
        (left, right)
        for left, right in zip(row, row[1:])
        if not compatible(left, right, enemies)
    ]
