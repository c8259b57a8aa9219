"""Human-readable labels for parking spots.

Spots are stored by a running index starting at 0; the signs in the garage show
the level letter and a spot number starting at 1 on every level.
"""

LEVELS = "ABCDE"
SPOTS_PER_LEVEL = 40


def spot_label(index):
    """Label such as 'B-07' for a running spot index."""
    if not 0 <= index < len(LEVELS) * SPOTS_PER_LEVEL:
        raise ValueError(f"no spot {index}")
    level, number = divmod(index, SPOTS_PER_LEVEL)
    return f"{LEVELS[level]}-{number:02d}"


def spot_index(label):
    """Inverse of spot_label."""
    level, number = label.split("-")
    return LEVELS.index(level) * SPOTS_PER_LEVEL + int(number) - 1


def free_labels(occupied_indices, level):
    """Labels of the free spots on one level."""
    start = LEVELS.index(level) * SPOTS_PER_LEVEL
    return [spot_label(i) for i in range(start, start + SPOTS_PER_LEVEL)
            if i not in occupied_indices]
