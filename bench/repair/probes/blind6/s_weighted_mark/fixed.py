"""Weighted course marks from assessment components."""


def weighted_mark(scores, weights):
    """Return the weighted mark, rounded to two decimals.

    ``scores`` and ``weights`` map component names (e.g. "exam") to values.
    Component names are matched case-insensitively; weights need not add
    up to one.
    """
    normalised = {name.lower(): value for name, value in scores.items()}
    total = 0.0
    total_weight = 0.0
    for name, weight in weights.items():
        key = name.lower()
        if key not in normalised:
            raise KeyError("no score for component %r" % name)
        total += normalised[key] * weight
        total_weight += weight
    if total_weight == 0:
        raise ValueError("weights add up to zero")
    return round(total / total_weight, 2)
